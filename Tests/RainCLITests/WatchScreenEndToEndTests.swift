import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// `rain watch` in a real terminal (tmux): the alternate screen, a layout that fits 80x24 and
/// the window after a resize, times labelled with their zone; and the spinner's line on Ctrl-C.
@Suite struct WatchScreenEndToEndTests {
    @Test func onePlaceFitsEightyByTwentyFourAndTheWindowAfterAResize() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try world.terminal(["watch", "--every", "1m"], before: "trap 'echo interrupted' INT; echo 'the shell was here'")
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "q to quit", limit: .seconds(90))
            try await tmux.waitForScreen(containing: "Next 12 hours", limit: .seconds(90))
            var lines = try tmux.lines()
            #expect(lines.count == 24 && lines.allSatisfy { $0.displayWidth <= 80 }, "\(lines)")
            #expect(lines[0].hasPrefix("Berlin") && lines[0].contains(/\d\d:\d\d \(UTC[+-]\d+\)$/), "the header stays on screen: \(lines)")
            #expect(lines[23].hasPrefix("refreshing every 1 min · q to quit"))
            #expect(!lines.contains("the shell was here"), "the alternate screen")

            try tmux.resize(width: 60, height: 14)
            // The whole redraw, not its last line alone: under load the header came a moment later.
            try await waitUntil {
                let lines = try tmux.lines()
                return lines.count == 14 && lines[13].hasPrefix("refreshing every") && lines[0].hasPrefix("Berlin")
                    && lines.contains { $0.contains("Next 8 hours") }
            }
            lines = try tmux.lines()
            #expect(lines.allSatisfy { $0.displayWidth <= 60 }, "\(lines)")
            #expect(lines[0].hasPrefix("Berlin") && lines[0].contains(/\s\d\d:\d\d \(UTC[+-]\d+\)$/), "the local time is whole at 60 columns: \(lines)")
            #expect(lines.contains { $0.contains("Next 8 hours") }, "\(lines)")

            try tmux.send("C-c")
            let after = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
            #expect(after.contains("the shell was here") && !after.contains("Next 8 hours"), "the screen is given back as it was:\n\(after)")
            withExtendedLifetime(world) {}  // the simulator stops when the world goes
        }
    }

    @Test func theHeaderClockMovesOnBetweenRefreshes() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try world.terminal(["watch", "--every", "1h"], before: "trap 'echo interrupted' INT")
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Next 12 hours", limit: .seconds(90))
            func headerTime() throws -> String? {
                try tmux.lines().first.flatMap { $0.firstMatch(of: /\d\d:\d\d \(UTC/).map { String($0.output) } }
            }
            let first = try #require(try headerTime())
            let requests = world.simulator.requests.count
            try await waitUntil { try headerTime().map { $0 != first } ?? false }
            #expect(world.simulator.requests.count == requests, "a redraw, not a refresh")
            try tmux.send("C-c")
            try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
        }
    }

    @Test func severalPlacesAreOneLineEachAndTheOfflineTimeHasItsZone() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try world.terminal(["watch", "--all", "--every", "1s"], width: 80, height: 24, environment: ["TZ": "Asia/Tokyo"],
                                     before: "trap 'echo interrupted' INT")
            defer { tmux.kill() }
            try await waitUntil { try tmux.screen().contains("Tokyo") && tmux.screen().contains("just now") }
            var lines = try tmux.lines()
            #expect(lines[0].contains("Place") && lines[1].hasPrefix("* Berlin") && lines[2].hasPrefix("  Tokyo"), "\(lines)")
            #expect(lines.last?.hasPrefix("refreshing every 1 s") == true)

            world.simulator.stop()
            let offline = try await tmux.waitForScreen(containing: "Offline since", limit: .seconds(90))
            #expect(offline.contains(/Offline since \d\d:\d\d \(UTC\+9, this machine\)/), "\(offline)")
            // Issue 41: the key hint survives at 80 columns; what matters least gave way.
            lines = try tmux.lines()
            #expect(lines.last?.hasPrefix("Offline since") == true && lines.last?.hasSuffix(" · q to quit") == true, "\(lines)")
            #expect(lines.last?.contains("refreshing every") == false, "\(lines)")

            try tmux.resize(width: 50, height: 4)
            try await waitUntil { try tmux.lines().count == 4 }
            lines = try tmux.lines()
            #expect(lines[0].hasPrefix("  Place") && lines[1] == "… 2 more; a taller window shows them", "\(lines)")
            #expect(lines.last?.hasPrefix("Offline since") == true && lines.last?.hasSuffix("… · q to quit") == true, "\(lines)")
            try tmux.send("C-c")
            try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
        }
    }

    @Test func asciiOnlyReachesTheWatchScreen() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try world.terminal(["watch", "--ascii"], before: "trap 'echo interrupted' INT")
            defer { tmux.kill() }
            let screen = try await tmux.waitForScreen(containing: "Next 12 hours", limit: .seconds(90))
            let isASCII = screen.allSatisfy { $0.isASCII }
            #expect(isASCII, "\(screen)")
            try tmux.send("C-c")
            try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
            withExtendedLifetime(world) {}
        }
    }

    @Test(arguments: [["show"], ["show", "--all"], ["refresh", "--all"]])
    func ctrlCClearsTheSpinnersLine(_ arguments: [String]) async throws {
        try await withTemporaryDirectory { home in
            // A slow answer (a hanging one is cut off by libcurl's low-speed limit after 10 s,
            // which a loaded machine may reach before the test sees the spinner).
            let world = try ForecastWorld(home: home, behaviour: .drip(bytesPerSecond: 200, lastingSeconds: 600), config: #"{"timeout_seconds": 600}"#)
            let tmux = try world.terminal(arguments, before: "trap 'echo interrupted' INT")
            defer { tmux.kill() }
            try #require(await world.waitForRequest())
            try await tmux.waitForScreen(containing: "…", limit: .seconds(90))
            try tmux.send("C-c")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 130", limit: .seconds(90))
            #expect(!screen.contains("Fetching") && !screen.contains("Refreshing"), "the spinner's line is gone:\n\(screen)")
            withExtendedLifetime(world) {}  // a simulator stopped early would end the hanging request
        }
    }

    /// Polls `condition` (a hung test's bound, not a speed assertion).
    /// Issue 22, item 3: q, Q, Esc and Ctrl-C end watch with 0 and give the screen back; a key
    /// that means nothing is ignored; no key is ever echoed, under the screen or after it.
    @Test(arguments: ["q", "Q", "Escape", "C-c"])
    func aQuitKeyEndsWatchAndNoKeyIsEchoed(_ key: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try world.terminal(["watch"], before: "echo 'the shell was here'")
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Next 12 hours", limit: .seconds(90))
            try tmux.send("x", "j", "Space", "Enter", "F1")
            // A terminal echoes at once; the keys would show by now (bound of a hung echo check).
            let echoed = try? await tmux.waitForScreen(containing: "xj", limit: .seconds(3))
            #expect(echoed == nil, "echoed under the screen: \(echoed ?? "")")
            let lines = try tmux.lines()
            #expect(lines.last?.hasSuffix("q to quit") == true, "\(lines)")
            try tmux.send(key)
            let after = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
            #expect(after.contains("the shell was here") && !after.contains("Next 12 hours"), "\(after)")
            #expect(!after.contains("xj") && !after.contains("^["), "echoed after: \(after)")
            #expect(try tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
        }
    }

    /// Ctrl-L draws the whole screen again over what another program wrote on the terminal.
    /// The screen is also redrawn at the turn of each minute: a pass counts only when the
    /// text went within the minute Ctrl-L was typed in.
    @Test func ctrlLDrawsTheScreenAgain() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let tmux = try world.terminal(["watch"])
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Next 12 hours", limit: .seconds(90))
            func minute() -> Int { Int(Date().timeIntervalSince1970) / 60 }
            var redrawnByTheKey = false
            for _ in 0..<3 where !redrawnByTheKey {
                let minuteTyped = minute()
                try await tmux.writeOnTerminal("WRITTEN BY ANOTHER PROGRAM", row: 5)
                try tmux.send("C-l")
                try await waitUntil { try !tmux.screen().contains("WRITTEN BY ANOTHER PROGRAM") }
                redrawnByTheKey = minute() == minuteTyped
            }
            #expect(redrawnByTheKey)
            #expect(try tmux.lines().last?.hasSuffix("q to quit") == true)
            try tmux.send("q")
            try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
        }
    }
}
