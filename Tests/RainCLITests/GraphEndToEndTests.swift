import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// `rain show --graph` through the real binary, against the simulator's forecast: never wider
/// than the terminal, colour only where the rules allow, ASCII with `--ascii`, and one clear
/// line below 60 columns.
@Suite struct GraphEndToEndTests {
    private func world(_ home: String) async throws -> ForecastWorld {
        let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30}"#)
        let refreshed = try await world.rain(["refresh"])
        #expect(refreshed.status == 0, "\(refreshed)")
        return world
    }

    /// The graph (or with `command`, another screen) in a tmux window `width` columns wide and
    /// `height` high, as the screen shows it.
    private func screen(_ world: ForecastWorld, width: Int, height: Int = 40, command: String = "show --graph", arguments: String = "",
                        environment: String = "", escapes: Bool = false) async throws -> String {
        let variables = world.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        // The test process may carry NO_COLOR (a runner whose output is not a terminal): rain gets only what a case gives it.
        let rain = "env -u NO_COLOR \(variables) TERM=xterm LANG=C.UTF-8 \(environment) \(shellQuoted(BuiltProduct.path("rain"))) \(command) --offline \(arguments)"
        let tmux = try TmuxSession(folder: world.home, shellCommand: rain + "; echo \"rain exited $?\"; sleep 600", width: width, height: height)
        defer { tmux.kill() }
        _ = try await tmux.waitForScreen(containing: "rain exited", limit: .seconds(90))
        return try tmux.screen(escapes: escapes)
    }

    @Test(arguments: [60, 80, 120])
    func theGraphFitsTheTerminalAndIsColouredThere(_ width: Int) async throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        try await withTemporaryDirectory { home in
            let world = try await world(home)
            let screen = try await screen(world, width: width, escapes: true)
            #expect(screen.contains("rain exited 0"), "\(screen)")
            #expect(screen.contains("\u{1B}["), "a terminal gets colour:\n\(screen)")
            let plain = try await self.screen(world, width: width)
            let lines = plain.split(separator: "\n", omittingEmptySubsequences: false)
            // Nothing wrapped: each row of the graph is on one line of the screen.
            let axis = try #require(lines.firstIndex { $0.hasPrefix("     ┼") }, "\(plain)")
            #expect(lines[axis + 1].contains("┤") && lines[axis + 2].hasPrefix(" mm/h┤"), "\(plain)")
            #expect(lines.contains { $0.hasPrefix("  ⠤ temp") }, "the legend:\n\(plain)")
            #expect(lines.contains { $0.contains("⠀") == false && $0.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } },
                    "braille:\n\(plain)")
        }
    }

    @Test func noColorAndASCIIFollowTheRules() async throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        try await withTemporaryDirectory { home in
            let world = try await world(home)
            let noColor = try await screen(world, width: 80, environment: "NO_COLOR=1", escapes: true)
            #expect(noColor.contains("rain exited 0"), "\(noColor)")
            #expect(!noColor.contains("\u{1B}[3") && !noColor.contains("\u{1B}[2m"), "no colour under NO_COLOR:\n\(noColor)")
            let ascii = try await screen(world, width: 80, arguments: "--ascii")
            #expect(ascii.contains("rain exited 0") && ascii.contains(" mm/h|"), "\(ascii)")
            #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii)")
        }
    }

    /// `rain` at 80x24 draws the next 24 hours in small in place of the hours' numbers, in
    /// colour on a terminal and without under NO_COLOR; at 60 columns the numbers stay. Days
    /// are on the screen either way, as many as fit.
    @Test func theForecastScreenHasASmallGraphFromTheLayoutsWidth() async throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        try await withTemporaryDirectory { home in
            let world = try await world(home)
            let layout = try await screen(world, width: 80, height: 24, command: "show")
            #expect(layout.contains("rain exited 0") && layout.contains("  Next 24 hours") && !layout.contains("  Next 12 hours"), "\(layout)")
            // Nothing wrapped: the graph's five lines follow each other.
            let rows = layout.split(separator: "\n", omittingEmptySubsequences: false)
            let title = try #require(rows.firstIndex { $0.hasPrefix("  Next 24 hours") }, "\(layout)")
            #expect(rows[title + 1].contains("°┤") && rows[title + 2].contains("°┤") && rows[title + 3].hasPrefix(" mm/h┼"), "\(layout)")
            // Days give way from the last so that the screen fits the 24 lines (issue 41).
            #expect(layout.contains(" mm/h┼") && layout.contains(#/  Next [1-6] days? /#), "\(layout)")
            let coloured = try await screen(world, width: 80, height: 24, command: "show", escapes: true)
            #expect(coloured.contains("\u{1B}["), "a terminal gets colour:\n\(coloured)")
            let noColor = try await screen(world, width: 80, height: 24, command: "show", environment: "NO_COLOR=1", escapes: true)
            #expect(!noColor.contains("\u{1B}[3") && !noColor.contains("\u{1B}[2m"), "no colour under NO_COLOR:\n\(noColor)")
            let ascii = try await screen(world, width: 80, height: 24, command: "show", arguments: "--ascii")
            #expect(ascii.contains(" mm/h+") && ascii.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii)")
            let narrow = try await screen(world, width: 60, height: 24, command: "show")
            #expect(narrow.contains("rain exited 0") && narrow.contains("  Next 8 hours") && !narrow.contains("Next 24 hours"), "\(narrow)")
        }
    }

    @Test func intoAPipeTheGraphTakesColumns() async throws {
        try await withTemporaryDirectory { home in
            let world = try await world(home)
            for width in [60, 100] {
                let piped = try await world.rain(["show", "--graph", "--offline"], environment: ["COLUMNS": "\(width)"])
                #expect(piped.status == 0, "\(piped)")
                #expect(!piped.output.contains("\u{1B}"), "no colour into a pipe")
                for line in piped.output.split(separator: "\n") { #expect(String(line).displayWidth <= width, "\(line)") }
            }
            let narrow = try await world.rain(["show", "--graph", "--offline"], environment: ["COLUMNS": "50"])
            #expect(narrow.status == 64 && narrow.output.isEmpty, "\(narrow)")
            #expect(narrow.error == "rain: error: the graph needs 60 columns, not 50\nrain: hint: widen the window, or leave out --graph\n")
            for line in narrow.error.split(separator: "\n") { #expect(line.count <= 50, "\(line)") }
        }
    }
}
