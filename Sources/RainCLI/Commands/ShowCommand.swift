import FoundationEssentials
import RainKit
import RainTerminal

/// `rain show [LOC] [--all] [--json] [--offline]`, and `rain` alone.
struct ShowCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a place's forecast (the current location's by default).",
        discussion: """
        The cached forecast is shown when it is younger than refresh_interval_minutes; \
        otherwise rain refreshes it first. When that fails, rain shows the cached forecast with \
        its age and one warning line, and exits 75 (offline, timed out, rate-limited) or with \
        the failure's own status. With --all, every saved place gets one line ('*' marks the \
        current location): local time, temperature and conditions now, today's high and low, \
        the highest chance of rain in the next 6 hours, and the data's age; the stale places \
        are refreshed first, together.

        A LOC that names no saved place is looked up by name (as 'rain locations add' does; \
        several matches: a pick list on a terminal, else the first, with --pick N or --country \
        CODE to choose), and --lat and --lon show a place at coordinates. Such a place is not \
        saved; its forecast is cached a while among the lookups, so a second look is instant \
        and works offline. A saved place always wins over a lookup.
        """,
        arguments: [place],
        options: [all, json, offline, format, graph, hours, days, lat, lon, pick, country, verbose]
    )

    static let place = ArgumentDefinition.place(optional: true)
    static let all = Flag("all", short: "a", help: "One line per saved place, refreshing the stale ones first.")
    static let json = Flag("json", help: "Print the forecast document as JSON (see docs/forecast-json.md); with --all, an array of them.")
    static let offline = Flag("offline", help: "Only show what is cached; never use the network.")
    static let format = Option<String>(
        "format", value: "template",
        help: "Print one line from the cache, never fetching, for status bars: {icon} {temp} {feels} {summary} {high} {low} {precip} {place} {age} {sunrise} {sunset} {dawn} {dusk} {moon} {temp_spark} {rain_spark}. With --json, waybar's JSON.")
    static let graph = Flag("graph", short: "g", help: "Draw the next 48 hours (or --hours N) as a graph as wide as the terminal (60 columns at least).")
    static let hours = Option<Int>("hours", value: "n", help: "Show the next N hours (more rows where they do not fit one), as far as the forecast goes.")
    static let days = Option<Int>("days", value: "n", help: "Show N days from today (7 by default), as far as the forecast goes.")
    static let lat = LocationsAddCommand.lat
    static let lon = LocationsAddCommand.lon
    static let pick = LocationsAddCommand.pick
    static let country = LocationsAddCommand.country
    static let verbose = Flag.verbose

    var reference: String?
    /// `--lat` and `--lon`: a place at coordinates, not saved.
    var coordinate: Coordinate?
    var pick: Int?
    var countryCode: String?
    var all: Bool
    var json: Bool
    var offline: Bool
    var verbose: Bool
    var template: StatusTemplate?
    var hourCount: Int?
    var graph: Bool
    var dayCount: Int?

    init(parsed: ParsedValues) throws {
        reference = parsed[Self.place]
        all = parsed[Self.all]
        json = parsed[Self.json]
        offline = parsed[Self.offline]
        verbose = parsed[Self.verbose]
        do {
            template = try parsed.value(Self.format).map(StatusTemplate.init)
        } catch let error as StatusTemplateError {
            var hint: LocalizedText?
            if case .unknown(let name) = error,
               let meant = closestMatch(to: name, among: StatusTemplate.Placeholder.allCases.map(\.rawValue)) {
                hint = LocalizedText(N_("did you mean '{suggestion}'?"), ["suggestion": .verbatim("{\(meant)}")])
            }
            throw ValidationError(LocalizedText(N_("'--format': {problem}"), ["problem": error.message]), hint: hint)
        }
        graph = parsed[Self.graph]
        hourCount = try parsed.value(Self.hours)
        dayCount = try parsed.value(Self.days)
        try Self.checkCounts(hours: hourCount, days: dayCount, all: all, json: json, format: template != nil)
        try Self.checkGraph(graph, days: dayCount, all: all, json: json, format: template != nil)
        if all && reference != nil { throw ValidationError(N_("give either '--all' or a location, not both")) }
        (coordinate, pick, countryCode) = try Self.lookupOptions(parsed, reference: reference, all: all)
        if all && template != nil { throw ValidationError(N_("'--format' shows one place; it cannot be combined with '--all'")) }
    }

    func run(_ context: CommandContext) async throws {
        if all { return try await runAll(context) }
        let (location, lookup): (Location, PlaceQuestion?)
        do {
            (location, lookup) = try await place(context)
        } catch let error as LocationsError where template != nil && json && [.noLocations, .noCurrentLocation].contains(error) {
            // A status bar reads an object every time: no place has nothing cached either.
            context.console.write(StatusValues.waybarNothingToShow(error == .noLocations ? "no place saved" : "no current location"))
            throw error
        }
        let service = try context.makeForecastService(verbose: verbose, places: lookup == nil ? .saved : .lookedUp)
        if let template {
            return try showStatusLine(template, for: location, lookupWords: lookup.map(Self.words), cached: service.cached(for: location),
                                      presentation: context.presentation(service.settings), context)
        }
        let spinner = Spinner(console: context.console,
                              message: context.localization.tr("Fetching the forecast for {name}…", ["name": location.name.strippingControlCharacters]))
        let display = await service.forecastForDisplay(of: location, offline: offline, lockWait: .seconds(10)) {
            spinner.start()
        }
        spinner.stop()
        // Said last, under the forecast, however the forecast is shown.
        defer { if let lookup, display.forecast != nil { Self.noteNotSaved(location, question: lookup, context) } }

        let status = ForecastProblemReport(display.problem, location: location, hasForecast: display.forecast != nil).report(to: context)
        if let forecast = display.forecast {
            if json {
                let shown = forecast.withoutExpiredAlerts(now: Date()).showing(service.settings.displayUnits)
                context.writeJSON(String(decoding: ForecastCache.encode(shown), as: UTF8.self))
            } else {
                let now = Date()
                try Self.checkCounts(hours: hourCount, days: dayCount, against: forecast.forecast, now: now, context.localization)
                let presentation = context.presentation(service.settings)
                if graph { return try showGraph(forecast, now: now, status: status, presentation: presentation, context) }
                var view = ForecastView(width: context.outputWidth, usesColor: context.useColor, now: now,
                                        cutsLines: context.console.isOutputTerminal)
                view.hourCount = hourCount
                view.dayCount = dayCount
                view.showsCompactGraph = true
                view.asciiOnly = context.asciiOnly
                view.presentation = presentation
                context.console.write(view.render(forecast))
            }
        }
        if status != .success { throw ExitStatus(code: status) }
    }
}

