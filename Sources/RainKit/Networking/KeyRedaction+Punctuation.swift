extension KeyRedaction {
    /// The punctuation and symbols a person reads between groups of a long key's characters
    /// as plainly as a space: "Zq7K-p2Xw-9Lm4-Rt6V-b", "Zq7K.p2Xw", "Zq7K/p2Xw/", "Zq7K#p2Xw",
    /// "Zq7Kp2, Xw9Lm4; Rt6Vb", "Zq7K · p2Xw", "Zq7K - p2Xw", "Zq7K → p2Xw". A short run of it
    /// (`longestRun` marks, spaces among them or not) between two of the key's characters is a
    /// gap (`run(in:at:)`); a longer one is a rule drawn between texts, not a gap in one. Ordinary text holds no `partLength` of a
    /// random key's characters in order with only these between them, as it holds none with
    /// only spaces between (the false-match test reads the fixtures, the simulator's answers
    /// and the translations with random keys of each kind).
    ///
    /// A mark the key itself holds (a configured key may hold `-` or `.`) is no gap for it:
    /// it is matched as the key's own character, so the key still reads as itself.
    struct GapPunctuation: Sendable {
        /// The ASCII marks (`ispunct`) but the quotation mark, which starts and ends a JSON
        /// string and is read there as the JSON between two strings (`StringBoundaries`).
        /// The backslash and the percent sign start an escape where the text has them, and so
        /// are gaps only once read as what they are written with (`isGap`).
        static let marks = Array("!#$&'()*+,-./:;<=>?@[]^_`{|}~".utf8)
        static let escapeMarks = Array("\\%".utf8)
        /// The most marks one gap holds.
        static let longestRun = 3

        /// Each ASCII byte that is a gap for this key as it stands: a mark the key does not hold.
        let isASCIIGap: [Bool]
        /// Each ASCII character that is a gap for this key once read: the escapes' marks too.
        private let isASCIIGapRead: [Bool]

        init(key: [UInt8]) {
            func gaps(_ marks: [UInt8]) -> [Bool] {
                var isGap = [Bool](repeating: false, count: 256)
                for mark in marks where !key.contains(mark) { isGap[Int(mark)] = true }
                return isGap
            }
            isASCIIGap = gaps(Self.marks)
            isASCIIGapRead = gaps(Self.marks + Self.escapeMarks)
        }

        /// Whether the character `value` is a mark that is a gap for this key: an ASCII one, one
        /// that reads as some (`keyFolds`: the hyphen U+2010, the en dash, "…", fullwidth forms), or
        /// any other punctuation or symbol of Unicode's (`·`, `—`, `、`, `§`, `→`, `°`, box
        /// drawing, an emoji).
        func isGap(_ value: UInt32) -> Bool {
            if value < 0x80 { return isASCIIGapRead[Int(value)] }
            if let folds = KeyRedaction.keyFolds(value), !folds.isEmpty {
                return folds.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0 < 0x80 && isASCIIGapRead[Int($0)] } }
            }
            return Unicode.Scalar(value).map(Self.isPunctuationOrSymbol) ?? false
        }

        /// A space, or a blank of Unicode's (`LocationValidation.isBlank`); in ASCII only the space.
        private static func isBlank(_ value: UInt32) -> Bool {
            value < 0x80 ? value == 0x20 : Unicode.Scalar(value).map(LocationValidation.isBlank) ?? false
        }

        private static func isPunctuationOrSymbol(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
                true
            default:
                false
            }
        }

        /// The length of the gap of marks and blanks at `index` (", ", " - ", "·", "-"), or nil
        /// where none starts or it holds more than `longestRun` marks: it runs on to the next
        /// character that is neither, so two runs never make one gap.
        func run(in bytes: [UInt8], at index: Int, json: Bool) -> Int? {
            var end = index
            var marks = 0
            // In JSON, `\\` and `\/` are the marks they stand for.
            while end < bytes.count,
                  let (value, length) = KeyRedaction.written(bytes, at: end, json: json) ?? (json ? KeyRedaction.shortEscape(bytes, at: end) : nil) {
                if isGap(value) {
                    marks += 1
                    guard marks <= Self.longestRun else { return nil }
                } else if !Self.isBlank(value) {
                    break
                }
                end += length
            }
            return marks > 0 ? end - index : nil
        }
    }
}
