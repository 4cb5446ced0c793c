import Foundation

/// Deterministic pseudo-random numbers keyed by a place (coordinates rounded to 0.001°) and
/// by a salt and an index, so every value is a pure function of where and when.
struct Seed: Sendable {
    let value: UInt64

    init(latitude: Double, longitude: Double) {
        let a = UInt64(bitPattern: Int64((latitude * 1000).rounded()))
        let b = UInt64(bitPattern: Int64((longitude * 1000).rounded()))
        value = Self.mix(a &* 0x9E37_79B9_7F4A_7C15 ^ Self.mix(b &+ 0x632B_E59B_D9B4_E019))
    }

    /// A number in 0..<1 for this place, `salt` and `index`.
    func unit(_ salt: UInt64, _ index: Int64 = 0) -> Double {
        let bits = Self.mix(value ^ Self.mix(salt &* 0xD1B5_4A32_D192_ED03 ^ UInt64(bitPattern: index)))
        return Double(bits >> 11) / Double(UInt64(1) << 53)
    }

    /// A smooth value in -1...1 that changes over `period` (same unit as `position`).
    func smooth(_ salt: UInt64, at position: Double, period: Double) -> Double {
        let scaled = position / period
        let knot = scaled.rounded(.down)
        let fraction = scaled - knot
        let v0 = unit(salt, Int64(knot)) * 2 - 1
        let v1 = unit(salt, Int64(knot) + 1) * 2 - 1
        let weight = (1 - cos(fraction * Double.pi)) / 2
        return v0 + (v1 - v0) * weight
    }

    /// SplitMix64's finaliser.
    static func mix(_ input: UInt64) -> UInt64 {
        var z = input &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
