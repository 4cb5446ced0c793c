import FoundationEssentials
import RainKit

/// `rain show --all`: one aligned line per saved place. The current-location mark, the name,
/// the time there, now (temperature, symbol, summary), today's high and low, the highest
/// chance of precipitation (rain or snow) in the next hours, the air-quality index, and the data's age. Fits
/// `width` by leaving out the sparkline, then giving the age its compact form ("5m", untitled), then leaving
/// out the index (the age worded again where that leaves room), then cutting the
/// summary, then leaving out the summary and the local time, then cutting names, then
/// leaving out the high and low and the chance; what a column left out frees goes back.
public struct PlacesOverview: Sendable {
    public struct Place: Sendable {
        public var location: Location
        public var isCurrent: Bool
        public var forecast: CachedForecast?

        public init(location: Location, isCurrent: Bool, forecast: CachedForecast?) {
            self.location = location
            self.isCurrent = isCurrent
            self.forecast = forecast
        }
    }

    /// The hours the chance of precipitation looks ahead.
    public static let chanceHours = 6
    /// The hours the temperature sparkline spans.
    public static let sparklineHours = 24

    public var width: Int
    public var usesColor: Bool
    public var now: Date
    /// When off (output that is not a terminal), every column keeps its whole text.
    public var cutsLines: Bool
    /// The language, units and clock of the table.
    public var presentation = Presentation()
    /// A last line saying what `*` and `!` mean, for a reader at a terminal (a pipe keeps one
    /// line per place, and the data's credit under them, as their licences ask).
    public var showsLegend = false

    public init(width: Int = 80, usesColor: Bool = false, now: Date = Date(), cutsLines: Bool = true) {
        self.width = width
        self.usesColor = usesColor
        self.now = now
        self.cutsLines = cutsLines
    }

    public func render(_ places: [Place]) -> String {
        let table = lines(places)
        let credit = !(cutsLines && NarrowWindow.isTooNarrow(width)) ? creditLine(places) : nil
        return (table + legend(places, table: table) + [credit].compactMap { $0 }).joined(separator: "\n") + "\n"
    }

    /// The credit the places' data ask for (`CreditLine`), fitted to `width`; nil when none
    /// does (Pirate Weather's forecasts without the air).
    public func creditLine(_ places: [Place]) -> String? {
        CreditLine.line(names: CreditLine.names(of: places.compactMap(\.forecast)), width: cutsLines ? width : Int.max,
                        localization: presentation.localization, style: TextStyle(usesColor: usesColor))
    }

    /// What the AQI column's scale marks mean where `table` (the lines shown) has that column,
    /// on a line of its own; then "* the current location   ! a weather alert", each half only
    /// when a place is so marked.
    func legend(_ places: [Place], table: [String]) -> [String] {
        guard showsLegend, !(cutsLines && NarrowWindow.isTooNarrow(width)) else { return [] }
        let words = presentation.localization
        var parts: [String] = []
        if places.contains(where: \.isCurrent) { parts.append(words.tr("* the current location")) }
        if places.contains(where: { Row.hasAlert($0, now: now) }) { parts.append(words.tr("! a weather alert")) }
        let airTitle = words.tr("AQI")
        let air = table.first.map { $0.contains(airTitle) } == true ? words.tr("AQI: EU = European index, US = US index") : nil
        let lines = [air].compactMap { $0 } + (parts.isEmpty ? [] : [parts.joined(separator: "   ")])
        let style = TextStyle(usesColor: usesColor)
        return lines.map { style.dim(cutsLines ? $0.truncated(toDisplayWidth: width) : $0) }
    }

