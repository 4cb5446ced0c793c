import Foundation
@testable import RainKit

/// A stand-in for the real decoders: the body must be a JSON object; `latitude`, `longitude`
/// and `timezone` are read when present.
struct NetTestDecoder: ForecastDecoder {
    func decode(_ body: Data, units: UnitSystem) throws(ForecastError) -> Forecast {
        guard let object = try? JSONSerialization.jsonObject(with: body),
              let dictionary = object as? [String: Any] else {
            throw .unusableBody(reason: "not a JSON object", path: nil)
        }
        let coordinate = Coordinate(latitude: dictionary["latitude"] as? Double ?? 0,
                                    longitude: dictionary["longitude"] as? Double ?? 0)
        return Forecast(coordinate: coordinate, timeZone: dictionary["timezone"] as? String ?? "UTC", units: units)
    }
}
