import FoundationEssentials
import RainKit

extension Flag {
    /// `--verbose`, which every command that uses the network takes.
    static let verbose = Flag("verbose", short: "v", help: "Print each request (key hidden), its status and its time to stderr.")
}

extension ArgumentDefinition {
    /// `[<loc>]`: one place, the current location when left out.
    static func place(optional: Bool) -> ArgumentDefinition {
        ArgumentDefinition(name: "loc", help: "The place: ID, ID prefix, number or name.", isOptional: optional, joinsWords: true,
                           completion: .locations)
    }

    /// `<loc> ...`: several places.
    static let places = ArgumentDefinition(
        name: "loc", help: "The places: IDs, ID prefixes, numbers or names.", isOptional: true, isRepeating: true, completion: .locations)
}

extension CommandContext {
    /// The forecast service for the settings in effect; with `verbose`, requests are logged to stderr.
    /// `quiet` (`--quiet`): a feed that failed is not said.
    func makeForecastService(verbose: Bool, places: ForecastService.Places = .saved, quiet: Bool = false) throws -> ForecastService {
        let console = self.console, localization = self.localization
        var service = ForecastService(settings: try loadSettings().settings, places: places, verbose: requestLog(verbose: verbose), warn: { text in
            console.writeError(ErrorReport(message: localization.tr(text), exitCode: .success).text(as: .warning))
        })
        service.saysFeedProblems = !quiet
        return service
    }

    /// Where `--verbose` sends one line per request: stderr; nil without it.
    func requestLog(verbose: Bool) -> (@Sendable (String) -> Void)? {
        guard verbose else { return nil }
        let console = self.console
        return { line in console.writeError(ErrorReport(message: line, exitCode: .success).text(as: .notice)) }
    }

    /// The place LOC means, or the current location when there is no LOC.
    func location(_ reference: String?, in list: LocationList) throws -> Location {
        if let reference { return try list.resolve(reference) }
        guard !list.locations.isEmpty else { throw LocationsError.noLocations }
        guard let current = list.current else { throw LocationsError.noCurrentLocation }
        return current
    }

    /// One line for a problem that kept every place from being refreshed (`show --all`,
    /// `notify`); the status it stands for.
    func reportBatchProblem(_ problem: DisplayForecast.Problem, hasForecasts: Bool, using: String = "showing") -> ExitCode {
        let cachedNote = !hasForecasts ? ""
            : using == "using" ? localization.tr("; using the cached forecasts") : localization.tr("; showing the cached forecasts")
        let severity: ErrorReport.Severity = hasForecasts ? .warning : .error
        var line: ErrorReport
        switch problem {
        case .offline(let host):
            line = ErrorReport(message: ErrorReport.offlinePrefix + localization.tr("cannot reach {host}", ["host": host]) + cachedNote,
                               exitCode: hasForecasts ? .temporaryFailure : .noInput)
            line.isOffline = true
            self.report(line, as: .notice)
            return line.exitCode
        case .busy:
            line = ErrorReport(RefreshError.busy)
        case .refreshLock(let error):
            line = ErrorReport(error)
        case .failed(let failure):
            line = ErrorReport(failure, subject: "could not refresh")
        case .offlineRequested:
            return .success
        }
        line.message += cachedNote
        self.report(line, as: severity)
        return line.exitCode
    }

    /// Columns for a forecast: the terminal's, else `COLUMNS`, else 80.
    var outputWidth: Int { RainCLI.outputWidth(environment: environment, console: console) }

    /// The width every line is cut to: the terminal's; for other output `COLUMNS` when it was
    /// exported (shells set it without exporting it), else none: a pipe gets whole lines.
    var fittingWidth: Int? {
        console.terminalWidth ?? environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }
}

extension ExitCode {
    /// Which of two failures a run with both ends with: the one that needs a person most.
    static func worse(_ first: ExitCode, _ second: ExitCode) -> ExitCode {
        let order: [ExitCode] = [.success, .temporaryFailure, .unavailable, .ioError, .permissionDenied, .configuration]
        return (order.firstIndex(of: first) ?? 0) >= (order.firstIndex(of: second) ?? 0) ? first : second
    }
}
