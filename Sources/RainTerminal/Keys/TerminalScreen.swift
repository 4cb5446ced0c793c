#if canImport(Glibc)
import Glibc
#endif
import RainKit

/// Draws whole frames on the terminal behind a file descriptor. On a terminal that understands
/// ANSI cursor movement it uses the alternate screen with the cursor hidden and redraws in
/// place; with `TERM=dumb` (or no TERM) it prints every frame below the last, plainly.
package struct TerminalScreen {
    package enum Kind: Equatable {
        case ansi
        case plain

        /// ANSI unless `TERM` is unset, empty or `dumb`.
        package init(environment: [String: String]) {
            let term = environment["TERM"] ?? ""
            self = term.isEmpty || term == "dumb" ? .plain : .ansi
        }
    }

    let descriptor: Int32
    let kind: Kind
    /// `--ascii`, or a locale whose character set is not UTF-8 (`CommandContext.asciiOnly`):
    /// frames are written as ASCII.
    let asciiOnly: Bool
    /// Applied last to every frame, after ASCII (as `RedactingConsole` is to a console's text).
    let redaction: KeyRedaction?

    package init(descriptor: Int32, environment: [String: String], asciiOnly: Bool, redaction: KeyRedaction? = nil) {
        self.descriptor = descriptor
        kind = Kind(environment: environment)
        self.asciiOnly = asciiOnly
        self.redaction = redaction
    }

    /// Columns and lines: the terminal's own size, else COLUMNS and LINES (at most 65535), else 80x24.
    package func size(environment: [String: String]) -> (width: Int, height: Int) {
        var size = winsize()
        if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 {
            return (Int(size.ws_col), Int(size.ws_row))
        }
        return (TerminalDimension.parse(environment["COLUMNS"]) ?? 80, TerminalDimension.parse(environment["LINES"]) ?? 24)
    }

    /// The width frames should be rendered at. A plain terminal gets one column less, so a
    /// full line never makes it wrap on its own.
    package func renderWidth(for width: Int) -> Int { kind == .plain ? max(1, width - 1) : width }

    /// Takes the alternate screen and hides the cursor, recorded in `TerminalState`: every way
    /// out of the process (a signal, a crash) gives them back, not only `leave()`.
    package func enter() {
        guard kind == .ansi else { return }
        TerminalState.enteredScreen(on: descriptor)
        write("\(TerminalState.enterScreen)")
    }

    package func leave() {
        switch kind {
        case .ansi:
            write("\(TerminalState.leaveScreen)")
            TerminalState.leftScreen()
        case .plain: write("\r\n")
        }
    }

    /// Replaces what is on screen with `lines` (at most `height` of them).
    package func draw(_ lines: [String], height: Int) {
        switch kind {
        case .ansi:
            // Each line is cleared before it is written, so a full-width line keeps its last
            // column, and no newline is ever written on the last line (it would scroll). The
            // rows below the last line are erased at once: a window of 65535 lines is a frame
            // of its lines, not a megabyte of empty rows.
            let shown = lines.prefix(height)
            var frame = ""
            for (row, line) in shown.enumerated() {
                frame += "\u{1B}[\(row + 1);1H\u{1B}[2K" + line
            }
            if shown.count < height { frame += "\u{1B}[\(shown.count + 1);1H\u{1B}[J" }
            write(frame)
        case .plain:
            let padded = lines + Array(repeating: "", count: max(0, height - lines.count))
            write("\r\n" + padded.prefix(height).joined(separator: "\r\n"))
        }
    }

    func write(_ text: String) {
        // A terminal that went away is noticed by the key loop on its next read.
        let shown = asciiOnly ? ASCIIConsole.transliterate(text) : text
        FileDescriptor.writeAll(Array((redaction?.scrubbing(shown) ?? shown).utf8), to: descriptor)
    }
}
