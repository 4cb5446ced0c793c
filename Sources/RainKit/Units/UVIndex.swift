import FoundationEssentials

/// The UV index as a forecast reads it: a value no sky can give (below zero, not finite, above
/// `highest`) is missing, as the air's impossible readings are (`AirQualityDecoder`).
enum UVIndex {
    /// The highest ever measured is 43.3 (Licancabur, Bolivia, at 5,900 m, December 2003);
    /// at sea level the tropics reach about 20.
    static let highest = 50.0

    static func plausible(_ value: Double?) -> Double? {
        value.flatMap { $0 >= 0 && $0 <= highest ? $0 : nil }
    }
}
