extension JSONField.Value {
    /// Who gave an alert (`Forecast.Alert.feed`): a feed's name (`AlertSource`), or "provider"
    /// for the forecast provider's own; always written, so that an alert without it is one of
    /// a cache written before alerts were marked (`ForecastDocument.alertsField`). A name this
    /// rain does not know (a later rain's feed) reads as the provider's.
    static func alertSource(_ get: @escaping Get<AlertSource?>, _ set: @escaping Set<AlertSource?>) -> Self {
        Self(requirement: .optional, read: { model, node, _ throws(JSONError) in
            set(&model, try node.string().flatMap(AlertSource.init(rawValue:)))
            return true
        }, written: { .text(get($0)?.rawValue ?? "provider") })
    }
}
