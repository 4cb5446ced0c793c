import Foundation
import RainKit
import RainTestSupport
import Testing

/// `rain locations remove --interactive`: the built binary in a real pseudo-terminal (tmux),
/// driven by keys, read from the screen, checked in the store afterwards.
@Suite(.serialized) struct InteractiveRemovalTests {
    /// A temporary RAIN_HOME with these places saved; the first is the current location.
    private func withHome(_ names: [String], _ body: (String, LocationsStore) async throws -> Void) async throws {
        try await withTemporaryDirectory { home in
            let store = LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
            for (index, name) in names.enumerated() {
                _ = try store.add(name: name, coordinate: Coordinate(latitude: Double(index), longitude: Double(index)))
            }
            try await body(home, store)
        }
    }

    /// Runs `rain locations remove -i` in tmux. The shell around it prints whether the terminal
    /// settings are the same afterwards, and rain's exit status, so tests can wait for both.
    private func startPicker(home: String, term: String = "xterm-256color", width: Int = 80, height: Int = 24,
                             arguments: String = "-i") throws -> TmuxSession {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        let rain = "env RAIN_HOME=\(shellQuoted(home)) TERM=\(term) \(shellQuoted(BuiltProduct.path("rain")))"
        let script = """
        before=$(stty -g)
        sh -c 'echo $$ > \(shellQuoted(home + "/rain.pid")); exec \(rain.replacingOccurrences(of: "'", with: "'\\''")) locations remove \(arguments)'
        status=$?
        if [ "$(stty -g)" = "$before" ]; then echo "terminal restored"; else echo "terminal NOT restored"; fi
        echo "rain exited with $status"
        sleep 600
        """
        return try TmuxSession(folder: home, shellCommand: script, width: width, height: height)
    }

    private func bytes(_ home: String) -> [UInt8]? { fileBytes(home + "/defaults.json") }

    /// The picker with every place but the current one (Berlin and Oslo) checked and Enter
    /// pressed: the question waits for its key.
    private func askToRemoveAll(home: String) async throws -> TmuxSession {
        let tmux = try startPicker(home: home)
        do {
            try await tmux.waitForScreen(containing: "Remove saved places")
            try tmux.send("a", "Enter")
            try await tmux.waitForScreen(containing: "Remove 2 locations (Berlin, Oslo)? [y/N]")
        } catch {
            tmux.kill()
            throw error
        }
        return tmux
    }

    @Test func cancelWithQChangesNothing() async throws {
        try await withHome(["Home", "Berlin", "Oslo"]) { home, _ in
            let before = bytes(home)
            let tmux = try startPicker(home: home)
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Remove saved places")
            try tmux.send("Down", "Space")
            try await tmux.waitForScreen(containing: "1 place checked.")
            try tmux.send("q")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0")
            #expect(screen.contains("Nothing removed.") && screen.contains("terminal restored"), "\(screen)")
            #expect(bytes(home) == before)
        }
    }

    @Test func theCurrentLocationCannotBeChecked() async throws {
        try await withHome(["Home", "Berlin"]) { home, _ in
            let before = bytes(home)
            let tmux = try startPicker(home: home)
            defer { tmux.kill() }
            let first = try await tmux.waitForScreen(containing: "Remove saved places")
            #expect(first.contains(">  *  Home") && first.contains("current location"), "\(first)")
            try tmux.send("Space")
            try await tmux.waitForScreen(containing: "Home is the current location; rain locations select --none frees it.")
            // Nothing got checked: Enter says so instead of asking.
            try tmux.send("Enter")
            try await tmux.waitForScreen(containing: "Nothing checked yet")
            try tmux.send("Escape")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0")
            #expect(screen.contains("terminal restored"), "\(screen)")
            #expect(bytes(home) == before)
        }
    }

    @Test func removingThreePlacesAsksOnceAndRemovesThemTogether() async throws {
        try await withHome(["Home", "Berlin", "Oslo", "Lima", "Tokyo"]) { home, store in
            let tmux = try startPicker(home: home)
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Remove saved places")
            try tmux.send("Down", "Space", "j", "Space", "Down", "Space")
            try await tmux.waitForScreen(containing: "3 places checked.")
            try tmux.send("Enter")
            try await tmux.waitForScreen(containing: "Remove 3 locations (Berlin, Oslo, Lima)? [y/N]")
            // One key answers, as in the list: no Enter.
            try tmux.send("y")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0")
            #expect(screen.contains("Remove 3 locations (Berlin, Oslo, Lima)? [y/N] y\n"), "\(screen)")
            let list = try store.load()
            #expect(list.locations.map(\.name) == ["Home", "Tokyo"])
            #expect(list.current?.name == "Home")
            let removed = screen.split(separator: "\n").filter { $0.hasPrefix("Removed ") }
            #expect(removed.map { $0.prefix { $0 != "(" } } == ["Removed Berlin ", "Removed Oslo ", "Removed Lima "], "\(screen)")
            #expect(screen.contains("terminal restored"))
        }
    }

    @Test func decliningAtThePromptChangesNothing() async throws {
        try await withHome(["Home", "Berlin", "Oslo"]) { home, _ in
            let before = bytes(home)
            let tmux = try await askToRemoveAll(home: home)
            defer { tmux.kill() }
            try tmux.send("n")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0")
            #expect(screen.contains("[y/N] n\nNothing removed.") && screen.contains("terminal restored"), "\(screen)")
            #expect(bytes(home) == before)
        }
    }

