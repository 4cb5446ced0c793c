import Foundation

/// A console for terminals that can only show ASCII (`--ascii`, or a locale whose character set
/// is not UTF-8): rain's symbols become ASCII of the same width, so columns stay aligned, and
/// letters lose their accents (Zürich -> Zurich); anything else becomes '?'.
public final class ASCIIConsole: Console {
    private let base: any Console

    public init(_ base: any Console) { self.base = base }

    public func write(_ text: String) { base.write(Self.transliterate(text)) }
    public func writeError(_ text: String) { base.writeError(Self.transliterate(text)) }
    public func readLine() -> String? { base.readLine() }
    public var isOutputTerminal: Bool { base.isOutputTerminal }
    public var isErrorTerminal: Bool { base.isErrorTerminal }
    public var isInputTerminal: Bool { base.isInputTerminal }
    public var terminalWidth: Int? { base.terminalWidth }

    /// Same-width ASCII for the symbols rain draws.
    static let replacements: [Character: String] = [
        "☀": "*", "☾": "C", "◒": "o", "☁": "O", "☂": "/", "❄": "+", "✱": "x", "↯": "!", "≡": "=", "≋": "~",
        "·": ".", "…": "~", "–": "-", "—": "-", "━": "=", "┃": "|", "✓": "x", "°": " ",
        "↑": "^", "↗": "/", "→": ">", "↘": "\\", "↓": "v", "↙": "/", "←": "<", "↖": "\\",
        "⠋": "|", "⠙": "/", "⠹": "-", "⠸": "\\", "⠼": "|", "⠴": "/", "⠦": "-", "⠧": "\\", "⠇": "|", "⠏": "/",
        "\u{2018}": "'", "\u{2019}": "'", "\u{201C}": "\"", "\u{201D}": "\"",
    ]

    public static func transliterate(_ text: String) -> String {
        guard !text.allSatisfy(\.isASCII) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var characters = text[...]
        while let character = characters.popFirst() {
            if character.isASCII {
                result.append(character)
            } else if character == "°", let unit = characters.first, unit == "C" || unit == "F" {
                // "24 °C" -> "24 C ": the unit stays next to the number, the width stays.
                result += "\(unit) "
                characters = characters.dropFirst()
            } else if let replacement = replacements[character] {
                result += replacement
            } else {
                let folded = String(character).decomposedStringWithCanonicalMapping.unicodeScalars.filter(\.isASCII)
                result += folded.isEmpty ? "?" : String(String.UnicodeScalarView(folded))
            }
        }
        return result
    }
}

/// Whether output may use UTF-8, from the locale in `environment` (LC_ALL, else LC_CTYPE, else
/// LANG): a locale that names another character set ("C", "POSIX", "en_US.ISO-8859-1") means
/// ASCII; no locale at all is taken as UTF-8, as today's systems are.
public enum OutputCharset {
    public static func isUTF8(environment: [String: String]) -> Bool {
        guard let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return true
        }
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }
}
