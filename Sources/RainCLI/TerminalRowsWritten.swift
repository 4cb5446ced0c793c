import RainTerminal
import Synchronization

/// The rows of the terminal that rain's warnings and notices have taken above what it is about
/// to draw, where standard error is that terminal too: a screen fitted to the window's height
/// counts them as it counts the prompt's line, so the warning's start does not scroll off
/// (issue 40: a warning of two rows over a 23-line screen). A line wider than the window takes
/// a row more for each further window's width it wraps to.
final class TerminalRowsWritten: Sendable {
    private let rows = Mutex(0)

    /// Counts `text`'s whole lines as the terminal `width` columns wide shows them.
    func note(_ text: String, width: Int) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        let taken = lines.reduce(0) { $0 + max(1, (String($1).displayWidth + width - 1) / max(width, 1)) }
        rows.withLock { $0 += taken }
    }

    var count: Int { rows.withLock { $0 } }
}
