import FoundationEssentials

/// The first hex digits of a location ID, as a LOC gives them (lower-case, with the dashes of
/// the canonical form where they fall), held as the ID's two 64-bit halves with the digits not
/// given cleared: a place's ID, cleared the same way, is then a dictionary key.
struct IDPrefix: Equatable {
    let digits: Int
    let high: UInt64
    let low: UInt64

    /// nil when `text` is no start of a lower-case ID in the canonical form, so that it is a
    /// prefix of no place's `idString` (a LOC outside ASCII is none either: no character outside
    /// ASCII is canonically equivalent to a hex digit or a dash).
    init?(_ text: String) {
        let utf8 = text.utf8
        guard utf8.count <= 36 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0, digits = 0
        for (position, byte) in utf8.enumerated() {
            if position == 8 || position == 13 || position == 18 || position == 23 {
                guard byte == UInt8(ascii: "-") else { return nil }
                continue
            }
            let value: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            if digits < 16 {
                high |= UInt64(value) << (60 - 4 * digits)
            } else {
                low |= UInt64(value) << (60 - 4 * (digits - 16))
            }
            digits += 1
        }
        self.digits = digits
        self.high = high
        self.low = low
    }

    /// The whole ID, all 32 digits.
    init(_ id: UUID) {
        self.init(Self.words(of: id), digits: 32)
    }

    /// The first `digits` hex digits of the ID whose halves are `words`.
    init(_ words: (high: UInt64, low: UInt64), digits: Int) {
        self.digits = digits
        high = digits >= 16 ? words.high : words.high & ~(UInt64.max >> (4 * digits))
        low = digits >= 32 ? words.low : digits <= 16 ? 0 : words.low & ~(UInt64.max >> (4 * (digits - 16)))
    }

    /// The ID's bytes as two big-endian halves: the first hex digit in the highest bits.
    static func words(of id: UUID) -> (high: UInt64, low: UInt64) {
        withUnsafeBytes(of: id.uuid) { bytes in
            (UInt64(bigEndian: bytes.loadUnaligned(as: UInt64.self)), UInt64(bigEndian: bytes.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
    }
}

/// The ID prefixes of a batch of LOCs (or whole IDs), grouped by their number of digits and
/// sorted, so that the ones a place's ID starts with are found by halving, not by comparing with
/// each or hashing the ID.
struct IDPrefixTable {
    private struct Entry {
        var prefix: IDPrefix
        var search: Int
    }

    private var groups: [[Entry]] = []
    /// One bit for the first three hex digits of each prefix (every prefix has 4 or more): an ID
    /// whose bit is clear starts with none of them.
    private var filter = [UInt64](repeating: 0, count: 64)

    var isEmpty: Bool { groups.isEmpty }

    mutating func add(_ prefix: IDPrefix, for search: Int) {
        let bit = Int(truncatingIfNeeded: prefix.high >> 52)
        filter[bit >> 6] |= 1 << (bit & 63)
        let entry = Entry(prefix: prefix, search: search)
        if let index = groups.firstIndex(where: { $0[0].prefix.digits == prefix.digits }) {
            groups[index].append(entry)
        } else {
            groups.append([entry])
        }
    }

    /// Call once all prefixes are added, before `forEachMatch`.
    mutating func sort() {
        for index in groups.indices {
            groups[index].sort { ($0.prefix.high, $0.prefix.low) < ($1.prefix.high, $1.prefix.low) }
        }
    }

    /// Whether `id` starts with one of the prefixes.
    func contains(_ id: UUID) -> Bool {
        var found = false
        forEachMatch(of: id) { _ in found = true }
        return found
    }

    /// Calls `body` with the search of every prefix `id` starts with.
    func forEachMatch(of id: UUID, _ body: (Int) -> Void) {
        let words = IDPrefix.words(of: id)
        let bit = Int(truncatingIfNeeded: words.high >> 52)
        guard filter[bit >> 6] & 1 << (bit & 63) != 0 else { return }
        for entries in groups {
            let key = IDPrefix(words, digits: entries[0].prefix.digits)
            var match = entries.partitioningIndex { ($0.prefix.high, $0.prefix.low) >= (key.high, key.low) }
            while match < entries.count, entries[match].prefix == key {
                body(entries[match].search)
                match += 1
            }
        }
    }
}
