import Foundation
import RainKit

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
        """,
        arguments: [ArgumentDefinition(name: "loc", help: "The place: ID, ID prefix, number or name.", isOptional: true, completion: .locations)],
        options: [
            .flag("all", short: "a", help: "One line per saved place, refreshing the stale ones first."),
            .flag("json", help: "Print the forecast document as JSON (see docs/forecast-json.md); with --all, an array of them."),
            .flag("offline", help: "Only show what is cached; never use the network."),
            verboseOption,
        ]
    )

    var reference: String?
    var all: Bool
    var json: Bool
    var offline: Bool
    var verbose: Bool

    init(parsed: ParsedValues) throws {
        reference = parsed.argument("loc")
        all = parsed.flag("all")
        json = parsed.flag("json")
        offline = parsed.flag("offline")
        verbose = parsed.flag("verbose")
        if all && reference != nil { throw ValidationError("Give either '--all' or a location, not both") }
    }

    func run(_ context: CommandContext) async throws {
        if all { return try await runAll(context) }
        let list = try context.store.load()
        let location = try context.location(reference, in: list)
        let service = try context.makeForecastService(verbose: verbose)
        let spinner = Spinner(console: context.console, message: "Fetching the forecast for \(location.name.strippingControlCharacters)…")
        let display = await service.forecastForDisplay(of: location, offline: offline, lockWait: .seconds(10)) {
            spinner.start()
        }
        spinner.stop()

        let status = ForecastProblemReport(display.problem, location: location, hasForecast: display.forecast != nil,
                                           configFile: context.paths.configFile).report(to: context)
        if let forecast = display.forecast {
            if json {
                context.console.write(String(decoding: ForecastCache.encode(forecast), as: UTF8.self))
            } else {
                context.console.write(ForecastView(width: context.outputWidth, usesColor: context.useColor, now: Date(),
                                                          cutsLines: context.console.isOutputTerminal).render(forecast))
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
    var configFile: String

    init(_ problem: DisplayForecast.Problem?, location: Location, hasForecast: Bool, configFile: String) {
        self.problem = problem
        self.location = location
        self.hasForecast = hasForecast
        self.configFile = configFile
    }

    func report(to context: CommandContext) -> ExitCode {
        let name = location.name.strippingControlCharacters
        let cachedNote = hasForecast ? "; showing the cached forecast" : ""
        switch problem {
        case nil:
            return .success
        case .offlineRequested:
            context.printError("rain: error: no cached forecast for \(name)")
            context.printError("rain: hint: fetch one when online: rain refresh \(location.shortID)")
            return .noInput
        case .offline(let host):
            context.printError("rain: offline: cannot reach \(host)\(cachedNote)")
            if hasForecast { return .temporaryFailure }
            context.printError("rain: hint: no forecast for \(name) is cached yet; try again when online")
            return .noInput
        case .busy:
            context.printError("rain: \(hasForecast ? "warning" : "error"): another rain is refreshing forecasts right now\(cachedNote)")
            return .temporaryFailure
        case .failed(let failure):
            context.printError("rain: \(hasForecast ? "warning" : "error"): could not refresh \(name): \(failure.description.strippingControlCharacters)\(cachedNote)")
            if let hint = failure.hint(configFile: configFile) { context.printError("rain: hint: \(hint)") }
            return ExitCode(failure)
        }
    }
}
