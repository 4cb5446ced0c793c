#if canImport(Glibc)
import Glibc
#endif
import RainKit

/// A yes/no question on the terminal answered with one key, as in the pickers: y is yes, any
/// other key no (Enter, Esc, n, q, ...). The answer is echoed after the question. Ctrl-C, or a
/// signal that ends the process, ends it with that signal once the terminal is given back.
package enum KeyAnswer {
    /// nil when standard input cannot be put in raw mode (the caller then reads a line).
    package static func yes(console: any Console, environment: [String: String], asciiOnly: Bool) -> Bool? {
        guard let session = try? TerminalSession(environment: environment, asciiOnly: asciiOnly) else { return nil }
        do {
            try session.startInline()
        } catch {
            session.finish()
            return nil
        }
        while true {
            switch session.nextEvent() {
            case .redraw:
                continue
            case .closed:
                session.finish()
                console.writeError("\n")
                return false
            case .ended(let signal):
                session.finish()
                console.writeError("\n")
                Signals.terminate(with: signal)
            case .keys(let keys):
                guard let key = keys.first else { continue }
                session.finish()
                if key == .control("c") {
                    console.writeError("\n")
                    Signals.terminate(with: SIGINT)
                }
                let yes = key == .character("y") || key == .character("Y")
                console.writeError(yes ? "y\n" : "n\n")
                return yes
            }
        }
    }
}
