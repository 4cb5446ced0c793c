import Glibc

extension Double {
    /// The value with exactly `digits` decimals, rounded as C's printf rounds ("%.2f").
    package func fixed(_ digits: Int) -> String {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = withVaList([self]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.\(digits)f", arguments)
        }
        guard count >= 0, Int(count) < buffer.count else { return String(self) }
        return String(decoding: buffer[..<Int(count)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The whole part of a value in 0 ..< 2^63, by conversion rather than the C library's `floor`.
    package var wholePart: Double { Double(Int64(self)) }

    /// `rounded()` (halves away from zero) for a value in 0 ..< 2^52 without the C library's
    /// `round`: the value less its whole part is exact there.
    package var roundedNonNegative: Double {
        let whole = wholePart
        return self - whole >= 0.5 ? whole + 1 : whole
    }
}
