import Foundation
import RainKit

extension Flag {
    /// `--verbose`, which every command that uses the network takes.
    static let verbose = Flag("verbose", short: "v", help: "Print each request (key hidden), its status and its time to stderr.")
}

extension ArgumentDefinition {
    /// `[<loc>]`: one place, the current location when left out.
    static func place(optional: Bool) -> ArgumentDefinition {
        ArgumentDefinition(name: "loc", help: "The place: ID, ID prefix, number or name.", isOptional: optional, completion: .locations)
    }

    /// `<loc> ...`: several places.
    static let places = ArgumentDefinition(
        name: "loc", help: "The places: IDs, ID prefixes, numbers or names.", isOptional: true, isRepeating: true, completion: .locations)
}

extension CommandContext {
    /// The forecast service for the settings in effect; with `verbose`, requests are logged to stderr.
    func makeForecastService(verbose: Bool) throws -> ForecastService {
        let settings = try loadSettings().settings
        let console = self.console
        var log: (@Sendable (String) -> Void)?
        if verbose {
            log = { line in console.writeError("rain: \(line)\n") }
        }
        return ForecastService(settings: settings, verbose: log, warn: { console.writeError("rain: warning: \($0.strippingControlCharacters)\n") })
    }

    /// The place LOC means, or the current location when there is no LOC.
    func location(_ reference: String?, in list: LocationList) throws -> Location {
        if let reference { return try list.resolve(reference) }
        guard !list.locations.isEmpty else { throw LocationsError.noLocations }
        guard let current = list.current else { throw LocationsError.noCurrentLocation }
        return current
    }

    /// Columns for a forecast: the terminal's, else `COLUMNS`, else 80.
    var outputWidth: Int { RainCLI.outputWidth(environment: environment, console: console) }
}

extension ExitCode {
    /// The status a failed refresh ends with.
    init(_ failure: RefreshFailure) {
        switch failure {
        case .cache: self = .ioError
        case .forecast(let error): self.init(error)
        }
    }

    init(_ error: ForecastError) {
        switch error {
        case .offline, .timedOut, .outOfTime, .rateLimited, .cancelled: self = .temporaryFailure
        case .keyRefused: self = .permissionDenied
        case .http, .unusableBody, .tooLarge, .transport: self = .unavailable
        case .missingKey: self = .configuration
        }
    }

    /// Which of two failures a run with both ends with: the one that needs a person most.
    static func worse(_ first: ExitCode, _ second: ExitCode) -> ExitCode {
        let order: [ExitCode] = [.success, .temporaryFailure, .unavailable, .ioError, .permissionDenied, .configuration]
        return (order.firstIndex(of: first) ?? 0) >= (order.firstIndex(of: second) ?? 0) ? first : second
    }
}

extension RefreshFailure {
    /// A next step for the user, where there is one.
    func hint(configFile: String) -> String? {
        switch self {
        case .forecast(.missingKey):
            return "set RAIN_API_KEY, or api_key_file in \(configFile) (rain config init writes one)"
        case .forecast(.keyRefused):
            return "check the key with: rain config show"
        default:
            return nil
        }
    }
}
