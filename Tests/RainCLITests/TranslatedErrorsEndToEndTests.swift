import Foundation
import RainTerminal
import RainTestSupport
import Testing

/// Issue 20's "one-line errors and hints", through the real binary on a machine with only
/// C.UTF-8: a usage error, a configuration error and the `rain locations` table in German and
/// Japanese, their words translated, no English left but what stays as typed (options, commands,
/// paths, the `rain: error:` prefix and the usage line, which is the help's), every line within
/// 80 columns (a CJK character two).
@Suite struct TranslatedErrorsEndToEndTests {
    init() throws { _ = try Catalogues.compiled() }

    /// A language's words for each case, and the English that must not be left.
    struct Language: Sendable, CustomTestStringConvertible {
        var locale: String
        var typo: [String]
        var notACommand: [String]
        var notJSON: [String]
        var missingFile: [String]
        var table: [String]
        var added: String
        var testDescription: String { locale }
    }

    static let languages = [
        Language(locale: "de_DE.UTF-8",
                 typo: ["rain: error: unbekannte Option '--selct'\n", "rain: hint: vielleicht '--select'?", "  Mehr dazu: 'rain locations add --help'."],
                 notACommand: ["rain: error: unbekannter Befehl 'lcoations'", "rain: hint: vielleicht 'rain locations add Paris'?"],
                 notJSON: ["ist kein JSON-Objekt", "Schlüssel"],
                 missingFile: ["existiert nicht", "rain: hint: anlegen mit: rain config init --config "],
                 table: ["NAME", "BREITE", "LÄNGE", "GEBIET", " * aktueller Ort"],
                 added: "hinzugefügt, ID "),
        Language(locale: "ja_JP.UTF-8",
                 typo: ["rain: error: 不明なオプション '--selct'\n", "rain: hint: '--select' のことですか？", "  詳しくは 'rain locations add --help' を参照。"],
                 notACommand: ["rain: error: 不明なコマンド 'lcoations'", "rain: hint: 'rain locations add Paris' のことですか？"],
                 notJSON: ["は JSON オブジェクトではありません", "キー"],
                 missingFile: ["rain: hint: 作成するには: rain config init --config "],
                 table: ["名前", "緯度", "経度", "地域", " * 現在地"],
                 added: "を追加しました。ID "),
    ]

    /// English that a translated error or table must not show.
    static let english = ["Unknown", "unknown option", "Did you mean", "did you mean", "See '", "for more information", "is not a command",
                          "is not a JSON object", "every key", "does not exist", "create it with", "LATITUDE", "LONGITUDE",
                          "AREA", "current location", "Added "]

