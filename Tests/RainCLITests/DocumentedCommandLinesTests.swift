import Foundation
@testable import RainCLI
import RainKit
import Testing

/// Every command line the README and the help text show parses, and passes the command's own
/// checks: documentation that drifts from the parser fails here.
@Suite struct DocumentedCommandLinesTests {
    static let readme: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }()

    /// `rain ...` lines of the README's `sh` blocks (comments cut) and its inline code that is a
    /// command line rather than a synopsis (no `[`, `|`, `<` or `...`).
    static var readmeCommandLines: [String] {
        var lines: [String] = []
        var inShellBlock = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("```") {
                inShellBlock = line == "```sh"
                continue
            }
            if inShellBlock, line.hasPrefix("rain") {
                lines.append(withoutComment(line))
            }
        }
        let spans = readme.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
        lines += spans.filter { ($0 == "rain" || $0.hasPrefix("rain ")) && !["[", "|", "<", "..."].contains(where: $0.contains) }
        return lines.map(withoutRedirection)
    }

    /// `'rain ...'` in any help text, and the `shell: rain ...` lines of discussions.
    static var helpCommandLines: [String] {
        var texts: [String] = []
        func visit(_ command: any ParsableCommand.Type) {
            let configuration = command.configuration
            texts += [configuration.abstract, configuration.discussion] + configuration.arguments.map(\.help) + configuration.options.map(\.help)
            configuration.subcommands.forEach(visit)
        }
        visit(RainCommand.self)
        var lines: [String] = []
        for text in texts {
            let quoted = text.split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
            lines += quoted.filter { $0.hasPrefix("rain ") || $0 == "rain" }
            for line in text.split(separator: "\n") {
                if let range = line.range(of: #"^\w+:\s+rain "#, options: .regularExpression) {
                    lines.append(String(line[range].drop { $0 != "r" }) + line[range.upperBound...])
                }
            }
        }
        return lines.map(withoutRedirection)
    }

    static func withoutComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", previous == " " {
                return String(line.prefix(offset)).trimmingCharacters(in: .whitespaces)
            }
            previous = character
        }
        return line
    }

    static func withoutRedirection(_ line: String) -> String {
        line.components(separatedBy: " > ").first!.trimmingCharacters(in: .whitespaces)
    }

    /// Words as a POSIX shell splits them (quotes and backslashes; no expansions).
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var characters = line[...]
        while let character = characters.popFirst() {
            if let open = quote {
                if character == open { quote = nil } else if open == "\"" && character == "\\", let next = characters.popFirst() { word.append(next) } else { word.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\", let next = characters.popFirst() {
                word.append(next)
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    static func check(_ line: String) throws {
        let arguments = Array(words(line).dropFirst())
        let parsed = try CommandParser(root: RainCommand.self).parse(arguments)
        if case .run(let type, let values, _) = parsed {
            _ = try type.init(parsed: values)
        }
    }

    @Test func theReadmeShowsManyCommandLines() {
        #expect(Self.readmeCommandLines.count > 30)
        #expect(Self.helpCommandLines.count > 8)
        #expect(Self.words(#"rain show New\ York --format '{icon} {temp}' "x y""#) == ["rain", "show", "New York", "--format", "{icon} {temp}", "x y"])
    }

    @Test(arguments: readmeCommandLines)
    func everyCommandLineInTheReadmeParses(_ line: String) throws {
        try Self.check(line)
    }

    @Test(arguments: helpCommandLines)
    func everyCommandLineInTheHelpParses(_ line: String) throws {
        try Self.check(line)
    }
}
