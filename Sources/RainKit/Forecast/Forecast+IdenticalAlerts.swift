/// Identical alerts are one: a feed may send one alert several times in one answer (the NWS
/// for a point in zones that each have their own message of it, weather-gov/weather.gov issue
/// 1321: "multiple products in effect for the same geographic area set to expire at the same
/// time"; one message twice; re-issues naming each other), and a person would be told the same
/// words as often. Alerts are identical when their title, severity and end are as a person
/// reads them (`Alert.sameness`), whatever their ids, areas, starts or texts.
extension Forecast {
    /// This forecast with each set of identical alerts as the first of them, in the order they
    /// came: it covers all their regions, replaces all the messages they replace, and names the
    /// others (`Alert.sameAs`), so that telling it counts as telling each of them.
    func mergingIdenticalAlerts() -> Forecast {
        var forecast = self
        var groups: [IdenticalAlerts] = []
        var position: [String: Int] = [:]
        for alert in alerts {
            guard let index = position[alert.sameness] else {
                position[alert.sameness] = groups.count
                groups.append(IdenticalAlerts(alert))
                continue
            }
            groups[index].absorb(alert)
        }
        forecast.alerts = groups.map(\.alert)
        return forecast
    }
}

extension Forecast.Alert {
    /// What an identical alert shares, as a person reads it: the title as the screen cleans it
    /// (`screenSafe`: no control characters, spaces as one, none at either end; here any blank
    /// counts as a space, as a no-break space reads as one), the severity in any case and
    /// width ("warning", "Warning", "WARNING", the fullwidth "ｗａｒｎｉｎｇ"; a notification
    /// does not show it), the end to the minute (the screens and notifications
    /// show no seconds). Also what `rain notify` knows a re-issue under a new id or link by
    /// (`NotifyEvent.shownAs`).
    var sameness: String {
        let blanksAsOne = { (text: String) in text.strippingControlCharacters.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let end = expires.map { "\(($0.timeIntervalSince1970 / 60).rounded(.down))" } ?? "-"
        return [blanksAsOne(title), Self.narrowed(blanksAsOne(severity ?? "")).lowercased(), end].joined(separator: "|")
    }

    /// `text` with the fullwidth forms of ASCII (U+FF01-FF5E, "ＷＡＲＮＩＮＧ") as ASCII.
    private static func narrowed(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append((0xFF01...0xFF5E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0)! : scalar)
        }
        return String(scalars)
    }

    /// What `rain notify` knows a message by, with its title, severity and end (`alertIdentity`):
    /// what stays the same across its re-issues (MET's series), else its own id or link.
    var seriesKey: String { series ?? id ?? uri ?? "" }
}

/// The first of a set of identical alerts, taking in the others (sets beside the lists, since
/// a hostile feed may send thousands of one alert).
private struct IdenticalAlerts {
    private(set) var alert: Forecast.Alert
    private var regions: Set<String>
    private var references: Set<String>
    private var keys: Set<String>

    init(_ alert: Forecast.Alert) {
        self.alert = alert
        regions = Set(alert.regions)
        references = Set(alert.references)
        keys = Set([alert.seriesKey] + alert.sameAs)
    }

    /// Takes in `other`, an identical alert: its regions, the messages it replaces, and its
    /// own key and those it stood for.
    mutating func absorb(_ other: Forecast.Alert) {
        for region in other.regions where regions.insert(region).inserted { alert.regions.append(region) }
        for reference in other.references where references.insert(reference).inserted { alert.references.append(reference) }
        for key in [other.seriesKey] + other.sameAs where keys.insert(key).inserted { alert.sameAs.append(key) }
    }
}
