extension ExitCode {
    /// Every status, in order.
    static var all: [ExitCode] { (Int32(0)...255).compactMap(ExitCode.init(rawValue:)) }

    /// What the status means, for the manual page (and anyone else listing them).
    var meaning: String {
        switch self {
        case .success: return "Success."
        case .usage: return "Bad command line (also: removing without --yes and without a terminal)."
        case .dataError: return "Bad data given: an unknown or ambiguous LOC, coordinates out of range, refusing to remove the current location."
        case .noInput: return "Nothing to show: no saved locations, no current location, no cached forecast while offline or with --format."
        case .unavailable: return "The API answered with an error or an unusable body."
        case .ioError: return "A local file could not be read or written (or cannot be parsed)."
        case .temporaryFailure: return "Temporary: offline, unreachable, timed out, rate-limited, busy, a cut-off transfer; try later."
        case .permissionDenied: return "The API refused the key."
        case .configuration: return "The configuration is invalid (or no API key is configured where one is needed)."
        }
    }
}
