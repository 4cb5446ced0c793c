import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// Issue 37, "each text once": an error gives its line and hint once, as `LocalizedText`; the
/// English `description` is that text rendered in English, and another language renders the
/// same text from its catalogue. Errors of every RainError of the library are checked: an
/// English line written beside the text again (a `description` of its own) fails here, and so
/// does a text left unmarked, which no catalogue can translate.
@Suite struct ErrorTextTests {
    static let paris = Location(name: "Paris", coordinate: Coordinate(latitude: 48.85, longitude: 2.35))
    static let lyon = Location(name: "Lyon", coordinate: Coordinate(latitude: 45.76, longitude: 4.84))
    static let fileError = FileError(path: "/home/a/.rain/locations.json", errno: EACCES, action: .write)

    /// At least one error of each kind of each RainError the library has, with hints and without.
    static let errors: [any RainError] = [
        fileError,
        FileError.notRegular("/dev/null", LocalizedText(N_("a device"))),
        CacheError.unreadable(path: "/c/a.json", reason: fileError.problem),
        CacheError.corrupt(path: "/c/a.json", reason: LocalizedText(N_("the file is empty")), field: "hourly"),
        CacheError.unwritable(path: "/c/a.json", reason: fileError.problem),
        ConfigError.missingFile(path: "/home/a/my config.json"),
        ConfigError.unreadable(path: "/c.json", reason: fileError.problem),
        ConfigError.empty(path: "/c.json", named: false),
        ConfigError.empty(path: "/home/a/my config.json", named: true),
        ConfigError.notJSON(path: "/c.json"),
        ConfigError.unknownKey(path: "/c.json", key: "unts", suggestion: "units"),
        ConfigError.unknownKey(path: "/c.json", key: "zzz", suggestion: nil),
        ConfigError.invalidValue(path: "/c.json", key: "units", problem: LocalizedText(N_("must be a string"))),
        ConfigError.insecureKeyFile(path: "/k", mode: 0o644),
        ConfigError.unusableKey(source: "/k", problem: LocalizedText(N_("is empty"))),
        ConfigInitError.exists(path: "/c.json"),
        ConfigInitError.file(fileError),
        DefaultsFileError.unreadable(path: "/l.json", reason: LocalizedText(N_("the file is empty"))),
        DefaultsFileError.file(fileError),
        DefaultsFileError.busy(path: "/l.json"),
        LocationsError.unknown(reference: "Pariss", nearest: "Paris"),
        LocationsError.unknown(reference: "Xyz"),
        LocationsError.ambiguous(reference: "P", candidates: [paris, lyon]),
        LocationsError.removingCurrent(paris),
        LocationsError.invalidName(N_("the name is empty")),
        LocationsError.unusableName(problem: N_("not valid UTF-8"), hint: N_("use UTF-8 (check LANG and the terminal)")),
        LocationsError.invalidCoordinate(N_("latitude {value} is out of range: it must be between -90 and 90"), values: ["value": "91"]),
        LocationsError.noLocations,
        LocationsError.noCurrentLocation,
        LocationsError.nameTaken(name: "Lyon", by: lyon),
        LocationsError.positionOutOfRange(5, count: 4),
        Crontab.Failure(text: LocalizedText(N_("crontab -l failed: {reason}"), ["reason": .verbatim("crontab: bad")])),
        Crontab.Failure(text: LocalizedText(N_("crontab refused the new table: {reason}"),
                                            ["reason": LocalizedText(N_("exit status {status}, no message"), ["status": .verbatim("1")])])),
        Crontab.Failure(text: LocalizedText(N_("new crontab not installed: crontab ended by signal {signal}"), ["signal": .verbatim("11 (SIGSEGV)")])),
        CrontabEntry.Unrunnable(name: .verbatim("RAIN_HOME")),
        CrontabEntry.Unrunnable(name: LocalizedText(N_("the path of rain"))),
        UserSystemd.Failure.notRunning(reason: LocalizedText(N_("systemctl is not installed"))),
        UserSystemd.Failure.timedOut,
        UserSystemd.Failure.file(fileError),
        SystemdUnits.Problem.lineBreak(name: .verbatim("RAIN_HOME")),
        SystemdUnits.Problem.lineBreak(name: LocalizedText("the path of rain")),
        SystemdUnits.Problem.unsupported(Interval(seconds: 7 * 60)),
        NotifyError.unreadableState(path: "/n.json", reason: LocalizedText(N_("the file is empty"))),
        NotifyError.noSessionBus(tried: ["/run/user/1000/bus"]),
        NotifyError.notifierMissing(program: "notify-send"),
        NotifyError.busy,
        NotifyError.noNotificationService,
        NotifyError.commandFailed(status: 2, said: ["no such host", "giving up"]),
        NotifyError.commandTimedOut(seconds: 30, said: []),
        NotifyError.notifierTimedOut(program: "notify-send", seconds: 25),
        NotifyError.commandFailed(status: 3, said: [], blank: true),
        LocalizationError.unreadable(path: "/x/de/rain.mo", reason: "wrong magic number"),
        ForecastError.offline(host: "api.example"),
        ForecastError.timedOut(host: "api.example"),
        ForecastError.connectionLost(host: "api.example"),
        ForecastError.tls(host: "api.example", reason: "certificate expired"),
        ForecastError.outOfTime(host: "api.example", seconds: 20),
        ForecastError.cancelled,
        ForecastError.rateLimited(retryAfter: 30),
        ForecastError.rateLimited(retryAfter: nil),
        ForecastError.rateLimited(retryAfter: nil, quota: ExceededQuota(service: "Open-Meteo", window: .day, now: Date(timeIntervalSince1970: 0))),
        ForecastError.keyRefused(status: 401, message: "Invalid key"),
        ForecastError.http(status: 500, message: nil),
        ForecastError.unusableBody(reason: LocalizedText(N_("the file is empty")), path: "hourly.time"),
        ForecastError.implausible(LocalizedText(N_("the API sent UTC offset {hours} h (not -12..+14 h)"), ["hours": .verbatim("99")])),
        ForecastError.tooLarge(limit: 8 << 20),
        ForecastError.missingKey,
        ForecastError.locationUnknown(host: "ip.example"),
        ForecastError.transport(reason: "malformed URL"),
        RefreshFailure.forecast(.missingKey),
        RefreshFailure.cache(.unwritable(path: "/c/a.json", reason: fileError.problem)),
        RefreshError.offline(host: "api.example"),
        RefreshError.busy,
        RefreshError.lockFile(fileError),
    ]

