import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: every typo is said in one voice, in every language: a first word a letter from a
/// command (`rain refesh`) is an unknown command as the parser says one (`rain help refesh`),
/// its hint the same "did you mean" as an unknown option's (`rain show --grpah`); a word that
/// is neither a command nor a place (`rain qwxzv`) says so in the same shape.
@Suite struct TypoVoiceEndToEndTests {
    static let locales = ["C.UTF-8", "de_DE.UTF-8", "es_ES.UTF-8", "fr_FR.UTF-8", "it_IT.UTF-8", "ja_JP.UTF-8",
                          "nl_NL.UTF-8", "pl_PL.UTF-8", "pt_BR.UTF-8", "ru_RU.UTF-8", "zh_CN.UTF-8"]

    @Test func typosSpeakWithOneVoiceInEveryLanguage() async throws {
        try await withTemporaryDirectory { home in
            let folder = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            for locale in Self.locales {
                func lines(_ arguments: [String]) async throws -> [String] {
                    let result = try await world.rain(arguments, environment: ["LANG": locale])
                    #expect(result.status == (arguments == ["qwxzv"] ? 65 : 64), "\(locale) \(arguments): \(result)")
                    return result.error.split(separator: "\n").map(String.init)
                }
                let words = locale.hasPrefix("C.") ? Localization.english : try Localization.load(locale: String(locale.prefix(5)), folders: [folder])
                let misspelt = try await lines(["refesh"])
                let parsed = try await lines(["help", "refesh"])
                let option = try await lines(["show", "--grpah"])
                let nowhere = try await lines(["qwxzv"])
                #expect(misspelt[0] == parsed[0], "\(locale): \(misspelt[0]) | \(parsed[0])")
                #expect(misspelt[0] == "rain: error: " + words.tr("unknown command '{command}'", ["command": "refesh"]), "\(locale)")
                #expect(option[0] == "rain: error: " + words.tr("unknown option '{option}'", ["option": "--grpah"]), "\(locale)")
                let meant = "rain: hint: " + words.tr("did you mean '{suggestion}'?", ["suggestion": "{x}"])
                #expect(misspelt[1] == meant.replacingOccurrences(of: "{x}", with: "rain refresh"), "\(locale): \(misspelt[1])")
                #expect(parsed[1] == meant.replacingOccurrences(of: "{x}", with: "rain help refresh"), "\(locale): \(parsed[1])")
                #expect(option[1] == meant.replacingOccurrences(of: "{x}", with: "--graph"), "\(locale): \(option[1])")
                #expect(nowhere[0] == "rain: error: " + words.tr("unknown command or place '{word}'", ["word": "qwxzv"]), "\(locale): \(nowhere[0])")
                if !locale.hasPrefix("C.") {
                    #expect(![misspelt[0], option[0], nowhere[0], option[1]].contains { $0.contains("unknown") || $0.contains("did you mean") },
                            "\(locale): translated")
                }
            }
        }
    }

    /// A suggested command line is one a POSIX shell reads back word for word: a word with a
    /// space, braces or a quote is single-quoted. It had been joined bare, and
    /// `--format {temp} {wind}` pasted was three words.
    @Test func aSuggestedCommandLineIsQuotedForTheShell() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let words = ["show", "--units", "metric", "--format", "it's {temp} {wind}"]
            let result = try await world.rain(["--units", "metric", "--format", "it's {temp} {wind}", "show"])
            #expect(result.status == 64, "\(result)")
            let hint = try #require(result.error.split(separator: "\n").first { $0.hasPrefix("rain: hint: did you mean '") })
            let line = String(hint.dropFirst("rain: hint: did you mean '".count).dropLast("'?".count))
            #expect(line == #"rain show --units metric --format 'it'\''s {temp} {wind}'"#, "\(result)")
            let pasted = try await BuiltProduct.runSystem("/bin/sh", ["-c", "set -- " + line + #"; shift; for word in "$@"; do printf '%s\n' "$word"; done"#])
            #expect(pasted.output == words.map { $0 + "\n" }.joined(), "\(pasted)")
        }
    }
}
