import FoundationEssentials

/// The IDs seen so far, to find one that appears twice among thousands: an open-addressing table
/// of the IDs' two halves with a multiplicative hash, a few instructions an ID (`Set<UUID>` hashes
/// each with SipHash).
struct IDSet {
    private var slots: [(high: UInt64, low: UInt64)]
    /// Which slots hold an ID (any value of the halves is an ID, the all-zero one too).
    private var isUsed: [Bool]
    private var count = 0
    private var shift: UInt64

    init(minimumCapacity: Int) {
        var bits = 4
        while 1 << bits < 2 * max(minimumCapacity, 1) { bits += 1 }
        slots = Array(repeating: (0, 0), count: 1 << bits)
        isUsed = Array(repeating: false, count: 1 << bits)
        shift = UInt64(64 - bits)
    }

    /// Adds `id`; false when it was there already.
    mutating func insert(_ id: UUID) -> Bool {
        insert(IDPrefix.words(of: id))
    }

    private mutating func insert(_ id: (high: UInt64, low: UInt64)) -> Bool {
        if 2 * (count + 1) > slots.count { grow() }
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: ((id.high ^ id.low &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9) >> shift)
        while isUsed[index] {
            if slots[index] == id { return false }
            index = (index + 1) & mask
        }
        slots[index] = id
        isUsed[index] = true
        count += 1
        return true
    }

    private mutating func grow() {
        let old = self
        self = IDSet(minimumCapacity: slots.count)
        for index in old.slots.indices where old.isUsed[index] {
            _ = insert(old.slots[index])
        }
    }
}
