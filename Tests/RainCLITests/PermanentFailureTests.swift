import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Work that can never succeed is not repeated, and errors a script reads have honest codes
/// (issue 10, items 9 and 11).
@Suite struct PermanentFailureTests {
    /// Runs `rain watch` and waits for it to end by itself; a watch that would run forever is
    /// stopped after a bound (that only ends a hung test) and reported.
    private func watchEnds(_ world: ForecastWorld, environment: [String: String]) async throws -> ProcessResult {
        let process = BuiltProduct.start("rain", ["watch", "--every", "5s"], environment: world.environment.merging(environment) { $1 })
        let bound = Task {
            try await Task.sleep(for: .seconds(60))
            Issue.record("rain watch kept running")
            process.send(SIGTERM)
        }
        let result = try await process.finish()
        bound.cancel()
        return result
    }

    @Test func watchWithDarkSkyAndNoKeyStopsWithTheConfigurationStatus() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"provider": "darksky"}"#)
            let result = try await watchEnds(world, environment: ["RAIN_API_KEY": ""])
            #expect(result.status == 78, "\(result)")
            #expect(result.error.contains("rain: error: no API key configured\nrain: hint: set RAIN_API_KEY"), "\(result.error)")
            #expect(world.simulator.requestCount == 0)
        }
    }

    @Test func watchWithARefusedKeyStopsWithThePermissionStatus() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .status(401))
            let result = try await watchEnds(world, environment: [:])
            #expect(result.status == 77, "\(result)")
            #expect(result.error.contains("rain: error: the API refused the key (HTTP 401"), "\(result.error)")
            #expect(world.simulator.requestCount == 1, "a refused key is not retried")
        }
    }

    @Test func cronRefusesALineForABrokenConfiguration() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", "{\"units\": \"si\",}")
            let result = try await BuiltProduct.run("rain", ["cron"], environment: ["RAIN_HOME": home, "HOME": home])
            #expect(result.status == 78, "\(result)")
            #expect(result.output.isEmpty)
            #expect(result.error.hasPrefix("rain: error: cannot read the configuration file:\n  \(home)/config.json\n  not valid JSON: line 1, column 15:\n  a comma before '}'"), "\(result.error)")
        }
    }

    @Test func cronRefusesAFolderWithALineBreak() async throws {
        try await withTemporaryDirectory { folder in
            let home = folder + "/two\nlines"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            let result = try await BuiltProduct.run("rain", ["cron"], environment: ["RAIN_HOME": home, "HOME": folder])
            #expect(result.status == 78, "\(result)")
            #expect(result.output.isEmpty, "no line is printed")
            #expect(result.error.hasPrefix("rain: error: cannot make a crontab line: RAIN_HOME contains a line break"), "\(result.error)")
        }
    }

    @Test func aTLSFailureNamesTheHostAndHintsAtTheCAFile() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let plain = try LoopbackServer(handler: PlainTextAnswer())
            defer { plain.stop() }
            let result = try await world.rain(["refresh"], environment: ["RAIN_BASE_URL": "https://127.0.0.1:\(plain.port)/"])
            #expect(result.status == 69, "\(result)")
            let lines = result.error.split(separator: "\n")
            #expect(lines.count == 4, "\(result.error)")
            #expect(lines.first?.hasPrefix("rain: error: Berlin: cannot make a secure connection to 127.0.0.1:\(plain.port)") == true, "\(result.error)")
            #expect(lines.dropFirst().first?.hasPrefix("  ") == true, "libcurl's reason, a line of its own: \(result.error)")
            #expect(lines.dropFirst(2).allSatisfy { $0.hasPrefix("rain: hint: ") && $0.count <= 80 }, "\(result.error)")
            #expect(lines.dropFirst(2).first == "rain: hint: if the server uses a private certificate authority, set ca_file", "\(result.error)")
        }
    }

    @Test func showNamesTheRefreshLockFileForWhatItIs() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let lock = home + "/cache/forecasts/.refresh.lock"
            try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: true)
            let result = try await world.rain(["show"])
            #expect(result.status == 74, "\(result)")
            #expect(result.error.hasPrefix("rain: error: cannot lock \(lock): Is a directory\n"), "\(result.error)")
            #expect(!result.error.contains("cached forecast"))
        }
    }

    /// A forecast fetched but not saved (the cache cannot be written) is still shown: the
    /// error says only the saving failed, and the status says a local file failed (74); the
    /// words agree with the status (issue 42: it was a "warning" with 74).
    @Test func aForecastThatCannotBeSavedIsShownAnyway() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try FileManager.default.createDirectory(atPath: home + "/cache/forecasts", withIntermediateDirectories: true)
            // A link to a file in a folder that does not exist: reading finds nothing, writing fails.
            let target = home + "/nowhere/forecast.json"
            try FileManager.default.createSymbolicLink(atPath: home + "/cache/forecasts/\(world.berlin.idString).json", withDestinationPath: target)
            let shown = try await world.rain(["show", "berlin"])
            #expect(shown.status == 74, "\(shown)")
            #expect(shown.output.hasPrefix("Berlin"), "\(shown)")
            #expect(shown.error == "rain: error: cannot write the cached forecast \(target): No such file or directory\n", "\(shown)")
            let all = try await world.rain(["show", "--all"])
            #expect(all.status == 74 && all.output.contains("Berlin"), "\(all)")
            #expect(all.error.hasPrefix("rain: error: "), "shown, but not kept: an error with its 74: \(all)")
            let refreshed = try await world.rain(["refresh", "berlin"])
            #expect(refreshed.status == 74 && refreshed.output.contains("(failed)"), "nothing was cached before: \(refreshed)")
        }
    }

    /// A file where the cache's folder should be is named as that, not as the lock inside it.
    @Test func aFileInTheCacheFoldersPlaceIsNamedForWhatItIs() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try FileManager.default.createDirectory(atPath: home + "/cache", withIntermediateDirectories: true)
            writeFile(home + "/cache/forecasts", "")
            let result = try await world.rain(["refresh"])
            #expect(result.status == 74, "\(result)")
            #expect(result.error == "rain: error: \(home)/cache/forecasts: exists and is not a folder\n", "\(result.error)")
        }
    }

    @Test func aConfigurationWithADuplicateKeyIsRefusedWithItsLineAndColumn() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", "{\n  \"units\": \"si\",\n  \"units\": \"us\"\n}\n")
            let result = try await BuiltProduct.run("rain", ["config", "show"], environment: ["RAIN_HOME": home])
            #expect(result.status == 78, "\(result)")
            #expect(result.error.hasPrefix("rain: error: cannot read the configuration file:\n  \(home)/config.json\n  not valid JSON: line 3, column 3:\n  the key \"units\" appears twice in the same object"), "\(result.error)")
        }
    }
}

/// Answers every connection at once with a plain-text HTTP error, before reading a byte, so a
/// TLS handshake with the server fails the way it does against one that does not speak TLS.
struct PlainTextAnswer: RequestHandler {
    func replyOnAccept(connection number: Int) -> Reply? {
        Reply(.respond(ServerResponse(status: 400, closesConnection: true)))
    }

    func reply(to request: ServerRequest, connection number: Int) -> Reply {
        Reply(.disconnect)
    }
}
