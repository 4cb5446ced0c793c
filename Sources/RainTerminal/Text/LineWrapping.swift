extension String {
    /// The text in lines of at most `width` columns, each after the first indented by `hanging`
    /// spaces. Lines break at spaces and beside wide (East Asian) characters, which Chinese and
    /// Japanese text runs together without spaces; a word longer than a line is split.
    /// Text with control characters or escape sequences is not expected (error lines).
    public func wrapped(toDisplayWidth width: Int, hanging: Int) -> [String] {
        let indent = String(repeating: " ", count: hanging)
        var lines: [String] = []
        // Spaces the text starts with are kept: the first line's own indent.
        var line = String(prefix { $0 == " " })
        var used = line.count
        let firstStart = used
        func startLine() {
            lines.append(line)
            line = indent
            used = hanging
        }
        for piece in Self.breakablePieces(self) {
            let pieceWidth = piece.text.displayWidth
            let gap = piece.followsSpace && used > (lines.isEmpty ? firstStart : hanging) ? 1 : 0
            if used + gap + pieceWidth <= width {
                line += (gap == 1 ? " " : "") + piece.text
                used += gap + pieceWidth
                continue
            }
            if used > (lines.isEmpty ? firstStart : hanging) { startLine() }
            for character in piece.text {
                let columns = character.displayWidth
                if used + columns > width, used > hanging { startLine() }
                line.append(character)
                used += columns
            }
        }
        lines.append(line)
        return lines
    }

    /// Words, and each wide character on its own, with whether a space came before it.
    private static func breakablePieces(_ text: String) -> [(text: String, followsSpace: Bool)] {
        var pieces: [(text: String, followsSpace: Bool)] = []
        var word = ""
        var wordFollowsSpace = false
        var sawSpace = false
        func endWord() {
            if !word.isEmpty { pieces.append((word, wordFollowsSpace)) }
            word = ""
        }
        for character in text {
            if character == " " {
                endWord()
                sawSpace = true
            } else if character.displayWidth == 2 {
                endWord()
                pieces.append((String(character), sawSpace))
                sawSpace = false
            } else {
                if word.isEmpty { wordFollowsSpace = sawSpace }
                word.append(character)
                sawSpace = false
            }
        }
        endWord()
        return pieces
    }
}
