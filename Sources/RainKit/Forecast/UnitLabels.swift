/// How each unit system labels its measurements. `si`: °C, m/s, mm; `ca`: °C, km/h, mm;
/// `uk`: °C, mph, mm; `us`: °F, mph, in. (Dark Sky sends daily accumulation in cm, or in for `us`.)
public struct UnitLabels: Sendable, Equatable {
    public let temperature: String
    public let windSpeed: String
    /// The unit the view shows precipitation amounts in.
    public let precipitation: String

    public init(_ units: UnitSystem) {
        switch units {
        case .si: (temperature, windSpeed, precipitation) = ("°C", "m/s", "mm")
        case .ca: (temperature, windSpeed, precipitation) = ("°C", "km/h", "mm")
        case .uk: (temperature, windSpeed, precipitation) = ("°C", "mph", "mm")
        case .us: (temperature, windSpeed, precipitation) = ("°F", "mph", "in")
        }
    }
}

extension UnitSystem {
    /// A temperature in this system as °C, for choosing colours.
    package func celsius(_ value: Double?) -> Double? {
        guard let value else { return nil }
        return self == .us ? (value - 32) * 5 / 9 : value
    }

    /// A precipitation intensity in this system (mm/h, or in/h for `us`) as mm/h.
    package func millimetresPerHour(_ value: Double) -> Double {
        self == .us ? value * 25.4 : value
    }

    /// Daily accumulation as sent (cm, or in for `us`) in the unit `UnitLabels.precipitation` names.
    package func displayedAccumulation(_ value: Double) -> Double {
        self == .us ? value : value * 10
    }
}

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
