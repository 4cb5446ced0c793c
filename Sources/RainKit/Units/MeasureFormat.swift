/// Number formatting shared by the views: rounded, no "-0", "–" for a missing value.
package enum MeasureFormat {
    package static let missing = "–"

    package static func whole(_ value: Double?) -> String {
        guard let value, value.isFinite, abs(value) < 1e9 else { return missing }
        let rounded = value.rounded()
        return rounded == 0 ? "0" : String(Int(rounded))
    }

    /// One decimal below 10 ("3.9"), whole numbers above ("12").
    package static func short(_ value: Double?) -> String {
        guard let value, value.isFinite else { return missing }
        if abs(value) >= 10 { return whole(value) }
        let tenths = Int((value * 10).rounded())
        if tenths == 0 { return "0" }
        let sign = tenths < 0 ? "-" : "", size = abs(tenths)
        return size % 10 == 0 ? "\(sign)\(size / 10)" : "\(sign)\(size / 10).\(size % 10)"
    }

    /// An amount of rain or snow: as `short`, but one that is there never reads "0": a trace
    /// below a tenth is "<0.1" (half a millimetre in inches, "<0.1 in").
    package static func amount(_ value: Double?) -> String {
        guard let value, value.isFinite, value > 0, (value * 10).rounded() == 0 else { return short(value) }
        return "<0.1"
    }

    /// A 0...1 fraction as "53%".
    package static func percent(_ fraction: Double?) -> String {
        guard let fraction, fraction.isFinite else { return missing }
        return "\(whole(min(max(fraction, 0), 1) * 100))%"
    }
}
