extension String {
    /// The string without control characters (C0, DEL, C1) or bidirectional overrides and
    /// isolates, so text from the network or from a file cannot move the cursor, change colours,
    /// retitle the terminal or make text read in another order than it is. Tabs, newlines and
    /// the line and paragraph separators become spaces.
    public var strippingControlCharacters: String {
        // Printable ASCII (most text) has nothing to strip.
        if isPrintableASCII { return self }
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x2028, 0x2029: scalars.append(" ")
            case _ where scalar.isTerminalControl: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Text from the network or a file made safe and tidy for one line of the screen: control
    /// characters and bidirectional overrides removed, runs of spaces collapsed, ends trimmed.
    package var screenSafe: String {
        let stripped = strippingControlCharacters.unicodeScalars.filter { scalar in
            !(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value)
                && scalar.value != 0x200E && scalar.value != 0x200F
        }
        return String(String.UnicodeScalarView(stripped))
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
}
