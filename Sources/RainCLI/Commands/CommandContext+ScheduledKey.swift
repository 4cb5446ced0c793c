import RainKit

extension CommandContext {
    /// What cron and the systemd user manager run does not see this shell's environment, and
    /// rain never writes the key into a crontab line or a unit: a key only in RAIN_API_KEY
    /// would be missing there, and with it the provider that needs it. Open-Meteo needs none:
    /// no warning then. `scheduler` names what runs rain ("cron", "the systemd timer").
    func warnIfTheKeyOnlyLivesInTheEnvironment(scheduler: String) {
        guard !(environment["RAIN_API_KEY"] ?? "").isEmpty,
              (try? loadSettings())?.settings.provider.unit.needsKey == true else { return }
        var environment = self.environment
        environment["RAIN_API_KEY"] = nil
        guard let withoutVariable = try? settingsLoader(environment: environment).load(), withoutVariable.settings.apiKey == nil else { return }
        let fallback = withoutVariable.settings.provider
        let consequence = fallback.unit.needsKey ? "its runs would have no key" : "its runs would fetch from \(fallback.displayName)"
        report(ErrorReport(message: "\(scheduler) will not see your key in RAIN_API_KEY",
                           hint: "\(consequence)\nput the key in a file named by api_key_file (see: rain config path)",
                           exitCode: .success), as: .warning)
    }
}
