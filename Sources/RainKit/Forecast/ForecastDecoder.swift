import Foundation

/// Turns a provider's response body into a `Forecast`.
public protocol ForecastDecoder: Sendable {
    /// - Throws: `ForecastError.unusableBody` naming the reason and the field path.
    func decode(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast
}
