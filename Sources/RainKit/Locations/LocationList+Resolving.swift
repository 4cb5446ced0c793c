import FoundationEssentials

extension LocationList {
    /// What each LOC means (see `resolve(_:)`), worked out for any number of LOCs in one pass over
    /// the places (and a second over the names outside ASCII, when a LOC may name one of them
    /// without its accents): a batch of 100 LOCs costs about what one does.
    func matches(for references: [String]) -> [Result<Location, LocationsError>] {
        var searches = references.map(Search.init)
        for index in searches.indices where searches[index].needle.isEmpty {
            searches[index].outcome = .failure(.unknown(reference: references[index]))
        }
        findExactIDs(&searches)
        if searches.contains(where: { $0.outcome == nil }) {
            findPrefixesAndNames(&searches)
        }
        return searches.indices.map { index in
            searches[index].outcome ?? searches[index].choice(in: locations, reference: references[index])
        }
    }

    /// One LOC and the places it names in each way, as indices into `locations` in list order.
    private struct Search {
        /// Trimmed, in the form names are matched in (`LocationValidation.matchingForm`).
        let needle: String
        let isASCII: Bool
        var byPrefix: [Int] = []
        var named: [Int] = []
        var namedWithoutAccents: [Int] = []
        /// Decided before the places were looked at (an empty LOC), or by the full ID.
        var outcome: Result<Location, LocationsError>?

        init(_ reference: String) {
            needle = LocationValidation.matchingForm(LocationValidation.foldingBlanks(reference).trimmingSpaces)
            isASCII = needle.allSatisfy(\.isASCII)
        }

        /// The full ID this LOC is, in its canonical form (the only form of some place's `idString`).
        var id: UUID? { UUID(canonical: needle) }

        /// The place at this 1-based number of a list of `count`, as an index.
        func number(in count: Int) -> Int? {
            guard let number = Int(needle), isASCII, number >= 1, number <= count else { return nil }
            return number - 1
        }

        /// The ID prefix this LOC can be (4 or more characters).
        var prefix: IDPrefix? { needle.count >= 4 ? IDPrefix(needle) : nil }

        /// The one place of all the ways this LOC names a place, or why there is none.
        func choice(in locations: [Location], reference: String) -> Result<Location, LocationsError> {
            var matches: [Location] = []
            if let number = number(in: locations.count) { matches.append(locations[number]) }
            matches += byPrefix.map { locations[$0] }.filter { !matches.contains($0) }
            let named = named.isEmpty && isASCII ? namedWithoutAccents : named
            matches += named.map { locations[$0] }.filter { !matches.contains($0) }
            switch matches.count {
            case 0:
                let problem = LocationValidation.textProblem(in: LocationValidation.withoutJoiners(reference))
                return .failure(problem ?? .unknown(reference: reference))
            case 1: return .success(matches[0])
            default: return .failure(.ambiguous(reference: reference, candidates: matches))
            }
        }
    }

    /// Settles the LOCs that are the full ID of a saved place (the first place with it), looking
    /// at places only until each is found.
    private func findExactIDs(_ searches: inout [Search]) {
        var wanted = IDPrefixTable()
        var remaining = 0
        for index in searches.indices where searches[index].outcome == nil {
            guard let id = searches[index].id else { continue }
            wanted.add(IDPrefix(id), for: index)
            remaining += 1
        }
        guard remaining > 0 else { return }
        wanted.sort()
        locations.withUnsafeBufferPointer { locations in
            for position in locations.indices {
                wanted.forEachMatch(of: locations[position].id) { index in
                    guard searches[index].outcome == nil else { return }
                    searches[index].outcome = .success(locations[position])
                    remaining -= 1
                }
                if remaining == 0 { return }
            }
        }
    }

