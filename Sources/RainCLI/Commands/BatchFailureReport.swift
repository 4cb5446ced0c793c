import RainKit

/// How the failures of a batch of places reach stderr: a missing or refused key is one problem,
/// so one line (and hint) for all the places it stopped; anything else one line per place.
struct BatchFailureReport {
    var failures: [RefreshOutcome]
    /// How many places the batch was for.
    var placeCount: Int
    var configFile: String

    /// Writes the lines and returns the status the worst failure calls for.
    /// - Parameter level: "error" for `rain refresh`; "warning" where a failed place's cached
    ///   forecast is still shown (`rain show --all`).
    func report(to context: CommandContext, level: (RefreshOutcome) -> String = { _ in "error" }) -> ExitCode {
        var status = ExitCode.success
        var reportedKeyProblems: [RefreshFailure] = []
        for outcome in failures {
            guard let failure = outcome.failure else { continue }
            status = .worse(status, ExitCode(failure))
            if failure.isKeyProblem && placeCount > 1 {
                guard !reportedKeyProblems.contains(failure) else { continue }
                reportedKeyProblems.append(failure)
                let stopped = failures.filter { $0.failure == failure }.count
                let scope = stopped == placeCount ? "no place was refreshed" : "\(stopped) of \(placeCount) places were not refreshed"
                context.printError("rain: error: \(failure.description.strippingControlCharacters); \(scope)")
            } else {
                let name = outcome.location.name.strippingControlCharacters
                context.printError("rain: \(level(outcome)): \(name): \(failure.description.strippingControlCharacters)")
            }
            if let hint = failure.hint(configFile: configFile) { context.printError("rain: hint: \(hint)") }
        }
        return status
    }
}

extension RefreshFailure {
    /// A missing or refused API key: the same for every place, so reported once.
    var isKeyProblem: Bool {
        switch self {
        case .forecast(.missingKey), .forecast(.keyRefused): return true
        default: return false
        }
    }
}
