import FoundationEssentials

/// The one rule that keeps the API key out of what rain says, writes and sends: every copy of
/// the key is replaced by `REDACTED`. It is applied where text could first carry the key into
/// rain, an answer's body before anything reads it (so no forecast summary or alert, cache
/// file, notification, or error quoting the body can hold it), and to server messages and
/// transfer errors; the console every command writes through (`RedactingConsole`) applies it
/// once more to every text it writes, whatever built it (a URL setting that holds the key).
///
/// A copy is the key as it is written or percent-encoded (as in a URL), or in a JSON string
/// with any of its characters as `\u` escapes (a key has no `"`, `\` or `/`, so a valid
/// document stays valid). JSON escapes are read only in a valid JSON document
/// (`readsJSONEscapes`): any other text is read as a terminal shows it, as it is written.
/// A key shorter than `shortLength` is replaced only where no letter
/// or digit touches it: inside a word it is a piece of that word, and replacing it would
/// garble the text ("apiREDACTEDey") while telling a reader the key. A longer key is also
/// hidden cut short: any `partLength` or more of its characters in a row, from anywhere in it,
/// in every form below ("key SEKRITkey12345678... is not valid" tells all but the last few),
/// but for a part of one or two characters repeated (`isVaried`).
/// In a valid JSON document, a long key's copy may run across its strings, the JSON between
/// two of them a gap (`StringBoundaries`): each part is hidden in the string that holds it;
/// pieces in strings far apart are chained by their place in the key (`scatteredPieces`).
/// A field's word of a fixed vocabulary (an icon, a severity: `vocabularies`) is never edited
/// but where it is the whole key.
/// A short run of punctuation between a long key's characters is a gap as a space is
/// (`GapPunctuation`: "Zq7K-p2Xw-9Lm4").
///
/// A copy is found whatever the case of its ASCII letters: a server that echoes the key in
/// capitals ("INVALID KEY ABC…") tells it outright where the key's letters are all of one case
/// (a hex key, as many Dark Sky-compatible servers issue), and leaves a mixed-case Pirate
/// Weather key (case-sensitive letters and digits) a guess at each letter's case, which is
/// no secret at all for its digits and far less of one for the rest. A long key matching a
/// word of the text by chance is as unlikely in any case as in one; a short one keeps its
/// word rule. Percent-encoding's hex digits (`%2f`, `%2F`) are matched either way too, and
/// so is each character in any form that reads as it (`keyFolds`, from a table generated from
/// Unicode's data: fullwidth "ＺＱ７", accented "Ź", the Kelvin sign, "𝐙", "⑦", "²", "ᴷ", "ᵢ",
/// "ﬁ", "㏅") or a lookalike of it by Unicode's confusables data (the Cyrillic "а" for "a",
/// the Greek "Ο" for "O" or "0"), as UTF-8 or a `\u` escape: each reads as the key,
/// and `--ascii` would print some of them as the key. (`RedactingConsole` redacts after ASCII.)
package struct KeyRedaction: Sendable {
    /// The key, and its percent-encoded form where that differs.
    private let keys: [[UInt8]]
    /// Each key's `grams`, made once: every text written is scanned with them.
    private let keyGrams: [Grams?]

    /// A key this short can be part of any word by chance ("k" in "apikey").
    static let shortLength = 8
    /// The fewest of a longer key's characters in a row that are hidden on their own: a part
    /// this long of a random key matches no other text by chance, and one shorter than the
    /// whole key has none of its own.
    static let partLength = shortLength
    static let mark = Array(ForecastEndpoint.redactionMark.utf8)

    /// Nil without a key: nothing to hide.
    package init?(_ key: APIKey?) {
        guard let key, !key.value.isEmpty else { return nil }
        let encoded = ForecastEndpoint.percentEncoded(key.value)
        keys = ([Array(key.value.utf8)] + (encoded == key.value ? [] : [Array(encoded.utf8)])).map { $0.map(Self.lowercased) }
        keyGrams = keys.map(Self.grams(of:))
    }

    package func scrubbing(_ text: String) -> String {
        guard let scrubbed = scrubbed(Array(text.utf8)) else { return text }
        return String(decoding: scrubbed, as: UTF8.self)
    }

    /// Whether `text` holds a copy of the key, as it is written or once its percent-escapes
    /// are decoded (`%53EKRIT` is `SEKRIT` to a server), however many times they were encoded.
    package func holdsKey(_ text: String) -> Bool {
        var bytes = Array(text.utf8)
        while true {
            if scrubbed(bytes) != nil { return true }
            let decoded = Self.percentDecoded(bytes)
            guard decoded != bytes else { return false }
            bytes = decoded
        }
    }

    /// `bytes` with each `%` and two hex digits replaced by the byte they name.
    private static func percentDecoded(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
               let high = hexDigit(bytes[index + 1]), let low = hexDigit(bytes[index + 2]) {
                result.append(UInt8(high << 4 | low))
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    func scrubbing(_ body: Data) -> Data {
        guard let scrubbed = scrubbed(Array(body)) else { return body }
        return Data(scrubbed)
    }

    /// The bytes with every copy of every form of the key and every chain of its pieces
    /// replaced, or nil when they hold none.
    private func scrubbed(_ bytes: [UInt8]) -> [UInt8]? {
        // Copies and pieces in strings apart (`scatteredPieces`, of the key as it is written)
        // are both read in the text as it came, and all they find is hidden: a chain hidden
        // first would leave a last piece too short for a chain ("Vb") that the copy across
        // strings holds, and a copy hidden first a piece whose chain it cut ("Zq7Kp2X" before
        // "w9Lm4Rt6Vb": the copy holds the second only).
        var hidden = Self.copies(in: bytes, of: keys[0], grams: keyGrams[0], json: Self.readsJSONEscapes(bytes)) ?? []
        if let grams = keyGrams[0] { hidden += Self.scatteredPieces(in: bytes, of: keys[0], grams: grams) }
        var changed = hidden.isEmpty ? nil : Self.replacing(hidden, in: bytes)
        // The percent-encoded form, where it differs, is read in what the first left (its
        // copies replaced may have made it valid JSON).
        for (key, grams) in zip(keys, keyGrams).dropFirst() {
            let text = changed ?? bytes
            guard let copies = Self.copies(in: text, of: key, grams: grams, json: Self.readsJSONEscapes(text)) else { continue }
            changed = Self.replacing(copies, in: text)
        }
        return changed
    }

    /// `bytes` with each of `ranges` replaced by the mark, ranges that overlap (a piece found
    /// by two readings, or as a copy and a piece) replaced as one.
    static func replacing(_ ranges: [Range<Int>], in bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var copied = 0
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            guard range.lowerBound >= copied else {
                copied = max(copied, range.upperBound)
                continue
            }
            result += bytes[copied..<range.lowerBound]
            result += mark
            copied = range.upperBound
        }
        result += bytes[copied...]
        return result
    }

    /// Whether `bytes` are read with their JSON escapes (`\u200b`, `\n`): only in a valid JSON
    /// document, whose strings a decoder reads so (outside them a valid one holds no backslash).
    /// Any other text reaches a reader as it is: a terminal shows `\u0013` and `\n` as the
    /// characters they are written with, and a sanitiser ends no escape sequence at them. A
    /// text with no backslash reads alike either way and is not parsed.
    private static func readsJSONEscapes(_ bytes: [UInt8]) -> Bool {
        bytes.contains(UInt8(ascii: "\\")) && (try? JSONScanner.map(bytes)) != nil
    }

    /// Outside the strings of a valid JSON document a copy is a number or a literal (a key
    /// such as "12345678" or "null"), and replacing it would break the document: there it is
    /// left. Anywhere else (a body the reader refuses quotes what it found) it is replaced.
    /// `json`: the text is read with its JSON escapes (`readsJSONEscapes`).
    private static func copies(in bytes: [UInt8], of key: [UInt8], grams: Grams?, json: Bool) -> [Range<Int>]? {
        guard let (copies, outsideStrings) = scan(bytes, for: key, grams: grams, outsideStrings: true, json: json) else { return nil }
        guard outsideStrings, json || (try? JSONScanner.map(bytes)) != nil else { return copies }
        return scan(bytes, for: key, grams: grams, outsideStrings: false, json: json)?.copies
    }

    /// Where the copies are (outside strings too, or not), each part of one in its own
    /// string, and whether one was outside a string; nil when there are none.
    /// `json`: the text is read with its JSON escapes (`readsJSONEscapes`).
    private static func scan(_ bytes: [UInt8], for key: [UInt8], grams: Grams?, outsideStrings: Bool, json: Bool) -> (copies: [Range<Int>], outsideStrings: Bool)? {
        var copies: [Range<Int>] = []
        var index = 0
        var inString = false
        var replacedOutside = false
        /// In a string that is a vocabulary's word (`vocabularies`).
        var inWord = false
        let isStop = Self.stops(for: key)
        let spaced = key.count >= shortLength
        let readers = Self.readers(for: bytes, json: json)
        let readings = readers.map { Skips(reader: $0, gaps: spaced, json: json, punctuation: grams?.punctuation) }
        // A long key's copy that starts in a string may run on into the next strings of a
        // valid document (`StringBoundaries`).
        let boundaries = spaced ? StringBoundaries(bytes, isDocument: json ? true : nil) : nil
        let readingsInStrings = boundaries == nil ? readings : readers.map { Skips(reader: $0, gaps: spaced, json: json, punctuation: grams?.punctuation, boundaries: boundaries) }
        func copyEnd(at index: Int, inString: Bool, limit: Int? = nil) -> Int? {
            func end(_ readings: [Skips]) -> Int? { readings.compactMap { Self.copyEnd(of: key, in: bytes, from: index, skips: $0, limit: limit) }.max() }
            guard inString, let boundaries else { return end(readings) }
            guard let found = end(readingsInStrings) else { return nil }
            // Read across a quote, a copy is one only in a valid document: parsed only now.
            guard bytes[index..<found].contains(UInt8(ascii: "\"")), !boundaries.isDocument else { return found }
            return end(readings)
        }
        // A copy's parts in each string, each hidden in its own string (the JSON between them
        // stays, and the copy ends inside a string, as it began). Where it runs across strings,
        // its part in the first string and in the last is a word of that string or a piece
        // (`wholeOrPiece`): a copy read on into the next string's first letter ("Zq7Kp2X",
        // "warning") is read without that string, so as not to cut a word that is no key's.
        func acrossStrings(_ found: Int?) -> (end: Int, pieces: [Range<Int>])? {
            var found = found
            while let end = found {
                guard inString, let boundaries else { return (end, [index..<end]) }
                let pieces = boundaries.pieces(from: index, to: end)
                guard pieces.count > 1 else { return (end, pieces) }
                guard Self.wholeOrPiece(bytes, pieces[0], json: json, atEnd: false) else { return nil }
                // A vocabulary's word it runs across ("warning") is read as the key's but kept
                // (`vocabularies`): the rest of the copy is hidden, each part in its string.
                let words = pieces.map { $0.lowerBound != index && Self.isVocabularyValue(bytes, opening: $0.lowerBound - 1) }
                if words.contains(true) { return (end, zip(pieces, words).filter { !$0.1 }.map(\.0)) }
                guard !Self.wholeOrPiece(bytes, pieces[pieces.count - 1], json: json, atEnd: true) else { return (end, pieces) }
                found = copyEnd(at: index, inString: true, limit: pieces[pieces.count - 2].upperBound)
            }
            return nil
        }
        while index < bytes.count {
            // Most bytes of an answer are none of the stops: passed over without a closer look.
            while index < bytes.count, !isStop[Int(bytes[index])] { index += 1 }
            guard index < bytes.count else { break }
            if bytes[index] == UInt8(ascii: "\"") {
                inString.toggle()
                inWord = inString && Self.isVocabularyValue(bytes, opening: index)
                index += 1
                continue
            }
            if inWord {
                // A vocabulary's word holds only the whole key (`vocabularies`).
                if let end = readings.compactMap({ Self.matchEnd(of: key, in: bytes, from: index, skips: $0, limit: nil) }).max(),
                   Self.standsAlone(key, bytes, index, end) {
                    copies.append(index..<end)
                    index = end
                } else {
                    index += escapeLength(bytes, at: index)
                }
            } else if let grams, Self.cannotStartACopy(bytes, at: index, grams: grams, boundaries: boundaries, inString: inString) {
                index += 1
            } else if inString || outsideStrings, let (end, pieces) = acrossStrings(copyEnd(at: index, inString: inString)) {
                copies += pieces
                index = end
                replacedOutside = replacedOutside || !inString
            } else {
                index += json ? escapeLength(bytes, at: index) : 1
            }
        }
        guard !copies.isEmpty else { return nil }
        return (copies, replacedOutside)
    }

    /// Where the characters a copy may hold between two of the key's (`hidden(in:at:)`,
    /// `foldedAway(in:at:)`, and for a long key `gap(in:at:)`) end, from each index, as one
    /// `reader` reads escape sequences, found once for each text: a screen of nothing but
    /// escape sequences would otherwise be walked to its end from every one of the key's
    /// characters in it. Its table is made on first use: most texts hold none of the key's
    /// characters and never need it.
    ///
    /// A copy is read as the sanitiser shows it and as terminals show it (`show --json`
    /// through `jq -r`): each hides characters another shows (`EscapeSequence.Reader`).
    final class Skips {
        let reader: EscapeSequence.Reader
        let gaps: Bool
        /// The text is read with its JSON escapes.
        let json: Bool
        /// A long key's gaps of punctuation (`GapPunctuation`).
        let punctuation: GapPunctuation?
        /// A copy may run on across a closing quote into the next string (in a valid document,
        /// from inside a string).
        let boundaries: StringBoundaries?
        /// Where the characters skipped from each index end, -1 where not yet known (texts
        /// are under 2 GB: answers are at most 8 MB).
        private var ends: [Int32] = []

        init(reader: EscapeSequence.Reader, gaps: Bool, json: Bool, punctuation: GapPunctuation?, boundaries: StringBoundaries? = nil) {
            self.reader = reader
            self.gaps = gaps
            self.json = json
            self.punctuation = punctuation
            self.boundaries = boundaries
        }

        func end(from start: Int, in bytes: [UInt8]) -> Int {
            // An ASCII letter or digit is never skipped (nor a quote, unless read as the JSON
            // between two strings): most of an answer's characters are answered here.
            if start < bytes.count, KeyRedaction.isASCIILetterOrDigit(bytes[start]) || (boundaries == nil && bytes[start] == UInt8(ascii: "\"")) {
                return start
            }
            if ends.isEmpty { ends = [Int32](repeating: -1, count: bytes.count) }
            var path: [Int] = []
            var index = start
            while index < bytes.count, ends[index] < 0 {
                guard let length = hidden(in: bytes, at: index, readBy: reader, json: json) ?? foldedAway(in: bytes, at: index, json: json)
                        ?? (gaps ? gap(in: bytes, at: index, json: json) : nil) ?? punctuation?.run(in: bytes, at: index, json: json)
                        ?? boundary(in: bytes, at: index) else {
                    ends[index] = Int32(index)
                    break
                }
                path.append(index)
                index += length
            }
            let end = index < bytes.count ? Int(ends[index]) : index
            for visited in path { ends[visited] = Int32(end) }
            return end
        }

        /// The length of the boundary between two strings at a closing quote, or nil.
        private func boundary(in bytes: [UInt8], at index: Int) -> Int? {
            guard let boundaries, bytes[index] == UInt8(ascii: "\"") else { return nil }
            return boundaries.next(after: index).map { $0 - index }
        }
    }

    /// The readings of escape sequences that tell `bytes` apart: all of them where a sequence
    /// in them is not as long to a terminal as to the sanitiser, else the sanitiser's alone (a
    /// screen's colours read alike; a control inside one, or a control string, may not). They
    /// differ only at an introducer (ESC or a C1 control, as UTF-8 or a `\u` escape): the same
    /// length at each makes every walk between the key's characters the same.
    static func readers(for bytes: [UInt8], json: Bool) -> [EscapeSequence.Reader] {
        var index = 0
        while let found = bytes[index...].firstIndex(where: { $0 == 0x1B || $0 == 0xC2 || (json && $0 == UInt8(ascii: "\\")) }) {
            let length = hidden(in: bytes, at: found, readBy: .sanitiser, json: json)
            if EscapeSequence.Reader.allCases.contains(where: { hidden(in: bytes, at: found, readBy: $0, json: json) != length }) {
                return EscapeSequence.Reader.allCases
            }
            index = found + 1
        }
        return [.sanitiser]
    }

    /// Every `partLength` characters in a row of a long key (lower-cased, packed 8 bytes to a
    /// word), and the bytes it holds; nil for a key shorter than that.
    struct Grams: Sendable {
        var packed: Set<UInt64>
        /// Every 2 to `partLength - 1` of the key's characters in a row, packed the same way: what
        /// the text so far must be where a piece starts again inside it (`run`).
        var shorter: Set<UInt64>
        var inKey: [Bool]
        /// The punctuation that is a gap for the key.
        var punctuation: GapPunctuation
        /// Every two of the key's characters in a row, a bit for each pair of bytes: what a
        /// string must end with for a copy to run on into the next (or one of the key's).
        var pairs: [UInt64]

        func isPair(_ pair: UInt64) -> Bool {
            pairs[Int(pair >> 6)] & (1 << (pair & 63)) != 0
        }
    }

    static func grams(of key: [UInt8]) -> Grams? {
        guard partLength == 8, key.count >= partLength else { return nil }
        var inKey = [Bool](repeating: false, count: 256)
        for byte in key { inKey[Int(byte)] = true }
        var pairs = [UInt64](repeating: 0, count: 65536 / 64)
        for (first, second) in zip(key, key.dropFirst()) {
            let pair = Int(first) << 8 | Int(second)
            pairs[pair >> 6] |= 1 << (pair & 63)
        }
        let shorter = (2..<partLength).flatMap { length in (0...(key.count - length)).map { packed(key[$0..<($0 + length)]) } }
        return Grams(packed: Set(partStarts(of: key).map { packed(key[$0..<($0 + partLength)]) }), shorter: Set(shorter), inKey: inKey,
                     punctuation: GapPunctuation(key: key), pairs: pairs)
    }

    /// Whether no copy of a long key, whole or in part, can start at `index`, told from its
    /// plain bytes alone: a copy needs `partLength` of the key's characters, and a printable
    /// ASCII character folds to itself and hides nothing beside it. So where `partLength` of
    /// the key's own come first, they must be one of its `grams`; where another printable one
    /// (`=`) or the end comes before that many, none starts here. Spaces and the key's marks
    /// of punctuation between them (`gap`, `GapPunctuation`, however many: the quick look only
    /// rules out) are passed over, and from inside a string (`boundaries`) the JSON between two strings
    /// after two of the key's characters in a row (`pairs`). A character read before, but not
    /// the first, where what was read so far is 2 to 7 of the key's characters in a row
    /// (`Grams.shorter`: a piece that may start again inside the one before, `run`), needs
    /// the closer look. Only a control, a character outside ASCII, a backslash or `%` among
    /// them needs `copyEnd`'s closer look: the quick one spares it most of a long text (a
    /// full screen's frame of escapes and digits).
    private static func cannotStartACopy(_ bytes: [UInt8], at index: Int, grams: Grams, boundaries: StringBoundaries?, inString: Bool) -> Bool {
        var end = index
        var count = 0
        var part: UInt64 = 0
        while end < bytes.count, count < partLength {
            if count > 0 {
                while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\"") || grams.punctuation.isASCIIGap[Int(bytes[end])] {
                    if bytes[end] != UInt8(ascii: "\"") {
                        end += 1
                    } else if inString, count == 1 || grams.isPair(part & 0xFFFF), let boundaries, let next = boundaries.next(after: end) {
                        end = next
                    } else {
                        return true
                    }
                }
                guard end < bytes.count else { return true }
            }
            let byte = bytes[end]
            guard (0x20..<0x7F).contains(byte), byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "%") else { return false }
            guard grams.inKey[Int(lowercased(byte))] else { return true }
            // A character read before, but not the first, may start a piece again inside what
            // was read (`run`: a copy's first characters are never repeated).
            let character = UInt64(lowercased(byte))
            if count >= 2, (0..<(count - 1)).contains(where: { part >> (8 * $0) & 0xFF == character }), grams.shorter.contains(part) { return false }
            part = part << 8 | character
            count += 1
            end += 1
        }
        guard count == partLength else { return true }
        return !grams.packed.contains(part)
    }

    private static func packed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// The bytes where `scan` looks closer, by value: a quote (a string starts or ends), and
    /// where a copy may start: in either case, the key's first character or (a long key) any
    /// character a run of `partLength` can start with; a backslash (a `\u` escape, or a JSON
    /// escape to step over) and the lead byte of any character outside ASCII (one that folds
    /// to such a character).
    private static func stops(for key: [UInt8]) -> [Bool] {
        var stops = [Bool](repeating: false, count: 256)
        for byte in [UInt8(ascii: "\""), UInt8(ascii: "\\")] { stops[Int(byte)] = true }
        let starts = Set(partStarts(of: key).map { key[$0] } + [key[0]])
        for byte in UInt8.min...UInt8.max where starts.contains(lowercased(byte)) || byte >= 0xC0 { stops[Int(byte)] = true }
        return stops
    }

    /// Where in the key a part of it that is hidden on its own can start: every character
    /// with `partLength` or more after it (itself included); none in a key shorter than that.
    private static func partStarts(of key: [UInt8]) -> Range<Int> {
        key.count >= partLength ? 0..<(key.count - partLength + 1) : 0..<0
    }

    /// Whether a part of the key has three different characters or more. A random key has
    /// no part of `partLength` with fewer (one in hundreds of millions of its parts), and
    /// one that has ("aaaaaaaa", "abababab", from a key such as "aaaaaaaaaaaaaaaa") hides
    /// nothing and matches text that is no key; the whole key is still hidden. (A word of
    /// the key, "password" of "password12345678", is as varied as a random part: it stays.)
    static func isVaried(_ part: ArraySlice<UInt8>) -> Bool {
        guard let first = part.first, let second = part.first(where: { $0 != first }) else { return false }
        return part.contains { $0 != first && $0 != second }
    }

    /// Where the copy of the key, or of a part of it, that starts at `start` ends, or nil.
    /// The whole key (a short one only where it stands alone), else the longest run of
    /// `partLength` or more of a long key's characters, from any place in it: a server that
    /// echoes the key cut short ("key SEKRITkey12345678... is not valid") or its end tells it
    /// all but a few characters.
    private static func copyEnd(of key: [UInt8], in bytes: [UInt8], from start: Int, skips: Skips, limit: Int?) -> Int? {
        if let end = matchEnd(of: key, in: bytes, from: start, skips: skips, limit: limit), standsAlone(key, bytes, start, end) { return end }
        let starts = partStarts(of: key)
        guard !starts.isEmpty, let (folds, _) = folded(bytes, at: start, json: skips.json) else { return nil }
        let firsts = folds.compactMap(\.first)
        var longest: Int?
        for position in starts where firsts.contains(key[position]) {
            let (end, matched) = run(of: key, from: position, in: bytes, at: start, skips: skips, limit: limit)
            if matched >= partLength, end > longest ?? start,
               isVaried(key[position..<min(key.count, position + matched)]) { longest = end }
        }
        return longest
    }

    /// A JSON escape is one character: a match never starts inside one. 6 for `\uXXXX`, 2 for
    /// the others, 1 for any other byte (a backslash that starts no escape included).
    private static func escapeLength(_ bytes: [UInt8], at index: Int) -> Int {
        guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else { return 1 }
        let next = bytes[index + 1]
        if next == UInt8(ascii: "u") { return unicodeEscape(bytes, at: index) != nil ? 6 : 1 }
        return "\"\\/bfnrt".utf8.contains(next) ? 2 : 1
    }

    /// The value of a hex digit's byte (`0`-`9`, `a`-`f`, `A`-`F`).
    private static func hexDigit(_ byte: UInt8) -> UInt32? {
        Character(Unicode.Scalar(byte)).hexDigitValue.map(UInt32.init)
    }

    /// The value of the `\uXXXX` escape at `index`, or nil.
    private static func unicodeEscape(_ bytes: [UInt8], at index: Int) -> UInt32? {
        guard index + 5 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for byte in bytes[(index + 2)...(index + 5)] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// Where a copy of the key that starts at `start` ends, or nil. Each character of the copy
    /// is compared by what it folds to (`keyFolds`): the key in any case, fullwidth, accented,
    /// in a compatibility form (U+212A for `K`, "𝐚", "²", "①", "ﬁ") or a lookalike (the
    /// Cyrillic "а", the Greek "Ο" read as "O" or "0"), written as UTF-8 or (in a
    /// JSON document) as a `\u` escape. Between two of its characters the copy may hold characters the sanitiser
    /// takes out before text is shown (`hidden(in:at:)`) or combining marks: a server that
    /// slips a zero-width space into the key still has it shown whole otherwise.
    private static func matchEnd(of key: [UInt8], in bytes: [UInt8], from start: Int, skips: Skips, limit: Int?) -> Int? {
        let (end, matched) = run(of: key, from: 0, in: bytes, at: start, skips: skips, limit: limit)
        return matched == key.count ? end : nil
    }

    /// How far the text from `start` reads as the key from its character at `position` on, as
    /// `matchEnd` compares them: where the run ends in the text, and how many of the key's
    /// characters it covers (0 when none). A long key's copy may come in pieces that each start
    /// again inside what was read, after its first character ("Zq7Kp p2Xw9", "Zq7Kpp2Xw9",
    /// every 4 in a row in turn "Zq7K q7Kp 7Kp2"), or that repeats its end alone between two
    /// such pieces ("Zq7Kp2 p2X p2Xw9L", "Zq7K q7K q7Kp2Xw"): a character may go on from the
    /// last or start such a piece, and where the key repeats itself ("d12d12df") both readings
    /// are followed, the one that covers the most of the key kept. A reading is where it is in
    /// the text and in the key, so each is followed once. A copy's first characters are never
    /// repeated: "key ...key-0123" is the word "key" before a copy, not a piece of it.
    static func run(of key: [UInt8], from position: Int, in bytes: [UInt8], at start: Int, skips: Skips, limit: Int? = nil) -> (end: Int, matched: Int) {
        let limit = limit ?? bytes.count
        var readings = Readings(from: (start, position), keyLength: key.count, limit: limit)
        var repeats: [Int] = []
        while let (index, keyPosition) = readings.next() {
            if keyPosition > position {
                // A character skipped as a gap may read as the key's next one itself where
                // what follows it does not ("ǀ", a bar, and an "l"): both are followed.
                let skipped = skips.end(from: index, in: bytes)
                if skipped != index, skipped < limit, let step = keyStep(of: key, at: keyPosition, from: position, in: bytes, at: skipped, json: skips.json) {
                    readings.follow((skipped + step.length, keyPosition + step.matched), matched: true)
                }
            }
            if let step = keyStep(of: key, at: keyPosition, from: position, in: bytes, at: index, json: skips.json) {
                readings.follow((index + step.length, keyPosition + step.matched), matched: true)
            }
            guard skips.gaps else { continue }
            pieceRepeats(of: key, at: keyPosition, from: position, in: bytes, at: index, skips: skips, limit: limit, into: &repeats)
            for end in repeats { readings.follow((end, keyPosition), matched: false) }
        }
        return (readings.best.end, readings.best.keyPosition - position)
    }

    /// The readings of a copy that `run` follows: the one that covers the most of the key so
    /// far, the one to follow next and those waiting. Those followed are kept only once a
    /// second way opens: most texts are read one way, and every step goes on in the text, so
    /// no reading is met again before then.
    private struct Readings {
        typealias Reading = (index: Int, keyPosition: Int)
        private(set) var best: (end: Int, keyPosition: Int)
        private var upcoming: Reading?
        private var waiting: [Reading] = []
        private var followed = Set<Int>()
        private let keyLength: Int
        private let limit: Int

        init(from start: Reading, keyLength: Int, limit: Int) {
            (best, upcoming, self.keyLength, self.limit) = ((start.index, start.keyPosition), start, keyLength, limit)
        }

        mutating func next() -> Reading? {
            guard let reading = upcoming else { return waiting.popLast() }
            upcoming = nil
            return reading
        }

        /// Follows `reading` later, unless it was followed; `matched`: it ends with one of the
        /// key's characters (not with a piece's repeat).
        mutating func follow(_ reading: Reading, matched: Bool) {
            if !followed.isEmpty || upcoming != nil {
                if followed.isEmpty, let first = upcoming { followed.insert(place(first)) }
                guard followed.insert(place(reading)).inserted else { return }
            }
            if matched, reading.keyPosition > best.keyPosition || reading.keyPosition == best.keyPosition && reading.index > best.end {
                best = (reading.index, reading.keyPosition)
            }
            guard reading.keyPosition < keyLength, reading.index < limit else { return }
            if upcoming == nil { upcoming = reading } else { waiting.append(reading) }
        }

        private func place(_ reading: Reading) -> Int {
            reading.index * (keyLength + 1) + reading.keyPosition
        }
    }

    /// Where each piece that starts at `index` (or after a gap) by repeating the key's last
    /// characters before `keyPosition`, all read but the first (from `position`), ends its
    /// repeat, into `repeats` (emptied first, its room kept).
    private static func pieceRepeats(of key: [UInt8], at keyPosition: Int, from position: Int, in bytes: [UInt8],
                                     at index: Int, skips: Skips, limit: Int, into repeats: inout [Int]) {
        repeats.removeAll(keepingCapacity: true)
        guard keyPosition > position + 1, index < limit else { return }
        /// The key's character at `reading` read at `index`, or after the gaps and hidden
        /// characters there (a repeat may hold them as any piece may, after its first
        /// character): how many of the key's it covers, and where it ends.
        func step(at index: Int, reading: Int, afterGaps: Bool) -> (matched: Int, end: Int)? {
            let skipped = afterGaps ? skips.end(from: index, in: bytes) : index
            if skipped != index, skipped < limit, let step = keyStep(of: key, at: reading, from: position, in: bytes, at: skipped, json: skips.json) {
                return (step.matched, skipped + step.length)
            }
            return keyStep(of: key, at: reading, from: position, in: bytes, at: index, json: skips.json).map { ($0.matched, index + $0.length) }
        }
        let skipped = skips.end(from: index, in: bytes)
        for start in [skipped, index].prefix(skipped == index ? 1 : 2) where start < limit {
            // An ASCII character reads only as itself: the key's places that hold it are the
            // only ones a repeat can start from.
            let byte = bytes[start]
            let plain = byte < 0x80 && !(skips.json && byte == UInt8(ascii: "\\"))
            for from in (position + 1)..<keyPosition where !plain || key[from] == lowercased(byte) {
                var at = start, read = from
                while read < keyPosition, at < limit, let next = step(at: at, reading: read, afterGaps: read > from), read + next.matched <= keyPosition {
                    read += next.matched
                    at = next.end
                }
                guard read == keyPosition, at < limit else { continue }
                repeats.append(at)
            }
        }
    }

    /// How many of the key's characters from `keyPosition` on the character at `index` reads
    /// as (`run`'s comparison), and its length in bytes; nil where it reads as none.
    private static func keyStep(of key: [UInt8], at keyPosition: Int, from position: Int, in bytes: [UInt8], at index: Int,
                                json: Bool) -> (matched: Int, length: Int)? {
        guard index < bytes.count else { return nil }
        let byte = bytes[index]
        // An ASCII character reads as itself in either case, and as nothing else.
        if byte < 0x80, !(json && byte == UInt8(ascii: "\\")) {
            return lowercased(byte) == key[keyPosition] ? (1, 1) : nil
        }
        guard let (folds, length) = folded(bytes, at: index, json: json) else { return nil }
        let rest = key.count - keyPosition
        if length <= rest, bytes[index..<(index + length)].elementsEqual(key[keyPosition..<(keyPosition + length)]) {
            return (length, length)
        } else if let folded = folds.first(where: { !$0.isEmpty && $0.count <= rest && $0.elementsEqual(key[keyPosition..<(keyPosition + $0.count)]) }) {
            return (folded.count, length)
        } else if position == 0, let matched = folds.lazy.compactMap({ overlap(of: $0, with: key, at: keyPosition) }).first {
            return (matched, length)
        }
        return nil
    }

    static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// The length of a gap character at `index` (as UTF-8 or, with `json`, a `\u` escape), or nil. A
    /// long key's copy may hold any run of gaps and hidden characters between any two of its
    /// characters, each two independently: spaced out ("S E K R I T", with a space, a no-break,
    /// ideographic, thin or hair space, or any character the names fold as a gap:
    /// `LocationValidation.isBlank`), in groups ("SEK RIT", "SE KR IT") or with two kinds of
    /// gap taking turns, it reads as the key as plainly as a copy split by a line break does,
    /// however wide the gaps. Ordinary text holds no `partLength` of a random key's characters
    /// in order, whatever spaces stand between them. A short key's copy has no gaps: spaced
    /// out, it is a list ("a b c d").
    private static func gap(in bytes: [UInt8], at index: Int, json: Bool) -> Int? {
        guard let (value, length) = written(bytes, at: index, json: json), let scalar = Unicode.Scalar(value),
              LocationValidation.isBlank(scalar) else { return nil }
        return length
    }

    /// How many of the key's characters a character that folds to several covers where only
    /// part of its fold is the key: its start ends the key ("…D1ﬁ" for a key ending "D1f"), or
    /// its end starts the key ("㏅…" for a key starting "d"), or nil. The key read with a
    /// letter more is still the key.
    private static func overlap(of folded: [UInt8], with key: [UInt8], at position: Int) -> Int? {
        guard folded.count > 1 else { return nil }
        let rest = key.count - position
        if folded.count > rest, folded.starts(with: key[position...]) { return rest }
        guard position == 0 else { return nil }
        for start in 1..<folded.count where key.starts(with: folded[start...]) { return folded.count - start }
        return nil
    }

    /// The length of a character that folds to nothing (a combining mark, as in a key written
    /// decomposed, "Z\u{301}q7…"), or nil.
    private static func foldedAway(in bytes: [UInt8], at index: Int, json: Bool) -> Int? {
        guard bytes[index] >= 0x80 || (json && bytes[index] == UInt8(ascii: "\\")), let (folds, length) = folded(bytes, at: index, json: json),
              folds == [[]] else { return nil }
        return length
    }

    /// The character at `index` folded (`keyFolds`: each of its readings), and its length in
    /// bytes; nil when it has no fold or is not a whole character.
    private static func folded(_ bytes: [UInt8], at index: Int, json: Bool) -> (folds: [[UInt8]], length: Int)? {
        guard let (value, length) = written(bytes, at: index, json: json) else { return nil }
        return keyFolds(value).map { ($0, length) }
    }

    /// The scalar written at `index` as an ASCII byte, a UTF-8 sequence or, with `json`, a `\u`
    /// escape (a surrogate pair included), and its length in bytes; nil where no whole
    /// character starts (with `json`, a backslash that starts no `\u` escape included).
    static func written(_ bytes: [UInt8], at index: Int, json: Bool) -> (value: UInt32, length: Int)? {
        let byte = bytes[index]
        if json, byte == UInt8(ascii: "\\") {
            guard let unit = unicodeEscape(bytes, at: index) else { return nil }
            if (0xD800...0xDBFF).contains(unit), let low = unicodeEscape(bytes, at: index + 6), (0xDC00...0xDFFF).contains(low) {
                return (0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), 12)
            }
            return (unit, 6)
        }
        if byte < 0x80 { return (UInt32(byte), 1) }
        let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= bytes.count else { return nil }
        var value = UInt32(byte) & (0xFF >> (length + 1))
        for continuation in bytes[(index + 1)..<(index + length)] {
            guard continuation & 0xC0 == 0x80 else { return nil }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        return (value, length)
    }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    /// The length of the character at `index` when `strippingControlCharacters` removes it
    /// (a control character with the rest of its escape sequence, a bidirectional control, an
    /// invisible one, a variation selector) or turns it into a space (a tab, a line break, U+2028, U+2029: the key split by one is
    /// still read as the key), written as UTF-8 or, with `json`, as a JSON escape (`\u200b`, a
    /// surrogate pair, `\b`, `\n`); nil for any other.
    private static func hidden(in bytes: [UInt8], at index: Int, readBy reader: EscapeSequence.Reader, json: Bool) -> Int? {
        func isHidden(_ value: UInt32) -> Bool {
            guard let scalar = Unicode.Scalar(value) else { return false }
            return scalar.isTerminalControl || scalar.isInvisible || scalar.isVariationSelector
        }
        if json, bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, "bfnrt".utf8.contains(bytes[index + 1]) { return 2 }
        guard let (value, length) = written(bytes, at: index, json: json), isHidden(value) else { return nil }
        // An escape sequence goes whole (`ESC [ 0 m`), its characters after the introducer read
        // as the decoder reads them and the sanitiser walks them: `\u0007` is the BEL that ends
        // an OSC. Read as bytes, the OSC of a JSON body would run on past it, and a key split
        // by such sequences would be whole only once a decoded text was stripped.
        // The character last read (`offset` after the introducer) and where it ends: the
        // sequence is read forwards, a character at a time, and a screen has many of them.
        let first = index + length
        var read = (offset: -1, end: first, value: UInt32(0))
        func character(_ offset: Int) -> UInt32? {
            if offset < read.offset { read = (-1, first, 0) }
            while read.offset < offset {
                guard read.end < bytes.count else { return nil }
                let (value, length) = decoded(bytes, at: read.end, json: json)
                read = (read.offset + 1, read.end + length, value)
            }
            return read.value
        }
        let count = EscapeSequence.length(after: value, readBy: reader, character)
        guard count > 0 else { return length }
        _ = character(count - 1)
        return read.end - index
    }

    /// The character at `index` as a JSON string's decoder reads it (a `\u` escape, `\n`,
    /// `\"`, UTF-8) and its length in bytes; a lone backslash as itself, and a byte that
    /// starts no character as the decoder's U+FFFD. Without `json`, as it is written.
    private static func decoded(_ bytes: [UInt8], at index: Int, json: Bool) -> (value: UInt32, length: Int) {
        guard json else { return written(bytes, at: index, json: false) ?? (0xFFFD, 1) }
        if let written = written(bytes, at: index, json: true) ?? shortEscape(bytes, at: index) { return written }
        return (bytes[index] == UInt8(ascii: "\\") ? UInt32(bytes[index]) : 0xFFFD, 1)
    }

    /// A JSON string's escape of two characters at `index` (`\n`, `\"`, `\\`, `\/`) and the
    /// character it stands for; nil for anything else (`\u` escapes are `written`'s).
    static func shortEscape(_ bytes: [UInt8], at index: Int) -> (value: UInt32, length: Int)? {
        guard bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count else { return nil }
        switch bytes[index + 1] {
        case UInt8(ascii: "b"): return (0x08, 2)
        case UInt8(ascii: "f"): return (0x0C, 2)
        case UInt8(ascii: "n"): return (0x0A, 2)
        case UInt8(ascii: "r"): return (0x0D, 2)
        case UInt8(ascii: "t"): return (0x09, 2)
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return (UInt32(bytes[index + 1]), 2)
        default: return nil
        }
    }

    /// Whether `part`, a copy's part in the first (or, `atEnd`, the last) of the strings it
    /// runs across, is a piece of `pieceLength` characters or more, or starts (ends) a word
    /// of its string: no letter or digit is right before (after) it.
    static func wholeOrPiece(_ bytes: [UInt8], _ part: Range<Int>, json: Bool, atEnd: Bool) -> Bool {
        var characters = 0
        var index = part.lowerBound
        while index < part.upperBound, characters < pieceLength {
            let (value, length) = decoded(bytes, at: index, json: json)
            if let scalar = Unicode.Scalar(value), isWordCharacter(scalar) { characters += 1 }
            index += max(1, length)
        }
        guard characters < pieceLength else { return true }
        if atEnd {
            guard part.upperBound < bytes.count, bytes[part.upperBound] != UInt8(ascii: "\"") else { return true }
            let (value, _) = decoded(bytes, at: part.upperBound, json: json)
            return !(Unicode.Scalar(value).map(isWordCharacter) ?? false)
        }
        // The character before: back over a UTF-8 sequence's continuation bytes, or a `\u` escape.
        var before = part.lowerBound - 1
        guard before >= 0, bytes[before] != UInt8(ascii: "\"") else { return true }
        while before > 0, bytes[before] & 0xC0 == 0x80 { before -= 1 }
        if json, before >= 5, bytes[before - 5] == UInt8(ascii: "\\"), unicodeEscape(bytes, at: before - 5) != nil { before -= 5 }
        let (value, _) = decoded(bytes, at: before, json: json)
        return !(Unicode.Scalar(value).map(isWordCharacter) ?? false)
    }

    /// A letter or a digit, of any script.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? isASCIILetterOrDigit(UInt8(scalar.value)) : scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// A long key always; a short one only with no letter or digit right before or after it.
    private static func standsAlone(_ key: [UInt8], _ bytes: [UInt8], _ start: Int, _ end: Int) -> Bool {
        guard key.count < shortLength else { return true }
        func isWordByte(_ byte: UInt8) -> Bool {
            byte >= 0x80 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
        }
        return !(start > 0 && isWordByte(bytes[start - 1])) && !(end < bytes.count && isWordByte(bytes[end]))
    }
}
