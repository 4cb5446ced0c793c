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
        current location, '!' a weather alert, as a last line on a terminal says): local time, \
        temperature and conditions now, today's high and low, the highest chance of rain or \
        snow in the next 6 hours, and the data's age; the stale places are refreshed first, \
        together.

        A LOC that names no saved place is looked up by name (as 'rain locations add' does; \
        several matches: a pick list on a terminal, else the first, with --pick N or --country \
        CODE to choose), and --lat and --lon show a place at coordinates. Such a place is not \
        saved; its forecast is cached a while among the lookups, so a second look is instant \
        and works offline. A saved place always wins over a lookup.
        """,
        arguments: [place],
        options: [all, json, offline, format, graph, spread, hours, days, day, parts, lat, lon, pick, country, verbose]
    )

    static let place = ArgumentDefinition.place(optional: true)
    static let all = Flag("all", short: "a", help: "One line per saved place, refreshing the stale ones first.")
    static let json = Flag("json", help: "Print the forecast document as JSON (see docs/forecast-json.md); with --all, an array of them.")
    static let offline = Flag("offline", help: "Only show what is cached; never use the network.")
    static let format = Option<String>(
        "format", value: "template",
        help: "Print one line from the cache, never fetching, for status bars: {icon} {temp} {feels} {summary} {high} {low} {precip} {place} {age} {sunrise} {sunset} {dawn} {dusk} {moon} {temp_spark} {rain_spark} {aqi} {aqi_category} {aqi_scale} {pm2_5} {pollen} {wind} {humidity} {pressure} {uv} {dew} {next_hour} {next_hour_spark} {alerts}; {temp_range} {rain_runs} (today's likely high and the runs bringing rain, from the spread 'show --spread' last kept). With --json, waybar's JSON.")
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
    /// The place stood where a command goes (`rain xyzzy`).
    var placeStandsForCommand = false
    var template: StatusTemplate?
    var hourCount: Int?
    var graph: Bool
    var dayCount: Int?
    /// `--day DAY`, as typed: a weekday may be in the language of the run, known at `run`.
    var dayWord: String?
    /// `--parts`: each day in four parts.
    var parts: Bool
    var spread: Bool

    init(parsed: ParsedValues) throws {
        reference = parsed[Self.place]
        all = parsed[Self.all]
        json = parsed[Self.json]
        offline = parsed[Self.offline]
        verbose = parsed[Self.verbose]
        placeStandsForCommand = parsed.placeStandsForCommand
        do {
            template = try parsed.value(Self.format).map(StatusTemplate.init)
        } catch let error as StatusTemplateError {
            var hint: LocalizedText?
            if case .unknown(let name) = error,
               let meant = closestMatch(to: name, among: StatusTemplate.Placeholder.allCases.map(\.rawValue)) {
                hint = .didYouMean("{\(meant)}")
            }
            throw ValidationError(LocalizedText(N_("'--format': {problem}"), ["problem": error.message]), hint: hint)
        }
        graph = parsed[Self.graph]
        hourCount = try parsed.value(Self.hours)
        dayCount = try parsed.value(Self.days)
        try Self.checkCounts(hours: hourCount, days: dayCount, all: all, json: json, format: template != nil)
        try Self.checkGraph(graph, days: dayCount, all: all, json: json, format: template != nil)
        spread = parsed[Self.spread]
        try Self.checkSpread(spread, all: all, format: template != nil)
        dayWord = try parsed.value(Self.day)
        parts = parsed[Self.parts]
        try Self.checkParts(parts, all: all, json: json, format: template != nil, graph: graph, hours: hourCount, day: dayWord, spread: spread)
        try Self.checkDay(dayWord, all: all, json: json, format: template != nil, graph: graph, hours: hourCount, days: dayCount, spread: spread)
        if all && reference != nil { throw ValidationError(N_("give either '--all' or a location, not both")) }
        (coordinate, pick, countryCode) = try Self.lookupOptions(parsed, reference: reference, all: all)
        if all && template != nil { throw ValidationError(N_("'--format' shows one place; it cannot be combined with '--all'")) }
    }

    func run(_ context: CommandContext) async throws {
        if all { return try await runAll(context) }
        // A word that is no day is said before anything is fetched.
        if let dayWord { _ = try Self.dayChoice(dayWord, context) }
        let (location, lookup, matches): (Location, PlaceQuestion?, Int?)
        do {
            (location, lookup, matches) = try await place(context)
        } catch let error as LocationsError where template != nil && json && [.noLocations, .noCurrentLocation].contains(error) {
            // A status bar reads an object every time: no place has nothing cached either.
            context.console.write(StatusValues.waybarNothingToShow(error == .noLocations ? "no place saved" : "no current location"))
            throw error
        }
        var service = try context.makeForecastService(verbose: verbose, places: lookup == nil ? .saved : .lookedUp)
        service.lookupMatches = matches
        if let template {
            let cached = service.cached(for: location).map { template.showsSpread ? withKeptSpread($0, service: service) : $0 }
            return try showStatusLine(template, for: location, lookupWords: lookup.map { Self.words(of: $0) }, cached: cached,
                                      presentation: context.presentation(service.settings), context)
        }
        let spinner = Spinner(console: context.console,
                              message: context.localization.tr("Fetching the forecast for {name}…", ["name": location.name.strippingControlCharacters]))
        let display = await service.forecastForDisplay(of: location, offline: offline, lockWait: .seconds(10)) {
            spinner.start()
        }
        spinner.stop()
        // Said last, under the forecast, however the forecast is shown; a screen fitted to the
        // window leaves its rows free.
        let notSaved = display.forecast == nil ? nil : lookup.map { Self.notSavedNote(location, question: $0, context) }
        if let notSaved { context.reserveRows(for: notSaved, as: .notice) }
        defer { if let notSaved { context.report(notSaved, as: .notice) } }

        var problemReport = ForecastProblemReport(display.problem, location: location, hasForecast: display.forecast != nil)
        problemReport.isLookup = lookup != nil
        let status = problemReport.report(to: context)
        if var forecast = display.forecast {
            var spreadFetchedAt: Date?
            if spread && offline {
                (forecast, spreadFetchedAt) = withKeptSpread(forecast, service: service, lookup: lookup, context)
            } else if spread {
                forecast = await withSpread(forecast, service: service, cacheSaid: display.problem?.isUnwritableCache == true, context)
            }
            if json {
                let now = Date()
                let shown = forecast.withoutExpiredAlerts(now: now).showing(service.settings.displayUnits, aqiScale: service.settings.aqiScale, now: now)
                context.writeJSON(String(decoding: ForecastCache.encode(shown), as: UTF8.self))
            } else {
                let now = Date()
                try Self.checkCounts(hours: hourCount, days: dayCount, against: forecast.forecast, now: now)
                let presentation = context.presentation(service.settings)
                if graph { return try showGraph(forecast, now: now, status: status, presentation: presentation, context) }
                var view = ForecastView(width: context.outputWidth, usesColor: context.useColor, now: now,
                                        cutsLines: context.console.isOutputTerminal)
                view.hourCount = hourCount
                view.dayCount = dayCount
                view.showsParts = parts
                view.day = try dayWord.map { try Self.chosenDay($0, in: forecast.forecast, now: now, presentation: presentation, context) }
                view.showsCompactGraph = true
                view.asciiOnly = context.asciiOnly
                view.presentation = presentation
                // The spread is data too: the credit is the foot of both.
                view.showsCredit = !spread
                // Below the fewest columns any screen takes, the forecast said so; nothing follows.
                let showsSpread = spread && !(view.cutsLines && NarrowWindow.isTooNarrow(context.outputWidth))
                let lines = showsSpread
                    ? spreadScreen(forecast, view: view, fetchedAt: spreadFetchedAt, presentation: presentation, context)
                    : view.lines(forecast, height: screenHeight(context))
                context.console.write(lines.joined(separator: "\n") + "\n")
            }
        }
        if status != .success { throw ExitStatus(code: status) }
    }
}

extension ShowCommand {
    /// The lines the forecast screen may take: the window's (or an exported `LINES`) less the
    /// line the shell's prompt takes after it, so the place and its time stay on screen. Hours
    /// or days asked for by number are shown whole, whatever the window.
    func screenHeight(_ context: CommandContext) -> Int? {
        guard hourCount == nil, dayCount == nil, dayWord == nil, !parts, let lines = context.fittingHeight else { return nil }
        return max(1, lines - 1)
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
    /// A place looked up, not saved: its cache only answers the same question again.
    var isLookup = false

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
                                       hint: words.tr("fetch one when online: {command}", ["command": context.command("rain refresh", for: location)]),
                                       exitCode: .noInput))
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
        case .failed(.cache(let error)) where isLookup && hasForecast:
            // A place looked up is shown, never saved (DESIGN.md): its cache, derived data, only
            // answers the same question again, so a forecast it cannot keep (a read-only folder,
            // or an answer larger than rain reads back of a cached forecast) is still shown,
            // with one warning line. Nothing too large is written (issue 42).
            context.report(ErrorReport(error, localization: words), as: .warning)
            return .success
        case .failed(.cache(let error)):
            // Fetched and shown, but not kept: an error and exit 74, as `refresh` fails the place
            // (README, "Files"); a cache rain cannot write is a local file it cannot write,
            // however fresh the forecast shown is.
            let report = ErrorReport(error, localization: words)
            context.report(report, as: .error)
            return report.exitCode
        case .failed(let failure):
            var report = ErrorReport(failure, subject: words.tr("could not refresh {name}", ["name": name]), localization: words)
            report.message += cachedNote
            context.report(report, as: severity)
            return report.exitCode
        }
    }
}

/// `--hours N` and `--days N`: how much of the forecast screen's hours and days to show.
extension ShowCommand {
    static let hourRange = 1...168, dayRange = 1...16

    /// What the command line alone can tell: a count in range, for the forecast screen.
    static func checkCounts(hours: Int?, days: Int?, all: Bool, json: Bool, format: Bool) throws {
        for (option, count, range) in [("--hours", hours, hourRange), ("--days", days, dayRange)] {
            guard let count else { continue }
            if !range.contains(count) {
                throw ValidationError(N_("'{option} {count}': give a number from {lowest} to {highest}"), ["option": option, "count": "\(count)", "lowest": "\(range.lowerBound)", "highest": "\(range.upperBound)"])
            }
            if let other = all ? "--all" : (json ? "--json" : (format ? "--format" : nil)) {
                throw ValidationError(N_("'{option}' cannot be combined with '{other}'"), ["option": option, "other": other])
            }
        }
    }

    /// Beyond what the provider sent, a clear error rather than less than was asked for.
    static func checkCounts(hours: Int?, days: Int?, against forecast: Forecast, now: Date) throws {
        if let hours {
            let ahead = ForecastView.hoursAhead(in: forecast, now: now).count
            if hours > ahead { throw countFailure("--hours", asked: hours, has: ahead) }
        }
        if let days {
            let ahead = ForecastView.daysAhead(in: forecast, now: now).count
            if days > ahead { throw countFailure("--days", asked: days, has: ahead) }
        }
    }

    private static func countFailure(_ option: String, asked: Int, has: Int) -> CommandFailure {
        let values: KeyValuePairs<String, LocalizedText> = ["option": .verbatim(option), "asked": .verbatim(String(asked))]
        let message = option == "--days"
            ? LocalizedText.trn("'{option} {asked}': the forecast has 1 day", "'{option} {asked}': the forecast has {count} days", count: has, values)
            : LocalizedText.trn("'{option} {asked}': the forecast has 1 hour", "'{option} {asked}': the forecast has {count} hours", count: has, values)
        let count: KeyValuePairs<String, LocalizedText> = ["count": .verbatim(String(has)), "shown": .verbatim(String(ForecastView.defaultDayCount))]
        // The screen's "Next 7 days" is a week of the 8 (today and 7 more) the forecast has.
        let hint = option == "--days" && has > ForecastView.defaultDayCount
            ? LocalizedText(N_("ask for at most {count}; without --days the screen shows {shown} days"), count)
            : LocalizedText(N_("ask for at most {count}"), count)
        return CommandFailure(message, hint: has > 0 ? hint : nil, kind: .badData)
    }
}

extension ShowCommand {
    /// `rain show --format TEMPLATE [--json]`: one line from the cache for a status bar. It
    /// never fetches or asks anything (a bar runs it every few seconds; `rain cron` keeps the
    /// cache fresh), and with nothing cached it says so and exits 66 (with --json, after an object
    /// waybar can read).
    func showStatusLine(_ template: StatusTemplate, for location: Location, lookupWords: String?, cached: CachedForecast?, presentation: Presentation,
                        _ context: CommandContext) throws {
        guard let cached else {
            if json { context.console.write(StatusValues.waybarNothingToShow()) }
            throw ExitStatus(code: ForecastProblemReport(.offlineRequested, location: location, hasForecast: false, lookupWords: lookupWords).report(to: context))
        }
        let values = StatusValues(cached, now: Date(), ascii: context.asciiOnly, style: TextStyle(usesColor: context.colorAskedFor && !json),
                                  presentation: presentation)
        let line = template.render(values)
        if json {
            context.writeJSON(values.waybarJSON(text: line))
        } else {
            context.print(line)
        }
    }
}

extension ShowCommand {
    /// `rain show --all`: one line per saved place.
    func runAll(_ context: CommandContext) async throws {
        let list = try context.loadPlaces()
        guard !list.locations.isEmpty else {
            if json { context.writeJSON("[]\n") }  // as `locations --json`: a program reads an empty list
            throw LocationsError.noLocations
        }
        let service = try context.makeForecastService(verbose: verbose)
        let spinner = Spinner(console: context.console, message: context.localization.tr("Refreshing the stale forecasts…"))
        let display = await service.forecastsForDisplay(of: list.locations, offline: offline, lockWait: .seconds(10)) {
            spinner.start()
        }
        spinner.stop()

        var status = BatchFailureReport(failures: display.failures, placeCount: list.locations.count)
            .report(to: context) { $0.newest == nil || $0.failure?.isCache == true ? .error : .warning }
        let shown = display.forecasts.compactMap { $0 }
        if let problem = display.problem {
            status = .worse(status, context.reportBatchProblem(problem, hasForecasts: !shown.isEmpty))
        }
        if json {
            let now = Date()
            let documents = shown.map { $0.withoutExpiredAlerts(now: now).showing(service.settings.displayUnits, aqiScale: service.settings.aqiScale, now: now) }
            context.writeJSON(String(decoding: ForecastCache.encode(documents), as: UTF8.self))
        } else {
            let places = zip(list.locations, display.forecasts).map { location, forecast in
                PlacesOverview.Place(location: location, isCurrent: list.isCurrent(location), forecast: forecast)
            }
            var overview = PlacesOverview(width: context.outputWidth, usesColor: context.useColor, now: Date(),
                                          cutsLines: context.fittingWidth != nil)
            overview.presentation = context.presentation(service.settings)
            overview.showsLegend = context.console.isOutputTerminal
            context.console.write(overview.render(places))
        }
        if shown.isEmpty && status == .success {
            // As `rain show` says of one place: nothing at all is cached.
            let words = context.localization
            context.report(ErrorReport(message: words.tr("no cached forecast for any saved place"),
                                       hint: words.tr("fetch them when online: rain refresh --all"), exitCode: .noInput))
            status = .noInput
        }
        if status != .success { throw ExitStatus(code: status) }
    }
}

/// `rain show --graph`: the meteogram.
extension ShowCommand {
    static func checkGraph(_ graph: Bool, days: Int?, all: Bool, json: Bool, format: Bool) throws {
        guard graph else { return }
        if let other = all ? "--all" : (json ? "--json" : (format ? "--format" : (days != nil ? "--days" : nil))) {
            throw ValidationError(N_("'--graph' cannot be combined with '{other}'"), ["other": other])
        }
    }

    func showGraph(_ cached: CachedForecast, now: Date, status: ExitCode, presentation: Presentation, _ context: CommandContext) throws {
        let width = context.outputWidth
        guard width >= Meteogram.minimumWidth else {
            // The command line is right; the window is too small: no usage lines.
            context.report(ErrorReport(message: context.localization.tr("the graph needs {count} columns, not {width}",
                                                                        ["count": String(Meteogram.minimumWidth), "width": String(width)]),
                                       hint: context.localization.tr("widen the window, or leave out --graph"), exitCode: .usage))
            throw ExitStatus(code: .usage)
        }
        var graph = Meteogram(width: width, usesColor: context.useColor, ascii: context.asciiOnly, now: now,
                              hours: hourCount ?? 48)
        graph.presentation = presentation
        let lines = graph.lines(cached)
        guard !lines.isEmpty else {
            throw CommandFailure(LocalizedText(N_("no hours ahead to draw for {name}"), ["name": .verbatim(cached.location.name.strippingControlCharacters)]),
                                 hint: LocalizedText(N_("refresh it: {command}"), ["command": .verbatim(context.command("rain refresh", for: cached.location))]),
                                 kind: .nothingToShow)
        }
        var view = ForecastView(width: width, usesColor: context.useColor, now: now, cutsLines: true)
        view.presentation = presentation
        view.showsCredit = false
        let header = view.lines(cached, height: 2)
        let credit = view.creditLine(cached).map { ["", $0] } ?? []
        context.console.write((header + [""] + lines + credit).joined(separator: "\n") + "\n")
        if status != .success { throw ExitStatus(code: status) }
    }
}
