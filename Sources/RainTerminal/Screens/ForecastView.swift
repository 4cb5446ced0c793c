import FoundationEssentials
import RainKit

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
    /// How many hours and days to show (`--hours N`, `--days N`); by default as many hours as
    /// fit one row, and 7 days. More hours than fit a row take more rows.
    public var hourCount: Int?
    public var dayCount: Int?
    /// One day (`--day`), a moment of it: its row, sun and moon and hours in place of the
    /// hours ahead and the days (and, today, conditions now).
    public var day: Date?
    /// `--parts`: the days in four parts in place of the hours and the days.
    public var showsParts = false
    /// Whether a terminal gets the next 24 hours as a small graph (`CompactGraphPlace`), and
    /// whether it is drawn in ASCII.
    public var showsCompactGraph = false
    public var asciiOnly = false
    /// The language, units and clock of the screen.
    public var presentation = Presentation()
    /// Whether the view ends with the credit its data's sources ask for (`creditLine`).
    public var showsCredit = true
    /// Whether a small window gives up the hours, the alerts' text and the conditions' extra
    /// lines before any day (`show --spread`: its days answer "will it rain Saturday, and how
    /// sure?" beside the forecast's own).
    public var keepsDays = false
    /// With `keepsDays`, what of the conditions now a small window may give up too before a
    /// day (`show --spread` asks for each only when the others did not make its days fit).
    public var nowForDays = NowForDays.asFits

    /// The conditions now with `keepsDays`, from most to least: as the window fits them; brief
    /// (no details line, the conditions and temperatures on one line, the next hour's sentence)
    /// with the air; brief without the air.
    public enum NowForDays: Int, Sendable, Comparable {
        case asFits, brief, briefWithoutAir

        public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    }

    /// Layouts are designed for this many columns; narrower widths cut lines.
    public static let layoutWidth = 80

    public init(width: Int = 80, usesColor: Bool = false, now: Date = Date(), cutsLines: Bool = true) {
        self.width = width
        self.usesColor = usesColor
        self.now = now
        self.cutsLines = cutsLines
    }

    /// The view as text; with `height`, in at most that many lines (as `lines(_:height:)`).
    public func render(_ cached: CachedForecast, height: Int? = nil) -> String {
        lines(cached, height: height).joined(separator: "\n") + "\n"
    }

    /// The view as lines; with `height`, at most that many: a compact form for a small window
    /// (`rain` on a 24-line terminal, `rain watch`) that keeps the header, now, the air and the
    /// hours, and gives up the alerts' text beyond two lines, days down to two, the alerts' text
    /// beyond one line, pressure and visibility and the next hour's chart, the sun and moon
    /// lines, the second day, the last day, the rest of the alerts' text, the blank lines
    /// between sections, then the hours' graph or grid (`fittedHours`: a section goes whole or
    /// not at all), then whatever is left at the end; days come back into lines a later step
    /// left free, as many as fit. The air's index and pollen lines outlast the
    /// sun and moon: they change by the hour and bear on going out, while sunrise and the moon
    /// move by minutes a day and are in no danger. A window narrower than
    /// `NarrowWindow.minimumWidth` gets only that it is too narrow.
    public func lines(_ cached: CachedForecast, height: Int?) -> [String] {
        fitted(cached, height: height).lines
    }

    /// `lines(_:height:)`, and whether they hold fewer days than were asked for (`dayCount`,
    /// or 7) and the forecast has: a small window gave some up.
    public func fitted(_ cached: CachedForecast, height: Int?) -> (lines: [String], givesUpDays: Bool) {
        if cutsLines && NarrowWindow.isTooNarrow(width) {
            return (NarrowWindow.lines(width: width, height: height, localization: presentation.localization), true)
        }
        let context = context(cached)
        // The credit the data's licences ask for is the foot, kept when the rest is made to fit.
        guard showsCredit, let credit = context.creditLine(for: cached, width: width) else { return body(cached, context: context, height: height) }
        guard let height else { return (body(cached, context: context, height: nil).lines + ["", credit], false) }
        let whole = body(cached, context: context, height: height)
        if whole.lines.count < height { return (whole.lines + [credit], whole.givesUpDays) }
        // A window of a usual height gives it a line; a smaller one gives it up first, as it
        // gives up a section's text before the hours.
        guard height >= Self.heightKeepingCredit else { return whole }
        let shorter = body(cached, context: context, height: height - 1)
        return (shorter.lines + [credit], shorter.givesUpDays)
    }

    /// The least height at which the credit line takes a line from the forecast.
    static let heightKeepingCredit = 20

    /// The line crediting the sources of `cached`'s data, as their licences ask, fitted to the
    /// window (`showsCredit` off, a screen that shows the data another way ends with it).
    public func creditLine(_ cached: CachedForecast) -> String? {
        context(cached).creditLine(for: cached, width: width)
    }

    private func context(_ cached: CachedForecast) -> ForecastViewContext {
        var context = ForecastViewContext(cached: cached, width: max(width, Self.layoutWidth), usesColor: usesColor, now: now,
                                          cutsLines: cutsLines, visibleWidth: cutsLines ? max(width, 1) : nil,
                                          hourCount: hourCount, dayCount: dayCount, presentation: presentation)
        context.asciiOnly = asciiOnly
        return context
    }

    /// The view above its credit line.
    private func body(_ cached: CachedForecast, context: ForecastViewContext, height: Int?) -> (lines: [String], givesUpDays: Bool) {
        // The air (`AirLines`): its index and pollen lines below the conditions, on every form.
        let air = AirLines(cached.forecast, now: now, presentation: presentation, ascii: asciiOnly, forecastFetchedAt: cached.fetchedAt)?.lines ?? []
        if let day { return (trimmed(dayLines(context, day: day, air: air)), false) }
        if showsParts {
            let sections = [context.header(), context.currentSection() + air + context.skySection(), context.partsSection(), context.alertsSection()]
            return (trimmed(sections.filter { !$0.isEmpty }.joined(separator: [""]).map { $0 }), false)
        }
        // The hours with the feels-like and wind rows where the window has the lines for them.
        let grid = context.hoursSection()
        var lessHours = grid
        var hours = context.hoursSection(details: true)
        // Smaller whole forms of the hours, for a window with no room for `lessHours`: the
        // times, symbols and temperatures still say something whole.
        let leanGrid = context.hoursSection(chances: false)
        var leastHours = [leanGrid]
        let place = showsCompactGraph && cutsLines ? CompactGraphPlace(width: width, hourCount: hourCount) : .none
        if place != .none {
            var meteogram = Meteogram(width: width, usesColor: usesColor, ascii: asciiOnly, now: now, hours: 24, isCompact: true)
            meteogram.presentation = presentation
            let graph = meteogram.lines(cached)
            if !graph.isEmpty {
                hours = place == .inPlaceOfHours ? graph : graph + [""] + hours
                lessHours = place == .inPlaceOfHours ? graph : graph + [""] + lessHours
                leastHours = place == .inPlaceOfHours ? [grid, leanGrid] : [graph, grid, leanGrid]
            }
        }
        var sections = [context.header(), context.currentSection() + air + context.skySection(), hours,
                        context.daysSection(), context.alertsSection()]
        let askedDays = min(dayCount ?? Self.defaultDayCount, Self.daysAhead(in: cached.forecast, now: now, clock: context.clock).count)
        var days = askedDays
        if let height {
            if Self.spacedCount(sections) > height { sections[Self.hoursIndex] = lessHours }
            if Self.spacedCount(sections) > height { sections[Self.alertsIndex] = context.alertsSection(textLines: 2) }
            let lean = context.currentSection(withPressure: false, withChart: false) + air
            if keepsDays {
                // The hours come back below in the first whole form that fits (`fittedHours`).
                if Self.spacedCount(sections) > height { sections[Self.hoursIndex] = [] }
                if Self.spacedCount(sections) > height && !sections[Self.alertsIndex].isEmpty {
                    sections[Self.alertsIndex] = context.alertsSection(textLines: 1)
                }
                if Self.spacedCount(sections) > height { sections[Self.nowIndex] = lean + context.skySection() }
                if Self.spacedCount(sections) > height { sections[Self.nowIndex] = lean }
            }
            // With `keepsDays`, days count as fitting without the blank lines, which go first.
            let over = { (sections: [[String]]) in
                (keepsDays ? sections.reduce(0) { $0 + $1.count } : Self.spacedCount(sections)) > height
            }
            if keepsDays && nowForDays >= .brief && over(sections) {
                let brief = context.currentSection(withPressure: false, withChart: false, brief: true)
                sections[Self.nowIndex] = brief + air
                if nowForDays >= .briefWithoutAir && over(sections) { sections[Self.nowIndex] = brief }
            }
            // Days from the last; made again for fewer, so the title counts what it shows.
            func giveUpDays(downTo least: Int) {
                while over(sections) && days > least {
                    days -= 1
                    sections[Self.daysIndex] = context.daysSection(limit: days)
                }
            }
            // Down to two: a lone day, today, says little the conditions do not, and pressure,
            // the next hour's chart and the sun and moon go before it does (a German screen,
            // its sun line wrapped, showed the graph over today alone, with all three).
            giveUpDays(downTo: keepsDays ? 1 : 2)
            if !keepsDays || over(sections) {
                sections = Self.compact(sections, toHeight: max(height, 1), lean: lean + context.skySection(), leaner: lean,
                                        shortAlerts: context.alertsSection(textLines: 1))
                giveUpDays(downTo: 1)
                sections = Self.compactToHeadings(sections, toHeight: max(height, 1))
            }
            // The lines given up after the days (pressure, the sun and moon) may leave room for
            // more of them again: as many as fit (at 50x24 one day was shown with 3 lines spare).
            while !sections[Self.daysIndex].isEmpty {
                var more = sections
                more[Self.daysIndex] = context.daysSection(limit: days + 1)
                guard more[Self.daysIndex].count > sections[Self.daysIndex].count, !over(more) else { break }
                days += 1
                sections = more
            }
            sections[Self.hoursIndex] = Self.fittedHours(sections, forms: leastHours, height: height)
        }
        var lines: [String] = []
        for section in sections where !section.isEmpty {
            if !lines.isEmpty && !Self.isDense(sections, height: height) { lines.append("") }
            lines += section
        }
        if let height { lines = Array(lines.prefix(height)) }
        return (trimmed(lines), days < askedDays || sections[Self.daysIndex].isEmpty)
    }

    /// Each line without its trailing spaces, and cut to the window where lines are cut.
    func trimmed(_ lines: [String]) -> [String] {
        lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return cutsLines ? line.truncated(toDisplayWidth: max(width, 1)) : line
        }
    }

    private static let nowIndex = 1, hoursIndex = 2, daysIndex = 3, alertsIndex = 4

    /// Lines the sections take with a blank line between each two.
    private static func spacedCount(_ sections: [[String]]) -> Int {
        let filled = sections.filter { !$0.isEmpty }
        return filled.reduce(0) { $0 + $1.count } + max(0, filled.count - 1)
    }

    private static func isDense(_ sections: [[String]], height: Int?) -> Bool {
        guard let height else { return false }
        return spacedCount(sections) > height
    }

    /// The hours in the first of their forms (as they are, then `forms`) that fits `height`
    /// beside the other sections, without blank lines if need be; none where none fits: a
    /// heading with nothing under it, or a chart without its axis, says nothing whole
    /// (`show --spread` on a 24-line window left them so).
    private static func fittedHours(_ sections: [[String]], forms: [[String]], height: Int) -> [String] {
        let others = sections.enumerated().filter { $0.offset != hoursIndex }.reduce(0) { $0 + $1.element.count }
        return ([sections[hoursIndex]] + forms).first { !$0.isEmpty && others + $0.count <= height } ?? []
    }

    /// Gives up the alerts' text but its first line (`shortAlerts`), the conditions' pressure
    /// and visibility and the next hour's chart (`lean` is the conditions without them, with the
    /// air and the sky), then the sun and moon lines (`leaner`), until the sections fit `height`
    /// with blank lines between them: the air matters more than sunrise. The days and the rest
    /// of the alerts' text go after (`compactToHeadings`).
    private static func compact(_ sections: [[String]], toHeight height: Int, lean: [String], leaner: [String],
                                shortAlerts: [String]) -> [[String]] {
        var sections = sections
        if spacedCount(sections) > height && !sections[alertsIndex].isEmpty { sections[alertsIndex] = shortAlerts }
        if spacedCount(sections) > height { sections[nowIndex] = lean }
        if spacedCount(sections) > height { sections[nowIndex] = leaner }
        return sections
    }

    /// After `compact` and the days down to one: the last day, then each alert's text down to
    /// its heading, until the sections fit `height` or only the blank lines are left to give
    /// up: what an alert says matters more than today's row.
    private static func compactToHeadings(_ sections: [[String]], toHeight height: Int) -> [[String]] {
        var sections = sections
        if spacedCount(sections) > height { sections[daysIndex] = [] }
        // Each alert's text, down to its heading.
        if spacedCount(sections) > height {
            sections[alertsIndex] = sections[alertsIndex].filter { !$0.hasPrefix("    ") }
        }
        return sections
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
    let format: UnitFormat
    let localization: Localization
    let cutsLines: Bool
    /// The columns really there when fewer than `width` (the layout's): the header stacks and
    /// fewer hours are shown rather than cut.
    let visibleWidth: Int
    let hourCount: Int?
    let dayCount: Int?
    /// Whether the screen is drawn in ASCII: the wind's arrows are then four (`Compass.asciiArrow`).
    var asciiOnly = false

    init(cached: CachedForecast, width: Int, usesColor: Bool, now: Date, cutsLines: Bool = true, visibleWidth: Int? = nil,
         hourCount: Int? = nil, dayCount: Int? = nil, presentation: Presentation = Presentation()) {
        forecast = cached.forecast
        location = cached.location
        fetchedAt = cached.fetchedAt
        self.width = width
        style = TextStyle(usesColor: usesColor)
        self.now = now
        clock = presentation.clock(cached.forecast)
        format = presentation.format(cached.forecast)
        localization = presentation.localization
        self.cutsLines = cutsLines
        self.visibleWidth = min(width, visibleWidth ?? width)
        self.hourCount = hourCount
        self.dayCount = dayCount
    }

    func tr(_ message: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
        localization.tr(message, values)
    }

    /// `text` cut to `width` columns, or whole when lines are not cut.
    func cut(_ text: String, toDisplayWidth width: Int) -> String {
        cutsLines ? text.truncated(toDisplayWidth: width) : text
    }

    /// "24 °C" (or "–").
    func temperature(_ value: Double?) -> String {
        guard value != nil else { return MeasureFormat.missing }
        return style.temperature(format.temperatureText(value), celsius: forecast.units.celsius(value))
    }

    /// "24°" for columns.
    func shortTemperature(_ value: Double?) -> String {
        guard let shown = format.temperature(value) else { return MeasureFormat.missing }
        return "\(MeasureFormat.whole(shown))°"
    }

    func colored(_ text: String, celsius value: Double?) -> String {
        style.temperature(text, celsius: forecast.units.celsius(value))
    }

    /// A line with `left` at the start and `right` flush with the right edge; `left` is cut to fit.
    func spread(_ left: String, _ right: String) -> String {
        let room = visibleWidth - right.displayWidth - 2
        let cut = self.cut(left, toDisplayWidth: max(room, 1))
        return cut + String(repeating: " ", count: max(2, visibleWidth - cut.displayWidth - right.displayWidth)) + right
    }
}
