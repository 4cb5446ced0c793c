/// A cache written before each alert named its `source` still works: its alerts are read as
/// the rain that wrote it told a feed's from the provider's, by their form (the only reading of
/// that form left), and the place's next refresh writes them with their source.
extension ForecastDocument {
    /// `alerts`, each without a `source` given the feed its form says.
    static let alertsField: JSONField<CachedForecast>.Value = {
        let list = JSONField<CachedForecast>.Value.list({ $0.forecast.alerts }, { $0.forecast.alerts = $1 },
                                                         ForecastFields.rain.alert, Forecast.Alert(title: ""))
        return .init(requirement: .optional, read: { model, node, reading throws(JSONError) in
            _ = try list.read(&model, node, &reading)
            guard !node.isNull else { return true }
            let unmarked = try node.elements { element throws(JSONError) in try element.member("source") == nil }
            for index in unmarked.indices where unmarked[index] {
                model.forecast.alerts[index].feed = model.forecast.alerts[index].feedBeforeMarks
            }
            return true
        }, written: list.written)
    }()
}

extension Forecast.Alert {
    /// The feed that gave this alert of a cache written before alerts were marked, as that rain
    /// knew it: MET's by its CAP identifier, which starts with MET's WMO organisation ID
    /// (metno/weatherapi-docs `doc/metalerts/CAP-v2-profile.md`, `<identifier>`; the same file
    /// asks that the identifier not be read for anything but the message's identity, hence the
    /// marks), the NWS's by its URL under the alerts endpoint with the US's CAP OID
    /// (weather-gov/api `assets/openapi.yaml`, `AlertId`).
    fileprivate var feedBeforeMarks: AlertSource? {
        if id?.hasPrefix("2.49.0.1.578.0.") == true { return .metAlerts }
        if uri?.hasPrefix("https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.") == true { return .nws }
        return nil
    }
}
