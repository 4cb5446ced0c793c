import Foundation
import ForecastSimulator
import RainTestSupport
import Testing

/// Runs the built `forecast-simulator` as a subprocess.
@Suite struct ExecutableTests {
    final class Run {
        let process: RunningProcess
        private var tookFirstLine = false

        init(_ arguments: [String], environment: [String: String] = [:]) {
            process = BuiltProduct.start("forecast-simulator", arguments,
                                         environment: ProcessInfo.processInfo.environment.merging(environment) { $1 })
        }

        /// The first stdout line (waits until it is there or a hung test's bound passes).
        func firstLine() async -> String {
            _ = await process.waitForOutput(matching: { $0.contains("\n") }, limit: .seconds(60))
            tookFirstLine = true
            return String(process.output.prefix { $0 != "\n" })
        }

        /// Waits for the end; stdout without the first line when `firstLine()` took it.
        func finish() async throws -> (status: Int32, stdout: String, stderr: String) {
            let result = try await process.finish()
            let stdout = tookFirstLine ? String(result.output.drop { $0 != "\n" }.dropFirst()) : result.output
            return (result.status, stdout, result.error)
        }
    }

    @Test func printsThePortServesAndStopsOnSIGTERM() async throws {
        let run = Run(["--port", "0", "--latency-ms", "1"], environment: ["SIMULATOR_API_KEY": "env-secret"])
        let line = await run.firstLine()
        let port = try #require(UInt16(line), "first stdout line was '\(line)'")
        #expect(port > 0)
        #expect(try fetch(port, "/forecast/env-secret/52.52,13.405?units=si").status == 200)
        #expect(try fetch(port, "/forecast/guess/52.52,13.405").status == 403)
        run.process.send(SIGTERM)
        let result = try await run.finish()
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty, "only the port line on stdout")
        let logLines = result.stderr.split(separator: "\n")
        #expect(logLines == ["GET /forecast/REDACTED/52.52,13.405?units=si 200", "GET /forecast/REDACTED/52.52,13.405 403"])
        #expect(!result.stderr.contains("env-secret"))
    }

    @Test func failFirstFlagFailsOnlyTheFirstRequests() async throws {
        let run = Run(["--status", "429", "--retry-after", "3", "--fail-first", "1"])
        let port = try #require(UInt16(await run.firstLine()))
        let first = try fetch(port, "/forecast/k/52.52,13.405?units=si")
        #expect(first.status == 429)
        #expect(first.headers["retry-after"] == "3")
        #expect(try fetch(port, "/forecast/k/52.52,13.405?units=si").status == 200)
        run.process.send(SIGINT)
        #expect(try await run.finish().status == 0)
    }

    struct BadFlags: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        BadFlags(arguments: ["--frobnicate"]),
        BadFlags(arguments: ["--now", "yesterday"]),
        BadFlags(arguments: ["--port"]),
        BadFlags(arguments: ["--port", "70000"]),
        BadFlags(arguments: ["--host", "0.0.0.0"]),
        BadFlags(arguments: ["--body", "sparkly"]),
        BadFlags(arguments: ["--hang", "--status", "500"]),
        BadFlags(arguments: ["--fail-first", "2"]),
        BadFlags(arguments: ["--retry-after", "5"]),
        BadFlags(arguments: ["extra"]),
        BadFlags(arguments: ["--openmeteo-limits", "600,5000"]),
        BadFlags(arguments: ["--openmeteo-limits", "600,0,10000"]),
    ])
    func badFlagsExit64WithOneLine(_ flags: BadFlags) async throws {
        let run = Run(flags.arguments)
        let result = try await run.finish()
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("forecast-simulator: error: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func helpGoesToStdout() async throws {
        let result = try await Run(["--help"]).finish()
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: forecast-simulator"))
        #expect(result.stdout.contains("--fail-first"))
        #expect(result.stdout.contains("--now <unix-seconds>"))
        #expect(result.stderr.isEmpty)
        // Which places have a simulated alert, each by name (the help wraps the list).
        let listed = result.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(listed.contains("these have one: " + ForecastSimulator.geocoderPlacesWithAlerts.joined(separator: ", ") + "\n"), "\(result.stdout)")
        let section = result.stdout.components(separatedBy: "Simulated alerts:").last?.components(separatedBy: "USAGE:").first ?? ""
        #expect(!section.isEmpty && section.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(section)")
    }

    /// The README's list of places with a simulated alert is the simulator's (a place's alert is
    /// fixed by its coordinates: New York has one, Berlin in Germany none).
    @Test func theReadmeListsThePlacesWithAlerts() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
            .replacingOccurrences(of: "\n", with: " ")
        let places = ForecastSimulator.geocoderPlacesWithAlerts
        #expect(places.contains("New York (US)") && !places.contains("Berlin (DE)"))
        #expect(readme.contains("them too): " + places.joined(separator: ", ") + "."), "\(places)")
        #expect(ForecastSimulator.scenario(latitude: 40.71427, longitude: -74.00597).hasAlert)
        // Judged at the four decimals rain asks the feeds with: Springfield (Massachusetts) at
        // 42.10148 is asked as 42.1015, which three decimals of the seed took for another place.
        #expect(ForecastSimulator.scenario(latitude: 42.10148, longitude: -72.58981).hasAlert
                == ForecastSimulator.scenario(latitude: 42.1015, longitude: -72.5898).hasAlert)
    }

    @Test func openMeteoLimitsRefuseWithTheRealReason() async throws {
        let run = Run(["--openmeteo-limits", "2,5000,10000", "--now", "1792663200"])
        let line = await run.firstLine()
        let port = try #require(UInt16(line), "first stdout line was '\(line)'")
        let target = "/v1/forecast?" + OpenMeteoTests.fixtureQuery  // 2.3 calls
        let first = try fetch(port, target).status
        let second = try fetch(port, target)
        run.process.send(SIGTERM)
        _ = try await run.finish()
        #expect(first == 200 && second.status == 429)
        #expect(second.jsonObject?["reason"] as? String == "Minutely API request limit exceeded. Please try again in one minute.")
    }

    /// `--pirate-weather-per-second 1`: the free plan's one call a second, Kong's refusal past it.
    @Test func pirateWeatherPerSecondRefusesAsKongDoes() async throws {
        let run = Run(["--pirate-weather-per-second", "1"])
        let line = await run.firstLine()
        let port = try #require(UInt16(line), "first stdout line was '\(line)'")
        let (answered, refusal) = try requestsUntilRefused(port, key: "k")
        run.process.send(SIGTERM)
        _ = try await run.finish()
        let refused = try #require(refusal)
        #expect(refused.status == 429 && refused.headers["retry-after"] == "1")
        #expect(answered.first?.headers["x-ratelimit-limit-second"] == "1")
    }

    @Test func nowFixesTheClock() async throws {
        let run = Run(["--now", "1792663200"])
        let line = await run.firstLine()
        let port = try #require(UInt16(line), "first stdout line was '\(line)'")
        let body = try fetch(port, "/forecast/k/52.52,13.405?units=si").jsonObject
        run.process.send(SIGTERM)
        _ = try await run.finish()
        #expect((body?["currently"] as? [String: Any])?["time"] as? Int == 1_792_663_200)
    }

    /// Issue 41, item 4: a port already taken is one loud line on stderr and a non-zero exit,
    /// also when the request lines go to a log (`--log`, the README's loopback block).
    @Test func aTakenPortIsOneLineOnStderrWhateverTheLog() async throws {
        let holder = Run(["--port", "0"])
        let port = try #require(UInt16(await holder.firstLine()))
        defer { holder.process.send(SIGTERM) }
        let log = NSTemporaryDirectory() + "simulator-\(getpid())-\(port).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        for arguments in [["--port", "\(port)"], ["--port", "\(port)", "--log", log]] {
            let result = try await Run(arguments).finish()
            #expect(result.status == 69, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(result)")
            #expect(result.stderr == "forecast-simulator: error: cannot listen on 127.0.0.1 port \(port): Address already in use\n", "\(result)")
        }
        // With a log the request lines go there, not to stderr.
        let logged = Run(["--port", "0", "--log", log])
        let loggedPort = try #require(UInt16(await logged.firstLine()))
        #expect(try fetch(loggedPort, "/v1/search?name=Oslo").status == 200)
        logged.process.send(SIGTERM)
        let result = try await logged.finish()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(try String(contentsOfFile: log, encoding: .utf8).contains("GET /v1/search?name=Oslo 200"))
    }

    /// The places the geocoder knows are listed, the README's own examples among them, each
    /// with its coordinates and zone.
    @Test func placesListsTheGeocodersPlaces() async throws {
        let result = try await Run(["--places"]).finish()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        for (name, zone) in [("Zürich", "Europe/Zurich"), ("Kolkata", "Asia/Kolkata"), ("San Francisco", "America/Los_Angeles"),
                             ("Łódź", "Europe/Warsaw"), ("Oslo", "Europe/Oslo"), ("Bergen", "Europe/Oslo"), ("Apia", "Pacific/Apia"),
                             ("Reykjavík", "Atlantic/Reykjavik"), ("Munich", "Europe/Berlin")] {
            #expect(lines.contains { $0.hasPrefix(name + " ") && $0.contains(zone) }, "\(name): \(result.stdout)")
        }
        #expect(lines.contains { $0.hasPrefix("Apia ") && $0.contains("-13.8333") && $0.contains("-171.7667") }, "\(result.stdout)")
    }
}
