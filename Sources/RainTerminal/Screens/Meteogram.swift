import FoundationEssentials
import RainKit

/// `rain show --graph`: the hours ahead on one time axis as wide as the terminal. A temperature
/// line in braille dots (2x4 a cell) with the feels-like temperature as a dotted line, the y-axis
/// at round values; precipitation as bars shaded by probability, with their scale; rows of wind,
/// UV and (where the forecast has the air) the air-quality index in the place's scale; a time axis with night dotted (and dimmed in colour), now marked, day separators with
/// the day's name and hour labels on the place's clock; a legend. `ascii` draws with ASCII only
/// at the same width; without colour the shades of the bars are patterns. The compact form (the
/// default screen's) is five lines, as many as the hours' numbers it stands in for: the title,
/// the temperature line in two rows, one row of bars standing on the time axis, the hours.
public struct Meteogram: Sendable {
    public var width: Int
    public var usesColor: Bool
    public var ascii: Bool
    public var now: Date
    /// How many hours the axis spans (at most what the forecast has from now on).
    public var hours: Int
    public var isCompact: Bool

    /// The language, units and clock of the graph.
    public var presentation = Presentation()
    public static let minimumWidth = 60
    /// The y-axis labels and the rows' names, then the axis.
    static let gutter = 6

    public init(width: Int, usesColor: Bool = false, ascii: Bool = false, now: Date = Date(), hours: Int = 48,
                isCompact: Bool = false) {
        self.width = width
        self.usesColor = usesColor
        self.ascii = ascii
        self.now = now
        self.hours = hours
        self.isCompact = isCompact
    }

    /// The graph's lines, none wider than `width`; empty when there are fewer than two hours ahead
    /// or fewer than `minimumWidth` columns.
    public func lines(_ cached: CachedForecast) -> [String] {
        let format = presentation.format(cached.forecast)
        let points = Array(ForecastView.hoursAhead(in: cached.forecast, now: now).prefix(max(hours, 2))).map(format.shown)
        guard width >= Self.minimumWidth, points.count >= 2,
              points.contains(where: { $0.temperature?.isFinite == true }) else { return [] }
        var plot = MeteogramPlot(forecast: cached.forecast, points: points, columns: width - Self.gutter,
                                 style: TextStyle(usesColor: usesColor), ascii: ascii, now: now, isCompact: isCompact,
                                 presentation: presentation)
        if let spread = cached.spread {
            plot.spreadHours = Dictionary(spread.hourly.map { ($0.time, $0) }, uniquingKeysWith: { first, _ in first })
            plot.spreadRuns = (spread.model, spread.members)
        }
        return plot.lines().map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}

/// One drawing of the graph: the time axis mapped onto `columns`.
struct MeteogramPlot {
    let forecast: Forecast
    let points: [Forecast.Hour]
    let columns: Int
    let style: TextStyle
    let ascii: Bool
    let now: Date
    let isCompact: Bool
    let clock: LocalClock
    /// The index the AQI row is in.
    let airQualityScale: AirQualityScale
    /// The points are in its units already (`UnitFormat.shown`).
    let format: UnitFormat
    let start: Date
    let span: TimeInterval
    /// The ensemble's hours by their time (`--spread`): the band and the bars' shades.
    var spreadHours: [Date: ForecastSpread.Hour] = [:]
    /// The ensemble's model (its id) and runs, which the legend names.
    var spreadRuns: (model: String, members: Int)?

    init(forecast: Forecast, points: [Forecast.Hour], columns: Int, style: TextStyle, ascii: Bool, now: Date, isCompact: Bool,
         presentation: Presentation) {
        self.forecast = forecast
        self.points = points
        self.columns = columns
        self.style = style
        self.ascii = ascii
        self.now = now
        self.isCompact = isCompact
        clock = presentation.clock(forecast)
        airQualityScale = presentation.airQualityScale(forecast)
        format = presentation.format(forecast)
        start = points[0].time
        span = points[points.count - 1].time.timeIntervalSince(start) + 3_600
    }

    var temperatureRows: Int { isCompact ? 2 : 6 }
    var precipitationRows: Int { isCompact ? 1 : 2 }

    /// The moment at the middle of dot column `dot` (two a cell).
    func time(atDot dot: Int) -> Date { start.addingTimeInterval((Double(dot) + 0.5) / Double(2 * columns) * span) }
    func time(atColumn column: Int) -> Date { start.addingTimeInterval((Double(column) + 0.5) / Double(columns) * span) }
    func column(of time: Date) -> Int { Int((time.timeIntervalSince(start) / span * Double(columns)).rounded(.down)) }

    /// A value of the hours at `time`, linear between them.
    func interpolated(_ value: (Forecast.Hour) -> Double?, at time: Date) -> Double? {
        let position = time.timeIntervalSince(start) / 3_600
        let index = min(max(Int(position.rounded(.down)), 0), points.count - 1)
        guard let here = value(points[index]), here.isFinite else { return nil }
        guard index + 1 < points.count, let next = value(points[index + 1]), next.isFinite else { return here }
        let fraction = min(max(position - Double(index), 0), 1)
        return here + (next - here) * fraction
    }

    /// The hour whose hour holds `time`.
    func hour(at time: Date) -> Forecast.Hour {
        points[min(max(Int((time.timeIntervalSince(start) / 3_600).rounded(.down)), 0), points.count - 1)]
    }

    /// Whether the sun is down at `time` (from the days' sunrise and sunset); day when unknown.
    /// A day with a sunrise and its sunset only after midnight (the white nights' edge) is night
    /// until the sunrise; one whose sun sets and does not rise again, night from the sunset.
    func isNight(_ time: Date) -> Bool {
        guard let day = forecast.daily.last(where: { $0.time <= time }) else { return false }
        switch (day.polar, day.sunrise, day.sunset) {
        case (.night, _, _): return true
        case (.day, _, _): return false
        case (nil, let sunrise?, let sunset?): return time < sunrise || time >= sunset
        case (nil, let sunrise?, nil): return time < sunrise
        case (nil, nil, let sunset?): return time >= sunset
        case (nil, nil, nil): return false
        }
    }

    func lines() -> [String] {
        var lines = [title()]
        lines += temperatureLines()
        // The compact form's bars stand on the axis (its now is the left edge).
        if !isCompact { lines.append(axisLine()) }
        lines += precipitationLines()
        if !isCompact {
            lines.append(windLine())
            lines.append(uvLine())
            if let air = airLine() { lines.append(air) }
        }
        lines.append(labelLine())
        if !isCompact { lines += legendLines() }
        return lines
    }

    func gutter(_ label: String, axis: String = " ") -> String {
        label.padded(toDisplayWidth: Meteogram.gutter - 1, alignment: .right) + axis
    }
}
