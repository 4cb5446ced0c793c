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
}
