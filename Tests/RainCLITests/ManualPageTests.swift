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
        writeFile(path, ManualPage(root: RainCommand.self, version: RainVersion.current, documentFolder: "/usr/share/doc/rain", date: "2026-12-02").text)
        return path
    }

    @Test func groffReadsItWithoutAWarning() async throws {
        try await withTemporaryDirectory { folder in
            let result = try await BuiltProduct.runSystem("/usr/bin/groff", ["-ww", "-man", "-Tutf8", "-z", writePage(folder)])
            // A man that fails (a broken environment) fails the test, not the whole run below.
            try #require(result.status == 0, "\(result.error)")
            #expect(result.error.isEmpty, "\(result.error)")
        }
    }

    @Test func manRendersEveryCommandOptionAndSection() async throws {
        try await withTemporaryDirectory { folder in
            let result = try await BuiltProduct.runSystem(
                "/usr/bin/env", ["MANWIDTH=80", "LANG=C.UTF-8", "MAN_KEEP_FORMATTING=", "man", "--warnings", "-l", writePage(folder)])
            // A man that fails (a broken environment) fails the test, not the whole run below.
            try #require(result.status == 0, "\(result.error)")
            #expect(result.error.isEmpty, "\(result.error)")
            // man hyphenates and justifies; compare words, not lines.
            let page = result.output.replacingOccurrences(of: "\u{2010}\n", with: "").replacingOccurrences(of: "\u{2212}", with: "-")
                .split(whereSeparator: \.isWhitespace).joined(separator: " ")
            for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
                #expect(page.contains(section), "no \(section)")
            }
            #expect(page.contains("rain - weather forecasts for your saved places, in the terminal and from cron SYNOPSIS"), "NAME lower-case, no final period")
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
                #expect(page.contains("\(code.rawValue) \(code.meaning)"), "no exit status \(code.rawValue)")
            }
            for variable in ["RAIN_OPENMETEO_URL", "RAIN_GEOCODING_URL", "RAIN_IP_LOCATION_URL", "RAIN_NWS_URL", "RAIN_METALERTS_URL", "RAIN_AIR_QUALITY_URL", "https_proxy", "http_proxy", "all_proxy", "no_proxy"] {
                #expect(page.contains("ENVIRONMENT") && page.split(separator: "ENVIRONMENT").last!.contains(" " + variable), "no \(variable)")
            }
            #expect(page.contains("EXAMPLES rain locations add Berlin Look a place up"), "the keyless flow first")
            #expect(page.contains("--json Print a JSON array: id, name, latitude, longitude, current, and country, region, timezone"))
            #expect(!page.contains("docs/forecast-json.md") && page.contains("/usr/share/doc/rain/forecast-json.md"))
            let synopsis = try #require(result.output.components(separatedBy: "SYNOPSIS").dropFirst().first, "no SYNOPSIS")
                .components(separatedBy: "DESCRIPTION")[0]
            for line in synopsis.split(separator: "\n") {
                #expect(line.count <= 80, "too wide: \(line)")
            }
            #expect(page.contains("NO_COLOR When set to a non-empty value"))
            #expect(page.contains("/usr/share/doc/rain/config.example.json"))
            #expect(page.contains("rain show --format '{icon} {temp} {place}'"))
        }
    }

    @Test func theTitleLineIsDated() {
        let page = ManualPage(root: RainCommand.self, version: "1.2", documentFolder: "", date: "2026-12-02").text
        #expect(page.contains("\n.TH RAIN 1 \"2026\\-12\\-02\" \"rain 1.2\" \"User Commands\"\n"))
    }

    /// The exit statuses are the README's table, word for word (backticks aside), and all of them.
    @Test func exitStatusesAreTheREADMEsTable() throws {
        let readme = try String(contentsOfFile: InstallAndPackageTests.repository + "/README.md", encoding: .utf8)
        let table = readme.components(separatedBy: "## Exit codes")[1].components(separatedBy: "\n\n")[1]
        var rows: [Int32: String] = [:]
        for line in table.split(separator: "\n") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            if let code = Int32(cells[0]) { rows[code] = cells[1].replacingOccurrences(of: "`", with: "") }
        }
        #expect(Set(rows.keys) == Set(ExitCode.all.map(\.rawValue)))
        for code in ExitCode.all {
            #expect(code.meaning == rows[code.rawValue], "\(code.rawValue)")
        }
    }

    @Test func textIsEscapedForRoff() {
        let page = ManualPage(root: RainCommand.self, version: "1", documentFolder: "", date: "")
        #expect(page.escaped(".hidden request") == "\\&.hidden request")
        #expect(page.escaped("a\\b --c °") == "a\\eb \\-\\-c \\[u00B0]")
    }
}
