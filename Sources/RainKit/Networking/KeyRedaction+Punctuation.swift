extension KeyRedaction {
    /// The punctuation a person reads between groups of a long key's characters as plainly as
    /// a space: "Zq7K-p2Xw-9Lm4-Rt6V-b", "Zq7K.p2Xw", "Zq7K/p2Xw/", "Zq7Kp2, Xw9Lm4; Rt6Vb",
    /// "Zq7K · p2Xw", "Zq7K - p2Xw". A short run of it (`longestRun` marks, spaces among them
    /// or not) between two of the key's characters is a gap (`run(in:at:)`); a longer one is a
    /// rule drawn between texts, not a gap in one. Ordinary text holds no `partLength` of a
    /// random key's characters in order with only these between them, as it holds none with
    /// only spaces between (the false-match test reads the fixtures, the simulator's answers
    /// and the translations with random keys of each kind).
    ///
    /// A mark the key itself holds (a configured key may hold `-` or `.`) is no gap for it:
    /// it is matched as the key's own character, so the key still reads as itself.
    struct GapPunctuation: Sendable {
        /// The marks by their reading in ASCII: the dash, full stop, low line, solidus, colon,
        /// comma and semicolon, and what reads as one of them (`keyFolds`: the hyphen U+2010,
        /// the en dash, fullwidth forms).
        static let marks = Array("-._/:,;".utf8)
        /// Marks with no reading in ASCII: the middle dot, the em dash and horizontal bar, the
        /// bullet, the hyphenation point, the fraction and division slashes, the ideographic
        /// comma and full stop, the katakana middle dot, the fullwidth solidus.
        static let otherMarks: Set<UInt32> = [0xB7, 0x2014, 0x2015, 0x2022, 0x2027, 0x2044, 0x2215, 0x3001, 0x3002, 0x30FB, 0xFF0F]
        /// The most marks one gap holds.
        static let longestRun = 3

        /// Each ASCII byte that is a gap for this key: a mark the key does not hold.
        let isASCIIGap: [Bool]

        init(key: [UInt8]) {
            var inKey = [Bool](repeating: false, count: 256)
            for byte in key { inKey[Int(byte)] = true }
            var isASCIIGap = [Bool](repeating: false, count: 256)
            for mark in Self.marks where !inKey[Int(mark)] { isASCIIGap[Int(mark)] = true }
            self.isASCIIGap = isASCIIGap
        }

        /// Whether the character `value` is a mark that is a gap for this key.
        func isGap(_ value: UInt32) -> Bool {
            if value < 0x80 { return isASCIIGap[Int(value)] }
            guard let folds = KeyRedaction.keyFolds(value), !folds.isEmpty else { return Self.otherMarks.contains(value) }
            return folds.allSatisfy { $0.count == 1 && isASCIIGap[Int($0[0])] }
        }

        /// The length of the gap of marks and blanks at `index` (", ", " - ", "·", "-"), or nil
        /// where none starts or it holds more than `longestRun` marks: it runs on to the next
        /// character that is neither, so two runs never make one gap.
        func run(in bytes: [UInt8], at index: Int, json: Bool) -> Int? {
            var end = index
            var marks = 0
            while end < bytes.count, let (value, length) = KeyRedaction.written(bytes, at: end, json: json) {
                if isGap(value) {
                    marks += 1
                    guard marks <= Self.longestRun else { return nil }
                } else if !(Unicode.Scalar(value).map(LocationValidation.isBlank) ?? false) {
                    break
                }
                end += length
            }
            return marks > 0 ? end - index : nil
        }
    }
}
