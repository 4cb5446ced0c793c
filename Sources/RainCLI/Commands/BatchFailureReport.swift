import RainKit

/// How the failures of a batch of places reach stderr: a missing or refused key is one problem,
/// so one line (and hint) for all the places it stopped; anything else one line per place.
struct BatchFailureReport {
    var failures: [RefreshOutcome]
    /// How many places the batch was for.
    var placeCount: Int

    /// Writes the lines and returns the status the worst failure calls for.
    /// - Parameter severity: `.error` for `rain refresh`; `.warning` where a failed place's
    ///   cached forecast is still shown (`rain show --all`).
    func report(to context: CommandContext, severity: (RefreshOutcome) -> ErrorReport.Severity = { _ in .error }) -> ExitCode {
        var status = ExitCode.success
        var reportedKeyProblems: [RefreshFailure] = []
        for outcome in failures {
            guard let failure = outcome.failure else { continue }
            if failure.isSameForEveryPlace && placeCount > 1 {
                guard !reportedKeyProblems.contains(failure) else { continue }
                reportedKeyProblems.append(failure)
                let stopped = failures.filter { $0.failure == failure }.count
                var report = ErrorReport(failure, localization: context.localization)
                let localization = context.localization
                report.appendToFirstLine(stopped == placeCount ? localization.tr("; no place was refreshed")
                    : localization.trn("; {stopped} of {count} places was not refreshed", "; {stopped} of {count} places were not refreshed",
                                       count: stopped, ["stopped": String(stopped), "count": String(placeCount)]))
                context.report(report)
                status = .worse(status, report.exitCode)
            } else {
                status = .worse(status, context.report(failure, about: outcome.location.name, as: severity(outcome)))
            }
        }
        return status
    }
}

extension RefreshFailure {
    /// A missing or refused API key, or a quota used up until a later hour, day or month:
    /// the same for every place, so reported once.
    var isSameForEveryPlace: Bool {
        switch self {
        case .forecast(.missingKey), .forecast(.keyRefused): return true
        case .forecast(let error): return error.usedUpQuota != nil
        default: return false
        }
    }
}