    /// The title row and one line per place, none wider than `width` when lines are cut (a
    /// window narrower than `NarrowWindow.minimumWidth` gets only that it is too narrow).
    public func lines(_ places: [Place]) -> [String] {
        if cutsLines && NarrowWindow.isTooNarrow(width) { return NarrowWindow.lines(width: width, localization: presentation.localization) }
        let style = TextStyle(usesColor: usesColor)
        let rows = places.map { Row($0, style: style, now: now, presentation: presentation) }
        func column(_ title: String, _ cell: (Row) -> String) -> TextTable.Column {
            TextTable.Column(title: title, cells: rows.map(cell))
        }
        let words = presentation.localization
        var name = column("  " + words.tr("Place"), \.name)
        name.minimumWidth = 10
        // A name is worth more than the summary and the local time, less than the rest.
        name.cutAfterRank = 1
        var time = column(words.tr("Local"), \.time)
        time.dropRank = 1
        var conditions = column(words.tr("Now"), \.now)
        conditions.alignment = .right
        var summary = column("", \.summary)
        summary.minimumWidth = 12
        summary.dropRank = 0
        var highLow = column(words.tr("Hi/Lo"), \.highLow)
        highLow.alignment = .right
        highLow.dropRank = 2
        var chance = column(words.tr("Precip {hours}h", ["hours": String(Self.chanceHours)]), \.chance)
        chance.alignment = .right
        chance.dropRank = 3
        var age = column(words.tr("Updated"), \.age)
        // The air-quality index now, in each place's scale (marked "EU" or "US"), where a place
        // has one; it goes right after the sparkline where the window is narrow.
        var aqi = column(words.tr("AQI"), \.aqi)
        aqi.alignment = .right
        aqi.dropRank = -1
        let airColumns = rows.contains { !$0.aqi.isEmpty } ? [aqi] : []
        // The day's shape: the first to go where the window is narrow.
        let spark = column(words.tr("Next {hours}h", ["hours": String(Self.sparklineHours)]), \.spark)
        let all = TextTable(columns: [name, time, conditions, summary, highLow, chance] + airColumns + [spark, age])
        let whole = all.render(width: nil, style: style)
        guard cutsLines else { return whole }
        // The sparkline goes before anything else is cut.
        if whole.allSatisfy({ $0.displayWidth <= width }) { return whole }
        var table = TextTable(columns: [name, time, conditions, summary, highLow, chance] + airColumns + [age])
        // The age's words matter least: "5m" (with no title, which would be wider than it)
        // before anything is cut or left out, "Springf…" above all; the index too, which went
        // at 80 columns once an age read "1 min ago" (and came back each minute in `watch`).
        let wholeAge = age
        if !table.render(width: nil, style: style).allSatisfy({ $0.displayWidth <= width }) {
            age.cells = rows.map(\.compactAge)
            age.title = ""
            table.columns[table.columns.count - 1] = age
        }
        // The index goes next, and where that leaves room, the age has its words back.
        if !airColumns.isEmpty && !table.render(width: nil, style: style).allSatisfy({ $0.displayWidth <= width }) {
            table.columns.remove(at: table.columns.count - 2)
            var worded = table
            worded.columns[worded.columns.count - 1] = wholeAge
            if worded.render(width: nil, style: style).allSatisfy({ $0.displayWidth <= width }) { table = worded }
        }
        // Then the chance's title gives up its hours ("Precip", not "Precip 6h"), wider than its cells.
        if !table.render(width: nil, style: style).allSatisfy({ $0.displayWidth <= width }),
           let index = table.columns.firstIndex(where: { $0.title == chance.title }) {
            table.columns[index].title = words.tr("Precip")
        }
        let lines = table.render(width: max(width, 1), style: style)
        // The columns that are never dropped may still be wider than a narrow window.
        return lines.map { $0.truncated(toDisplayWidth: width) }
    }

    /// The cells of one place.
    struct Row {
        /// The mark and the name; temperature and symbol.
        var name = "", time = "", now = "", summary = "", highLow = "", chance = "", spark = "", age = "", aqi = ""
        /// The age as "5m", for a narrow window.
        var compactAge = ""

        init(_ place: PlacesOverview.Place, style: TextStyle, now moment: Date, presentation: Presentation) {
            let words = presentation.localization
            name = place.isCurrent ? style.bold("* " + place.location.name.screenSafe) : "  " + place.location.name.screenSafe
            // A weather alert in force there, as the forecast's own section marks one.
            if Self.hasAlert(place, now: moment) { name += " !" }
            guard let cached = place.forecast else {
                now = MeasureFormat.missing + "  "
                summary = words.tr("no forecast")
                age = words.tr("never")
                compactAge = age
                return
            }
            let forecast = cached.forecast
            let clock = presentation.clock(forecast)
            let format = presentation.format(forecast)
            time = clock.time(moment) + (clock.isKnownZone ? "" : " UTC")
            if let current = forecast.current {
                let temperature = current.temperature == nil ? MeasureFormat.missing
                    : style.temperature(format.temperatureText(current.temperature), celsius: forecast.units.celsius(current.temperature))
                now = temperature + " " + WeatherSymbol.symbol(for: current.icon)
                summary = (current.summary?.screenSafe).map { words.tr($0) } ?? ""
            } else {
                now = MeasureFormat.missing + "  "
            }
            if let today = forecast.daily.first(where: { clock.isSameDay($0.time, moment) }) {
                highLow = "\(Self.degrees(format.temperature(today.temperatureHigh)))/\(Self.degrees(format.temperature(today.temperatureLow)))"
            }
            let ahead = forecast.hourly.filter {
                $0.time.timeIntervalSince(moment) > -3600 && $0.time.timeIntervalSince(moment) < Double(PlacesOverview.chanceHours) * 3600
            }
            // The chance now counts too: the hour under way may have begun before its column.
            if let peak = (ahead.compactMap(\.precipProbability) + [forecast.current?.precipProbability].compactMap { $0 }).max() {
                chance = MeasureFormat.percent(peak)
                chance = peak < 0.2 ? style.dim(chance) : style.cyan(chance)
            }
            spark = Sparkline.temperatures(forecast, now: moment, hours: PlacesOverview.sparklineHours)
            // Tagged with its scale: a table may hold US places beside European ones (the legend says which is which).
            if let index = AirLines(forecast, now: moment, presentation: presentation)?.index {
                let tagged = presentation.airQualityScale(forecast) == .us ? N_("{index} US") : N_("{index} EU")
                aqi = words.tr(tagged, ["index": MeasureFormat.whole(index)])
            }
            age = AgeFormatter.string(since: cached.fetchedAt, now: moment, localization: words)
            compactAge = AgeFormatter.string(since: cached.fetchedAt, now: moment, compact: true, localization: words)
        }

        static func hasAlert(_ place: PlacesOverview.Place, now: Date) -> Bool {
            place.forecast?.forecast.alerts.contains(where: { ($0.expires ?? .distantFuture) > now }) == true
        }

        static func degrees(_ value: Double?) -> String {
            value == nil ? MeasureFormat.missing : "\(MeasureFormat.whole(value))°"
        }
    }
}
