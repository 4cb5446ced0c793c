import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 42, the hostile trial's third round, through the real binary.
@Suite struct TrustThirdRoundEndToEndTests {
    private let key = ForecastWorld.apiKey

    /// An air-quality answer of years of hours (about 5 MB) is kept to the days rain asked
    /// for: the weather is cached as ever ("a failing air service never fails the weather").
    @Test func anOversizedAirAnswerDoesNotKeepTheForecastFromBeingCached() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 120}"#)
            world.simulator.setAirBehaviour(.airQualityHours(60_000))
            let refreshed = try await world.keylessRain(["refresh", "Berlin"])
            #expect(refreshed.status == 0, "\(refreshed)")
            #expect(!refreshed.error.contains("larger than"), "\(refreshed)")
            let cached = try #require(try ForecastCache(directory: home + "/cache/forecasts").load(for: world.berlin.id))
            let air = try #require(cached.forecast.air)
            #expect(!air.hourly.isEmpty && air.hourly.count <= 7 * 24, "\(air.hourly.count) hours")
            let shown = try await world.keylessRain(["show", "Berlin"])
            #expect(shown.status == 0, "\(shown)")
        }
    }

    /// A storm of resizes is one redraw at the size it ends at: the screens drawn after 400
    /// resizes while the terminal was not read are a few, not one a resize (423 before), and
    /// q and SIGTERM end watch as soon as it reads them.
    @Test(arguments: ["q", "term"])
    func aResizeStormIsOneRedraw(_ ending: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path + "/Support/resize-storm.py"
            let storm = BuiltProduct.startSystem("/usr/bin/env", ["python3", script, "400", ending, BuiltProduct.path("rain"), "watch", "Berlin"],
                                                 environment: world.environment)
            let result = try await storm.finish()
            let frames = result.output.split(separator: "\n").first { $0.hasPrefix("frames ") }.flatMap { Int($0.dropFirst(7)) }
            #expect(result.output.contains("exit 0"), "\(result)")
            #expect((frames ?? .max) < 100, "\(result)")
        }
    }

    /// Only the first unknown key stops a command, so only it is looked into (a suggestion
    /// costs some edit distances): 80,000 of them (1 MB, the most rain reads of a
    /// configuration) cost a command no more than one, well within a CPU limit of 5 s that
    /// looking into each (about 7 s in a release build) runs past.
    @Test func aConfigurationOfManyUnknownKeysIsReadAtOnce() async throws {
        try await withTemporaryDirectory { home in
            let keys = (0..<80_000).map { String(format: "\"k%05d\":1", $0) }.joined(separator: ",")
            writeFile(home + "/config.json", "{" + keys + "}")
            let rain = BuiltProduct.path("rain")
            let result = try await BuiltProduct.startSystem("/bin/sh", ["-c", "ulimit -t 5; exec \(shellQuoted(rain)) locations"],
                                                            environment: ["RAIN_HOME": home]).finish()
            #expect(result.status == 78, "\(result)")
            #expect(result.error.hasPrefix("rain: error: \(home)/config.json: unknown key 'k00000'\n"), "\(result)")
        }
    }
}
