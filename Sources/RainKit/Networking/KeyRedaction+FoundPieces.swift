extension KeyRedaction {
    /// The pieces of the key found in a document's strings (`scatteredPieces`), and the
    /// chains they make.
    ///
    /// A hostile answer may hold millions of pieces (8 MB of strings, each 4 of the key's
    /// characters), but whether a piece is in a chain depends only on its kind (the key's
    /// characters it covers, and whether it starts or ends its string) and on which string
    /// holds it: a chain goes on only in another string. So the chains are found from at most
    /// `keptStrings` pieces of each kind, in different strings, a number the key's length
    /// bounds whatever the answer's; every other piece is only remembered where it is, and
    /// judged by the chains once they are known.
    struct FoundPieces {
        /// A piece at either edge of its string chains both ways: "Rain Zq7K", "Rain p2Xw" and
        /// "Zq7K Snow", "p2Xw Snow" print as plainly one after the other as "Zq7K", "p2Xw".
        struct Kind: Hashable {
            var key: Range<Int>
        }

        /// Pieces of one kind in this many strings carry every chain through that kind: two of
        /// them at least are not in the string of the longest chain they continue, so they note
        /// the longest chain on, in two strings (`ChainEnds`), and no piece of that kind in any
        /// other string can note more.
        static let keptStrings = 3

        /// One kept piece: its kind (an index into `kinds`) and its string.
        struct Kept {
            var kind: Int
            var string: Int
        }

        /// A piece found, where it is (texts are under 4 GB: answers are at most 8 MB).
        private struct Found {
            var start: UInt32
            var end: UInt32
            var string: UInt32
            var kind: UInt32
        }

        private let key: [UInt8]
        private(set) var kinds: [Kind] = []
        private var kindIndex: [Kind: Int] = [:]
        /// The strings kept of each kind.
        private var keptStringsOfKind: [[Int]] = []
        private(set) var kept: [Kept] = []
        private var found: [Found] = []

        init(key: [UInt8]) {
            self.key = key
        }

        /// How many pieces were found.
        var count: Int { found.count }

        mutating func note(_ kind: Kind, text: Range<Int>, string: Int) {
            let index: Int
            if let known = kindIndex[kind] {
                index = known
            } else {
                index = kinds.count
                kinds.append(kind)
                kindIndex[kind] = index
                keptStringsOfKind.append([])
            }
            if keptStringsOfKind[index].count < Self.keptStrings, !keptStringsOfKind[index].contains(string) {
                keptStringsOfKind[index].append(string)
                kept.append(Kept(kind: index, string: string))
            }
            found.append(Found(start: UInt32(text.lowerBound), end: UInt32(text.upperBound), string: UInt32(string), kind: UInt32(index)))
        }

        /// Each piece's text in a chain of two pieces or more that covers `partLength` of the
        /// key's characters in a row, each next to the next in the key or starting inside it,
        /// from different strings.
        func chainedTexts() -> [Range<Int>] {
            // The longest chains ending at each place in the key, found from the kept pieces in
            // order of where they start in the key (a chain that ends where one starts, or
            // inside it, is found first, but for one that starts later and ends inside it: what
            // that one adds, the piece covers itself); and those starting at each place.
            var endingAt = ChainEnds(places: key.count + 1)
            for piece in kept.sorted(by: { kinds[$0.kind].key.lowerBound < kinds[$1.kind].key.lowerBound }) {
                let kind = kinds[piece.kind]
                endingAt.note(longest(endingAt, kind, piece.string, before: true), at: kind.key.upperBound, string: piece.string)
            }
            var startingAt = ChainEnds(places: key.count + 1)
            for piece in kept.sorted(by: { kinds[$0.kind].key.upperBound > kinds[$1.kind].key.upperBound }) {
                let kind = kinds[piece.kind]
                startingAt.note(longest(startingAt, kind, piece.string, before: false), at: kind.key.lowerBound, string: piece.string)
            }
            let nearest = copiesNearParts()
            return found.compactMap { piece in
                let kind = kinds[Int(piece.kind)], string = Int(piece.string)
                let before = longest(endingAt, kind, string, before: true), after = longest(startingAt, kind, string, before: false)
                let covered = (kind.key.upperBound - before)..<(kind.key.lowerBound + after)
                guard covered.count > kind.key.count, covered.count >= partLength, isVaried(key[covered]) else { return nil }
                if let strings = nearest[Int(piece.kind)], !strings.contains(string) { return nil }
                return Int(piece.start)..<Int(piece.end)
            }
        }

        /// A chain needs one piece next to the rest of the key, not every copy of it: a key
        /// starting "rain" and a summary holding the rest made every hour's summary "Rain" a
        /// piece. So a short piece whose only neighbours in the key are parts of `partLength`
        /// or more (hidden on their own, wherever they are), and that overlaps no other short
        /// piece, is hidden only in the strings nearest (in the document) to a string that
        /// holds such a part; its other copies show no more of the key than the piece itself,
        /// which no other shown piece continues. Where a short piece continues it, every copy
        /// is hidden, as before: copies left there could be read on from one to the next.
        /// Each such kind of piece, and the strings of its copies to hide.
        private func copiesNearParts() -> [Int: Set<Int>] {
            let places = key.count + 1
            var shortEnding = [Bool](repeating: false, count: places), shortStarting = shortEnding
            var covering = [Int](repeating: 0, count: key.count)
            for range in Set(kinds.filter { $0.key.count < partLength }.map(\.key)) {
                for place in range { covering[place] += 1 }
            }
            for kind in kinds where kind.key.count < partLength {
                shortEnding[kind.key.upperBound] = true
                shortStarting[kind.key.lowerBound] = true
            }
            var alone: [Int] = []
            for (index, kind) in kinds.enumerated() where kind.key.count < partLength {
                guard !shortEnding[kind.key.lowerBound], !shortStarting[kind.key.upperBound],
                      kind.key.allSatisfy({ covering[$0] == 1 }) else { continue }
                alone.append(index)
            }
            guard !alone.isEmpty else { return [:] }
            // The strings of each place's long parts (ending there, starting there), and of
            // each lone kind's copies, in document order.
            var longEnding = [[Int]](repeating: [], count: places), longStarting = longEnding
            var copies = [Int: [Int]](uniqueKeysWithValues: alone.map { ($0, []) })
            for piece in found {
                let kind = kinds[Int(piece.kind)], string = Int(piece.string)
                if kind.key.count >= partLength {
                    if longEnding[kind.key.upperBound].last != string { longEnding[kind.key.upperBound].append(string) }
                    if longStarting[kind.key.lowerBound].last != string { longStarting[kind.key.lowerBound].append(string) }
                } else if copies[Int(piece.kind)]?.last != string, copies[Int(piece.kind)] != nil {
                    copies[Int(piece.kind)]?.append(string)
                }
            }
            var nearest: [Int: Set<Int>] = [:]
            for index in alone {
                let kind = kinds[index], strings = copies[index] ?? []
                var near = Set<Int>()
                let overlaps = 0..<kind.key.count
                let parts = overlaps.flatMap { longEnding[kind.key.lowerBound + $0] } + overlaps.flatMap { longStarting[kind.key.upperBound - $0] }
                for part in parts {
                    // The nearest copy before the part's string and after it, the closer of
                    // the two (both where they are as near).
                    let low = strings.partitioningIndex { $0 >= part }
                    let before = low > 0 ? strings[low - 1] : nil
                    var afterIndex = low
                    if afterIndex < strings.count, strings[afterIndex] == part { afterIndex += 1 }
                    let after = afterIndex < strings.count ? strings[afterIndex] : nil
                    let distances = [before.map { part - $0 }, after.map { $0 - part }]
                    guard let closest = distances.compactMap({ $0 }).min() else { continue }
                    if let before, part - before == closest { near.insert(before) }
                    if let after, after - part == closest { near.insert(after) }
                }
                nearest[index] = near
            }
            return nearest
        }

        /// The most of the key a chain covers up to a piece of `kind` in `string` (itself
        /// included), or from it on. The piece goes on from a chain that ends where it starts
        /// in the key or anywhere inside it ("Zq7Kp", "p2Xw9"; "Zq7Kp2", "Kp2Xw9": a server's
        /// pieces that overlap read as plainly as the key), with a character of its own more.
        private func longest(_ chains: ChainEnds, _ kind: Kind, _ string: Int, before: Bool) -> Int {
            var most = kind.key.count
            for overlap in 0..<kind.key.count {
                let place = before ? kind.key.lowerBound + overlap : kind.key.upperBound - overlap
                guard let longest = chains.longest(at: place, besides: string) else { continue }
                most = max(most, longest + kind.key.count - overlap)
            }
            return most
        }
    }

    /// The longest chains that end (or start) at each place in the key, so that a piece finds
    /// the longest one it continues without reading every other piece: the longest of all,
    /// and the longest of the strings but that one's (a chain goes on in another string).
    private struct ChainEnds {
        private var longest: [(length: Int, string: Int, otherStrings: Int)]

        init(places: Int) {
            longest = Array(repeating: (0, -1, 0), count: places)
        }

        mutating func note(_ length: Int, at place: Int, string: Int) {
            let known = longest[place]
            if known.length == 0 {
                longest[place] = (length, string, 0)
            } else if string == known.string {
                longest[place].length = max(known.length, length)
            } else if length > known.length {
                longest[place] = (length, string, known.length)
            } else {
                longest[place].otherStrings = max(known.otherStrings, length)
            }
        }

        /// The longest chain at `place` in a string other than `string`, if any.
        func longest(at place: Int, besides string: Int) -> Int? {
            let known = longest[place]
            let length = known.string == string ? known.otherStrings : known.length
            return length > 0 ? length : nil
        }
    }
}
