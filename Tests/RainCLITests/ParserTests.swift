@testable import RainCLI
import RainKit
import RainTerminal
import RainTestSupport
import Testing

@Suite struct ParserTests {
    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var usage: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        UsageCase(arguments: ["locations", "lst"], message: "rain: error: unknown command 'lst'", usage: "Usage: rain locations list"),
        UsageCase(arguments: ["--frobnicate"], message: "rain: error: unknown option '--frobnicate'", usage: "Usage: rain <subcommand>"),
        UsageCase(arguments: ["locations", "add", "Berlin", "--lat"], message: "rain: error: missing value for '--lat <latitude>'", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["locations", "add", "--pick", "2"], message: "rain: error: missing expected argument '<name>'", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["completions", "bash", "zsh"], message: "rain: error: unexpected argument 'zsh'", usage: "Usage: rain completions"),
        UsageCase(arguments: ["locations", "add", "A", "--lat", "north", "--lon", "2"], message: "rain: error: '--lat north': give a decimal number, e.g. -33.87", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["locations", "add", "A", "--selct"], message: "rain: error: unknown option '--selct'", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["locations", "add", "A", "--select=yes"], message: "rain: error: the option '--select' does not take a value", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["locations", "select"], message: "rain: error: missing expected argument '<loc>' (a terminal shows a pick list)", usage: "Usage: rain locations select"),
        UsageCase(arguments: ["locations", "remove"], message: "rain: error: missing expected argument '<loc>' (or use '--interactive')", usage: "Usage: rain locations remove"),
        UsageCase(arguments: ["locations", "remove", "-i", "berlin"], message: "rain: error: unexpected argument 'berlin' with '--interactive'", usage: "Usage: rain locations remove <loc> ... [--yes] | --interactive"),
        UsageCase(arguments: ["locations", "remove", "--interactive"], message: "rain: error: '--interactive' needs a terminal, and standard input is not one", usage: "Usage: rain locations remove"),
        UsageCase(arguments: ["locations", "list", "extra"], message: "rain: error: unexpected argument 'extra'", usage: "Usage: rain locations list"),
        UsageCase(arguments: ["locations", "--color", "sometimes"], message: "rain: error: '--color sometimes': one of auto, always, never", usage: "Usage: rain locations list"),
        UsageCase(arguments: ["help", "nope"], message: "rain: error: unknown command 'nope'", usage: "Usage: rain help"),
        UsageCase(arguments: ["locations", "help", "ad"], message: "rain: error: unknown command 'ad'", usage: "Usage: rain help"),
        UsageCase(arguments: ["locations", "add", "A", "--lat", "5", "--lat", "6", "--lon", "2"], message: "rain: error: the option '--lat <latitude>' can be given only once", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["--color", "never", "--color=always", "locations"], message: "rain: error: the option '--color <when>' can be given only once", usage: "Usage: rain <subcommand>"),
        UsageCase(arguments: ["watch", "--every", "-5m"], message: "rain: error: '--every -5m': give a whole number over 0 then s, m or h, e.g. 15m", usage: "Usage: rain watch"),
        UsageCase(arguments: ["cron", "--every=0m"], message: "rain: error: '--every 0m': give a whole number over 0 then s, m or h, e.g. 15m", usage: "Usage: rain cron"),
        UsageCase(arguments: ["--color", "sometimes"], message: "rain: error: '--color sometimes': one of auto, always, never", usage: "Usage: rain show"),
        UsageCase(arguments: ["locations", "add", "A", "--lat", "--select"], message: "rain: error: missing value for '--lat <latitude>'", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["show", "--version"], message: "rain: error: unknown option '--version'", usage: "Usage: rain show"),
    ])
    func usageErrorsPrintTheMessageAndTheUsageAndExit64(_ testCase: UsageCase) async {
        let console = BufferConsole()
        let status = await RainCLI.run(testCase.arguments, environment: ["RAIN_HOME": "/nonexistent-rain-home"], console: console)
        #expect(status == 64)
        #expect(console.output.isEmpty)
        let lines = console.error.split(separator: "\n").map(String.init)
        #expect(lines.first == testCase.message)
        // The usage follows the message, after its hint where it has one.
        let usage = lines.dropFirst().drop { $0.hasPrefix("rain: hint: ") }.first
        #expect(usage?.hasPrefix(testCase.usage) == true, "\(console.error)")
        #expect(lines.last?.hasPrefix("  See 'rain") == true)
    }

    @Test func optionsMayStandBeforeOrAfterPositionalsAndNegativeNumbersAreValues() throws {
        let parser = CommandParser(root: RainCommand.self)
        for arguments in [
            ["locations", "add", "Sydney", "--lat", "-33.87", "--lon", "151.2"],
            ["locations", "add", "--lat=-33.87", "--lon", "151.2", "Sydney"],
            ["locations", "add", "--lon", "151.2", "--lat", "-33.87", "--", "Sydney"],
        ] {
            guard case .run(let type, let values, _) = try parser.parse(arguments) else {
                Issue.record("\(arguments) did not parse to a command")
                continue
            }
            #expect(type is LocationsAddCommand.Type)
            let command = try LocationsAddCommand(parsed: values)
            #expect(command.name == "Sydney" && command.source == .coordinates(Coordinate(latitude: -33.87, longitude: 151.2)))
        }
    }

    @Test func doubleDashLetsANameStartWithADash() throws {
        let parser = CommandParser(root: RainCommand.self)
        guard case .run(_, let values, _) = try parser.parse(["locations", "add", "--lat", "1", "--lon", "2", "--", "-weird-"]) else {
            Issue.record("no command")
            return
        }
        #expect(values[LocationsAddCommand.placeName] == "-weird-")
    }

    @Test func groupsRunTheirDefaultSubcommand() throws {
        let parser = CommandParser(root: RainCommand.self)
        guard case .run(let type, let values, _) = try parser.parse(["locations", "--json"]) else {
            Issue.record("no command")
            return
        }
        #expect(type is LocationsListCommand.Type)
        #expect(values[LocationsListCommand.json])
    }

    @Test func combinedShortFlagsAndHelpEverywhere() throws {
        let parser = CommandParser(root: RainCommand.self)
        guard case .run(_, let values, _) = try parser.parse(["locations", "remove", "-y", "2"]) else {
            Issue.record("no command")
            return
        }
        #expect(values[LocationsRemoveCommand.yes])
        for arguments in [["--help"], ["-h"], ["help"], ["locations", "add", "--help"], ["help", "locations", "add"], ["locations", "-h", "add"],
                          ["locations", "help", "add"], ["locations", "help"], ["config", "help", "path"], ["help", "help"]] {
            guard case .help = try parser.parse(arguments) else {
                Issue.record("\(arguments) is not a help request")
                continue
            }
        }
    }

    @Test func helpHasTheUsualSectionsAndGoesToStandardOutput() async {
        let console = BufferConsole()
        let status = await RainCLI.run(["help", "locations", "add"], environment: ["COLUMNS": "80"], console: console)
        #expect(status == 0)
        #expect(console.error.isEmpty)
        let help = console.output
        for section in ["OVERVIEW: Save a place found by name", "USAGE: rain locations add <name>", "ARGUMENTS:", "OPTIONS:", "  --lat <latitude>", "  -h, --help"] {
            #expect(help.contains(section), "missing \(section)")
        }
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func versionPrintsTheVersion() async {
        let console = BufferConsole()
        #expect(await RainCLI.run(["--version"], environment: [:], console: console) == 0)
        #expect(console.output == RainVersion.current + "\n")
    }

    /// Latitudes and longitudes are decimal numbers: what `Double(_:)` also reads (hexadecimal,
    /// exponents, inf, nan) is refused before anything is saved.
    @Test(arguments: ["0x10", "inf", "-inf", "nan", "infinity", "1e5", "1_0", "", ".", "-", "+-1", "１２", "1.2.3"])
    func coordinatesAreDecimalNumbersOnly(_ text: String) async {
        let console = BufferConsole()
        let status = await RainCLI.run(["locations", "add", "A", "--lat", text, "--lon", "2"], environment: ["RAIN_HOME": "/nonexistent-rain-home"], console: console)
        #expect(status == 64)
        #expect(console.error.hasPrefix("rain: error: '--lat \(text)': give a decimal number"), "\(console.error)")
    }

    @Test(arguments: [("-33.87", -33.87), ("151", 151.0), ("+5", 5.0), (".5", 0.5), ("-.5", -0.5), ("7.", 7.0)])
    func decimalCoordinatesParse(_ text: String, _ expected: Double) throws {
        // The longitude, whose range (-180...180) holds every case: a coordinate out of range is
        // refused when the command reads its values.
        guard case .run(_, let values, _) = try CommandParser(root: RainCommand.self).parse(["locations", "add", "A", "--lat", "0", "--lon", text]) else {
            Issue.record("no command")
            return
        }
        #expect(try LocationsAddCommand(parsed: values).source == .coordinates(Coordinate(latitude: 0, longitude: expected)))
    }

    struct ShorthandCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var command: String
        var place: String?
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// `rain LOC` is `rain show LOC`; a command name wins over a place of the same name.
    @Test(arguments: [
        ShorthandCase(arguments: ["tokyo"], command: "show", place: "tokyo"),
        ShorthandCase(arguments: ["New York", "--json"], command: "show", place: "New York"),
        ShorthandCase(arguments: ["--offline", "2"], command: "show", place: "2"),
        ShorthandCase(arguments: ["--", "watch"], command: "show", place: "watch"),
        ShorthandCase(arguments: ["show", "watch"], command: "show", place: "watch"),
        ShorthandCase(arguments: ["watch"], command: "watch", place: nil),
        ShorthandCase(arguments: ["locations"], command: "list", place: nil),
        ShorthandCase(arguments: [], command: "show", place: nil),
    ])
    func aWordThatNamesNoCommandIsAPlace(_ testCase: ShorthandCase) throws {
        guard case .run(let type, let values, _) = try CommandParser(root: RainCommand.self).parse(testCase.arguments) else {
            Issue.record("no command")
            return
        }
        #expect(type.configuration.commandName == testCase.command)
        if type is ShowCommand.Type { #expect(values[ShowCommand.place] == testCase.place) }
    }

    /// A near miss of a command that names no saved place is a usage error: both are said,
    /// with the command meant and how to show a place of that name.
    @Test func aMisspeltCommandThatNamesNoSavedPlaceIsAUsageError() async throws {
        await withTemporaryDirectory { home in
            let console = BufferConsole()
            #expect(await RainCLI.run(["locatoins"], environment: ["RAIN_HOME": home], console: console) == 64)
            #expect(console.error == """
            rain: error: unknown command 'locatoins'
            rain: hint: did you mean 'rain locations'?
            rain: hint: or, for a place of that name: rain show locatoins
            Usage: rain locations <subcommand>
              See 'rain locations --help' for more information.

            """)
        }
    }

    struct TypoCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var hint: String?
        var usage: String
        init(_ arguments: [String], _ message: String, _ hint: String?, _ usage: String) {
            (self.arguments, self.message, self.hint, self.usage) = (arguments, message, hint, usage)
        }
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// What a typo means, whatever stands around it: the fullest corrected line that parses,
    /// a command's options moved after it, global ones left where they are, and the usage of
    /// the command meant. An option is named whatever its case or dashes.
    @Test(arguments: [
        // Options before a command's name made it a place; they go after it (one it does not
        // take is named as that command's mistake).
        TypoCase(["-v", "refresh"], "'refresh' is a command: its options go after it", "did you mean 'rain refresh -v'?", "Usage: rain refresh "),
        TypoCase(["--json", "locations"], "'locations' is a command: its options go after it", "did you mean 'rain locations --json'?", "Usage: rain locations list "),
        TypoCase(["--offline", "refresh"], "unknown option '--offline'", nil, "Usage: rain refresh "),
        TypoCase(["--jsno"], "unknown option '--jsno'", "did you mean '--json'?", "Usage: rain <subcommand>"),
        TypoCase(["show", "--JSON"], "unknown option '--JSON'", "did you mean '--json'?", "Usage: rain show "),
        TypoCase(["show", "-json"], "unknown option '-j'", "did you mean '--json'?", "Usage: rain show "),
        TypoCase(["locations", "--jsn"], "unknown option '--jsn'", "did you mean '--json'?", "Usage: rain locations "),
        TypoCase(["--json", "refesh"], "unknown command 'refesh'", "did you mean 'rain refresh --json'?", "Usage: rain refresh "),
        TypoCase(["--color", "never", "refesh"], "unknown command 'refesh'", "did you mean 'rain --color never refresh'?", "Usage: rain refresh "),
        // Help asked of a misspelt command is the same mistake.
        TypoCase(["refesh", "-h"], "unknown command 'refesh'", "did you mean 'rain refresh -h'?", "Usage: rain refresh "),
        TypoCase(["--verbose", "lcoations", "ad", "Paris"], "unknown command 'lcoations'",
                 "did you mean 'rain locations add Paris --verbose'?", "Usage: rain locations add "),
        TypoCase(["--json", "locations", "ad", "Paris"], "unknown option '--json'", nil, "Usage: rain locations add "),
        TypoCase(["remove", "2"], "unknown command 'remove'", "did you mean 'rain locations remove 2'?", "Usage: rain locations remove "),
        TypoCase(["init"], "unknown command 'init'", "did you mean 'rain config init'?", "Usage: rain config init"),
        TypoCase(["version"], "unknown command 'version'", "did you mean 'rain --version'?", "Usage: rain <subcommand>"),
        TypoCase(["locations", "ad", "Paris"], "unknown command 'ad'", "did you mean 'rain locations add Paris'?", "Usage: rain locations add "),
        TypoCase(["help", "refesh"], "unknown command 'refesh'", "did you mean 'rain help refresh'?", "Usage: rain help "),
        TypoCase(["locations", "help", "ad"], "unknown command 'ad'", "did you mean 'rain help locations add'?", "Usage: rain help "),
    ])
    func aTypoSaysTheLineMeant(_ typo: TypoCase) async {
        let (arguments, message, hint, usage) = (typo.arguments, typo.message, typo.hint, typo.usage)
        await withTemporaryDirectory { home in
            let console = BufferConsole()
            #expect(await RainCLI.run(arguments, environment: ["RAIN_HOME": home], console: console) == 64)
            let lines = console.error.split(separator: "\n").map(String.init)
            #expect(lines.first == "rain: error: " + message, "\(console.error)")
            #expect(lines.dropFirst().first == hint.map { "rain: hint: " + $0 } ?? lines.first { $0.hasPrefix("Usage: ") }, "\(console.error)")
            #expect(lines.first { $0.hasPrefix("Usage: ") }?.hasPrefix(usage) == true, "\(console.error)")
        }
    }

    /// After a usage error the usage is wrapped to 80 columns with its continuation lines under
    /// the command, as swift-argument-parser wraps it, on a pipe too: every command's.
    @Test func everyCommandsUsageAfterAnErrorFitsEightyColumns() async {
        func paths(_ type: any ParsableCommand.Type, _ words: [String]) -> [[String]] {
            [words] + type.configuration.subcommands.flatMap { paths($0, words + [$0.configuration.commandName]) }
        }
        await withTemporaryDirectory { home in
            for path in paths(RainCommand.self, []) {
                let console = BufferConsole()
                #expect(await RainCLI.run(path + ["--no-such-option"], environment: ["RAIN_HOME": home], console: console) == 64)
                let lines = console.error.split(separator: "\n")
                #expect(lines.contains { $0.hasPrefix("Usage: rain") }, "\(path): \(console.error)")
                #expect(lines.allSatisfy { $0.count <= 80 }, "\(path): \(console.error)")
            }
        }
    }

    @Test func aMisspeltPlaceholderIsNamed() async {
        await withTemporaryDirectory { home in
            let console = BufferConsole()
            #expect(await RainCLI.run(["show", "--format", "{tmep} {rain_sprk}"], environment: ["RAIN_HOME": home], console: console) == 64)
            let lines = console.error.split(separator: "\n").map(String.init)
            #expect(lines.first == "rain: error: '--format': unknown placeholder '{tmep}' (write '{{' for a brace)", "\(console.error)")
            #expect(lines.dropFirst().first == "rain: hint: did you mean '{temp}'?", "\(console.error)")
        }
    }

    /// A saved place wins over a near miss of a command, as over a command's own name, also
    /// when its name has several words; when only its first word is one, the others are the
    /// mistake.
    @Test func aSavedPlaceSpeltLikeACommandIsStillAPlace() async throws {
        try await withTemporaryDirectory { home in
            let environment = ["RAIN_HOME": home]
            for (name, latitude) in [("Shaw", "53.58"), ("Wath Spa", "53.5"), ("Timor", "-8.5")] {
                let added = try await BuiltProduct.run("rain", ["locations", "add", name, "--lat", latitude, "--lon", "-2.09"], environment: environment)
                #expect(added.status == 0, "\(added)")
            }
            for (words, name) in [(["shaw"], "Shaw"), (["wath", "spa"], "Wath Spa"), (["WATH", "SPA"], "Wath Spa")] {
                let shown = try await BuiltProduct.run("rain", words + ["--offline"], environment: environment)
                #expect(shown.status == 66 && shown.error.hasPrefix("rain: error: no cached forecast for \(name)\n"), "\(shown)")
            }
            let extra = try await BuiltProduct.run("rain", ["timor", "leste", "--offline"], environment: environment)
            #expect(extra.status == 64 && extra.error.hasPrefix("rain: error: unexpected argument 'leste'\n"), "\(extra)")
        }
    }

    /// Short names a letter or two from a command are places, looked up as any other: only
    /// one edit (two swapped letters are one) makes a word of five letters or fewer a typo.
    @Test(arguments: ["lyon", "bath", "hull", "akron", "sion", "tyler", "nimes"])
    func aShortPlaceNameIsNotATypo(_ name: String) async throws {
        try await withTemporaryDirectory { home in
            let looked = try await BuiltProduct.run("rain", [name], environment: ["RAIN_HOME": home, "RAIN_GEOCODING_URL": "http://127.0.0.1:9/v1/search"])
            #expect(looked.status == 75 && looked.error.hasPrefix("rain: offline: cannot reach 127.0.0.1:9 to look up '\(name)'\n"), "\(looked)")
        }
    }

    /// Every option of every command is declared once: no two options of one command (its
    /// own and the global ones) share a long or short name.
    @Test func optionNamesAreUniqueWithinEachCommand() {
        func visit(_ command: any ParsableCommand.Type) {
            let options = command.configuration.options + GlobalOptions.definitions
            let longs = options.map(\.long), shorts = options.compactMap(\.short)
            #expect(Set(longs).count == longs.count, "\(command.configuration.commandName): \(longs)")
            #expect(Set(shorts).count == shorts.count, "\(command.configuration.commandName): \(shorts)")
            command.configuration.subcommands.forEach(visit)
        }
        visit(RainCommand.self)
    }

    @Test func helpHelpDescribesHelp() async {
        let console = BufferConsole()
        #expect(await RainCLI.run(["help", "help"], environment: ["COLUMNS": "80"], console: console) == 0)
        #expect(console.output.hasPrefix("OVERVIEW: Show help for a command."))
        #expect(console.output.contains("USAGE: rain help [<command> ...]"))
    }

    /// The client is prepared while the command starts for a line that always fetches (a
    /// refresh without --if-stale), and only for it.
    @Test(arguments: [
        (["refresh"], true), (["refresh", "--all", "-q"], true), (["refresh", "Berlin", "--json"], true),
        (["refresh", "--if-stale"], false), (["refresh", "-a", "--if-stale", "--quiet"], false),
        (["show"], false), (["Berlin"], false), (["locations", "add", "refresh"], false),
        (["--lang", "de", "refresh"], true), (["--config=x.json", "--ascii", "refresh", "-a"], true),
        (["refresh", "--", "--if-stale"], true), (["notify", "--all"], false), (["watch"], false),
    ])
    func theClientIsPreparedOnlyForARefreshThatFetches(_ arguments: [String], _ prepares: Bool) throws {
        guard case .run(let type, let values, _) = try CommandParser(root: RainCommand.self).parse(arguments) else {
            Issue.record("\(arguments) does not run a command")
            return
        }
        #expect(try type.init(parsed: values).alwaysFetches == prepares)
    }
}
