import FoundationEssentials

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

extension ForecastError {
    /// `read` applied to the JSON document in `body`; what is wrong with either (not JSON, a
    /// field of the wrong type, ...) is an unusable body naming the field.
    static func decoding<Value>(
        _ body: Data, missingMarkers: [Double] = [], _ read: (JSONValueNode) throws(JSONValueError) -> Value
    ) throws(ForecastError) -> Value {
        let document: JSONValue
        do {
            document = try JSONValue.parse(body)
        } catch {
            throw .unusableBody(reason: error.isEmpty ? "it was empty" : "not valid JSON: \(error.description)", path: nil)
        }
        var root = JSONValueNode(document)
        root.missingMarkers = missingMarkers
        do {
            return try read(root)
        } catch {
            throw .unusableBody(reason: error.reason, path: error.path)
        }
    }
}