    /// `words` in `text`, no English in any line but the usage line, every line within `width`
    /// columns where `home` (a test's long temporary folder) is a user's usual one.
    static func expectTranslated(_ text: String, _ words: [String], _ language: Language, home: String? = nil, width: Int = 80,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        for word in words { #expect(text.contains(word), "\(language.locale): '\(word)' in\n\(text)", sourceLocation: sourceLocation) }
        for line in text.split(separator: "\n") where !line.hasPrefix("Usage: ") {
            for word in english { #expect(!line.contains(word), "\(language.locale): English '\(word)' in '\(line)'", sourceLocation: sourceLocation) }
            let usual = home.map { line.replacingOccurrences(of: $0, with: "~/.config/rain") } ?? String(line)
            #expect(usual.displayWidth <= width, "\(language.locale): wider than \(width) columns: '\(usual)'", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: languages)
    func usageErrorsInTheLocalesLanguage(_ language: Language) async throws {
        try await withTemporaryDirectory { home in
            let environment = ["RAIN_HOME": home, "LANG": language.locale]
            let typo = try await BuiltProduct.run("rain", ["locations", "add", "Berlin", "--selct"], environment: environment)
            #expect(typo.status == 64 && typo.output.isEmpty, "\(typo)")
            #expect(typo.error.split(separator: "\n").dropFirst(2).first?.hasPrefix("Usage: rain locations add") == true, "\(typo.error)")
            Self.expectTranslated(typo.error, language.typo, language)
            let word = try await BuiltProduct.run("rain", ["lcoations", "add", "Paris"], environment: environment)
            #expect(word.status == 64, "\(word)")
            Self.expectTranslated(word.error, language.notACommand, language)
            // --lang comes first, as for the screens.
            let chosen = try await BuiltProduct.run("rain", ["locations", "add", "Berlin", "--selct", "--lang", "C"], environment: environment)
            #expect(chosen.error.hasPrefix("rain: error: unknown option '--selct'\nrain: hint: did you mean '--select'?\n"), "\(chosen)")
        }
    }

    @Test(arguments: languages)
    func configurationErrorsInTheLocalesLanguage(_ language: Language) async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", "[1, 2]")
            let environment = ["RAIN_HOME": home, "LANG": language.locale]
            let broken = try await BuiltProduct.run("rain", ["locations"], environment: environment)
            #expect(broken.status == 78, "\(broken)")
            Self.expectTranslated(broken.error, language.notJSON, language, home: home)
            let missing = try await BuiltProduct.run("rain", ["locations", "--config", home + "/nowhere.json"], environment: environment)
            #expect(missing.status == 78, "\(missing)")
            Self.expectTranslated(missing.error, language.missingFile, language, home: home)
        }
    }

    @Test(arguments: languages)
    func theLocationsTableInTheLocalesLanguage(_ language: Language) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let environment = ["LANG": language.locale]
            let added = try await world.keylessRain(["locations", "add", "Paris", "--pick", "1"], environment: environment)
            #expect(added.status == 0, "\(added)")
            Self.expectTranslated(added.output, [language.added], language)
            _ = try await world.keylessRain(["locations", "select", "Berlin"], environment: environment)
            // Wide, every column and its header; at 80 and 50 columns what fits (the area is cut first).
            for width in [120, 80, 50] {
                let table = try await world.keylessRain(["locations"], environment: environment.merging(["COLUMNS": "\(width)"]) { $1 })
                #expect(table.status == 0, "\(table)")
                Self.expectTranslated(table.output, width > 80 ? language.table : [language.table[0], language.table.last!], language, width: width)
            }
        }
    }

    /// `locations add Tokyo` in Japanese saves the geocoder's "東京"; `rain Tokyo` is still that
    /// place (the word typed is kept as its alias), not a new lookup.
    @Test func aPlaceSavedInTheLocalesLanguageAnswersToTheWordTyped() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            _ = try await world.keylessRain(["locations", "remove", "Tokyo", "--yes"])
            let added = try await world.keylessRain(["locations", "add", "Tokyo"], environment: ["LANG": "ja_JP.UTF-8"])
            #expect(added.status == 0 && added.output.hasPrefix("東京, 東京都, 日本 "), "\(added)")
            let json = try await world.keylessRain(["locations", "--json"])
            #expect(json.output.contains(#""name": "東京""#) && json.output.contains(#""alias": "Tokyo""#), "\(json.output)")
            let lookups = world.requestedPaths.filter { $0.hasSuffix("/v1/search") }.count
            let shown = try await world.keylessRain(["Tokyo"], environment: ["LANG": "ja_JP.UTF-8"])
            #expect(shown.status == 0 && shown.output.hasPrefix("東京"), "\(shown)")
            #expect(!shown.error.contains("rain locations add"), "a saved place, not a lookup: \(shown.error)")
            #expect(world.requestedPaths.filter { $0.hasSuffix("/v1/search") }.count == lookups, "\(world.requestedPaths)")
            let again = try await world.keylessRain(["locations", "add", "Tokyo"])
            #expect(again.status == 0 && again.output.contains("already saved"), "the same place in English: \(again)")
        }
    }
}
