import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// Issue 20: po/rain.pot holds every message the code marks, and each catalogue translates each
/// of them, keeps its named values, and counts plurals as rain does.
@Suite struct CatalogueCompletenessTests {
    struct Entry {
        var msgid = "", plural: String?, translations: [String] = [], isFuzzy = false
    }

    /// The entries of a po or pot file (the header left out).
    static func entries(of path: String) throws -> [Entry] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var entries: [Entry] = [], current = Entry(), fuzzyNext = false
        var field: WritableKeyPath<Entry, String>?, translationIndex: Int?
        func unquote(_ line: Substring) -> String {
            let inner = line.drop { $0 != "\"" }.dropFirst().dropLast()
            var result = "", escaped = false
            for character in inner {
                if escaped {
                    result.append(character == "n" ? "\n" : character == "t" ? "\t" : character)
                    escaped = false
                } else if character == "\\" { escaped = true } else { result.append(character) }
            }
            return result
        }
        func finish() {
            if !current.msgid.isEmpty { entries.append(current) }
            current = Entry()
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("#,") { fuzzyNext = fuzzyNext || line.contains("fuzzy") }
            if line.hasPrefix("msgid ") {
                finish()
                current.isFuzzy = fuzzyNext
                fuzzyNext = false
                current.msgid = unquote(line)
                field = \.msgid; translationIndex = nil
            } else if line.hasPrefix("msgid_plural ") {
                current.plural = unquote(line); field = nil; translationIndex = nil
            } else if line.hasPrefix("msgstr") {
                current.translations.append(unquote(line)); field = nil; translationIndex = current.translations.count - 1
            } else if line.hasPrefix("\"") {
                if let field { current[keyPath: field] += unquote(line) } else if let translationIndex { current.translations[translationIndex] += unquote(line) }
            }
        }
        finish()
        return entries
    }

    /// Each literal the sources give `tr`, `trn` (both) and `N_`, Swift escapes undone.
    static func messagesInCode() throws -> Set<String> {
        let sources = Catalogues.repositoryRoot + "/Sources"
        let pattern = try Regex(#"(?:^|[^A-Za-z_])(?:tr|trn|N_)\(\s*"((?:[^"\\\n]|\\.)*)"(?:\s*,\s*"((?:[^"\\\n]|\\.)*)")?"#)
        var messages = Set<String>()
        for path in FileManager.default.subpaths(atPath: sources) ?? [] where path.hasSuffix(".swift") {
            let text = try String(contentsOfFile: sources + "/" + path, encoding: .utf8)
            for match in text.matches(of: pattern) {
                for index in 1...2 {
                    guard let literal = match.output[index].substring else { continue }
                    messages.insert(String(literal).replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\\\", with: "\\"))
                }
            }
        }
        return messages
    }

    static func placeholders(_ text: String) -> Set<String> {
        Set(text.matches(of: /\{[a-z]+\}/).map { String($0.output) })
    }

    @Test func theTemplateHoldsEveryMessageOfTheCode() throws {
        let pot = try Self.entries(of: Catalogues.repositoryRoot + "/po/rain.pot")
        let inPot = Set(pot.map(\.msgid) + pot.compactMap(\.plural))
        let inCode = try Self.messagesInCode()
        #expect(inCode.count > 150, "the scan finds the messages: \(inCode.count)")
        let missing = inCode.subtracting(inPot)
        #expect(missing.isEmpty, "run make pot; missing from po/rain.pot: \(missing.sorted())")
        let stale = Set(pot.map(\.msgid)).subtracting(inCode)
        #expect(stale.isEmpty, "in po/rain.pot but no longer in the code (make pot): \(stale.sorted())")
    }

    @Test func everyCatalogueIsCompleteAndKeepsTheNamedValues() throws {
        let pot = try Self.entries(of: Catalogues.repositoryRoot + "/po/rain.pot")
        #expect(Catalogues.languages == CatalogueLocation.languages, "po/ and the catalogues rain knows agree")
        for language in Catalogues.languages {
            let path = Catalogues.repositoryRoot + "/po/\(language).po"
            let entries = try Self.entries(of: path)
            let byID = Dictionary(entries.map { ($0.msgid, $0) }, uniquingKeysWith: { first, _ in first })
            let header = try String(contentsOfFile: path, encoding: .utf8)
            let rule = try #require(PluralRule.headers[language], "\(language)")
            #expect(header.contains("\"Plural-Forms: \(rule)\\n\""), "\(language): Plural-Forms must be \(rule)")
            #expect(header.contains("charset=UTF-8"), "\(language)")
            let forms = Int(rule.split(separator: "=")[1].prefix { $0.isNumber })!
            for original in pot {
                guard let entry = byID[original.msgid] else {
                    Issue.record("\(language): missing '\(original.msgid)' (make pot merges it)")
                    continue
                }
                #expect(!entry.isFuzzy, "\(language): fuzzy '\(entry.msgid)'")
                #expect(entry.translations.count == (original.plural == nil ? 1 : forms), "\(language): forms of '\(entry.msgid)'")
                for translation in entry.translations {
                    #expect(!translation.isEmpty, "\(language): untranslated '\(entry.msgid)'")
                    var expected = Self.placeholders(original.plural ?? original.msgid)
                    // A plural's forms may leave the count out ("Nächster Tag") or put it in.
                    if original.plural != nil { expected.remove("{count}") }
                    var found = Self.placeholders(translation)
                    if original.plural != nil { found.remove("{count}") }
                    #expect(found == expected, "\(language): '\(translation)' must name \(expected.sorted()) as '\(entry.msgid)' does")
                }
            }
            #expect(entries.count == pot.count, "\(language): \(entries.count) entries, the template has \(pot.count)")
            let compiled = Catalogues.msgfmt(["--check", "--statistics", "-o", "/dev/null", path])
            #expect(compiled.status == 0 && !compiled.output.contains("untranslated") && !compiled.output.contains("fuzzy"), "\(language): \(compiled.output)")
        }
    }

    /// The plural forms rain computes are the ones the header's expression gives (checked for
    /// the counts a screen shows), with gettext's own ngettext on the compiled catalogue.
    @Test func pluralFormsAgreeWithGettext() throws {
        let folder = try Catalogues.compiled()
        for language in Catalogues.languages {
            let localization = try Localization.load(locale: language, folders: [folder])
            for count in [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111] {
                let result = Catalogues.msgfmt(["-d", "rain", "-e", "1 day ago", "{count} days ago", String(count)], tool: "/usr/bin/ngettext",
                                               environment: ["TEXTDOMAINDIR": folder, "LANGUAGE": language, "LC_ALL": "C.UTF-8"])
                let rain = localization.trn("1 day ago", "{count} days ago", count: count)
                #expect(result.status == 0 && result.output.replacingOccurrences(of: "{count}", with: String(count)) == rain,
                        "\(language) \(count): gettext '\(result.output)', rain '\(rain)'")
            }
        }
    }
}
