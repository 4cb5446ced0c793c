extension KeyRedaction {
    /// What a character outside ASCII reads as when it is compared with the key, in lower-case
    /// ASCII: its compatibility form, case-folded, without its accents (the fullwidth "Ｚ", the
    /// mathematical "𝐙", "²", "①", "Ⓩ", "ⅸ", "ﬁ", "Ź", U+212A KELVIN SIGN, "ß", "ł", the modifier
    /// "ᴷ", the subscript "ᵢ", the squared "㏅" that reads "cd"), from the table generated from
    /// Unicode's data (`foldRuns`); empty for a combining mark; nil for any other. A copy of
    /// the key in these forms reads as the key, and `--ascii` would print some as the key.
    static func keyFold(_ value: UInt32) -> [UInt8]? {
        if value < 0x80 { return [lowercased(UInt8(value))] }
        if let folded = tableFold(value) { return folded }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return []
        default: return nil
        }
    }

    /// The fold of `value` in `foldRuns` (a binary search), or nil.
    private static func tableFold(_ value: UInt32) -> [UInt8]? {
        var low = 0
        var high = foldRuns.count
        while low < high {
            let middle = (low + high) / 2
            if foldRuns[middle].first <= value { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = foldRuns[low - 1]
        guard value <= run.last else { return nil }
        var folded = run.folded.withUTF8Buffer { Array($0) }
        if run.step == 1 { folded[0] += UInt8(value - run.first) }
        return folded
    }
}
