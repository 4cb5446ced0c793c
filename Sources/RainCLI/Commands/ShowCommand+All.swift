import FoundationEssentials
import RainKit
import RainTerminal

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
            .report(to: context) { $0.newest == nil ? .error : .warning }
        let shown = display.forecasts.compactMap { $0 }
        if let problem = display.problem {
            status = .worse(status, context.reportBatchProblem(problem, hasForecasts: !shown.isEmpty))
        }
        if json {
            let now = Date()
            let documents = shown.map { $0.withoutExpiredAlerts(now: now).showing(service.settings.displayUnits) }
            context.writeJSON(String(decoding: ForecastCache.encode(documents), as: UTF8.self))
        } else {
            let places = zip(list.locations, display.forecasts).map { location, forecast in
                PlacesOverview.Place(location: location, isCurrent: list.isCurrent(location), forecast: forecast)
            }
            var overview = PlacesOverview(width: context.outputWidth, usesColor: context.useColor, now: Date(),
                                          cutsLines: context.fittingWidth != nil)
            overview.presentation = context.presentation(service.settings)
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