    /// Finds the places each unsettled LOC names by an ID prefix, by name, and by name without
    /// accents.
    private func findPrefixesAndNames(_ searches: inout [Search]) {
        var prefixes = IDPrefixTable()
        var names = NameKeys()
        for index in searches.indices where searches[index].outcome == nil {
            if let prefix = searches[index].prefix { prefixes.add(prefix, for: index) }
            names.add(searches[index].needle, for: index)
        }
        prefixes.sort()
        // Names outside ASCII, lower-case: the only ones a LOC can name without their accents.
        var accented: [(position: Int, name: String)] = []
        locations.withUnsafeBufferPointer { locations in
            for position in locations.indices {
                if !prefixes.isEmpty {
                    prefixes.forEachMatch(of: locations[position].id) { searches[$0].byPrefix.append(position) }
                }
                // The word the place was looked up by names it as its name does.
                if let alias = locations[position].alias {
                    let key: String? = switch names.key(of: alias) {
                    case .ascii(let key): key
                    case .unicode(let key): key
                    }
                    for index in key.map(names.references(for:)) ?? [] { searches[index].named.append(position) }
                }
                let name: String
                switch names.key(of: locations[position].name) {
                case .ascii(let key?): name = key
                case .ascii(nil): continue
                case .unicode(let key):
                    name = key
                    accented.append((position, key))
                }
                for index in names.references(for: name) where searches[index].named.last != position {
                    searches[index].named.append(position)
                }
            }
        }
        var withoutAccents: [String: [Int]] = [:]
        for index in searches.indices where searches[index].outcome == nil && searches[index].isASCII && searches[index].named.isEmpty {
            withoutAccents[searches[index].needle, default: []].append(index)
        }
        guard !withoutAccents.isEmpty else { return }
        for (position, name) in accented {
            guard let folded = Self.withoutAccents(name), let indices = withoutAccents[folded] else { continue }
            for index in indices { searches[index].namedWithoutAccents.append(position) }
        }
    }

    /// nil when a character has no ASCII form, so such a name matches no ASCII LOC.
    private static func withoutAccents(_ name: String) -> String? {
        var folded = ""
        for character in name {
            guard let ascii = character.foldedToASCII else { return nil }
            folded += ascii
        }
        return folded
    }
}

/// The LOCs that may be names, by their text, and each place's name as the key to look them up:
/// its lower-case form. Strings compare (and hash) as canonically equivalent, so one dictionary
/// finds a LOC however its accents are encoded.
private struct NameKeys {
    private var references: [String: [Int]] = [:]
    /// While all LOCs are ASCII, one bit for each LOC's UTF-8 length (the last bit for 63 and
    /// longer) and one for its `filterHash`: an ASCII name whose bits are not both set names
    /// none of them and needs no lower-case copy (most names of a large list).
    private var lengths: UInt64 = 0
    private var filter: [UInt64]? = Array(repeating: 0, count: 64)

    mutating func add(_ needle: String, for index: Int) {
        references[needle, default: []].append(index)
        let hash = needle.utf8.withContiguousStorageIfAvailable { Self.isASCII($0) ? Self.filterHash($0) : nil } ?? nil
        if let hash {
            filter?[hash >> 6] |= 1 << (hash & 63)
            lengths |= Self.bit(forLength: needle.utf8.count)
        } else {
            filter = nil
        }
    }

    private static func bit(forLength length: Int) -> UInt64 { 1 << min(length, 63) }

    private static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.reduce(0, |) < 0x80
    }

    /// A hash in 0..<4096 of ASCII text as in lower case (FNV-1a).
    private static func filterHash(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)) &* 0x100_0000_01B3
        }
        return Int(truncatingIfNeeded: (hash ^ hash >> 32) & 4095)
    }

    func references(for name: String) -> [Int] { references[name] ?? [] }

    enum Key {
        /// The lower-case form of a name in ASCII; nil when no LOC can be it.
        case ascii(String?)
        /// The lower-case form of a name with characters outside ASCII.
        case unicode(String)
    }

    func key(of name: String) -> Key {
        let ascii = name.utf8.withContiguousStorageIfAvailable { bytes -> Key? in
            guard Self.isASCII(bytes) else { return nil }
            if let filter {
                guard lengths & Self.bit(forLength: bytes.count) != 0 else { return .ascii(nil) }
                let hash = Self.filterHash(bytes)
                guard filter[hash >> 6] & 1 << (hash & 63) != 0 else { return .ascii(nil) }
            }
            return .ascii(String(unsafeUninitializedCapacity: bytes.count) { output in
                for (index, byte) in bytes.enumerated() {
                    output[index] = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
                }
                return bytes.count
            })
        }
        if case let key?? = ascii { return key }
        return .unicode(LocationValidation.matchingForm(name))
    }
}
