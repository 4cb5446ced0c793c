import Foundation

/// A cached forecast as text for the terminal: the place and its local time, the data's age,
/// conditions now, the next hour, the next hours, the next days on one temperature scale,
/// and active alerts. Lays out for at least 80 columns and uses more when given more; no line
/// is wider than `width`, unless `cutsLines` is off (output that is not a terminal: cron mail
/// keeps an alert's end and a day's whole summary). Every string from the network is stripped
/// of control characters.
public struct ForecastView: Sendable {
    public var width: Int
    public var usesColor: Bool
    /// The moment the view is for: ages, "local time there", which hours and days are ahead.
    public var now: Date
    /// Whether lines are cut to `width`; when not, long text is wrapped or left whole.
    public var cutsLines: Bool

    /// Layouts are designed for this many columns; narrower widths cut lines.
    public static let layoutWidth = 80

    public init(width: Int = 80, usesColor: Bool = false, now: Date = Date(), cutsLines: Bool = true) {
        self.width = width
        self.usesColor = usesColor
        self.now = now
        self.cutsLines = cutsLines
    }

    public func render(_ cached: CachedForecast) -> String {
        let context = ForecastViewContext(cached: cached, width: max(width, Self.layoutWidth), usesColor: usesColor, now: now,
                                          cutsLines: cutsLines)
        let sections = [context.header(), context.currentSection(), context.hoursSection(),
                        context.daysSection(), context.alertsSection()]
        var lines: [String] = []
        for section in sections where !section.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines += section
        }
        return lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return cutsLines ? line.truncated(toDisplayWidth: max(width, 1)) : line
        }.joined(separator: "\n") + "\n"
    }
}

/// What every section needs; one per render.
struct ForecastViewContext {
    let forecast: Forecast
    let location: Location
    let fetchedAt: Date
    let width: Int
    let style: TextStyle
    let now: Date
    let clock: LocalClock
    let labels: UnitLabels
    let cutsLines: Bool

    init(cached: CachedForecast, width: Int, usesColor: Bool, now: Date, cutsLines: Bool = true) {
        forecast = cached.forecast
        location = cached.location
        fetchedAt = cached.fetchedAt
        self.width = width
        style = TextStyle(usesColor: usesColor)
        self.now = now
        clock = LocalClock(timeZoneIdentifier: cached.forecast.timeZone, units: cached.forecast.units)
        labels = UnitLabels(cached.forecast.units)
        self.cutsLines = cutsLines
    }

    /// `text` cut to `width` columns, or whole when lines are not cut.
    func cut(_ text: String, toDisplayWidth width: Int) -> String {
        cutsLines ? text.truncated(toDisplayWidth: width) : text
    }

    /// "24 °C" (or "–").
    func temperature(_ value: Double?) -> String {
        guard value != nil else { return MeasureFormat.missing }
        return style.temperature("\(MeasureFormat.whole(value)) \(labels.temperature)", celsius: forecast.units.celsius(value))
    }

    /// "24°" for columns.
    func shortTemperature(_ value: Double?) -> String {
        guard value != nil else { return MeasureFormat.missing }
        return "\(MeasureFormat.whole(value))°"
    }

    func colored(_ text: String, celsius value: Double?) -> String {
        style.temperature(text, celsius: forecast.units.celsius(value))
    }

    /// A line with `left` at the start and `right` flush with the right edge; `left` is cut to fit.
    func spread(_ left: String, _ right: String) -> String {
        let room = width - right.displayWidth - 2
        let cut = self.cut(left, toDisplayWidth: max(room, 1))
        return cut + String(repeating: " ", count: max(2, width - cut.displayWidth - right.displayWidth)) + right
    }
}
