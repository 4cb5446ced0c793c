import Foundation

/// Turns a provider's response body into a `Forecast`.
public protocol ForecastDecoder: Sendable {
    /// - Throws: `ForecastError.unusableBody` naming the reason and the field path.
    func decode(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast
}

extension Provider {
    /// The decoder for this provider's answers.
    public var decoder: any ForecastDecoder {
        switch self {
        case .darkSky: return DarkSkyDecoder()
        case .openMeteo: return OpenMeteoDecoder()
        }
    }
}
