#if canImport(Glibc)
import Glibc
#endif
import RainKit

/// A yes/no question on the terminal answered with one key, as in the pickers: y is yes, any
/// other key no (Enter, Esc, n, q, ...). The answer is echoed after the question. Ctrl-C, or a
/// signal that ends the process, ends it with that signal once the terminal is given back.
package enum KeyAnswer {
    /// nil when standard input cannot be put in raw mode (the caller then reads a line).
    /// `answers`: the letters that say yes (y always, and the language's own) and what is
    /// echoed for each answer.
    package static func yes(console: any Console, environment: [String: String], asciiOnly: Bool,
                            answers: YesNo = YesNo()) -> Bool? {
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
                let yes = answers.isYes(key)
                console.writeError((yes ? answers.yesLetter : answers.noLetter) + "\n")
                return yes
            }
        }
    }
}

/// How a language answers a yes/no question: its letters (German j/n, French o/n, Russian д/н),
/// y and yes always understood too, so that a script's answer works in every language.
package struct YesNo: Sendable {
    package var yesLetter = "y"
    package var noLetter = "n"
    package var yesWord = "yes"

    package init() {}

    package init(_ localization: Localization) {
        // "y" and "n" are the keys, "yes" the word typed: the catalogue's own for each.
        yesLetter = localization.tr("y")
        noLetter = localization.tr("n")
        yesWord = localization.tr("yes")
    }

    /// `[y/N]` in the language's letters.
    package var choices: String { "[\(yesLetter)/\(noLetter.uppercased())]" }

    package func isYes(_ key: KeyPress) -> Bool {
        guard case .character(let character) = key else { return false }
        let letter = String(character).lowercased()
        return letter == "y" || letter == yesLetter.lowercased()
    }

    /// A line typed as the answer: y, yes, or the language's letter or word.
    package func isYes(line: String) -> Bool {
        let answer = line.lowercased()
        return ["y", "yes", yesLetter.lowercased(), yesWord.lowercased()].contains(answer)
    }
}
