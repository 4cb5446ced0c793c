extension String {
    /// The string without control characters (C0, DEL, C1), so text from the network or from a
    /// file cannot move the cursor, change colours or retitle the terminal. Tabs and newlines
    /// become spaces.
    public var strippingControlCharacters: String {
        var scalars = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: scalars.append(" ")
            case 0x00...0x1F, 0x7F...0x9F: continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// True when the string has any control character (C0, DEL, C1).
    public var containsControlCharacters: Bool {
        unicodeScalars.contains { (0x00...0x1F).contains($0.value) || (0x7F...0x9F).contains($0.value) }
    }
}
