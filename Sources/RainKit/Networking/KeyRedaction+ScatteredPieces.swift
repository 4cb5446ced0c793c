extension KeyRedaction {
    /// A long key cut into pieces held by strings of one JSON document that are not next to
    /// each other (`currently.summary` "Zq7Kp2X" and `minutely.summary` "w9Lm4Rt"; two alerts'
    /// titles): `jq -r '.currently.summary, .minutely.summary'` prints them side by side, so
    /// their order in the document is no defence. Pieces are chained by their place in the
    /// key, wherever they stand: a string that is wholly a piece, or that ends with one (its
    /// last words) or starts with one, gaps around it aside; a chain of two or more pieces
    /// that covers `partLength` of the key's characters in a row (`isVaried`) has each of its
    /// pieces hidden in its own string. A piece at either edge of its string chains both ways,
    /// whatever word stands at its other side ("Rain Zq7K", "Rain p2Xw": hostile trial 19,
    /// K19-1): `jq -r` prints "Zq7K" and "p2Xw" one line apart, an ordinary word between them.
    /// A piece inside a sentence is no piece: what reads on into the next piece must be at the
    /// edge of its string.
    ///
    /// The smallest piece is `pieceLength`, judged by false matches. Two strings chain only
    /// where the key holds the one right after the other, so a chain of 8 characters from two
    /// pieces matches a given pair of strings by chance about once in 36^8 (a Pirate Weather
    /// key, case aside) or 16^8 (a hex key) times the key's 25 places, whatever their
    /// lengths. What the smallest piece guards against is a document's short strings that are
    /// all of a key's characters: its units ("si", "ca", "us"), a letter, a number in a string
    /// ("12"). With pieces of 2 a hex key's "ca" and any two digits may chain with a third;
    /// pieces of 3 are as rare in a forecast as 3 random characters of the key ("fog" for a
    /// key holding it), and the false-match test (random keys of each kind against the
    /// fixtures, the simulator's answers of each service and the translations) finds none.
    /// A server that cuts the key into pieces of 1 or 2 across unrelated strings is left: a
    /// reader of them no longer reads a key.
    static let pieceLength = 3

    /// Where the pieces of every chain are; none where the bytes are no valid JSON document.
    /// Cheap where no string starts or ends with one of the key's characters: most strings
    /// are passed over at a glance.
    static func scatteredPieces(in bytes: [UInt8], of key: [UInt8], grams: Grams) -> [Range<Int>] {
        guard let found = foundPieces(in: bytes, of: key, grams: grams), found.count > 1 else { return [] }
        let hidden = found.chainedTexts()
        guard !hidden.isEmpty, (try? JSONScanner.map(bytes)) != nil else { return [] }
        return hidden
    }

    /// The pieces of the key that the strings of `bytes` start with, are, or end with; nil
    /// for a text too long to index (`FoundPieces`).
    static func foundPieces(in bytes: [UInt8], of key: [UInt8], grams: Grams) -> FoundPieces? {
        guard bytes.count < Int(UInt32.max) else { return nil }
        var found = FoundPieces(key: key)
        // Made at the first string that may hold a piece: each walks the text once.
        var readings: [Skips]?
        var strings = 0
        var index = 0
        while let opening = bytes[index...].firstIndex(of: UInt8(ascii: "\"")) {
            guard let closing = StringBoundaries.closingQuote(in: bytes, after: opening) else { break }
            index = closing + 1
            // A vocabulary's word is no piece (`vocabularies`).
            guard closing - opening - 1 >= pieceLength, !isMemberName(bytes, closingAt: closing), !isVocabularyValue(bytes, opening: opening),
                  mayHoldPiece(bytes, from: opening + 1, to: closing, grams: grams) else { continue }
            strings += 1
            if readings == nil {
                readings = Self.readers(for: bytes, json: true).map { Skips(reader: $0, gaps: true, json: true, punctuation: grams.punctuation) }
            }
            for skips in readings ?? [] {
                piecesOf(bytes, from: opening + 1, to: closing, string: strings, key: key, grams: grams, skips: skips, into: &found)
            }
        }
        return found
    }

    /// The pieces a string `start..<end` (its text, between its quotes) starts with, is, or
    /// ends with: a piece at its end starts after a space or a mark (`GapPunctuation`), a word
    /// of it, or else is glued to the word before ("rainZq7K": the longest such piece alone,
    /// which takes the word's last letters where they are the key's characters before it).
    private static func piecesOf(_ bytes: [UInt8], from start: Int, to end: Int, string: Int, key: [UInt8], grams: Grams, skips: Skips,
                                 into found: inout FoundPieces) {
        func reachesEnd(_ index: Int) -> Bool { index >= end || skips.end(from: index, in: bytes) >= end }
        /// Notes the pieces at `index` that start the string (`leads`) or reach its end, and
        /// whether one reached its end.
        @discardableResult func look(at index: Int, leads: Bool) -> Bool {
            var trailed = false
            for position in key.indices where mayStart(bytes[index], as: key[position]) {
                let (pieceEnd, matched) = run(of: key, from: position, in: bytes, at: index, skips: skips)
                guard matched >= pieceLength, pieceEnd <= end else { continue }
                let trails = reachesEnd(pieceEnd)
                trailed = trailed || trails
                if leads || trails {
                    found.note(FoundPieces.Kind(key: position..<(position + matched)), text: index..<pieceEnd, string: string)
                }
            }
            return trailed
        }
        let first = skips.end(from: start, in: bytes)
        guard first < end else { return }
        var trailed = look(at: first, leads: true)
        // A piece at the end starts a word within reach of the end: a key's length of
        // characters, each as long as a `\u` escape, and a gap after each, and after the
        // last printable ASCII byte that is neither the key's nor a gap.
        var tail = end
        while tail > first + 1, tail > end - 16 * key.count, mayBeInPiece(bytes[tail - 1], grams: grams) { tail -= 1 }
        let reach = max(first + 1, tail)
        for index in reach..<max(reach, end) where isWordStart(bytes, index, grams: grams) {
            trailed = look(at: index, leads: false) || trailed
        }
        // A piece glued to the word before ("rainZq7K") where no word ends the string with one:
        // the longest, so that no shorter piece of it is noted again.
        guard !trailed else { return }
        for index in reach..<max(reach, end) where !isWordStart(bytes, index, grams: grams) && mayStartGlued(bytes[index], grams: grams) {
            if look(at: index, leads: false) { return }
        }
    }

    /// Whether the string's text `start..<end` may start or end with a piece, told from its
    /// plain bytes: its first and last characters but gaps, where they are printable ASCII,
    /// must be the key's.
    private static func mayHoldPiece(_ bytes: [UInt8], from start: Int, to end: Int, grams: Grams) -> Bool {
        func mayBeKeys(_ byte: UInt8) -> Bool {
            !(0x20..<0x7F).contains(byte) || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "%") || grams.inKey[Int(lowercased(byte))]
        }
        func isGap(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || grams.punctuation.isASCIIGap[Int(byte)] }
        guard let first = bytes[start..<end].firstIndex(where: { !isGap($0) }),
              let last = bytes[start..<end].lastIndex(where: { !isGap($0) }) else { return false }
        return mayBeKeys(bytes[first]) || mayBeKeys(bytes[last])
    }

    /// Whether `byte` may be in a piece as written: a byte of the key's, a gap, or one of a
    /// character outside ASCII or an escape.
    private static func mayBeInPiece(_ byte: UInt8, grams: Grams) -> Bool {
        !(0x20..<0x7F).contains(byte) || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: " ") || grams.inKey[Int(lowercased(byte))]
            || grams.punctuation.isASCIIGap[Int(byte)]
    }

    /// Whether a word starts at `index`: after a space or a mark, with a character that may be
    /// the key's.
    private static func isWordStart(_ bytes: [UInt8], _ index: Int, grams: Grams) -> Bool {
        let before = bytes[index - 1]
        guard before == UInt8(ascii: " ") || grams.punctuation.isASCIIGap[Int(before)] else { return false }
        let byte = bytes[index]
        return byte >= 0x80 || byte == UInt8(ascii: "\\") || grams.inKey[Int(lowercased(byte))]
    }

    /// Whether a piece glued to the word before may start at `byte`: a character of the key's
    /// as written, or the first byte of one outside ASCII or of an escape (not a UTF-8
    /// sequence's continuation byte).
    private static func mayStartGlued(_ byte: UInt8, grams: Grams) -> Bool {
        (byte >= 0x80 && byte & 0xC0 != 0x80) || byte == UInt8(ascii: "\\") || (byte < 0x80 && grams.inKey[Int(lowercased(byte))])
    }

    /// Whether a copy of the key's character `character` may start with `byte`: itself in
    /// either case, or any byte that starts a character outside ASCII or an escape.
    private static func mayStart(_ byte: UInt8, as character: UInt8) -> Bool {
        byte >= 0x80 || byte == UInt8(ascii: "\\") || lowercased(byte) == character
    }

    private static func isMemberName(_ bytes: [UInt8], closingAt closing: Int) -> Bool {
        var index = closing + 1
        while index < bytes.count, StringBoundaries.isWhitespace(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: ":")
    }
}
