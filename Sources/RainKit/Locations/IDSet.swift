import FoundationEssentials

/// Finds a place ID that appears twice among thousands: an open-addressing table of positions
/// in the list (four bytes a slot, so that the table touches few pages of memory), hashed from
/// the ID's two halves with a multiplication, a few instructions a place (`Set<UUID>` hashes
/// each with SipHash and keeps the IDs again).
enum IDSet {
    static func hasRepeatedID(_ locations: [Location]) -> Bool {
        guard locations.count > 1 else { return false }
        var bits = 4
        while 1 << bits < locations.count + locations.count / 2 { bits += 1 }
        let shift = UInt64(64 - bits)
        let mask = (1 << bits) - 1
        var slots = [Int32](repeating: -1, count: 1 << bits)
        return locations.withUnsafeBufferPointer { locations in
            for position in locations.indices {
                let (high, low) = IDPrefix.words(of: locations[position].id)
                var index = Int(truncatingIfNeeded: ((high ^ low &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9) >> shift)
                while slots[index] >= 0 {
                    if IDPrefix.words(of: locations[Int(slots[index])].id) == (high, low) { return true }
                    index = (index + 1) & mask
                }
                slots[index] = Int32(truncatingIfNeeded: position)
            }
            return false
        }
    }
}