/// The one line (and hint) that says why a shown forecast is not fresh, or why there is none,
/// and the status the command ends with.
struct ForecastProblemReport {
    var problem: DisplayForecast.Problem?
    var location: Location
    var hasForecast: Bool
    /// For a place not saved: the words it was asked by (`tokyo --pick 2`), which look it up again.
    var lookupWords: String?

    init(_ problem: DisplayForecast.Problem?, location: Location, hasForecast: Bool, lookupWords: String? = nil) {
        self.problem = problem
        self.location = location
        self.hasForecast = hasForecast
        self.lookupWords = lookupWords
    }

    func report(to context: CommandContext) -> ExitCode {
        let name = location.name.strippingControlCharacters
        let words = context.localization
        let cachedNote = hasForecast ? words.tr("; showing the cached forecast") : ""
        let severity: ErrorReport.Severity = hasForecast ? .warning : .error
        switch problem {
        case nil:
            return .success
        case .offlineRequested:
            if let lookupWords {
                let report = ErrorReport(ShowCommand.neverLookedUp(name, askedAs: lookupWords, words), localization: words)
                context.report(report)
                return report.exitCode
            }
            context.report(ErrorReport(message: words.tr("no cached forecast for {name}", ["name": name]),
                                       hint: words.tr("fetch one when online: rain refresh {id}", ["id": location.shortID]), exitCode: .noInput))
            return .noInput
        case .offline(let host):
            let hint = hasForecast ? nil : words.tr("no forecast for {name} is cached yet; try again when online", ["name": name])
            context.report(ErrorReport(message: RefreshError.offline(host: host).message(in: words) + cachedNote, hint: hint,
                                       exitCode: .temporaryFailure), as: .notice)
            return hasForecast ? .temporaryFailure : .noInput
        case .busy:
            var report = ErrorReport(RefreshError.busy, localization: words)
            report.message += cachedNote
            context.report(report, as: severity)
            return report.exitCode
        case .refreshLock(let error):
            var report = ErrorReport(error, localization: words)
            report.message += cachedNote
            context.report(report, as: severity)
            return report.exitCode
        case .failed(.cache(let error)):
            // Fetched, shown, but not kept: only the saving failed.
            let report = ErrorReport(error, localization: words)
            context.report(report, as: severity)
            return report.exitCode
        case .failed(let failure):
            var report = ErrorReport(failure, subject: words.tr("could not refresh {name}", ["name": name]), localization: words)
            report.message += cachedNote
            context.report(report, as: severity)
            return report.exitCode
        }
    }
}
