import RainKit

extension CommandContext {
    /// `rain watch new york`, where "new" names no saved place but "new york" does: the error,
    /// with a hint at the quotes in place of its own, for every command that takes several
    /// places. Any other error is thrown as it is.
    func rethrowHintingQuotes(_ error: any Error, _ references: [String], command: String, in list: LocationList?) throws -> Never {
        guard case .unknown? = error as? LocationsError, references.count > 1,
              let list = list ?? (try? store.load()) else { throw error }
        let name = references.joined(separator: " ")
        guard (try? list.resolve([name])) != nil else { throw error }
        var report = ErrorReport(error, localization: localization)
        report.hint = localization.tr("quote a name of several words: {command}", ["command": "\(command) '\(name)'"])
        self.report(report)
        throw ExitStatus(code: report.exitCode)
    }
}
