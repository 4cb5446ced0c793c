extension String {
    /// FNV-1a of the UTF-8 bytes: stable across runs and machines (Swift's `hashValue` is not).
    var fnv1a: UInt32 {
        utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }

    /// `fnv1a` as eight hex digits.
    var fnv1aHash: String {
        let hex = String(fnv1a, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// FNV-1a in 64 bits from `basis` (the standard offset basis unless another is given, for
    /// a second, independent hash of the same text).
    func fnv1a64(basis: UInt64 = 0xcbf2_9ce4_8422_2325) -> UInt64 {
        utf8.reduce(basis) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01B3 }
    }
}
