import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Open-Meteo as the provider, through the real binary against the simulator: which provider
/// is used when, a keyless refresh and show, failures, and the cache across providers and units.
@Suite struct KeylessEndToEndTests {
    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func withoutAKeyRefreshAndShowUseOpenMeteo() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let refreshed = try await world.keylessRain(["refresh"])
            #expect(refreshed.status == 0, "\(refreshed)")
            #expect(world.requestedPaths == ["/v1/forecast"])
            let request = try #require(world.simulator.requests.first)
            #expect(request.queryValue("timezone") == "auto" && request.queryValue("timeformat") == "unixtime")
            #expect(request.queryValue("wind_speed_unit") == "ms" && request.queryValue("temperature_unit") == "celsius")
            #expect(request.queryValue("latitude") == "52.52" && request.queryValue("longitude") == "13.405")

            let shown = try await world.keylessRain(["show"], environment: ["COLUMNS": "80"])
            #expect(shown.status == 0, "\(shown)")
            #expect(world.simulator.requestCount == 1, "the fresh cache is shown")
            #expect(shown.output.hasPrefix("Berlin ") && shown.output.contains("Next 12 hours") && shown.output.contains("Next 7 days"))
            #expect(!shown.output.contains("Next hour") && !shown.output.contains("Alert"), "what Open-Meteo cannot give is left out")
            let document = try json(try await world.keylessRain(["show", "--json"]).output)
            #expect(document["source"] as? String == "openmeteo")
            let current = try #require(document["current"] as? [String: Any])
            #expect(current["temperature"] is Double && current["summary"] is String)
        }
    }

    struct Choice: Sendable, CustomTestStringConvertible {
        var name: String
        var config: String
        var withKey: Bool
        var path: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        Choice(name: "auto with a key", config: #"{"provider": "auto"}"#, withKey: true, path: "/forecast/"),
        Choice(name: "auto without a key", config: #"{"provider": "auto"}"#, withKey: false, path: "/v1/forecast"),
        Choice(name: "default without a key", config: "{}", withKey: false, path: "/v1/forecast"),
        Choice(name: "openmeteo even with a key", config: #"{"provider": "openmeteo"}"#, withKey: true, path: "/v1/forecast"),
        Choice(name: "darksky with a key", config: #"{"provider": "darksky"}"#, withKey: true, path: "/forecast/"),
    ])
    func theProviderInEffectIsTheOneAsked(_ choice: Choice) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: choice.config)
            let key = choice.withKey ? ["RAIN_API_KEY": ForecastWorld.apiKey] : [:]
            let result = try await world.keylessRain(["refresh"], environment: key)
            #expect(result.status == 0, "\(result)")
            let path = try #require(world.requestedPaths.first)
            #expect(path.hasPrefix(choice.path), "\(path)")
            if path == "/v1/forecast" {
                let request = world.simulator.requests[0]
                #expect(!request.description.contains(ForecastWorld.apiKey) && request.header("apikey") == nil,
                        "the key never goes to Open-Meteo")
            }
            let shown = try await world.keylessRain(["config", "show"], environment: key)
            let expected = path == "/v1/forecast" ? "openmeteo" : "darksky"
            #expect(shown.output.contains("provider:"), "\(shown)")
            #expect(shown.output.split(separator: "\n").contains { $0.hasPrefix("provider:") && $0.contains(" \(expected): ") })
        }
    }

    @Test func configShowSaysWhyOpenMeteoIsUsed() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: "{}")
            let shown = try await world.keylessRain(["config", "show"])
            #expect(shown.output.contains("openmeteo: no API key configured"), "\(shown)")
        }
    }

    @Test func configInitSaysNoKeyIsNeeded() async throws {
        try await withTemporaryDirectory { home in
            let result = try await BuiltProduct.run("rain", ["config", "init"], environment: ["RAIN_HOME": home])
            #expect(result.status == 0, "\(result)")
            #expect(result.output == """
                Wrote \(home)/config.json with every setting at its default.
                Open-Meteo needs no key; for Pirate Weather, set api_key_file or RAIN_API_KEY.

                """, "\(result.output)")
            #expect(try String(contentsOfFile: home + "/config.json", encoding: .utf8).contains(#""provider": "auto""#))
        }
    }

    @Test func darkSkyWithoutAKeyIsAConfigurationError() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"provider": "darksky"}"#)
            let result = try await world.keylessRain(["refresh"])
            #expect(result.status == 78, "\(result)")
            #expect(result.error.contains("no API key configured"))
            #expect(world.simulator.requestCount == 0)
        }
    }

    @Test func urlSettingsComeFromTheFileAndTheEnvironmentWins() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"openmeteo_url": "http://127.0.0.1:9/nothing"}"#)
            let result = try await world.keylessRain(["refresh"])
            #expect(result.status == 0, "RAIN_OPENMETEO_URL overrides openmeteo_url: \(result)")
            var environment = world.keylessEnvironment
            environment["RAIN_OPENMETEO_URL"] = nil
            let fromFile = try await BuiltProduct.run("rain", ["config", "show"], environment: environment)
            #expect(fromFile.output.contains("http://127.0.0.1:9/nothing"), "\(fromFile)")
            let invalid = try await world.keylessRain(["refresh"], environment: ["RAIN_GEOCODING_URL": "ftp://example"])
            #expect(invalid.status == 78 && invalid.error.contains("RAIN_GEOCODING_URL"), "\(invalid)")
        }
    }

    typealias Failure = ForecastEndToEndTests.Failure

    @Test(arguments: [
        Failure(name: "error body", behaviour: .status(400), status: 69, message: "the API answered HTTP 400:"),
        // No key was sent: a 401 is an HTTP error like another, not a refused key (77).
        Failure(name: "unauthorized", behaviour: .status(401), status: 69, message: "the API answered HTTP 401"),
        Failure(name: "html", behaviour: .htmlBody, status: 69, message: "unusable response from the API"),
        Failure(name: "malformed", behaviour: .malformedBody, status: 69, message: "unusable response from the API"),
        Failure(name: "truncated", behaviour: .truncatedBody, status: 69, message: "unusable response from the API"),
        Failure(name: "wrong types", behaviour: .wrongTypes, status: 69, message: "unusable response from the API"),
        Failure(name: "rate-limited", behaviour: .status(429, retryAfter: 120), status: 75, message: "rate-limited"),
    ])
    func openMeteoFailuresKeepTheCache(_ failure: Failure) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["refresh"]).status == 0)
            try world.ageCache(of: world.berlin)
            let aged = fileBytes(world.cacheFile(world.berlin))
            world.simulator.setBehaviour(failure.behaviour)
            let result = try await world.keylessRain(["refresh"])
            #expect(result.status == failure.status, "\(result)")
            let lines = result.error.split(separator: "\n")
            #expect(lines.first?.hasPrefix("rain: error: ") == true && lines.first?.contains(failure.message) == true, "\(result.error)")
            #expect(fileBytes(world.cacheFile(world.berlin)) == aged, "the last good forecast is kept")
        }
    }

    @Test func theOpenMeteoErrorReasonIsShown() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            world.simulator.setBehaviour(.status(400))
            let result = try await world.keylessRain(["refresh"])
            #expect(result.status == 69)
            #expect(result.error.contains("HTTP 400:\n  Bad Request"), "Open-Meteo's reason is the message: \(result)")
        }
    }

    @Test func offlineWithoutAKeySendsNothingAndShowsTheCache() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["refresh"]).status == 0)
            try world.ageCache(of: world.berlin)
            let port = world.simulator.port
            world.simulator.stop()
            let result = try await world.keylessRain(["show"], environment: ["COLUMNS": "80"])
            #expect(result.status == 75, "\(result)")
            #expect(result.error.contains("127.0.0.1:\(port)"), "\(result.error)")
            #expect(result.output.hasPrefix("Berlin "), "the cached forecast is shown")
        }
    }

    @Test func aCachedForecastFromAnotherProviderOrInOtherUnitsIsRefreshed() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: "{}")
            #expect(try await world.rain(["refresh"]).status == 0, "with a key: darksky")
            #expect(world.simulator.requestCount == 1)

            let keyless = try await world.keylessRain(["show", "--json"])
            #expect(keyless.status == 0)
            #expect(world.simulator.requestCount == 2, "the darksky forecast is stale for openmeteo")
            #expect(try json(keyless.output)["source"] as? String == "openmeteo")

            // Issue 20: Open-Meteo's forecasts are kept in one system, so other display units
            // need no new forecast; a Dark Sky-compatible server's summaries are written in the
            // preset's units, so there a new preset is a new forecast.
            writeFile(home + "/config.json", #"{"units": "us"}"#)
            let us = try await world.keylessRain(["show", "--json"])
            #expect(world.simulator.requestCount == 2, "display units are not a refetch")
            #expect(try json(us.output)["units"] as? String == "si")
            #expect((try json(us.output)["display_units"] as? [String: Any])?["temperature"] as? String == "fahrenheit")

            let again = try await world.keylessRain(["show"], environment: ["COLUMNS": "80"])
            #expect(world.simulator.requestCount == 2, "still fresh")
            #expect(again.output.contains("°F"))

            let keyed = try await world.rain(["show", "--json"])
            #expect(world.simulator.requestCount == 3, "from darksky again, in the us preset")
            #expect(try json(keyed.output)["units"] as? String == "us")
        }
    }

    @Test func cronDoesNotWarnAboutAKeyNobodyNeeds() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: "{}")
            let keyless = try await world.keylessRain(["cron"])
            #expect(keyless.status == 0, "\(keyless)")
            #expect(!keyless.error.contains("RAIN_API_KEY"), "\(keyless.error)")
            #expect(keyless.output.contains(" RAIN_OPENMETEO_URL=\(world.simulator.rootURL)/v1/forecast "),
                    "cron asks the server the shell asks: \(keyless.output)")
            #expect(keyless.output.contains(" RAIN_AIR_QUALITY_URL=\(world.simulator.rootURL)/v1/air-quality "),
                    "and the air's: \(keyless.output)")
            #expect(!keyless.output.contains("RAIN_GEOCODING_URL"), "a refresh never looks names up")
            let withKey = try await world.rain(["cron"])
            #expect(withKey.error.contains("RAIN_API_KEY"), "with the key only in the environment cron would use another provider: \(withKey)")
        }
    }
}
