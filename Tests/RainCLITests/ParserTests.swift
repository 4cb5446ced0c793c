@testable import RainCLI
import RainKit
import Testing

@Suite struct ParserTests {
    struct UsageCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var message: String
        var usage: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        UsageCase(arguments: ["locatoins"], message: "Error: Unknown command 'locatoins'. Did you mean 'locations'?", usage: "Usage: rain <subcommand>"),
        UsageCase(arguments: ["--frobnicate"], message: "Error: Unknown option '--frobnicate'.", usage: "Usage: rain <subcommand>"),
        UsageCase(arguments: ["locations", "add", "Berlin", "--lat"], message: "Error: Missing value for '--lat <latitude>'", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["locations", "add", "--lat", "1", "--lon", "2"], message: "Error: Missing expected argument '<name>'", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["locations", "add", "A", "B", "--lat", "1", "--lon", "2"], message: "Error: Unexpected argument 'B'", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["locations", "add", "A", "--lat", "north", "--lon", "2"], message: "Error: The value 'north' is invalid for '--lat <latitude>'", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["locations", "add", "A", "--selct"], message: "Error: Unknown option '--selct'. Did you mean '--select'?", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["locations", "add", "A", "--select=yes"], message: "Error: The option '--select' does not take a value", usage: "Usage: rain locations add"),
        UsageCase(arguments: ["locations", "select"], message: "Error: Missing expected argument '<loc>'", usage: "Usage: rain locations select"),
        UsageCase(arguments: ["locations", "remove"], message: "Error: Missing expected argument '<loc>' (or pick places with '--interactive')", usage: "Usage: rain locations remove"),
        UsageCase(arguments: ["locations", "remove", "-i", "berlin"], message: "Error: Unexpected argument 'berlin': '--interactive' picks the places from a list", usage: "Usage: rain locations remove <loc> ... [--yes] | --interactive"),
        UsageCase(arguments: ["locations", "remove", "--interactive"], message: "Error: '--interactive' needs a terminal, and standard input is not one; name the places instead", usage: "Usage: rain locations remove"),
        UsageCase(arguments: ["locations", "list", "extra"], message: "Error: Unexpected argument 'extra'", usage: "Usage: rain locations list"),
        UsageCase(arguments: ["locations", "--color", "sometimes"], message: "Error: The value 'sometimes' is invalid for '--color <when>'", usage: "Usage: rain locations list"),
        UsageCase(arguments: ["help", "nope"], message: "Error: Unknown command 'nope'.", usage: "Usage: rain <subcommand>"),
    ])
    func usageErrorsPrintTheMessageAndTheUsageAndExit64(_ testCase: UsageCase) async {
        let console = BufferConsole()
        let status = await RainCLI.run(testCase.arguments, environment: ["RAIN_HOME": "/nonexistent-rain-home"], console: console)
        #expect(status == 64)
        #expect(console.output.isEmpty)
        let lines = console.error.split(separator: "\n").map(String.init)
        #expect(lines.first == testCase.message)
        #expect(lines.count > 1 && lines[1].hasPrefix(testCase.usage), "\(console.error)")
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
            #expect(command.name == "Sydney" && command.latitude == -33.87 && command.longitude == 151.2)
        }
    }

    @Test func doubleDashLetsANameStartWithADash() throws {
        let parser = CommandParser(root: RainCommand.self)
        guard case .run(_, let values, _) = try parser.parse(["locations", "add", "--lat", "1", "--lon", "2", "--", "-weird-"]) else {
            Issue.record("no command")
            return
        }
        #expect(values.argument("name") == "-weird-")
    }

    @Test func groupsRunTheirDefaultSubcommand() throws {
        let parser = CommandParser(root: RainCommand.self)
        guard case .run(let type, let values, _) = try parser.parse(["locations", "--json"]) else {
            Issue.record("no command")
            return
        }
        #expect(type is LocationsListCommand.Type)
        #expect(values.flag("json"))
    }

    @Test func combinedShortFlagsAndHelpEverywhere() throws {
        let parser = CommandParser(root: RainCommand.self)
        guard case .run(_, let values, _) = try parser.parse(["locations", "remove", "-y", "2"]) else {
            Issue.record("no command")
            return
        }
        #expect(values.flag("yes"))
        for arguments in [["--help"], ["-h"], ["help"], ["locations", "add", "--help"], ["help", "locations", "add"], ["locations", "-h", "add"]] {
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
        for section in ["OVERVIEW: Save a place under a name.", "USAGE: rain locations add <name>", "ARGUMENTS:", "OPTIONS:", "  --lat <latitude>", "  -h, --help"] {
            #expect(help.contains(section), "missing \(section)")
        }
        #expect(help.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func versionPrintsTheVersion() async {
        let console = BufferConsole()
        #expect(await RainCLI.run(["--version"], environment: [:], console: console) == 0)
        #expect(console.output == RainVersion.current + "\n")
    }
}
