extension BinaryInteger {
    /// The number in hexadecimal, with leading zeros to `digits` digits at least: JSON's `\u`
    /// escapes, code points (`U+200B`), bytes in messages, the manual's `\[u00E9]`.
    package func hex(digits: Int, uppercase: Bool = false) -> String {
        let text = String(self, radix: 16, uppercase: uppercase)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
