extension KeyRedaction {
    /// A JSON document's strings read in document order as one text, the boundary between two
    /// of them a visible gap: a key a server cuts into strings shorter than `partLength`
    /// (`"regions": ["Zq7Kp2", "Xw9Lm4", "Rt6Vb"]`, a title and its description) is printed by
    /// `jq -r '.. | strings'` with only line breaks between its pieces, and by rain's screen
    /// with ", ", as plainly the key as one split by a line break.
    ///
    /// A boundary runs from a string's closing quote to the next value string's opening one:
    /// whitespace, punctuation, numbers, literals and member names between them are passed
    /// over (`", "x": "`, `"]}, {"t": "`, `", 12, "`). A reader of the strings (`jq -r`'s
    /// `.. | strings`, a screen that lists a title then its description) never sees those
    /// numbers and names, so they split the key no more than a line break does; a member name
    /// is no text of the answer's, and rain shows none (a copy ends with the member name it
    /// starts in). Read only in a valid document and from a copy that starts inside a string:
    /// elsewhere a quote is only a character.
    ///
    /// Asked at the end of many strings of an answer (the quick look of `cannotStartACopy`
    /// walks on across one that ends in two of the key's characters in a row), so each answer
    /// is walked about once: a member name's end is told by the colon after it, and the quote
    /// asked last is remembered.
    final class StringBoundaries {
        private let bytes: [UInt8]
        /// Where the next string's text starts after each closing quote asked about, -1 for
        /// none, where the walk there was long: a long stretch of numbers between two strings
        /// is walked once, and a short one (`", "`) taken again costs less than remembering it
        /// for each of an answer's million strings.
        private var ends: [Int: Int] = [:]
        private static let longWalk = 64
        private var last = (quote: -1, next: Int?.none)
        private var knownDocument: Bool?

        /// `isDocument`: whether `bytes` are known to be a valid JSON document (nil: not yet).
        init(_ bytes: [UInt8], isDocument: Bool?) {
            self.bytes = bytes
            knownDocument = isDocument
        }

        /// Whether the bytes are a valid JSON document, found when a copy that crosses a string's
        /// end is first found: most answers hold none, and are not parsed for it.
        var isDocument: Bool {
            if let knownDocument { return knownDocument }
            let found = (try? JSONScanner.map(bytes)) != nil
            knownDocument = found
            return found
        }

        /// Where the text of the value string after the one that `quote` closes starts, or nil
        /// where the document ends first or anything but JSON between strings follows.
        func next(after quote: Int) -> Int? {
            if last.quote == quote { return last.next }
            let found: Int?
            if let known = ends[quote] {
                found = known < 0 ? nil : known
            } else {
                let (next, walked) = Self.nextString(in: bytes, after: quote)
                found = next
                if walked > Self.longWalk { ends[quote] = found ?? -1 }
            }
            last = (quote, found)
            return found
        }

        /// `start..<end` (a copy that starts inside a string) split at each boundary it
        /// crosses: the parts of it inside strings, each to be hidden in its own string.
        func pieces(from start: Int, to end: Int) -> [Range<Int>] {
            var pieces: [Range<Int>] = []
            var pieceStart = start
            var index = start
            while index < end {
                switch bytes[index] {
                case UInt8(ascii: "\\"):
                    index += 2
                case UInt8(ascii: "\""):
                    // A copy that left its string some other way (an escape sequence read
                    // past the quote) is replaced whole, as it was found.
                    guard isDocument, let next = next(after: index), next <= end else { return [start..<end] }
                    pieces.append(pieceStart..<index)
                    pieceStart = next
                    index = next
                default:
                    index += 1
                }
            }
            pieces.append(pieceStart..<end)
            return pieces.filter { !$0.isEmpty }
        }

        /// Where the next value string's text starts (nil: none), and how far it was walked.
        private static func nextString(in bytes: [UInt8], after quote: Int) -> (next: Int?, walked: Int) {
            var index = quote + 1
            while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: ":") { return (nil, index - quote) }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let opening = index
                    guard let closing = closingQuote(in: bytes, after: opening) else { return (nil, bytes.count - quote) }
                    index = closing + 1
                    while index < bytes.count, isWhitespace(bytes[index]) { index += 1 }
                    // A member name is passed over with its colon; any other string is the next.
                    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return (opening + 1, index - quote) }
                    index += 1
                } else if isBetweenStrings[Int(byte)] {
                    index += 1
                } else {
                    return (nil, index - quote)
                }
            }
            return (nil, index - quote)
        }

        /// The quote that closes the JSON string opened at `opening`, or nil where none does.
        static func closingQuote(in bytes: [UInt8], after opening: Int) -> Int? {
            var index = opening + 1
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 2
                case UInt8(ascii: "\""): return index
                default: index += 1
                }
            }
            return nil
        }

        static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
        }

        /// The bytes of JSON outside strings: whitespace, punctuation, numbers and literals.
        private static let isBetweenStrings: [Bool] = {
            var table = [Bool](repeating: false, count: 256)
            for byte in " \n\r\t,:[]{}-+.0123456789eEtruefalsn".utf8 { table[Int(byte)] = true }
            return table
        }()
    }
}
