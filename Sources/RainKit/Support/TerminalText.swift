extension String {
    /// The one sanitiser of text on its way to a terminal: the string without control
    /// characters (C0, DEL, C1), bidirectional overrides and isolates, or invisible characters
    /// (zero-width ones, bidirectional marks, the byte order mark: `isInvisible`), so text from
    /// the network, a file or the command line cannot move the cursor, change colours, retitle
    /// the terminal, read in another order than it is or pass for other text. An escape
    /// sequence goes whole (`EscapeSequence`: `ESC [ 3 1 m`, not ESC alone). Tabs, newlines
    /// and the line and paragraph separators become spaces.
    public var strippingControlCharacters: String {
        // Printable ASCII (most text) has nothing to strip.
        if isPrintableASCII { return self }
        let source = Array(unicodeScalars)
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < source.count {
            let scalar = source[index]
            index += 1
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: scalars.append(" ")
            case _ where scalar.isTerminalControl:
                index += EscapeSequence.length(after: scalar.value) { source.indices.contains(index + $0) ? source[index + $0].value : nil }
            case _ where scalar.isInvisible(after: scalars.last): continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Text from the network or a file made safe and tidy for one line of the screen: control
    /// characters and bidirectional overrides removed, runs of spaces collapsed, ends trimmed.
    package var screenSafe: String {
        strippingControlCharacters
            .split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")
    }

    /// Only printable ASCII (0x20...0x7E): one column a byte, nothing to strip.
    package var isPrintableASCII: Bool {
        var text = self
        return text.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    }

    /// True when the string has any character `strippingControlCharacters` removes or replaces.
    public var containsControlCharacters: Bool {
        unicodeScalars.contains { $0.isTerminalControl }
    }
}

extension Unicode.Scalar {
    /// C0, DEL, C1, the line and paragraph separators (U+2028, U+2029) and the bidirectional
    /// embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069).
    var isTerminalControl: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Characters that show as nothing, so that two different texts can look the same:
    /// Unicode's default-ignorable code points (the zero-width space, joiners and no-break
    /// space U+FEFF, the bidirectional marks U+200E, U+200F and U+061C, the soft hyphen, the
    /// Hangul fillers, tags), except the variation selectors that choose how an emoji looks;
    /// and the interlinear annotation marks (U+FFF9-U+FFFB) and the Egyptian hieroglyph format
    /// controls (U+13430-U+1343F), which terminals do not draw either. A variation selector is
    /// one only after an emoji (`isVariationSelector`).
    package var isInvisible: Bool {
        guard value >= 0xAD else { return false }
        if isVariationSelector { return false }
        return properties.isDefaultIgnorableCodePoint || (0xFFF9...0xFFFB).contains(value) || (0x13430...0x1343F).contains(value)
    }

    /// `isInvisible`, and a variation selector that follows no emoji (`previous`: the scalar before).
    package func isInvisible(after previous: Unicode.Scalar?) -> Bool {
        isInvisible || isVariationSelector && !(previous?.properties.isEmoji ?? false)
    }

    /// U+FE00-U+FE0F and U+E0100-U+E01EF: they choose how the character before them looks (an
    /// emoji's picture or text form), and after any other character they are invisible.
    package var isVariationSelector: Bool {
        (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }

    /// "U+200B"
    package var codePoint: String { "U+" + value.hex(digits: 4, uppercase: true) }
}
