extension ExitCode {
    /// Every status, in order.
    static var all: [ExitCode] { (Int32(0)...255).compactMap(ExitCode.init(rawValue:)) }

    /// What the status means, for the manual page: the README's table, word for word.
    var meaning: String {
        switch self {
        case .success: return "success (also when a change was saved but its report could not be written to standard output: a warning says so, and a script that retries does not make the change twice)"
        case .usage: return "bad command line (also: removing without --yes and without a terminal)"
        case .dataError: return "bad data given: unknown or ambiguous LOC, coordinates out of range, refusing to remove the current location"
        case .noInput: return "nothing to show: no saved locations, no current location, no cached forecast for rain show while offline or for --format"
        case .unavailable: return "the API, the geocoder, the IP location service or an alert feed answered with an error or an unusable body; a notification could not be delivered (no session bus, nothing on it shows them, notify-send missing, an --exec command that failed); timer --install found no systemd user manager"
        case .ioError: return "a local file could not be read or written (or cannot be parsed, or is not a regular file within its limit), or standard output could not be written (closed, a full disk) by a command that changed nothing"
        case .temporaryFailure: return "temporary: offline, unreachable, timed out, rate-limited, HTTP 408/502/503/504, a cut-off transfer, busy; a program rain started that did not finish within its time limit and was stopped (notify-send, an --exec command, crontab, systemctl: a hung bus, cron daemon or user manager may answer next time); try later"
        case .permissionDenied: return "the API refused the key (a 401 or 403 to a request that carried it; to one without a key it is 69)"
        case .configuration: return "the configuration is invalid (or provider is darksky and no API key is configured)"
        }
    }
}
