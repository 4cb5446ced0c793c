// The standard library's own canonical decomposition (what Foundation uses underneath).
@_spi(_Unicode) import Swift

extension Character {
    /// The character in ASCII: without its accents ("ü" -> "u", "Å" -> "A"), or as it is usually
    /// written in ASCII where no accent comes off ("ß" -> "ss", "Œ" -> "OE", "ø" -> "o",
    /// "Ǿ" -> "O"); itself when it is ASCII; nil when nothing of it has an ASCII form ("東").
    package var foldedToASCII: String? {
        if isASCII { return String(self) }
        var folded = ""
        for scalar in String(self)._nfd {
            if scalar.isASCII {
                folded.unicodeScalars.append(scalar)
            } else if let letters = Self.transliterations[scalar] {
                folded += letters
            }
        }
        return folded.isEmpty ? nil : folded
    }

    /// Latin letters that do not decompose into an ASCII letter and accents.
    private static let transliterations: [Unicode.Scalar: String] = [
        "Æ": "AE", "æ": "ae", "Œ": "OE", "œ": "oe", "ß": "ss", "ẞ": "SS", "Þ": "TH", "þ": "th",
        "Ø": "O", "ø": "o", "Ł": "L", "ł": "l", "Đ": "D", "đ": "d", "Ð": "D", "ð": "d",
        "Ħ": "H", "ħ": "h", "ı": "i", "ȷ": "j", "Ŀ": "L", "ŀ": "l", "Ŋ": "N", "ŋ": "n",
        "Ŧ": "T", "ŧ": "t", "ĸ": "q", "ſ": "s", "ƒ": "f", "Ɨ": "I", "ɨ": "i", "Ƶ": "Z", "ƶ": "z",
        "Ə": "E", "ə": "e", "Ĳ": "IJ", "ĳ": "ij", "ŉ": "'n", "Ƀ": "B", "ƀ": "b", "Ɖ": "D", "ɖ": "d",
        "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st",
    ]
}
