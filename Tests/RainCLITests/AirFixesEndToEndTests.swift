import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// What issue 39's second look left, through the real binary against the simulator: the air
/// on a 24-line screen, its scale in `show --all`, one line for a service failing everywhere,
/// and the age of an air answer older than its forecast.
@Suite struct AirFixesEndToEndTests {
    static let now = AirQualityEndToEndTests.now

    /// `rain` without a key at `moment`, later than the world's own (its simulator keeps its clock).
    static func keylessRain(_ world: ForecastWorld, _ arguments: [String], _ moment: Date,
                            environment extra: [String: String] = [:]) async throws -> ProcessResult {
        try await BuiltProduct.run("rain", arguments, environment: world.keylessEnvironment.merging(extra) { $1 }, at: moment)
    }

    /// What `rain ARGUMENTS` shows on a terminal of `width` x 24 (tmux), and its lines; the
    /// shell's line after it takes the last row, as a prompt does, and scrolls nothing away.
    static func terminal(_ world: ForecastWorld, _ arguments: [String], width: Int) async throws -> (String, [String]) {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        let variables = world.environment.merging(["TERM": "xterm-256color", "LANG": "C.UTF-8"]) { $1 }
            .map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let command = "env \(variables) \(shellQuoted(BuiltProduct.path("rain"))) " + arguments.map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(folder: world.home, shellCommand: command + "\nprintf 'rain exited with %s' $?\nsleep 600", width: width, height: 24)
        defer { tmux.kill() }
        let screen = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
        return (screen, Array(screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).prefix { !$0.hasPrefix("rain exited") }))
    }

    static func addPlaces(_ home: String, _ places: [(String, Double, Double)]) throws {
        let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
        for (name, latitude, longitude) in places {
            _ = try store.add(name: name, coordinate: Coordinate(latitude: latitude, longitude: longitude))
        }
    }

    /// On a terminal of 80x24 and 50x24 (where the conditions wrap to more lines), with a long
    /// alert and without, the air's line stays: pressure, visibility and the sun and moon
    /// lines go before it. (The real clock: the simulator serves the air around it.)
    @Test func theAirLineOutlastsTheSkyOnATwentyFourLineScreen() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            #expect(cached.forecast.air != nil)
            for withAlert in [false, true] {
                if withAlert {
                    cached.forecast.alerts = [Forecast.Alert(
                        title: "Severe wind warning", severity: "Severe", regions: ["Berlin"], expires: Date().addingTimeInterval(86_400),
                        description: String(repeating: "Strong winds are expected across the whole region tonight. ", count: 6))]
                    try cache.save(cached)
                }
                for width in [80, 50] {
                    let (screen, lines) = try await Self.terminal(world, ["show", "Berlin", "--offline"], width: width)
                    let context = "\(width)x24, alert \(withAlert):\n\(screen)"
                    #expect(lines.count <= 23, "\(context)")
                    #expect(lines.contains { $0.hasPrefix("  European AQI ") }, "the air stays: \(context)")
                    #expect(lines.first?.hasPrefix("Berlin") == true && screen.contains("Next "), "\(context)")
                    // At 50 columns a title is cut before its severity and end, which stay.
                    if withAlert { #expect(screen.contains("! Severe wind w") && screen.contains("(Severe), until "), "\(context)") }
                }
            }
        }
    }

    /// `show --all` mixes a US place's index with European ones: each value says its scale,
    /// and on a terminal the legend says what the marks mean.
    @Test func theOverviewMarksEachIndexWithItsScale() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try Self.addPlaces(home, [("New York", 40.7128, -74.006)])
            #expect(try await world.rain(["refresh", "--all"]).status == 0)
            let piped = try await world.rain(["show", "--all", "--offline"])
            let rows = piped.output.split(separator: "\n").map(String.init)
            #expect(rows.contains { $0.contains(" Berlin") && $0.range(of: #" \d+ EU  "#, options: .regularExpression) != nil }, "\(piped.output)")
            #expect(rows.contains { $0.contains(" New York") && $0.range(of: #" \d+ US  "#, options: .regularExpression) != nil }, "\(piped.output)")
            #expect(!piped.output.contains("European index"), "a pipe keeps one line per place")

            let (_, screen) = try await Self.terminal(world, ["show", "--all", "--offline"], width: 100)
            #expect(screen.contains("AQI: EU = European index, US = US index"), "\(screen)")
            #expect(screen.contains { $0.hasPrefix("* the current location") }, "\(screen)")
        }
    }

    /// A service down at every place is one line for the whole run, the air's and an alert
    /// feed's alike, and the weather is refreshed (exit 0); `--quiet` says nothing.
    @Test func aServiceFailingEverywhereIsOneLine() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.now)
            try Self.addPlaces(home, [("New York", 40.7128, -74.006), ("Boston", 42.36, -71.06), ("Chicago", 41.88, -87.63)])
            world.simulator.setAirBehaviour(.status(500))
            let broken = ["RAIN_NWS_URL": world.simulator.rootURL + "/alerts/nowhere"]
            let result = try await world.keylessRain(["refresh", "--all"], environment: broken)
            #expect(result.status == 0, "\(result)")
            let lines = result.error.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(result.error)")
            #expect(lines.contains { $0.hasPrefix("rain: warning: New York and 2 other places: could not fetch NWS alerts: ") }, "\(result.error)")
            #expect(lines.contains { $0.hasPrefix("rain: warning: Berlin and 4 other places: could not fetch the air quality: ") }, "\(result.error)")
            #expect(result.output.split(separator: "\n").count == 5, "every place refreshed: \(result.output)")
            let quiet = try await world.keylessRain(["refresh", "--all", "--quiet"], environment: broken)
            #expect(quiet.status == 0 && quiet.error.isEmpty, "\(quiet)")
            // One place failing is named alone, as before.
            let one = try await world.keylessRain(["refresh", "Berlin"], environment: broken)
            #expect(one.error.hasPrefix("rain: warning: Berlin: could not fetch the air quality: "), "\(one)")
        }
    }

    /// The air kept from an earlier refresh, when the air service failed since, says its age
    /// on its line (the header's is the forecast's); `--json` has its `fetched_at`. Air fetched
    /// with its forecast adds nothing: the header's age is its own.
    @Test func airOlderThanItsForecastSaysItsAge() async throws {
        try await withTemporaryDirectory { home in
            let earlier = Self.now.addingTimeInterval(-3 * 3600)
            let world = try ForecastWorld(home: home, now: earlier)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            let fresh = try await world.keylessRain(["show", "Berlin", "--offline"])
            let freshLine = try #require(fresh.output.split(separator: "\n").first { $0.hasPrefix("  European AQI ") })
            #expect(!freshLine.contains("updated"), "\(freshLine)")

            world.simulator.setAirBehaviour(.status(500))
            let later = try await Self.keylessRain(world, ["refresh", "Berlin"], Self.now)
            #expect(later.status == 0 && later.error.contains("could not fetch the air quality"), "\(later)")
            // Shown ten minutes on, so the air's age is 3 h even where the faked clock ran on
            // through a slow first refresh (a loaded machine's "2 h ago" was 2 h 59 min).
            for width in [80, 50] {
                let shown = try await Self.keylessRain(world, ["show", "Berlin", "--offline"], Self.now.addingTimeInterval(600),
                                                       environment: ["COLUMNS": "\(width)", "LINES": "24"])
                let line = try #require(shown.output.split(separator: "\n").first { $0.hasPrefix("  European AQI ") }, "\(shown.output)")
                #expect(line.hasSuffix(" · updated 3 h ago"), "\(line)")
                #expect(String(line).displayWidth <= 50)
            }
            let json = try await Self.keylessRain(world, ["show", "Berlin", "--offline", "--json"], Self.now)
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let air = try #require(document["air"] as? [String: Any])
            #expect((air["fetched_at"] as? String)?.hasPrefix("2026-05-25T09:0") == true, "\(air["fetched_at"] ?? "none")")
            #expect(document["fetched_at"] as? String != air["fetched_at"] as? String)
        }
    }
}
