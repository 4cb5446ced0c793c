import RainKit

extension CommandContext {
    /// What runs rain on a schedule.
    enum Scheduler { case cron, timer }

    /// What cron and the systemd user manager run does not see this shell's environment, and
    /// rain never writes the key into a crontab line or a unit: a key only in RAIN_API_KEY
    /// would be missing there, and with it the provider that needs it. Open-Meteo needs none:
    /// no warning then.
    func warnIfTheKeyOnlyLivesInTheEnvironment(scheduler: Scheduler) {
        guard !(environment["RAIN_API_KEY"] ?? "").isEmpty,
              (try? loadSettings())?.settings.provider.unit.needsKey == true else { return }
        var environment = self.environment
        environment["RAIN_API_KEY"] = nil
        guard let withoutVariable = try? settingsLoader(environment: environment).load(), withoutVariable.settings.apiKey == nil else { return }
        let fallback = withoutVariable.settings.provider
        let words = localization
        let message = switch scheduler {
        case .cron: words.tr("cron will not see your key in RAIN_API_KEY")
        case .timer: words.tr("the systemd timer will not see your key in RAIN_API_KEY")
        }
        let consequence = fallback.unit.needsKey
            ? words.tr("its runs would have no key")
            : words.tr("its runs would fetch from {provider}", ["provider": fallback.displayName])
        report(ErrorReport(message: message,
                           hint: consequence + "\n" + words.tr("put the key in a file named by api_key_file (see: rain config path)"),
                           exitCode: .success), as: .warning)
    }
}

extension CommandContext {
    /// The variables a scheduled rain gets (`ScheduledRun`), absolute: the folders and
    /// configuration of this run (`--config` too), and the forecast URLs set in the environment.
    /// - Throws: `ScheduledRun.KeyInSetting` when one of those folders or URLs holds the API
    ///   key, which would then be written into the crontab or the unit.
    func scheduledEnvironment() throws(ScheduledRun.KeyInSetting) -> [(String, String)] {
        let redaction = keyRedaction()
        var environment: [(String, String)] = []
        for name in ScheduledRun.passedVariables {
            // Relative XDG paths are invalid and ignored by rain, so they are not passed on.
            if let value = self.environment[name], !value.isEmpty, !(name.hasPrefix("XDG_") && !value.hasPrefix("/")) {
                environment.append((name, ProcessIdentity.absolutePath(value)))
            }
        }
        if let config = configOverride {
            environment.removeAll { $0.0 == "RAIN_CONFIG" }
            environment.append(("RAIN_CONFIG", ProcessIdentity.absolutePath(config)))
        }
        // The ensemble's only where the runs ask it (`"ensemble": true`): cron takes lines of at
        // most 1000 characters.
        let asksEnsemble = (try? loadSettings().settings.ensemble) ?? false
        for name in ScheduledRun.passedURLVariables where name != ScheduledRun.ensembleURLVariable || asksEnsemble {
            guard let value = self.environment[name], !value.isEmpty else { continue }
            environment.append((name, value))
        }
        // Passed with the key in it, the key would be in the crontab or the unit file.
        if let redaction, let (name, _) = environment.first(where: { redaction.holdsKey($0.1) }) {
            throw ScheduledRun.KeyInSetting(name: name)
        }
        return environment
    }
}
