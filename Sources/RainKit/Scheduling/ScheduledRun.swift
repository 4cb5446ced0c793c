/// What cron and the systemd timer run, one after the other: a refresh of every stale
/// forecast, then `rain notify`, which tells of what the fresh forecasts hold (once each);
/// both quiet when offline, which is no news to mail about every half hour.
public enum ScheduledRun {
    public static let commands = [["refresh", "--all", "--quiet", "--if-stale"], ["notify", "--quiet"]]

    /// The variables a scheduled rain needs from the shell that set it up: where its files
    /// are, and the servers the shell's rain asks. Never the API key.
    public static let passedVariables = ["RAIN_HOME", "RAIN_CONFIG", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"]
    public static let passedURLVariables = ["RAIN_BASE_URL", "RAIN_OPENMETEO_URL", "RAIN_NWS_URL", "RAIN_METALERTS_URL", "RAIN_AIR_QUALITY_URL",
                                             ensembleURLVariable]
    /// Passed only where the runs ask the ensemble (`"ensemble": true`).
    public static let ensembleURLVariable = "RAIN_ENSEMBLE_URL"
}

extension ScheduledRun {
    /// A URL setting passed into the schedule holds the API key: the line or unit would carry
    /// it, and rain never writes the key into either.
    public struct KeyInSetting: RainError, Sendable, Equatable {
        /// The variable: `RAIN_BASE_URL`, ...
        public var name: String

        public init(name: String) { self.name = name }

        public var text: LocalizedText {
            LocalizedText(N_("{name} holds the API key, and rain never writes the key into a schedule"), ["name": .verbatim(name)])
        }

        public var kind: ErrorKind { .configuration }
        public var hintText: LocalizedText? {
            LocalizedText(N_("take the key out of {name} and put it in a file named by api_key_file"), ["name": .verbatim(name)])
        }
    }
}
