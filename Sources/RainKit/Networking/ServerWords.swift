/// A server's own words after rain's (an HTTP status, a refused key): on a line of their own
/// under them, cut with "…" to what that line holds in 80 columns, so rain's words fit in every
/// language and the server's never run past the line (a 401's body ran to 252 columns).
enum ServerWords {
    /// Columns the words may take: 80, less the indent of a message's continuation lines.
    static let columns = 78

    /// ":" and `message` on the next line, cut to fit; nothing without a message.
    static func line(_ message: String?) -> LocalizedText {
        guard let message, !message.isEmpty else { return .verbatim("") }
        return .verbatim(":") + .dataLine(cut(message))
    }

    /// `text` in at most `columns` columns, ending in "…" when it was cut. A character beyond
    /// ASCII counts two columns, as an East Asian one takes (RainKit has no width tables):
    /// other text may be cut a little early, never too late.
    static func cut(_ text: String) -> String {
        func width(_ character: Character) -> Int { character.isASCII ? 1 : 2 }
        guard text.reduce(0, { $0 + width($1) }) > columns else { return text }
        var kept = ""
        var used = 0
        for character in text {
            if used + width(character) > columns - 1 { break }
            kept.append(character)
            used += width(character)
        }
        while kept.last == " " { kept.removeLast() }
        return kept + "…"
    }
}
