extension KeyRedaction {
    /// What a character outside ASCII reads as when it is compared with the key, in lower-case
    /// ASCII: its compatibility form (NFKC: the fullwidth "Ｚ", the mathematical "𝐙", "²",
    /// "①", "Ⓩ", "ⅸ", "ﬁ"), or the letter it is without its accents (`foldedToASCII`: "Ź",
    /// U+212A KELVIN SIGN, "ß", "ł"); empty for a combining mark; nil for any other. A copy
    /// of the key in these forms reads as the key, and `--ascii` would print it as the key.
    /// (Keys are ASCII letters, digits and a few signs: only the compatibility forms of Latin
    /// letters and digits are listed here, the rest of NFKC maps to nothing a key holds.)
    static func keyFold(_ value: UInt32) -> [UInt8]? {
        if value < 0x80 { return [lowercased(UInt8(value))] }
        if let form = compatibilityForm(of: value) { return Array(form.utf8) }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return []
        default: break
        }
        // Only Latin letters and the letterlike K and Å fold to ASCII: the rest (a CJK text's) is
        // passed over without a decomposition.
        guard value < 0x250 || (0x1E00...0x1EFF).contains(value) || (0x212A...0x212B).contains(value)
                || (0xFB00...0xFB06).contains(value) else { return nil }
        return Character(scalar).foldedToASCII.map { $0.utf8.map(lowercased) }
    }

    /// The Latin letters and digits of Unicode's compatibility decompositions, lower-case.
    private static func compatibilityForm(of value: UInt32) -> String? {
        func letter(_ offset: UInt32) -> String { String(Unicode.Scalar(UInt8(ascii: "a") + UInt8(offset % 26))) }
        func digit(_ offset: UInt32) -> String { String(offset % 10) }
        switch value {
        case 0xFF10...0xFF19: return digit(value - 0xFF10)                        // ０
        case 0xFF21...0xFF3A: return letter(value - 0xFF21)                       // Ａ
        case 0xFF41...0xFF5A: return letter(value - 0xFF41)                       // ａ
        case 0xFF01...0xFF5E: return String(Unicode.Scalar(UInt8(value - 0xFEE0))) // fullwidth signs
        case 0x1D400...0x1D6A3: return letter((value - 0x1D400) % 52)             // 𝐀 … 𝚣
        case 0x1D7CE...0x1D7FF: return digit(value - 0x1D7CE)                     // 𝟎 … 𝟿
        case 0x2070, 0x2074...0x2079: return digit(value - 0x2070)                // ⁰ ⁴ … ⁹
        case 0x2080...0x2089: return digit(value - 0x2080)                        // ₀ … ₉
        case 0x2460...0x2473: return String(value - 0x2460 + 1)                   // ① … ⑳
        case 0x24B6...0x24CF: return letter(value - 0x24B6)                       // Ⓐ … Ⓩ
        case 0x24D0...0x24E9: return letter(value - 0x24D0)                       // ⓐ … ⓩ
        case 0x1F130...0x1F149: return letter(value - 0x1F130)                    // 🄰 … 🅉
        case 0x2160...0x216F: return romanNumerals[Int(value - 0x2160)]           // Ⅰ … Ⅿ
        case 0x2170...0x217F: return romanNumerals[Int(value - 0x2170)]           // ⅰ … ⅿ
        default: return otherForms[value]
        }
    }

    private static let romanNumerals = ["i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii", "l", "c", "d", "m"]

    private static let otherForms: [UInt32: String] = [
        0xB2: "2", 0xB3: "3", 0xB9: "1", 0xAA: "a", 0xBA: "o", 0x24EA: "0", 0x2071: "i", 0x207F: "n",
        0x2090: "a", 0x2091: "e", 0x2092: "o", 0x2093: "x", 0x2095: "h", 0x2096: "k", 0x2097: "l",
        0x2098: "m", 0x2099: "n", 0x209A: "p", 0x209B: "s", 0x209C: "t",
        // Letterlike symbols (the holes of the mathematical alphabets are among them).
        0x2102: "c", 0x210A: "g", 0x210B: "h", 0x210C: "h", 0x210D: "h", 0x210E: "h", 0x2110: "i",
        0x2111: "i", 0x2112: "l", 0x2113: "l", 0x2115: "n", 0x2119: "p", 0x211A: "q", 0x211B: "r",
        0x211C: "r", 0x211D: "r", 0x2124: "z", 0x2128: "z", 0x212C: "b", 0x212D: "c", 0x212F: "e",
        0x2130: "e", 0x2131: "f", 0x2133: "m", 0x2134: "o", 0x2139: "i", 0x2145: "d", 0x2146: "d",
        0x2147: "e", 0x2148: "i", 0x2149: "j",
    ]
}
