import FoundationEssentials
import RainKit

/// A console for terminals that can only show ASCII (`--ascii`, or a locale whose character set
/// is not UTF-8): rain's symbols become ASCII of the same width, so columns stay aligned, and
/// letters lose their accents (Zürich -> Zurich) or take their usual ASCII spelling (Straße ->
/// Strasse, Łódź -> Lodz, Þórshöfn -> Thorshofn, ÞÓR -> THOR), taking the extra columns from
/// the padding after them; anything else becomes a '?' for each column it takes. The degree sign goes ("24 C",
/// "52.52 N", "7"), but leaves a space in a column, where padding follows.
/// JSON never passes here (`escapingJSON` keeps it exact).
public final class ASCIIConsole: Console {
    /// The console the transliterated text goes to (redaction of the key wraps it: the last
    /// step before the bytes leave, after ASCII has made "Ź" a "Z").
    public let base: any Console

    public init(_ base: any Console) { self.base = base }

    public func write(_ text: String) { base.write(Self.transliterate(text)) }
    public func writeError(_ text: String) { base.writeError(Self.transliterate(text)) }
    public func showTransientLine(_ line: String?) { base.showTransientLine(line.map(Self.transliterate)) }
    public func readLine() -> String? { base.readLine() }
    public var isOutputTerminal: Bool { base.isOutputTerminal }
    public var isErrorTerminal: Bool { base.isErrorTerminal }
    public var isInputTerminal: Bool { base.isInputTerminal }
    public var terminalWidth: Int? { base.terminalWidth }
    public var terminalHeight: Int? { base.terminalHeight }
    public var outputFailure: FileError? { base.outputFailure }
    public var outputIsGone: Bool { base.outputIsGone }

    /// JSON text with every character outside ASCII written as a `\\u` escape (a UTF-16
    /// surrogate pair beyond U+FFFF): the same data, readable on a terminal that shows only
    /// ASCII. Such characters can only be inside strings, where an escape means the same.
    public static func escapingJSON(_ json: String) -> String {
        guard !json.utf8.allSatisfy({ $0 < 0x80 }) else { return json }
        var output = ""
        output.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            if scalar.isASCII {
                output.unicodeScalars.append(scalar)
            } else {
                for unit in String(scalar).utf16 { output += "\\u" + unit.hex(digits: 4) }
            }
        }
        return output
    }

    /// Same-width ASCII for the symbols rain draws.
    static let replacements: [Character: String] = [
        // Each one thing on a screen: the sun is not the current place's or a repeated hour's
        // "*", the new moon not the cloud's "O", thunder not an alert's "!", wind not a cut
        // word's "~"; the wind's arrows are drawn in ASCII by their screens, four of them
        // (`Compass.asciiArrow`), as "/" pointed two ways (and is rain's).
        "☀": "S", "☾": ")", "◒": "o", "☁": "O", "☂": "/", "❄": "+", "✱": "x", "↯": "Z", "≡": "=", "≋": "W",
        "◑": "D", "◐": "(", "●": "@", "○": "0",
        "▁": "_", "▂": ".", "▃": ".", "▄": "-", "▅": "-", "▆": "=", "▇": "=", "█": "#",
        "·": ".", "…": "~", "–": "-", "—": "-", "━": "=", "┃": "|", "✓": "x",
        "↑": "^", "↗": "/", "→": ">", "↘": "\\", "↓": "v", "↙": "/", "←": "<", "↖": "\\",
        "⠋": "|", "⠙": "/", "⠹": "-", "⠸": "\\", "⠼": "|", "⠴": "/", "⠦": "-", "⠧": "\\", "⠇": "|", "⠏": "/",
        "\u{2018}": "'", "\u{2019}": "'", "\u{201C}": "\"", "\u{201D}": "\"", "\u{201E}": "\"",
        "«": "\"", "»": "\"", "¿": "?", "¡": "!", "\u{00A0}": " ", "\u{202F}": " ",
    ]

    public static func transliterate(_ text: String) -> String {
        guard !text.allSatisfy(\.isASCII) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        var characters = text[...]
        // How many columns letters written wider in ASCII ("ß" -> "ss") have taken on this line.
        var widened = 0
        while let character = characters.popFirst() {
            if character == "\n" {
                widened = 0
                result.append(character)
            } else if character == " " && widened > 0 {
                result += givingBackPadding(&characters, widened: &widened)
            } else if character.isASCII {
                result.append(character)
            } else if character == "°" {
                result += withoutDegreeSign(&characters)
            } else if let replacement = replacements[character] {
                result += replacement
            } else {
                // A character with no ASCII form becomes a "?" for each column it takes ("東京"
                // -> "????"), so what is padded after it stays aligned.
                let columns = character.displayWidth
                var folded = character.foldedToASCII ?? String(repeating: "?", count: columns)
                // "Þórshöfn" -> "Thorshofn", but "ÞÓR" -> "THOR".
                if folded.count > 1, characters.first?.isLowercase == true { folded = folded.prefix(1) + folded.dropFirst().lowercased() }
                if folded.count < columns { folded += String(repeating: " ", count: columns - folded.count) }
                widened += max(0, folded.count - columns)
                result += folded
            }
        }
        return result
    }

    /// A run of spaces (the first already taken) after letters that became wider: padding of a
    /// column (two spaces or more) gives those columns back, keeping at least one space, so the
    /// columns after it stay where they are; a single space between words stays.
    private static func givingBackPadding(_ rest: inout Substring, widened: inout Int) -> String {
        var run = 1
        while rest.first == " " {
            rest = rest.dropFirst()
            run += 1
        }
        let given = run >= 2 ? min(widened, run - 1) : 0
        widened -= given
        return String(repeating: " ", count: run - given)
    }

    /// What replaces a degree sign, given the `rest` after it. In text it goes: "24 °C, feels"
    /// -> "24 C, feels", "52.52° N" -> "52.52 N". In a column (a unit followed by padding, a
    /// bare "7°" followed by a space that is not before a word) a space takes its place, so the
    /// columns after it stay where they are.
    private static func withoutDegreeSign(_ rest: inout Substring) -> String {
        var unit = ""
        if let next = rest.first, next == "C" || next == "F" {
            unit = String(next)
            rest = rest.dropFirst()
        }
        let after = withoutColourCodes(rest.prefix(16))
        let inColumn = unit.isEmpty
            ? after.first == " " && !(after.dropFirst().first?.isLetter ?? false)
            : after.hasPrefix("  ")
        return unit + (inColumn ? " " : "")
    }

    private static func withoutColourCodes(_ text: Substring) -> Substring {
        var text = text
        while text.first == "\u{1B}", let end = text.firstIndex(of: "m") {
            text = text[text.index(after: end)...]
        }
        return text
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
        let lowered = Array(locale.lowercased().utf8)
        return mentions("utf-8", in: lowered) || mentions("utf8", in: lowered)
    }

    /// Compared as bytes: Foundation's `contains` for strings costs more at start than the rest of this.
    private static func mentions(_ word: StaticString, in text: [UInt8]) -> Bool {
        let word = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard text.count >= word.count else { return false }
        return (0...(text.count - word.count)).contains { text[$0..<($0 + word.count)].elementsEqual(word) }
    }
}
