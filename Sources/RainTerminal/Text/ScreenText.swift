import RainKit

extension String {
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
