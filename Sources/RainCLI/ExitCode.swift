import RainKit

/// rain's exit statuses (sysexits.h).
enum ExitCode: Int32 {
    case success = 0
    /// EX_USAGE: bad command line.
    case usage = 64
    /// EX_DATAERR: unknown or ambiguous LOC, coordinates out of range, removing the current location.
    case dataError = 65
    /// EX_NOINPUT: nothing to show.
    case noInput = 66
    /// EX_UNAVAILABLE: the API answered with an error or an unusable body.
    case unavailable = 69
    /// EX_IOERR: a local file could not be read or written.
    case ioError = 74
    /// EX_TEMPFAIL: offline, unreachable, timed out, rate-limited, 503, cut off, busy: try later.
    case temporaryFailure = 75
    /// EX_NOPERM: the API refused the key.
    case permissionDenied = 77
    /// EX_CONFIG: the configuration is invalid.
    case configuration = 78
}

extension ExitCode {
    /// The one table from kinds of error to exit statuses.
    init(_ kind: ErrorKind) {
        switch kind {
        case .usage: self = .usage
        case .badData: self = .dataError
        case .nothingToShow: self = .noInput
        case .unavailable: self = .unavailable
        case .localFile: self = .ioError
        case .temporary: self = .temporaryFailure
        case .permission: self = .permissionDenied
        case .configuration: self = .configuration
        }
    }
}

/// A failure the command layer decides on itself (not a library error), of a kind like any other.
struct CommandFailure: RainError {
    var text: LocalizedText
    var hintText: LocalizedText?
    var kind: ErrorKind

    init(_ text: LocalizedText, hint: LocalizedText? = nil, kind: ErrorKind) {
        self.text = text
        hintText = hint
        self.kind = kind
    }
}

extension CommandFailure {
    /// "offline: cannot reach HOST to look up 'NAME'": the geocoder out of reach, in the one
    /// voice of offline (the prefix stays as it is, as `rain: error:` does, for scripts).
    static func lookupOffline(host: String, name: String, hint: LocalizedText? = nil) -> CommandFailure {
        CommandFailure(.verbatim(ErrorReport.offlinePrefix)
                           + LocalizedText(N_("cannot reach {host} to look up '{name}'"),
                                           ["host": .verbatim(host), "name": .verbatim(name.strippingControlCharacters)]),
                       hint: hint, kind: .temporary)
    }

    /// "cannot look up 'NAME':", the problem (with the server's words) and "geocoder: HOST" a
    /// line each under it: the geocoder named, since the forecast API's
    /// words alone ("the API answered HTTP 404") do not say which service failed.
    static func lookupFailed(_ error: ForecastError, name: String, host: String, hint: LocalizedText?) -> CommandFailure {
        CommandFailure(LocalizedText(N_("cannot look up '{name}':"), ["name": .verbatim(name.strippingControlCharacters)])
                           + .verbatim("\n") + error.text + .verbatim("\n") + LocalizedText(N_("geocoder: {host}"), ["host": .verbatim(host)]),
                       hint: hint, kind: error.kind)
    }
}

extension CommandFailure {
    /// What `--here` ends with when the IP service failed: its error, but for a 429 "HOST
    /// refused the request (HTTP 429: too many requests)", and when to try again: in the
    /// `Retry-After`'s wait where it is one a person can act on (1 s to a day, as in
    /// `ForecastError.text`), else later. For ifconfig.co the hint names its own limit: it
    /// asks automated clients for "1 request per minute" (mpolden/echoip `html/index.html`,
    /// FAQ), and rain asks it once (`PlaceLookup.here`); `ip_location_url` may name another.
    static func ipLocationFailure(_ error: ForecastError, host: String) -> any Error {
        guard case .rateLimited(let retryAfter, _) = error else { return error }
        let wait = retryAfter.flatMap { (1...86_400).contains($0) ? LocalizedText.duration(seconds: $0) : nil }
        let hint: LocalizedText = switch (host.lowercased() == "ifconfig.co", wait) {
        case (true, let wait?): LocalizedText(N_("it takes one request a minute; try again in {wait}"), ["wait": wait])
        case (true, nil): LocalizedText(N_("it takes one request a minute; try again in a minute"))
        case (false, let wait?): LocalizedText(N_("try again in {wait}"), ["wait": wait])
        case (false, nil): LocalizedText(N_("try again later"))
        }
        return CommandFailure(LocalizedText(N_("{host} refused the request (HTTP 429: too many requests)"), ["host": .verbatim(host)]),
                              hint: hint, kind: .temporary)
    }
}

/// Ends a command with a status other than success after it has said what it had to say.
struct ExitStatus: Error {
    var code: ExitCode
}
