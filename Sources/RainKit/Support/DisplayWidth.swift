extension String {
    /// Columns the string takes in a terminal: wide East Asian characters and emoji count two,
    /// combining marks and zero-width characters none.
    public var displayWidth: Int {
        var width = 0
        for scalar in unicodeScalars {
            width += scalar.displayWidth
        }
        return width
    }

    /// The string padded with spaces to `width` columns (on the right, or on the left when
    /// `alignRight`); a longer string is cut to fit and ends with "…".
    public func padded(to width: Int, alignRight: Bool = false) -> String {
        var text = self
        if text.displayWidth > width {
            text = text.truncated(toWidth: width)
        }
        let padding = String(repeating: " ", count: max(0, width - text.displayWidth))
        return alignRight ? padding + text : text + padding
    }

    /// The longest prefix that fits `width` columns, with "…" when something was cut.
    public func truncated(toWidth width: Int) -> String {
        guard displayWidth > width else { return self }
        guard width > 0 else { return "" }
        var result = ""
        var used = 0
        for character in self {
            let columns = String(character).displayWidth
            if used + columns > width - 1 { break }
            result.append(character)
            used += columns
        }
        return result + "…"
    }
}

extension Unicode.Scalar {
    var displayWidth: Int {
        let value = self.value
        switch value {
        case 0x0300...0x036F, 0x200B...0x200F, 0xFE00...0xFE0F, 0x20D0...0x20FF: return 0
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return value < 0x20 || (0x7F...0x9F).contains(value) ? 0 : 1
        }
    }
}
