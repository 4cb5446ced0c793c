extension String {
    /// Text from the network or a file made safe and tidy for one line of the screen: control
    /// characters and bidirectional overrides removed, runs of spaces collapsed, ends trimmed.
    var screenSafe: String {
        let stripped = strippingControlCharacters.unicodeScalars.filter { scalar in
            !(0x202A...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value)
                && scalar.value != 0x200E && scalar.value != 0x200F
        }
        return String(String.UnicodeScalarView(stripped))
            .split(separator: " ", omittingEmptySubsequences: true)
            .joined(separator: " ")
    }

    /// Words wrapped into lines of at most `width` columns; a word longer than a line is cut.
    func wrapped(toDisplayWidth width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in split(separator: " ").map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if candidate.displayWidth <= width {
                line = candidate
            } else {
                if !line.isEmpty { lines.append(line) }
                line = word.truncated(toDisplayWidth: width)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
