extension KeyRedaction {
    /// What a character outside ASCII reads as when it is compared with the key, each reading
    /// in lower-case ASCII: its compatibility form, case-folded, without its accents (the
    /// fullwidth "Ｚ", the mathematical "𝐙", "²", "①", "Ⓩ", "ⅸ", "ﬁ", "Ź", U+212A KELVIN SIGN,
    /// "ß", "ł", the modifier "ᴷ", the subscript "ᵢ", the squared "㏅" that reads "cd"), and each
    /// key character it is a lookalike of (the Cyrillic "а", the Greek "Ο" that reads as "O" or
    /// "0", the Cyrillic "І" as "I", "l", "1" or "|"), from the table generated from Unicode's
    /// data (`foldRuns`); one empty reading for a combining mark; nil for any other. A copy of
    /// the key in these forms reads as the key, and `--ascii` would print some as the key.
    static func keyFolds(_ value: UInt32) -> [[UInt8]]? {
        if value < 0x80 { return [[lowercased(UInt8(value))]] }
        if let folds = tableFolds(value) { return folds }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return [[]]
        default: return nil
        }
    }

    /// The readings of `value` in `foldRuns` (a binary search), or nil.
    private static func tableFolds(_ value: UInt32) -> [[UInt8]]? {
        let low = foldRuns.partitioningIndex { $0.first > value }
        guard low > 0 else { return nil }
        let run = foldRuns[low - 1]
        guard value <= run.last else { return nil }
        var folds = run.folded.withUTF8Buffer { $0.split(separator: UInt8(ascii: " ")).map(Array.init) }
        if run.step == 1 { folds[0][0] += UInt8(value - run.first) }
        return folds
    }
}
