import Foundation
import RainKit

extension ShowCommand {
    /// `rain show --all`: one line per saved place.
    func runAll(_ context: CommandContext) async throws {
        let list = try context.store.load()
        guard !list.locations.isEmpty else { throw LocationsError.noLocations }
        let service = try context.makeForecastService(verbose: verbose)
        let spinner = InterruptibleSpinner(console: context.console, message: "Refreshing the stale forecasts…")
        let display = await service.forecastsForDisplay(of: list.locations, offline: offline, lockWait: .seconds(10)) {
            spinner.start()
        }
        spinner.stop()

        var status = BatchFailureReport(failures: display.failures, placeCount: list.locations.count,
                                        configFile: context.paths.configFile)
            .report(to: context) { $0.forecast == nil ? "error" : "warning" }
        let shown = display.forecasts.compactMap { $0 }
        if let problem = display.problem {
            status = .worse(status, problemStatus(problem, hasForecasts: !shown.isEmpty, context: context))
        }
        if json {
            context.console.write(String(decoding: ForecastCache.encode(shown), as: UTF8.self))
        } else {
            let places = zip(list.locations, display.forecasts).map { location, forecast in
                PlacesOverview.Place(location: location, isCurrent: list.isCurrent(location), forecast: forecast)
            }
            let overview = PlacesOverview(width: context.outputWidth, usesColor: context.useColor, now: Date(),
                                          cutsLines: context.console.isOutputTerminal)
            context.console.write(overview.render(places))
        }
        if shown.isEmpty && status == .success { status = .noInput }
        if status != .success { throw ExitStatus(code: status) }
    }

    /// One line for a problem that kept every place from being refreshed.
    private func problemStatus(_ problem: DisplayForecast.Problem, hasForecasts: Bool, context: CommandContext) -> ExitCode {
        let cachedNote = hasForecasts ? "; showing the cached forecasts" : ""
        switch problem {
        case .offline(let host):
            context.printError("rain: offline: cannot reach \(host)\(cachedNote)")
            return hasForecasts ? .temporaryFailure : .noInput
        case .busy:
            context.printError("rain: \(hasForecasts ? "warning" : "error"): another rain is refreshing forecasts right now\(cachedNote)")
            return .temporaryFailure
        case .failed(let failure):
            context.printError("rain: \(hasForecasts ? "warning" : "error"): could not refresh: \(failure.description.strippingControlCharacters)\(cachedNote)")
            return ExitCode(failure)
        case .offlineRequested:
            return .success
        }
    }
}
