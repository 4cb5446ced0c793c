import Foundation
@testable import RainCLI
import RainKit
import RainTerminal
import RainTestSupport
import Testing

@Suite struct HelpAndCompletionTests {
    @Test func locationsHelpSnapshot() async {
        let console = BufferConsole()
        #expect(await RainCLI.run(["locations", "--help"], environment: ["COLUMNS": "80"], console: console) == 0)
        #expect(console.output == """
        OVERVIEW: List, add, remove, select, rename and reorder saved places.

        LOC is a full location ID, a unique ID prefix of 4 or more characters, the
        number 'rain locations' prints, or a name (case-insensitive).

        USAGE: rain locations <subcommand>

        OPTIONS:
          --config <file>         The configuration file to read, which must exist (or,
                                  for 'config init', to write).
          --units <preset>        Units for this run: si, us, ca, uk or metric (°C,
                                  km/h, mm, hPa; si has m/s). A quantity's own unit in
                                  the configuration still applies.
          --lang <language>       The language of this run's messages and screens, such
                                  as de, ja or pt_BR.
          --color <when>          Colour the output: auto, always or never.
          --ascii                 Only ASCII in the output (also when the locale is not
                                  UTF-8).
          -h, --help              Show help information.

        SUBCOMMANDS:
          list (default)          List the saved places; '*' marks the current location.
          add                     Save a place found by name, at coordinates, or where
                                  this machine is.
          remove                  Remove saved places (never the current location).
          select                  Make a saved place, or none, the current location.
          rename                  Give a saved place another name.
          move                    Move a saved place to another place in the list.

          See 'rain help locations <subcommand>' for detailed help.

        """)
    }

    @Test(arguments: [60, 80, 132])
    func everyHelpFitsTheWidth(_ width: Int) async {
        for path in [["--help"], ["show", "--help"], ["refresh", "--help"], ["watch", "--help"], ["cron", "--help"],
                     ["locations", "remove", "--help"], ["config", "--help"], ["completions", "--help"]] {
            let console = BufferConsole()
            #expect(await RainCLI.run(path, environment: ["COLUMNS": "\(width)"], console: console) == 0)
            let long = console.output.split(separator: "\n").filter { $0.count > max(width, 40) }
            #expect(long.isEmpty, "\(path) at \(width): \(long)")
        }
    }

    /// Every command and option of the tables, as the completion scripts must offer them.
    private static func tableWords() -> [String] {
        var words: [String] = []
        func visit(_ command: any ParsableCommand.Type) {
            words += command.configuration.options.map { "--" + $0.long }
            for sub in command.configuration.subcommands {
                words.append(sub.configuration.commandName)
                visit(sub)
            }
        }
        visit(RainCommand.self)
        return words
    }

    @Test(arguments: CompletionScript.Shell.allCases.map(\.rawValue))
    func completionScriptsOfferEveryCommandAndOption(_ shell: String) async {
        let console = BufferConsole()
        #expect(await RainCLI.run(["completions", shell], environment: [:], console: console) == 0)
        let script = console.output
        for word in Self.tableWords() {
            let spelled = shell == "fish" && word.hasPrefix("--") ? "-l " + word.dropFirst(2) : word
            #expect(script.contains(spelled), "\(shell) script lacks \(word)")
        }
    }

    @Test func bashCompletesCommandsOptionValuesAndSavedPlaces() async throws {
        try await withTemporaryDirectory { home in
            let store = LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
            let berlin = try store.add(name: "Berlin", coordinate: Coordinate(latitude: 1, longitude: 2)).location
            let zurich = try store.add(name: "Zürich", coordinate: Coordinate(latitude: 3, longitude: 4)).location
            let script = home + "/rain.bash"
            writeFile(script, CompletionScript(root: RainCommand.self).script(for: .bash))
            func complete(_ line: String) async throws -> String {
                let driver = """
                source '\(script)'
                COMP_WORDS=(\(line)); [ "${1: -1}" = " " ] && COMP_WORDS+=("")
                COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _rain; echo "${COMPREPLY[*]}"
                """
                let path = BuiltProduct.folder + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
                let result = try await BuiltProduct.runSystem("/usr/bin/env", ["RAIN_HOME=\(home)", "PATH=\(path)", "bash", "-c", driver, "-", line])
                return result.output.trimmingCharacters(in: .newlines)
            }
            #expect(try await complete("rain loc") == "locations")
            #expect(try await complete("rain --color ").split(separator: " ") == ["auto", "always", "never"])
            #expect(try await complete("rain locations ").hasPrefix("list add remove select"))
            // Berlin, the first place saved, is the current location, which cannot be removed.
            let removable = try await complete("rain locations remove ")
            #expect(removable.contains(zurich.shortID) && !removable.contains(berlin.shortID) && !removable.contains("Berlin"), "\(removable)")
            #expect(try await complete("rain show ").contains(berlin.shortID))
            #expect(try await complete("rain show ZUR") == "Zürich", "case and accents are ignored")
            #expect(try await complete("rain completions ").hasPrefix("bash zsh fish"))
        }
    }
}
