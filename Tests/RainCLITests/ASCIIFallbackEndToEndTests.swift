import Foundation
import RainKit
import RainTestSupport
import Testing

/// The ASCII fallback (`--ascii`, or a locale that is not UTF-8) through the real binary: JSON
/// keeps its data exact, the screen reads naturally with its columns where they were, an
/// accent-less name finds the place, and the full-screen pickers follow `--ascii` too.
@Suite struct ASCIIFallbackEndToEndTests {
    /// Both ways of asking for ASCII: a C locale, and `--ascii` in a UTF-8 one.
    private static let asciiWays: [(environment: [String: String], flags: [String])] = [
        (["LANG": "C"], []), (["LANG": "C.UTF-8"], ["--ascii"]),
    ]

    private func addZurich(_ world: ForecastWorld) throws -> Location {
        try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": world.home]))
            .add(name: "Zürich", coordinate: Coordinate(latitude: 47.37, longitude: 8.54)).location
    }

    private func parse(_ result: ProcessResult) throws -> JSONValue {
        try JSONValue.parse(Array(result.output.utf8))
    }

    @Test func everyJSONOutputKeepsTheExactNames() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            _ = try addZurich(world)
            let refreshed = try await world.rain(["refresh", "--all"])
            #expect(refreshed.status == 0, "\(refreshed)")
            let utf8 = ["LANG": "C.UTF-8"]
            let commands = [["locations", "--json"], ["show", "zürich", "--json", "--offline"],
                            ["show", "--all", "--json", "--offline"]]
            for way in Self.asciiWays {
                for command in commands {
                    let exact = try await world.rain(command, environment: utf8)
                    let ascii = try await world.rain(command + way.flags, environment: way.environment)
                    #expect(ascii.status == 0, "\(command) \(way): \(ascii)")
                    #expect(ascii.output.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii.output)")
                    let (asciiValue, exactValue) = (try parse(ascii), try parse(exact))
                    #expect(asciiValue == exactValue, "\(command) \(way): \(ascii.output)")
                }
                // A status bar's text follows --ascii ("9C"); the place in it stays exact.
                let bar = try await world.rain(["show", "zürich", "--format", "{place} {temp}", "--json"] + way.flags, environment: way.environment)
                #expect(bar.output.unicodeScalars.allSatisfy { $0.isASCII }, "\(bar.output)")
                guard case .object(let members) = try parse(bar), case .string(let text) = members["text"],
                      case .string(let tooltip) = members["tooltip"] else { Issue.record("\(bar)"); continue }
                #expect(text.wholeMatch(of: #/Zürich -?\d+C/#) != nil && tooltip.hasPrefix("Zürich: "), "\(bar.output)")
                let names = try await world.rain(["locations", "--json"] + way.flags, environment: way.environment)
                #expect(names.output.contains(#""name": "Z\u00fcrich""#), "\(names.output)")
                let refresh = try await world.rain(["refresh", "--all", "--json"] + way.flags, environment: way.environment)
                #expect(refresh.status == 0, "\(refresh)")
                guard case .array(let outcomes) = try parse(refresh) else { Issue.record("\(refresh)"); continue }
                let refreshedNames = outcomes.compactMap { outcome -> String? in
                    guard case .object(let members) = outcome, case .string(let name) = members["name"] else { return nil }
                    return name
                }
                #expect(refreshedNames == ["Berlin", "Tokyo", "Zürich"], "\(refresh.output)")
            }
        }
    }

    @Test func aPlaceAddedInACLocaleIsSavedExactly() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let added = try await world.rain(["locations", "add", "Zürich", "--lat", "47.37", "--lon", "8.54"], environment: ["LANG": "C"])
            #expect(added.status == 0, "\(added)")
            #expect(added.output.hasPrefix("Added Zurich (47.37, 8.54)"), "the screen shows ASCII: \(added.output)")
            let saved = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load().locations
            #expect(saved.map(\.name) == ["Berlin", "Tokyo", "Zürich"])
        }
    }

    /// The screen shows "Zurich"; typing that back finds "Zürich", but a place saved as
    /// "Zurich" is still named by it exactly, and two places that both lose their accents to
    /// the same name are ambiguous.
    @Test func aNameWithoutItsAccentsFindsThePlace() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let zurich = try addZurich(world)
            let selected = try await world.rain(["locations", "select", "zurich"], environment: ["LANG": "C"])
            #expect(selected.status == 0, "\(selected)")
            let store = LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
            #expect(try store.load().currentID == zurich.id)
            #expect(try await world.rain(["locations", "select", "zurich!"]).status == 65)

            let plain = try store.add(name: "Zurich", coordinate: Coordinate(latitude: 1, longitude: 2)).location
            #expect(try await world.rain(["locations", "select", "ZURICH"]).status == 0)
            #expect(try store.load().currentID == plain.id, "the exact name wins")
            #expect(try await world.rain(["locations", "select", "zürich"]).status == 0)
            #expect(try store.load().currentID == zurich.id)

            _ = try store.add(name: "Zurìch", coordinate: Coordinate(latitude: 3, longitude: 4))
            _ = try store.remove(ids: [plain.id])
            let ambiguous = try await world.rain(["locations", "select", "zurich"])
            #expect(ambiguous.status == 64 || ambiguous.status == 65, "\(ambiguous)")
            #expect(ambiguous.error.contains("Zürich") && ambiguous.error.contains("Zurìch"), "\(ambiguous)")
        }
    }

    @Test func theForecastReadsNaturallyWithItsColumnsInPlace() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "tokyo"]).status == 0)
            let utf8 = try await world.rain(["tokyo", "--offline"], environment: ["LANG": "C.UTF-8", "COLUMNS": "80"])
            for way in Self.asciiWays {
                let ascii = try await world.rain(["tokyo", "--offline"] + way.flags, environment: way.environment.merging(["COLUMNS": "80"]) { $1 })
                #expect(ascii.status == 0, "\(ascii)")
                let lines = ascii.output.split(separator: "\n", omittingEmptySubsequences: false)
                let exactLines = utf8.output.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines[1].hasPrefix("35.68 N, 139.65 E . updated"), "\(ascii.output)")
                #expect(lines.contains { $0.wholeMatch(of: #/     -?\d+ C, feels like -?\d+ C/#) != nil }, "\(ascii.output)")
                #expect(!lines.contains { $0.hasSuffix(" ") }, "no line ends in a stray space: \(ascii.output)")
                #expect(!ascii.output.contains("  N,") && !ascii.output.contains(#/\d C [^ ]/#), "\(ascii.output)")
                // The hours and days keep their columns: each line as wide as in UTF-8 (but for a
                // degree sign that ends it).
                let hours = try #require(exactLines.firstIndex { $0.hasPrefix("  Next 12 hours") })
                #expect(lines.count == exactLines.count)
                for index in (hours + 1)..<min(lines.count, exactLines.count) where exactLines[index].contains("°") && !exactLines[index].contains(#/°[CF]/#) {
                    let temperatures = exactLines[index].hasSuffix("°") ? exactLines[index].dropLast() : exactLines[index]
                    #expect(lines[index].count == temperatures.count, "\(lines[index])\n\(exactLines[index])")
                }
            }
        }
    }

    /// A locale that is not UTF-8 speaks its language where ASCII can write it (German, its
    /// accents folded) and English where it cannot (Japanese would be question marks), on
    /// standard output and on standard error alike; so does `--ascii`.
    @Test func aLanguageASCIICannotWriteIsEnglish() async throws {
        _ = try Catalogues.compiled()
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "tokyo"]).status == 0)
            let cases: [([String: String], [String], screen: String, error: String)] = [
                (["LANG": "ja_JP"], [], "Feels like", "unknown command or place 'nowhere-xyz'"),
                (["LANG": "ja_JP.UTF-8"], ["--ascii"], "Feels like", "unknown command or place 'nowhere-xyz'"),
                (["LANG": "ru_RU.KOI8-R"], [], "Feels like", "unknown command or place 'nowhere-xyz'"),
                (["LANG": "de_DE"], [], "gefuhlt", "unbekannter Befehl oder Ort 'nowhere-xyz'"),
            ]
            for (environment, flags, screen, error) in cases {
                let shown = try await world.rain(["tokyo", "--offline"] + flags, environment: environment.merging(["COLUMNS": "80"]) { $1 })
                #expect(shown.status == 0, "\(environment): \(shown)")
                #expect(shown.output.lowercased().contains(screen.lowercased()) && !shown.output.contains("?"), "\(environment): \(shown.output)")
                let failed = try await world.rain(["nowhere-xyz"] + flags, environment: environment)
                #expect(failed.error.unicodeScalars.allSatisfy(\.isASCII) && failed.error.contains(error), "\(environment): \(failed)")
            }
            let settings = try await world.rain(["config", "show"], environment: ["LANG": "ja_JP"])
            #expect(settings.output.contains("en (from LANG in the environment: ja_JP, which ASCII output cannot show)"), "\(settings.output)")
        }
    }

    @Test func completionsNameOnlyTheShells() async throws {
        let result = try await BuiltProduct.run("rain", ["completions", "tcsh"], environment: [:])
        #expect(result.status == 64)
        #expect(result.error.hasPrefix("rain: error: 'tcsh' is not a valid <shell>: one of bash, zsh, fish\n"), "\(result)")
    }
}

@Suite struct ASCIIPickerTerminalTests {
    /// `--ascii` reaches the place picker of `add` in a UTF-8 locale, as a C locale does
    /// (`remove -i`: ASCIITerminalTests).
    @Test func addPicksInASCIIWithTheFlag() async throws {
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let environment = world.keylessEnvironment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
            let rain = "env \(environment) TERM=xterm LANG=C.UTF-8 \(shellQuoted(BuiltProduct.path("rain"))) locations add Paris --ascii"
            let tmux = try TmuxSession(folder: home, shellCommand: rain + "; sleep 600", width: 80, height: 24)
            defer { tmux.kill() }
            let list = try await tmux.waitForScreen(containing: "Places named \"Paris\"", limit: .seconds(90))
            #expect(list.contains("1  Paris  Ile-de-France, France"), "\(list)")
            #expect(list.unicodeScalars.allSatisfy { $0.isASCII }, "\(list)")
            try tmux.send("Escape")
        }
    }
}
