import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Synchronization
import Testing

/// What the previous trial left (issue 23, row 13) and closed standard output (row 7), through
/// the real binary.
@Suite struct LeftoversEndToEndTests {
    /// A place removed while a refresh fetches it has no forecast kept, and the refresh does
    /// not report it as refreshed.
    @Test func aPlaceRemovedDuringARefreshIsNotReportedAsRefreshed() async throws {
        try await withTemporaryDirectory { home in
            // Both first tries are told to come back in 10 s; Tokyo is removed (as `rain locations
            // remove` removes it) before the second is answered, so whatever the machine's load
            // the retries come after the removal.
            let answered = Mutex(0)
            let tokyo = Mutex<UUID?>(nil)
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 600}"#) { _ in
                guard answered.withLock({ $0 += 1; return $0 }) == 2, let id = tokyo.withLock({ $0 }) else { return }
                _ = try? LocationRemover(paths: .resolve(environment: ["RAIN_HOME": home])).remove(ids: [id])
            }
            tokyo.withLock { $0 = world.tokyo.id }
            world.simulator.failFirst(2, with: .status(503, retryAfter: 10))
            let refresh = world.start(["refresh", "--all"])
            let result = try await refresh.finish()
            #expect(result.status == 0, "\(result)")
            #expect(result.output.hasPrefix("Berlin  ") && !result.output.contains("Tokyo"), "\(result)")
            #expect(result.error == "rain: Tokyo was removed meanwhile; its forecast was not kept\n")
            #expect(fileBytes(world.cacheFile(world.tokyo)) == nil)
            #expect(world.simulator.requestCount == 4, "both places were fetched again after the removal")
        }
    }

    /// A server that never answers, with timeout_seconds above libcurl's 10 s stall limit:
    /// the whole budget is spent and the line says so, as with a shorter budget.
    @Test func aHungServerEndsWithGaveUpAfterTheBudget() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .hang, config: #"{"timeout_seconds": 12}"#)
            let result = try await world.rain(["refresh"])
            #expect(result.status == 75, "\(result)")
            #expect(result.error.contains("gave up on 127.0.0.1:\(world.simulator.port) after 12 s"), "\(result)")
        }
    }

    /// A dangling config.json link (a dotfile manager's, before its target exists): config
    /// init writes the target, and the link stays a link.
    @Test func configInitWritesThroughADanglingLink() async throws {
        try await withTemporaryDirectory { home in
            let target = home + "/dotfiles/rain/config.json"
            try #require(symlink(target, home + "/config.json") == 0)
            let result = try await BuiltProduct.run("rain", ["config", "init"], environment: ["RAIN_HOME": home])
            #expect(result.status == 0, "\(result)")
            #expect(fileBytes(target) == Array(ConfigExample.text.utf8))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: home + "/config.json") == target)
        }
    }

    @Test func configInitOnAnExistingFileSaysHowToStartAnew() async throws {
        try await withTemporaryDirectory { home in
            #expect(try await BuiltProduct.run("rain", ["config", "init"], environment: ["RAIN_HOME": home]).status == 0)
            let result = try await BuiltProduct.run("rain", ["config", "init"], environment: ["RAIN_HOME": home])
            #expect(result.status == 74, "\(result)")
            #expect(result.error == """
                rain: error: the file already exists (config init never overwrites one):
                  \(home)/config.json
                rain: hint: to start anew, move it away first:
                  mv \(home)/config.json \(home)/config.json.old

                """)
        }
    }

    /// Every refresh is a request: watch asks a server elsewhere at most once a minute (one on
    /// this machine, such as the simulator the other tests use, as often as it is told). The
    /// default server here, with no key, is never asked: the command line is refused first.
    @Test(arguments: ["1s", "59s"])
    func watchRefreshesAtMostOnceAMinute(_ every: String) async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"provider": "darksky"}"#)
            _ = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).add(name: "Oslo", coordinate: Coordinate(latitude: 59.9, longitude: 10.7))
            let process = BuiltProduct.start("rain", ["watch", "--every", every], environment: ["RAIN_HOME": home])
            // A watch that accepted it would run until stopped (bound of a failing test).
            let bound = Task {
                try await Task.sleep(for: .seconds(30))
                process.send(SIGTERM)
            }
            let result = try await process.finish()
            bound.cancel()
            #expect(result.status == 64, "\(result)")
            #expect(result.error.hasPrefix("rain: error: '--every \(every)': give 1m or more (every refresh is a request)\n"), "\(result)")
        }
    }

    private func shell(_ script: String, home: String) async throws -> ProcessResult {
        try await BuiltProduct.runSystem("/bin/sh", ["-c", "RAIN_HOME=\(shellQuoted(home)); export RAIN_HOME; " + script])
    }

    /// Row 7: a change that was saved is a success even when its report cannot be written (a
    /// warning names standard output), so a script that retries on failure does not add the
    /// place twice; a command that only shows something fails (74), naming standard output.
    @Test func aClosedStandardOutputNeverMakesARetryDuplicateAChange() async throws {
        try await withTemporaryDirectory { home in
            let rain = shellQuoted(BuiltProduct.path("rain"))
            let add = "\(rain) locations add Oslo --lat 59.9 --lon 10.7 >&-"
            let added = try await shell("\(add) || \(add)", home: home)
            #expect(added.status == 0, "\(added)")
            #expect(added.error == "rain: warning: standard output: it is closed\nrain: hint: any change it made was saved\n")
            let list = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load()
            #expect(list.locations.map(\.name) == ["Oslo"])

            for command in ["locations", "--version", "locations --json"] {
                let shown = try await shell("\(rain) \(command) >&-", home: home)
                #expect(shown.status == 74, "\(command): \(shown)")
                #expect(shown.error == "rain: error: standard output: it is closed\n", "\(command)")
            }
            // A full disk is told the same way, with its own reason.
            let full = try await shell("\(rain) locations select oslo > /dev/full", home: home)
            #expect(full.status == 0 && full.error == "rain: warning: standard output: No space left on device\nrain: hint: any change it made was saved\n", "\(full)")
        }
    }

    /// With standard error or input closed, no file rain opens takes their place: an error is
    /// not written into the saved places.
    @Test func closedStandardErrorAndInputTakeNoFilesPlace() async throws {
        try await withTemporaryDirectory { home in
            let rain = shellQuoted(BuiltProduct.path("rain"))
            _ = try await shell("\(rain) locations add Oslo --lat 59.9 --lon 10.7; \(rain) locations add Bergen --lat 60.4 --lon 5.3", home: home)
            let before = fileBytes(home + "/defaults.json")
            let result = try await shell("\(rain) locations add Far --lat 95 --lon 0 2>&- <&-; echo \"status $?\"", home: home)
            #expect(result.output == "status 65\n", "\(result)")
            #expect(fileBytes(home + "/defaults.json") == before)
            let removal = try await shell("\(rain) locations remove bergen <&-; echo \"status $?\"", home: home)
            #expect(removal.output == "status 64\n", "\(removal)")
            #expect(fileBytes(home + "/defaults.json") == before)
        }
    }
}
