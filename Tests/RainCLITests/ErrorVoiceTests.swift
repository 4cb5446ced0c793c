import Foundation
import RainKit
import RainTestSupport
import Testing

/// Every error of every command, usage errors included, reaches stderr through one printer in
/// one voice: `rain: error: ...`, a hint where one helps, and for a usage error the usage of
/// the command meant, exit 64. Run through the built `rain`, so nothing but the real output counts.
@Suite struct ErrorVoiceTests {
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var status: Int32 = 64
        var error: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    private static let addUsage = """
        Usage: rain locations add <name> [--pick <n>] [--country <code>] | [<name>]
               --lat <latitude> --lon <longitude> | [<name>] --here; [--select]
               [--again]
          See 'rain locations add --help' for more information.

        """

    private static let showUsage = """
        Usage: rain show [<loc>] [--all] [--json] [--offline] [--format <template>]
               [--graph] [--spread] [--hours <n>] [--days <n>] [--day <day>] [--parts]
               [--lat <latitude>] [--lon <longitude>] [--pick <n>] [--country <code>]
               [--verbose]
          See 'rain show --help' for more information.

        """

    @Test(arguments: [
        // swift-argument-parser's messages, each with the usage of the command it concerns.
        ErrorCase(arguments: ["locations", "add", "A", "--selct"],
                  error: "rain: error: unknown option '--selct'\nrain: hint: did you mean '--select'?\n" + addUsage),
        ErrorCase(arguments: ["locations", "add", "Berlin", "--lat"],
                  error: "rain: error: missing value for '--lat <latitude>'\n" + addUsage),
        ErrorCase(arguments: ["locations", "add", "--pick", "2"],
                  error: "rain: error: missing expected argument '<name>'\n" + addUsage),
        ErrorCase(arguments: ["completions", "bash", "zsh"],
                  error: "rain: error: unexpected argument 'zsh'\nUsage: rain completions <shell>\n  See 'rain completions --help' for more information.\n"),
        ErrorCase(arguments: ["locations", "lst"], error: """
            rain: error: unknown command 'lst'
            rain: hint: did you mean 'rain locations list'?
            Usage: rain locations list [--json]
              See 'rain locations list --help' for more information.

            """),
        ErrorCase(arguments: ["watch", "--every", "-5m"], error: """
            rain: error: '--every -5m': give a whole number over 0 then s, m or h, e.g. 15m
            Usage: rain watch [<loc> ...] [--all] [--every <interval>] [--verbose]
              See 'rain watch --help' for more information.

            """),
        ErrorCase(arguments: ["--color", "sometimes"],
                  error: "rain: error: '--color sometimes': one of auto, always, never\n" + showUsage),
        // Thrown by a command's validation: a usage error in the same voice.
        ErrorCase(arguments: ["refresh", "--all", "Berlin"], error: """
            rain: error: give either '--all' or locations, not both
            Usage: rain refresh [<loc> ...] [--all] [--if-stale] [--quiet] [--json]
                   [--verbose]
              See 'rain refresh --help' for more information.

            """),
        ErrorCase(arguments: ["refresh", "--json", "--quiet"], error: """
            rain: error: '--json' cannot be combined with '--quiet'
            Usage: rain refresh [<loc> ...] [--all] [--if-stale] [--quiet] [--json]
                   [--verbose]
              See 'rain refresh --help' for more information.

            """),
        ErrorCase(arguments: ["completions", "tcsh"], error: """
            rain: error: 'tcsh' is not a valid <shell>: one of bash, zsh, fish
            Usage: rain completions <shell>
              See 'rain completions --help' for more information.

            """),
        // An error that validation finds but that is not about the command line keeps its kind.
        ErrorCase(arguments: ["locations", "add", "Far", "--lat", "95", "--lon", "0"], status: 65,
                  error: "rain: error: latitude 95 is out of range: it must be between -90 and 90\n"),
        ErrorCase(arguments: ["locations", "add", " ", "--lat", "5", "--lon", "0"], status: 65,
                  error: "rain: error: invalid name: the name is empty\n"),
        // A first word that is neither a command nor a saved place, followed by a command's words.
        ErrorCase(arguments: ["lcoations", "add", "Paris"],
                  error: "rain: error: unknown command 'lcoations'\nrain: hint: did you mean 'rain locations add Paris'?\n" + addUsage),
        ErrorCase(arguments: ["--color", "never", "lcoations", "add"],
                  error: "rain: error: unknown command 'lcoations'\nrain: hint: did you mean 'rain --color never locations add'?\n" + addUsage),
        ErrorCase(arguments: ["refesh", "--all", "--quiet"], error: """
            rain: error: unknown command 'refesh'
            rain: hint: did you mean 'rain refresh --all --quiet'?
            Usage: rain refresh [<loc> ...] [--all] [--if-stale] [--quiet] [--json]
                   [--verbose]
              See 'rain refresh --help' for more information.

            """),
        ErrorCase(arguments: ["lcoations", "help"], error: """
            rain: error: unknown command 'lcoations'
            rain: hint: did you mean 'rain locations help'?
            Usage: rain locations <subcommand>
              See 'rain locations --help' for more information.

            """),
        ErrorCase(arguments: ["hlep", "locations"], error: """
            rain: error: unknown command 'hlep'
            rain: hint: did you mean 'rain help locations'?
            Usage: rain help [<command> ...]
              See 'rain help --help' for more information.

            """),
        // Words that do not look like a command are one place's name (issue 22: no quotes needed),
        // looked up when no saved place has it (here at a loopback port where nothing listens).
        ErrorCase(arguments: ["tokyo", "add"], status: 75, error: "rain: offline: cannot reach 127.0.0.1:9 to look up 'tokyo add'\nrain: hint: 'tokyo add' is not a saved place; try again when online\n"),
        ErrorCase(arguments: ["locations", "add", "Oslo"], status: 75, error: "rain: offline: cannot reach 127.0.0.1:9 to look up 'Oslo'\n"),
        ErrorCase(arguments: ["--", "lcoations", "add"], status: 75, error: "rain: offline: cannot reach 127.0.0.1:9 to look up 'lcoations add'\nrain: hint: 'lcoations add' is not a saved place; try again when online\n"),
    ])
    func errorsSpeakWithOneVoice(_ testCase: ErrorCase) async throws {
        try await withTemporaryDirectory { home in
            let result = try await BuiltProduct.run("rain", testCase.arguments, environment: ["RAIN_HOME": home, "RAIN_GEOCODING_URL": Self.nothingListening])
            #expect(result.status == testCase.status, "\(result)")
            #expect(result.output.isEmpty)
            #expect(result.error == testCase.error)
        }
    }

