import Foundation
import RainKit
import RainTestSupport
import Testing

/// What a hostile trial found after issue 42's fixes, through the real binary against the
/// ForecastSimulator: the key cut short, an escape sequence's litter, the key in a variable
/// handed to `--exec`, a host name that passes for loopback.
@Suite struct HostileFourthTrialEndToEndTests {
    private let key = ForecastWorld.apiKey

    /// A 403 that quotes 17 of the key's characters, and a summary that quotes all but its first
    /// four, show none of them: a run of 8 or more is hidden as the whole key is.
    @Test func aKeyCutShortIsHidden() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .keyQuotedCutShort(keeping: 17))
            let refresh = try await world.rain(["refresh", "Berlin"])
            #expect(refresh.status == 77, "\(refresh)")
            #expect(refresh.error.contains("(HTTP 403):\n  Forbidden: key REDACTED... is not valid"), "\(refresh)")
            #expect(!refresh.error.contains(String(key.prefix(8))), "\(refresh)")
        }
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true, disguisedAs: "..." + key.dropFirst(4)))
            let show = try await world.rain(["show", "Berlin"])
            #expect(show.status == 0 && show.output.contains("(key ...REDACTED)"), "\(show)")
            let cache = try String(contentsOfFile: world.cacheFile(world.berlin), encoding: .utf8)
            for text in [show.output, show.error, cache] {
                #expect(!text.contains(String(key.suffix(8))), "\(text)")
            }
        }
    }

    /// A command's stderr loses whole escape sequences, not their ESC alone (`S[0mEKRIT`), and
    /// a key an escape sequence splits is still hidden.
    @Test func aCommandsEscapeSequencesGoWhole() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let split = String(key.prefix(5)) + #"\033[0m"# + String(key.dropFirst(5))
            let written = #"printf 'S\033[0mEKRIT \033]0;title\007done\n\#(split)\n' >&2; exit 1"#
            let failed = try await world.rain(["notify", "Berlin", "--exec", written])
            #expect(failed.status == 69, "\(failed)")
            #expect(failed.error.contains("it wrote: SEKRIT done\n") && failed.error.contains("rain: hint: REDACTED\n"), "\(failed)")
            #expect(!failed.error.contains("[0m") && !failed.error.contains("title"), "\(failed)")
        }
    }

    /// `--exec`'s command gets no variable that holds the key: not a `RAIN_BASE_URL` with the
    /// key in its path, nor one holding it in capitals.
    @Test func theExecCommandGetsNoVariableHoldingTheKey() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let base = world.simulator.baseURL + key + "/../"
            let environment = ["RAIN_BASE_URL": base, "SOME_TOKEN": key.uppercased(), "KEPT": "ordinary"]
            #expect(try await world.rain(["refresh", "Berlin"], environment: environment).status == 0)
            let notify = try await world.rain(["notify", "Berlin", "--exec", #"env > "$RAIN_HOME/env.txt""#], environment: environment)
            #expect(notify.status == 0, "\(notify)")
            let seen = try String(contentsOfFile: home + "/env.txt", encoding: .utf8)
            #expect(seen.contains("KEPT=ordinary\n") && seen.contains("RAIN_NOTIFY_PLACE=Berlin"), "\(seen)")
            #expect(!seen.lowercased().contains(key.lowercased()), "\(seen)")
            #expect(!seen.contains("RAIN_BASE_URL=") && !seen.contains("SOME_TOKEN="), "\(seen)")
        }
    }

    /// `--every` under a minute is only for a server on this machine: a host name that starts
    /// "127." is a name, not the loopback address, and is refused before anything is asked.
    @Test(arguments: ["127.remote.test", "127.0.0.1.nip.test", "localhost.test"])
    func aNameThatLooksLikeLoopbackIsNotThisMachine(_ host: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let process = BuiltProduct.start("rain", ["watch", "Berlin", "--every", "10s"],
                                             environment: world.environment.merging(["RAIN_BASE_URL": "http://\(host):9/forecast/"]) { $1 })
            // A watch that accepted it would run until stopped (bound of a failing test).
            let bound = Task {
                try await Task.sleep(for: .seconds(30))
                process.send(SIGTERM)
            }
            let result = try await process.finish()
            bound.cancel()
            #expect(result.status == 64, "\(result)")
            #expect(result.error.hasPrefix("rain: error: '--every 10s': give 1m or more (every refresh is a request)\n"), "\(result)")
        }
    }
}