    static func german() throws -> Localization {
        try Localization.load(locale: "de", folders: [try Catalogues.compiled()])
    }

    @Test func theEnglishLineIsTheTextInEnglish() {
        for error in Self.errors {
            #expect(error.message(in: .english) == error.description, "\(type(of: error))")
            #expect(error.message(in: .english) == Localization.english.tr(error.text), "\(type(of: error))")
            #expect(error.hint(in: .english) == error.hintText.map { Localization.english.tr($0) }, "\(error)")
            #expect(!error.description.isEmpty && !error.description.contains("{"), "\(error)")
        }
    }

    /// Every message of every error's line and hint is in the German catalogue, and a German
    /// run shows the catalogue's words, with the values (data) as they are.
    @Test func anotherLanguageShowsTheCataloguesWords() throws {
        let german = try Self.german()
        for error in Self.errors {
            let missing = TranslatedReasonsTests.untranslated(error.text, in: german)
            #expect(missing.isEmpty, "\(error): not in the catalogue: \(missing)")
            #expect(error.message(in: german) != error.description, "\(error) is English in German")
            if let hint = error.hintText {
                let missingInHint = TranslatedReasonsTests.untranslated(hint, in: german, isValue: true)
                #expect(missingInHint.isEmpty, "hint of \(error): not in the catalogue: \(missingInHint)")
            }
        }
        let unknown = LocationsError.unknown(reference: "Pariss", nearest: "Paris")
        let line = try #require(german.catalogue?.translation(of: "no saved location matches '{reference}'"))
        #expect(unknown.message(in: german) == line.replacingOccurrences(of: "{reference}", with: "Pariss"))
        let hint = try #require(german.catalogue?.translation(of: "did you mean '{suggestion}'?"))
        #expect(unknown.hint(in: german) == hint.replacingOccurrences(of: "{suggestion}", with: "Paris"))
    }

    /// A wait a person can act on is given in seconds, minutes or hours as its length asks
    /// ("try again in 3600 s" had left the sum to the reader); none, or one past a day (the
    /// hostile trial's `Retry-After: Fri, 31 Dec 9999 ...` read "try again in 251605684966 s"),
    /// is "later".
    @Test func aRateLimitsWaitIsNamedOnlyWhenItMeansSomething() {
        #expect(ForecastError.rateLimited(retryAfter: 30).description == "rate-limited; wait 30 s")
        #expect(ForecastError.rateLimited(retryAfter: 3600).description == "rate-limited; wait 60 min")
        #expect(ForecastError.rateLimited(retryAfter: 86_400).description == "rate-limited; wait 24 h")
        for wait in [0, 86_401, 251_605_684_966] {
            #expect(ForecastError.rateLimited(retryAfter: wait).description == "rate-limited; try later", "\(wait)")
        }
    }
}