    static let noPlaceHint = "rain: hint: 'rain locations' lists the saved places with their numbers and IDs\n"
    /// A geocoder at a loopback port where nothing listens: a name that is not saved is looked
    /// up, and no test may reach for the real one.
    static let nothingListening = "http://127.0.0.1:9/v1/search"

    /// Issue 22, item 6: with no places, every `--json` listing prints an empty array, as
    /// `locations --json` does, besides the one error line and exit 66.
    @Test(arguments: [["locations", "--json"], ["show", "--all", "--json"], ["refresh", "--all", "--json"]])
    func anEmptyListIsAnEmptyArray(_ arguments: [String]) async throws {
        try await withTemporaryDirectory { home in
            let result = try await BuiltProduct.run("rain", arguments, environment: ["RAIN_HOME": home])
            #expect(result.status == 66, "\(result)")
            #expect(result.output == "[]\n")
            #expect(result.error.hasPrefix("rain: error: no saved locations"), "\(result.error)")
        }
    }

    /// Issue 22, item 6: help names the installed copy of the JSON document (PREFIX/share/doc/rain),
    /// not a path in the source tree, when rain runs from an installed layout.
    @Test func helpNamesTheInstalledDocument() async throws {
        try await withTemporaryDirectory { prefix in
            try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: prefix + "/share/doc/rain", withIntermediateDirectories: true)
            // Copied by cp: a file this process had open for writing could still be open in a
            // child another test spawned meanwhile, and exec would fail with "text file busy".
            let copied = try await BuiltProduct.runSystem("/bin/cp", [BuiltProduct.path("rain"), prefix + "/bin/rain"])
            try #require(copied.status == 0, "\(copied)")
            writeFile(prefix + "/share/doc/rain/forecast-json.md", "# fields\n")
            let help = try await BuiltProduct.runSystem(prefix + "/bin/rain", ["show", "--help"])
            #expect(help.output.contains(prefix + "/share/doc/rain/forecast-json.md"), "\(help.output)")
            #expect(!help.output.contains("docs/forecast-json.md"))
        }
    }

    /// Issue 22, item 4: the words of a name need no quotes, to save it or to show it.
    @Test func namesOfSeveralWordsNeedNoQuotes() async throws {
        try await withTemporaryDirectory { home in
            let environment = ["RAIN_HOME": home]
            let added = try await BuiltProduct.run("rain", ["locations", "add", "New", "York", "--lat", "40.71", "--lon", "-74.01"], environment: environment)
            #expect(added.status == 0 && added.output.hasPrefix("Added New York (40.71, -74.01)"), "\(added)")
            let shown = try await BuiltProduct.run("rain", ["new", "york", "--offline"], environment: environment)
            #expect(shown.status == 66 && shown.error.hasPrefix("rain: error: no cached forecast for New York\n"), "\(shown)")
            let show = try await BuiltProduct.run("rain", ["show", "--offline", "new", "york"], environment: environment)
            #expect(show.status == 66 && show.error.hasPrefix("rain: error: no cached forecast for New York\n"), "\(show)")
            let selected = try await BuiltProduct.run("rain", ["locations", "select", "new", "york"], environment: environment)
            #expect(selected.status == 0, "\(selected)")
        }
    }

    /// `rain NAME` with one word is a place, whatever it looks like: a saved one is shown, an
    /// unknown one is an unknown place (65), and a saved place spelt like a misspelt command is
    /// still a place, whose extra words are the usage error.
    @Test func placesAreStillPlaces() async throws {
        try await withTemporaryDirectory { home in
            let environment = ["RAIN_HOME": home]
            for name in ["Oslo", "lcoations"] {
                let added = try await BuiltProduct.run("rain", ["locations", "add", name, "--lat", "59.9", "--lon", "10.7"], environment: environment)
                #expect(added.status == 0, "\(added)")
            }
            let oslo = try await BuiltProduct.run("rain", ["oslo", "--offline"], environment: environment)
            #expect(oslo.status == 66, "\(oslo)")
            #expect(oslo.error.hasPrefix("rain: error: no cached forecast for Oslo\n"), "\(oslo)")

            let tokyo = try await BuiltProduct.run("rain", ["tokyo"], environment: environment.merging(["RAIN_GEOCODING_URL": Self.nothingListening]) { $1 })
            #expect(tokyo.status == 75, "\(tokyo)")
            #expect(tokyo.error == """
                rain: offline: cannot reach 127.0.0.1:9 to look up 'tokyo'
                rain: hint: 'tokyo' is not a saved place; try again when online

                """)

            let saved = try await BuiltProduct.run("rain", ["lcoations", "--offline"], environment: environment)
            #expect(saved.status == 66 && saved.error.hasPrefix("rain: error: no cached forecast for lcoations\n"), "\(saved)")
            let extra = try await BuiltProduct.run("rain", ["lcoations", "add", "Paris"], environment: environment)
            #expect(extra.status == 64)
            #expect(extra.error == "rain: error: unexpected argument 'add'\n" + Self.showUsage)
        }
    }

    /// What a command line holds reaches the terminal without control characters, bidirectional
    /// overrides or line separators, in whichever position it stands.
    static let hostile = "x\u{1B}]0;pwn\u{07}\u{1B}[2J\u{9B}31m\u{202E}\u{2028}y"

    struct HostileCase: Sendable, CustomTestStringConvertible {
        var position: String
        var arguments: [String]
        var status: Int32 = 64
        var testDescription: String { position }
    }

    @Test(arguments: [
        HostileCase(position: "global option value", arguments: ["--color", hostile]),
        HostileCase(position: "unknown long option", arguments: ["--" + hostile]),
        HostileCase(position: "unknown option after a command", arguments: ["locations", "add", "A", "--x" + hostile + "=1"]),
        HostileCase(position: "unknown short option", arguments: ["locations", "list", "-\u{1B}"]),
        HostileCase(position: "extra argument", arguments: ["locations", "list", hostile]),
        HostileCase(position: "unknown subcommand", arguments: ["locations", hostile]),
        HostileCase(position: "--every", arguments: ["watch", "--every", hostile]),
        HostileCase(position: "cron --every", arguments: ["cron", "--every=" + hostile]),
        HostileCase(position: "completions", arguments: ["completions", hostile]),
        HostileCase(position: "help", arguments: ["help", hostile]),
        HostileCase(position: "group help", arguments: ["locations", "help", hostile]),
        HostileCase(position: "number option", arguments: ["locations", "add", "A", "--lat", hostile, "--lon", "2"]),
        HostileCase(position: "validated option", arguments: ["locations", "add", "A", "--country", hostile]),
        HostileCase(position: "format template", arguments: ["show", "--format", "{" + hostile + "}"]),
        HostileCase(position: "validation naming an argument", arguments: ["locations", "remove", "-i", hostile]),
        HostileCase(position: "misspelt command", arguments: ["lcoations" + "\u{1B}[2J", "add", "Paris"], status: 65),
        HostileCase(position: "place name", arguments: [hostile], status: 65),
        HostileCase(position: "place of several words", arguments: [hostile, hostile], status: 65),
        HostileCase(position: "name to add", arguments: ["locations", "add", hostile, "--lat", "1", "--lon", "2"], status: 65),
    ])
    func controlCharactersNeverReachTheTerminal(_ testCase: HostileCase) async throws {
        try await withTemporaryDirectory { home in
            let result = try await BuiltProduct.run("rain", testCase.arguments, environment: ["RAIN_HOME": home, "RAIN_GEOCODING_URL": Self.nothingListening])
            #expect(result.status == testCase.status, "\(result)")
            #expect(result.error.hasPrefix("rain: error: "), "\(result)")
            let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.last == "", "stderr ends with a newline")
            for line in lines {
                #expect(!String(line).containsControlCharacters, "\(line.debugDescription)")
            }
        }
    }
}
