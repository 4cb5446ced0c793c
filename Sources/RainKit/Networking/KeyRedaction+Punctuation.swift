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

        /// Whether the character `value` is a mark that is a gap for this key: what a terminal
        /// shows as no letter or digit. An ASCII mark; one that reads as some (`keyFolds`: the
        /// hyphen U+2010, the en dash, "…", fullwidth forms, the bar "ǀ" that also reads as an
        /// "l", which `run` takes as the key's where it has one); any other punctuation or symbol
        /// of Unicode's (`·`, `—`, `、`, `§`, `→`, `°`, box drawing, an emoji); a character with
        /// no agreed look, drawn as nothing or a box (unassigned, a noncharacter, private use);
        /// a modifier letter of no script (`modifierMarks`: the primes "ʺ", "ˮ", the
        /// length mark "ー"), which marks a sound and draws as a stroke; or a letter or number
        /// whose lookalike by Unicode's confusables data is marks alone (`lookalikeMarks`: the
        /// sinological dot "ꞏ" for "·", the Lisu "ꓺ" for "..", the Hangul "ㅡ" for "ー").
        func isGap(_ value: UInt32) -> Bool {
            if value < 0x80 { return isASCIIGapRead[Int(value)] }
            if let folds = KeyRedaction.keyFolds(value), !folds.isEmpty {
                return folds.contains { !$0.isEmpty && $0.allSatisfy { $0 < 0x80 && isASCIIGapRead[Int($0)] } }
            }
            guard let scalar = Unicode.Scalar(value) else { return false }
            switch scalar.properties.generalCategory {
            case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                 .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
                 .unassigned, .privateUse:
                return true
            case .modifierLetter:
                return Self.modifierMarks.contains { $0.contains(value) } || Self.isLookalikeMark(value)
            default:
                return Self.isLookalikeMark(value)
            }
        }

        /// The modifier letters (Lm) of no script (Script=Common in Unicode 14's Scripts.txt):
        /// primes and apostrophes, tone and length marks, the kana length and voicing marks, the
        /// Arabic tatweel. Modifier letters of a script (the superscript "ʰ", "々") are letters.
        static let modifierMarks: [ClosedRange<UInt32>] = [
            0x02B9...0x02C1, 0x02C6...0x02D1, 0x02EC...0x02EC, 0x02EE...0x02EE, 0x0374...0x0374,
            0x0640...0x0640, 0x2E2F...0x2E2F, 0x3031...0x3035, 0x30FC...0x30FC, 0xA717...0xA71F,
            0xA788...0xA788, 0xA9CF...0xA9CF, 0xFF70...0xFF70, 0xFF9E...0xFF9F,
        ]

        /// A letter or number that reads as marks (`lookalikeMarks`).
        private static func isLookalikeMark(_ value: UInt32) -> Bool {
            let index = lookalikeMarks.partitioningIndex { $0.upperBound >= value }
            return index < lookalikeMarks.count && lookalikeMarks[index].contains(value)
        }

        /// A space, or a blank of Unicode's (`LocationValidation.isBlank`); in ASCII only the space.
        private static func isBlank(_ value: UInt32) -> Bool {
            value < 0x80 ? value == 0x20 : Unicode.Scalar(value).map(LocationValidation.isBlank) ?? false
        }

        /// The length of the gap of marks and blanks at `index` (", ", " - ", "·", "-"), or nil
        /// where none starts or it holds more than `longestRun` marks: it runs on to the next
        /// character that is neither, so two runs never make one gap. Marks are counted as a
        /// person sees them, by grapheme: a flag (two regional indicators), an emoji with its
        /// skin tone, joiners and variation selector is one.
        func run(in bytes: [UInt8], at index: Int, json: Bool) -> Int? {
            var end = index
            var marks = 0
            var previous: UInt32?   // the character before, where it is a mark or part of one
            var indicators = 0      // regional indicators in a row: the second of a pair joins the first
            // In JSON, `\\` and `\/` are the marks they stand for.
            while end < bytes.count,
                  let (value, length) = KeyRedaction.written(bytes, at: end, json: json) ?? (json ? KeyRedaction.shortEscape(bytes, at: end) : nil) {
                let isMark = isGap(value)
                if let previous, Self.extendsMark(value, indicators: indicators) || (previous == 0x200D && isMark) {
                    // Drawn as part of the mark before it.
                } else if isMark {
                    marks += 1
                    guard marks <= Self.longestRun else { return nil }
                } else if Self.isBlank(value) {
                    previous = nil
                    indicators = 0
                    end += length
                    continue
                } else {
                    break
                }
                previous = value
                indicators = (0x1F1E6...0x1F1FF).contains(value) ? indicators + 1 : 0
                end += length
            }
            return marks > 0 ? end - index : nil
        }

        /// Whether `value` is drawn as part of the mark before it (`previous`, a mark or part of
        /// one): a joiner, a variation selector, a combining mark, a skin tone or a tag; the
        /// second regional indicator of a pair. (A mark after a joiner joins too: `run`.)
        private static func extendsMark(_ value: UInt32, indicators: Int) -> Bool {
            if value == 0x200D || (0xFE00...0xFE0F).contains(value) || (0x1F3FB...0x1F3FF).contains(value)
                || (0xE0020...0xE007F).contains(value) || (0xE0100...0xE01EF).contains(value) {
                return true
            }
            if (0x1F1E6...0x1F1FF).contains(value) { return indicators % 2 == 1 }
            guard value >= 0x300, let scalar = Unicode.Scalar(value) else { return false }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .spacingMark: return true
            default: return false
            }
        }
    }
}
