import Foundation
@testable import RainCLI
import RainKit
import RainTestSupport
import Testing

/// rain.1 is made from the command tables: groff reads it without a warning, man renders it,
/// and every command and option of the tables is in it.
@Suite struct ManualPageTests {
    private func writePage(_ folder: String) -> String {
        let path = folder + "/rain.1"
        writeFile(path, ManualPage(root: RainCommand.self, version: RainVersion.current, exampleConfiguration: "/usr/share/doc/rain/config.example.json").text)
        return path
    }

    @Test func groffReadsItWithoutAWarning() async throws {
        try await withTemporaryDirectory { folder in
            let result = try await BuiltProduct.runSystem("/usr/bin/groff", ["-ww", "-man", "-Tutf8", "-z", writePage(folder)])
            #expect(result.status == 0)
            #expect(result.error.isEmpty, "\(result.error)")
        }
    }

    @Test func manRendersEveryCommandOptionAndSection() async throws {
        try await withTemporaryDirectory { folder in
            let result = try await BuiltProduct.runSystem(
                "/usr/bin/env", ["MANWIDTH=80", "LANG=C.UTF-8", "MAN_KEEP_FORMATTING=", "man", "--warnings", "-l", writePage(folder)])
            #expect(result.status == 0)
            #expect(result.error.isEmpty, "\(result.error)")
            // man hyphenates and justifies; compare words, not lines.
            let page = result.output.replacingOccurrences(of: "\u{2010}\n", with: "").replacingOccurrences(of: "\u{2212}", with: "-")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
                #expect(page.contains(section), "no \(section)")
            }
            #expect(page.contains("rain - Weather forecasts for your saved places"))
            func visit(_ path: [any ParsableCommand.Type]) {
                let name = path.map { $0.configuration.commandName }.joined(separator: " ")
                #expect(page.contains(name), "no \(name)")
                for option in path.last!.configuration.options + GlobalOptions.definitions {
                    #expect(page.contains("--" + option.long), "no --\(option.long) (\(name))")
                }
                for sub in path.last!.configuration.subcommands { visit(path + [sub]) }
            }
            visit([RainCommand.self])
            for code in ExitCode.all {
                #expect(page.contains("\(code.rawValue) \(code.meaning.prefix(12))"), "no exit status \(code.rawValue)")
            }
            #expect(page.contains("NO_COLOR When set to a non-empty value"))
            #expect(page.contains("/usr/share/doc/rain/config.example.json"))
            #expect(page.contains("rain show --format '{icon} {temp} {place}'"))
        }
    }

    @Test func textIsEscapedForRoff() {
        let page = ManualPage(root: RainCommand.self, version: "1", exampleConfiguration: "")
        #expect(page.escaped(".hidden request") == "\\&.hidden request")
        #expect(page.escaped("a\\b --c °") == "a\\eb \\-\\-c \\[u00B0]")
    }
}