    /// Enter alone is the default answer, no; Ctrl-C ends rain as it would anywhere else.
    @Test(arguments: [("Enter", 0), ("C-c", 130)])
    func enterOrCtrlCAtThePromptChangesNothing(_ key: String, _ status: Int) async throws {
        try await withHome(["Home", "Berlin", "Oslo"]) { home, _ in
            let before = bytes(home)
            let tmux = try await askToRemoveAll(home: home)
            defer { tmux.kill() }
            try tmux.send(key)
            let screen = try await tmux.waitForScreen(containing: "rain exited with \(status)")
            #expect(screen.contains("terminal restored"), "\(screen)")
            #expect(bytes(home) == before)
        }
    }

    /// `remove LOC` on a terminal asks the same way: one key.
    @Test func removingByNameOnATerminalIsConfirmedWithOneKey() async throws {
        try await withHome(["Home", "Berlin", "Oslo"]) { home, store in
            let tmux = try startPicker(home: home, arguments: "berlin")
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Remove 1 location (Berlin)? [y/N]")
            try tmux.send("Y")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0")
            #expect(screen.contains("[y/N] y\nRemoved Berlin (") && screen.contains("terminal restored"), "\(screen)")
            #expect(try store.load().locations.map(\.name) == ["Home", "Oslo"])
        }
    }

    @Test func aPlaceRemovedMeanwhileIsReportedAndNotResurrected() async throws {
        try await withHome(["Home", "Berlin", "Oslo"]) { home, store in
            let tmux = try await askToRemoveAll(home: home)
            defer { tmux.kill() }
            // Another rain process removes Oslo while the question waits.
            let oslo = try #require(try store.load().locations.first { $0.name == "Oslo" })
            _ = try store.remove(ids: [oslo.id])
            try tmux.send("y")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0")
            #expect(screen.contains("rain: Oslo was already removed by another rain process"), "\(screen)")
            #expect(screen.contains("Removed Berlin (") && !screen.contains("Removed Oslo"))
            #expect(try store.load().locations.map(\.name) == ["Home"])
        }
    }

    @Test func withTermDumbTheScreenIsPlainAndRemovalWorks() async throws {
        try await withHome(["Home", "Berlin", "Oslo"]) { home, store in
            let tmux = try startPicker(home: home, term: "dumb")
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Remove saved places")
            try tmux.send("j", "Space")
            try await tmux.waitForScreen(containing: "1 place checked.")
            // No colours, no attributes: rain wrote no escape sequences at all.
            let styled = try tmux.screen(escapes: true)
            #expect(!styled.contains("\u{1B}"), "\(styled)")
            #expect(styled.contains("> [✓] Berlin"))
            try tmux.send("Enter")
            try await tmux.waitForScreen(containing: "Remove 1 location (Berlin)? [y/N]")
            try tmux.send("y")
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0")
            #expect(screen.contains("Removed Berlin (") && screen.contains("terminal restored"), "\(screen)")
            #expect(try store.load().locations.map(\.name) == ["Home", "Oslo"])
        }
    }

    @Test func aLongListScrollsAndAResizeRedraws() async throws {
        try await withHome((1...40).map { "Place \($0)" }) { home, _ in
            let before = bytes(home)
            let tmux = try startPicker(home: home)
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "1–21 of 40")
            try tmux.send("Up")  // wraps to the last place
            let bottom = try await tmux.waitForScreen(containing: "20–40 of 40")
            #expect(bottom.contains("> [ ] Place 40"))
            try tmux.resize(width: 50, height: 10)
            let small = try await tmux.waitForScreen(containing: "34–40 of 40")
            #expect(small.contains("> [ ] Place 40"), "\(small)")
            try tmux.send("q")
            try await tmux.waitForScreen(containing: "rain exited with 0")
            #expect(bytes(home) == before)
        }
    }

    @Test(arguments: [("C-c", 130), ("SIGTERM", 143)])
    func interruptionsRestoreTheTerminal(how: String, status: Int) async throws {
        try await withHome(["Home", "Berlin"]) { home, _ in
            let before = bytes(home)
            let tmux = try startPicker(home: home)
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Remove saved places")
            try tmux.send("Down", "Space")
            try await tmux.waitForScreen(containing: "1 place checked.")
            if how == "SIGTERM" {
                let text = try #require(String(data: try Data(contentsOf: URL(fileURLWithPath: home + "/rain.pid")), encoding: .utf8))
                let pid = try #require(Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)))
                #expect(kill(pid, SIGTERM) == 0)
            } else {
                try tmux.send(how)
            }
            let screen = try await tmux.waitForScreen(containing: "rain exited with \(status)")
            #expect(screen.contains("terminal restored"), "\(screen)")
            #expect(bytes(home) == before)
        }
    }

    @Test func withoutATerminalInteractiveIsAUsageError() async throws {
        try await withHome(["Home", "Berlin"]) { home, _ in
            let before = bytes(home)
            let result = try await BuiltProduct.run("rain", ["locations", "remove", "-i"], environment: ["RAIN_HOME": home, "TERM": "xterm"])
            #expect(result.status == 64, "\(result)")
            #expect(result.output.isEmpty)
            let lines = result.error.split(separator: "\n")
            #expect(lines.first == "rain: error: '--interactive' needs a terminal, and standard input is not one")
            #expect(lines.dropFirst().first == "rain: hint: name the places instead")
            #expect(lines.dropFirst(2).first?.hasPrefix("Usage: rain locations remove") == true)
            let both = try await BuiltProduct.run("rain", ["locations", "remove", "-i", "berlin"], environment: ["RAIN_HOME": home])
            #expect(both.status == 64 && both.error.hasPrefix("rain: error: unexpected argument 'berlin'"), "\(both)")
            #expect(bytes(home) == before)
        }
    }
}
