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
            case 0x200C...0x200D where scalar.isWrittenJoiner(after: index >= 2 ? source[index - 2] : nil, before: index < source.count ? source[index] : nil):
                scalars.append(scalar)
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

    /// Whether this is a joiner (the zero-width non-joiner U+200C or joiner U+200D) as a
    /// script writes it: between two letters or marks of a script whose spelling uses them
    /// (`joinerScripts`: the Persian "خرم‌آباد", the Sinhala "ශ්‍රී"), or a joiner inside an emoji
    /// sequence ("👨‍👩‍👧", "🏳️‍🌈"). Anywhere else (at an edge, doubled, between Latin letters) it
    /// only hides that two texts differ, and is invisible (`isInvisible`).
    package func isWrittenJoiner(after previous: Unicode.Scalar?, before next: Unicode.Scalar?) -> Bool {
        guard value == 0x200C || value == 0x200D, let previous, let next else { return false }
        func isScriptLetterOrMark(_ scalar: Unicode.Scalar) -> Bool {
            guard Self.joinerScripts.contains(where: { $0.contains(scalar.value) }) else { return false }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return scalar.properties.isAlphabetic
            }
        }
        if isScriptLetterOrMark(previous), isScriptLetterOrMark(next) { return true }
        func isPictograph(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x80 && scalar.properties.isEmoji }
        let endsEmoji = isPictograph(previous) || previous.properties.isEmojiModifier || previous.value == 0xFE0F
        return value == 0x200D && endsEmoji && isPictograph(next)
    }

    /// The scripts whose spelling uses the joiners: Arabic (Persian, Urdu and the others in
    /// its letters, with its supplement, extended letters and presentation forms), Syriac, and
    /// the Indic scripts of India and Sri Lanka (Devanagari to Malayalam, and Sinhala).
    static let joinerScripts: [ClosedRange<UInt32>] = [
        0x0600...0x06FF, 0x0700...0x074F, 0x0750...0x077F, 0x0870...0x08FF, 0x0900...0x0DFF,
        0xFB50...0xFDFF, 0xFE70...0xFEFF,
    ]

    /// U+FE00-U+FE0F and U+E0100-U+E01EF: they choose how the character before them looks (an
    /// emoji's picture or text form), and after any other character they are invisible.
    package var isVariationSelector: Bool {
        (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }

    /// "U+200B"
    package var codePoint: String { "U+" + value.hex(digits: 4, uppercase: true) }
}
