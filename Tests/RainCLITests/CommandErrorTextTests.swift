import Foundation
@testable import RainCLI
import RainKit
import RainTestSupport
import Testing

/// Issue 37, "each text once", for the command line's own errors: a parse error, a validation
/// error and a failure a command decides on carry one `LocalizedText`; English is its
/// rendering in English, and a German run renders the same text from the catalogue, plural
/// forms included (`ErrorTextTests` checks the library's errors).
@Suite struct CommandErrorTextTests {
    static let errors: [any RainError] = [
        ParseError.unknownOption("--colour", suggestion: "--color"),
        ParseError.invalidValue("x", for: "--units <units>", expectation: "one of si, us"),
        ParseError.notACommand("refesh", suggestion: "refresh", lookup: "rain show refesh"),
        ValidationError(N_("missing '--lat <latitude>' (with '--lon')")),
        CommandFailure.lookupOffline(host: "geo.example", name: "Paris"),
        CommandFailure.lookupFailed(.http(status: 500, message: nil), name: "Paris", host: "geo.example",
                                    hint: LocalizedText(N_("use a name, or --lat and --lon"))),
        CommandFailure(LocalizedText.trn("'--pick {pick}': only 1 place is named {name}: {list}",
                                         "'--pick {pick}': only {count} places are named {name}: {list}",
                                         count: 3, ["pick": .verbatim("5"), "name": .verbatim("\"Paris\""), "list": .verbatim("a; b; c")]),
                       hint: LocalizedText(N_("leave out --pick")), kind: .badData),
    ]

    /// Only ifconfig.co's 429 names its one request a minute (mpolden/echoip
    /// `html/index.html`); no host is named by it in the error, which fits 80 columns.
    @Test func onlyIfconfigCoIsSaidToTakeOneRequestAMinute() throws {
        let host = PlaceLookup(settings: Settings(paths: RainPaths.resolve(environment: ["RAIN_HOME": "/nonexistent"]))).ipLocationHost
        #expect(host == "ifconfig.co")
        let cases: [(String, Int?, String)] = [
            (host, nil, "it takes one request a minute; try again in a minute"),
            (host, 45, "it takes one request a minute; try again in 45 s"),
            (host, 90, "it takes one request a minute; try again in 2 min"),
            (host, 9000, "it takes one request a minute; try again in 2 h 30 min"),
            (host, 9_000_000, "it takes one request a minute; try again in a minute"),
            ("ip.example", nil, "try again later"),
            ("ip.example", 0, "try again later"),
        ]
        for (host, retryAfter, hint) in cases {
            let failure = try #require(CommandFailure.ipLocationFailure(.rateLimited(retryAfter: retryAfter), host: host) as? CommandFailure)
            #expect(failure.description == "\(host) refused the request (HTTP 429: too many requests)")
            #expect(failure.hintText?.description == hint, "\(host) \(String(describing: retryAfter))")
            #expect(("rain: error: " + failure.description).count <= 80)
        }
    }

    @Test func theEnglishLineIsTheTextInEnglishAndGermanIsTheCataloguesWords() throws {
        let german = try Localization.load(locale: "de", folders: [try Catalogues.compiled()])
        for error in Self.errors {
            #expect(error.message(in: .english) == error.description, "\(error)")
            #expect(error.hint(in: .english) == error.hintText?.description, "\(error)")
            #expect(error.message(in: german) != error.description, "\(error) is English in German")
            if let hint = error.hintText { #expect(german.tr(hint) != hint.description, "hint of \(error) is English in German") }
        }
        let plural = try #require(Self.errors.last)
        #expect(plural.description == "'--pick 5': only 3 places are named \"Paris\": a; b; c")
        #expect(plural.message(in: german) == german.trn("'--pick {pick}': only 1 place is named {name}: {list}",
                                                         "'--pick {pick}': only {count} places are named {name}: {list}",
                                                         count: 3, ["pick": "5", "name": "\"Paris\"", "list": "a; b; c"]))
        #expect(CommandFailure.lookupOffline(host: "geo.example", name: "Paris").description == "offline: cannot reach geo.example to look up 'Paris'")
    }
}
