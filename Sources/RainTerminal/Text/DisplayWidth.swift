import RainKit

extension String {
    /// Columns the text takes on a terminal: wide (East Asian, emoji) characters count two,
    /// combining marks and control characters none, ANSI escape sequences (`ESC [ ... m`) none.
    public var displayWidth: Int {
        // Printable ASCII (most of what rain prints) is one column a byte: no Unicode tables.
        if isPrintableASCII { return utf8.count }
        var width = 0
        var scanner = EscapeScanner()
        for character in self where !scanner.consume(character) {
            width += character.displayWidth
        }
        return width
    }

    /// The text cut to at most `width` columns, ending in "…" when it was cut. Escape sequences
    /// are kept, and a reset is added after a cut so no colour leaks onto the next line. A
    /// character (grapheme cluster) is never cut in two: one wider than the room left is
    /// dropped whole for the "…". A space before the "…" goes where it ends a word
    /// ("Berlin…"); two or more are a column's separator, and spaces where no word was kept a
    /// row's indent or the gap after its `*` mark: those are the layout's, and stay, so the
    /// "…" stands where the text cut began.
    public func truncated(toDisplayWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        var sawEscape = false
        var keptWord = false
        var scanner = EscapeScanner()
        for character in self {
            if scanner.consume(character) {
                result.append(character)
                sawEscape = true
                continue
            }
            let columns = character.displayWidth
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
            if character.isLetter || character.isNumber { keptWord = true }
        }
        if keptWord, result.hasSuffix(" "), !result.hasSuffix("  ") { result.removeLast() }
        result += "…"
        if sawEscape { result += "\u{1B}[0m" }
        return result
    }

    /// The text fitted to exactly `width` columns: cut (with "…") when longer, padded when shorter.
    public func padded(to width: Int, alignRight: Bool = false) -> String {
        truncated(toDisplayWidth: width).padded(toDisplayWidth: width, alignment: alignRight ? .right : .left)
    }

    /// The text padded with spaces to `width` columns (never cut).
    func padded(toDisplayWidth width: Int, alignment: ColumnAlignment = .left) -> String {
        let missing = width - displayWidth
        guard missing > 0 else { return self }
        switch alignment {
        case .left: return self + String(repeating: " ", count: missing)
        case .right: return String(repeating: " ", count: missing) + self
        case .center:
            let left = missing / 2
            return String(repeating: " ", count: left) + self + String(repeating: " ", count: missing - left)
        }
    }
}

enum ColumnAlignment: Sendable {
    case left, right, center
}

/// Recognises ANSI escape sequences character by character: ESC, then either a CSI sequence
/// (`[` parameters, final byte 0x40...0x7E) or one more character.
private struct EscapeScanner {
    private enum State { case text, escape, controlSequence }
    private var state = State.text

    /// True when the character belongs to an escape sequence.
    mutating func consume(_ character: Character) -> Bool {
        switch state {
        case .text:
            if character == "\u{1B}" { state = .escape; return true }
            return false
        case .escape:
            state = character == "[" ? .controlSequence : .text
            return true
        case .controlSequence:
            if let value = character.unicodeScalars.first?.value, (0x40...0x7E).contains(value) { state = .text }
            return true
        }
    }
}

extension Character {
    /// Terminal columns of one character (grapheme cluster). An emoji is two. Any other
    /// cluster takes what a terminal gives each of its scalars (glibc's `wcwidth`, tmux, VTE):
    /// its spacing marks and conjoined letters a column each, so the Sinhala "කෝ" or the
    /// Devanagari "क्ष", one cluster each, take two. So do the emoji a zero-width joiner joins:
    /// the family "👨‍👩‍👧" is drawn as its three people, six columns.
    var displayWidth: Int {
        let scalars = unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x20 || (0x7F...0x9F).contains(first.value) { return 0 }
        return scalars.split(separator: "\u{200D}").reduce(0) { $0 + Self.width(ofJoined: $1) }
    }

    /// Columns of the scalars between two zero-width joiners (or the whole cluster).
    private static func width(ofJoined scalars: ArraySlice<Unicode.Scalar>) -> Int {
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.value == 0xFE0F }) || first.properties.isEmojiPresentation { return 2 }
        return scalars.reduce(0) { $0 + width(of: $1) }
    }

    /// Columns of one scalar as a terminal draws it: wide ones two; combining marks, format
    /// characters and the Hangul vowels and finals that join a leading consonant none.
    private static func width(of scalar: Unicode.Scalar) -> Int {
        if isWide(scalar.value) { return 2 }
        if (0x1160...0x11FF).contains(scalar.value) || (0xD7B0...0xD7FF).contains(scalar.value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: return 1
        }
    }

    /// East Asian Wide and Fullwidth blocks.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
