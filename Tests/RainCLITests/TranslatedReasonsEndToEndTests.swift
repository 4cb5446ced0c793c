import Foundation
import RainTestSupport
import Testing

/// Issue 20, "in the user's language": the reason at the end of a translated error line (what
/// the JSON reader found, what kind of file is in the way, what the system said) is translated
/// too, through the real binary on a machine with only C.UTF-8. Each line is the whole line,
/// paths aside; no English word of the reason is left.
@Suite struct TranslatedReasonsEndToEndTests {
    init() throws { _ = try Catalogues.compiled() }

    /// The lines rain writes for each broken home, in one language; `{home}` is the home folder.
    struct Language: Sendable, CustomTestStringConvertible {
        var locale: String
        var brokenConfiguration: String
        var brokenStore: String
        var folderForAFile: String
        var linkInACircle: String
        var testDescription: String { locale }
    }

    static let languages = [
        Language(locale: "de_DE.UTF-8",
                 brokenConfiguration: "rain: error: Konfigurationsdatei nicht lesbar:\n  {home}/config.json\n  kein gültiges JSON: "
                     + "Zeile 1, Spalte 2:\n  das Dokument endet mitten in einem Objekt (ein '}' fehlt)",
                 brokenStore: "rain: error: Datei nicht verwendbar:\n  {home}/defaults.json\n  locations[0].id: "
                     + "erwartet: eine Zeichenkette, gefunden: eine Zahl (Zeile 1, Spalte 23)",
                 folderForAFile: "rain: error: {home}/defaults.json: Ordner statt einer regulären Datei",
                 linkInACircle: "rain: error: Konfigurationsdatei nicht lesbar:\n  {home}/config.json\n  "
                     + "Zu viele Ebenen aus symbolischen Verknüpfungen"),
        Language(locale: "ja_JP.UTF-8",
                 brokenConfiguration: "rain: error: 設定ファイルを読めません:\n  {home}/config.json\n  正しい JSON ではありません: "
                     + "1 行 2 列:\n  オブジェクトの途中で文書が終わっています ('}' がありません)",
                 brokenStore: "rain: error: ファイルを使えません:\n  {home}/defaults.json\n  locations[0].id: 文字列のはずが、数値でした (1 行 23 列)",
                 folderForAFile: "rain: error: {home}/defaults.json: フォルダー (通常のファイルではありません)",
                 linkInACircle: "rain: error: 設定ファイルを読めません:\n  {home}/config.json\n  シンボリックリンクの階層が多すぎます"),
    ]

    /// Words of the English reasons that a translated line must not hold.
    static let english = ["not valid JSON", "line ", "column", "document", "missing", "expected", "found", "a string",
                          "a number", "folder", "not a regular file", "Too many", "symbolic", "cannot"]

    /// The message of `error` (its first line and the lines under it) is `line` (with `home`
    /// put in), and no English of a reason is in it.
    static func expectLine(_ error: String, _ line: String, home: String, _ language: Language,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let lines = error.split(separator: "\n")
        let first = ([lines.first ?? ""] + lines.dropFirst().prefix { $0.hasPrefix("  ") }).joined(separator: "\n")
        #expect(first == line.replacingOccurrences(of: "{home}", with: home), "\(language.locale): \(error)", sourceLocation: sourceLocation)
        let reason = first.replacingOccurrences(of: home, with: "")
        for word in english {
            #expect(!reason.contains(word), "\(language.locale): English '\(word)' in '\(first)'", sourceLocation: sourceLocation)
        }
    }

    /// A broken home: what is put in it, the command run there, its status and its line.
    struct Broken: Sendable, CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var status: Int32
        var prepare: @Sendable (String) throws -> Void
        var line: @Sendable (Language) -> String
        var testDescription: String { name }
    }

    static let broken = [
        Broken(name: "a configuration that is not JSON", arguments: [], status: 78,
               prepare: { writeFile($0 + "/config.json", "{") }, line: \.brokenConfiguration),
        Broken(name: "saved places of the wrong shape", arguments: ["locations"], status: 74,
               prepare: { writeFile($0 + "/defaults.json", #"{"locations": [{"id": 5}]}"#) }, line: \.brokenStore),
        Broken(name: "a folder where a file should be", arguments: ["locations"], status: 74,
               prepare: { try FileManager.default.createDirectory(atPath: $0 + "/defaults.json", withIntermediateDirectories: false) },
               line: \.folderForAFile),
        // A file that cannot be opened: a link that leads round in a circle (ELOOP), the same
        // for root, who can read a file of mode 000.
        Broken(name: "a file that cannot be read", arguments: [], status: 78,
               prepare: { home in try #require(symlink(home + "/config.json", home + "/config.json") == 0) },
               line: \.linkInACircle),
    ]

    @Test(arguments: languages, broken)
    func theReasonIsInTheLocalesLanguage(_ language: Language, _ broken: Broken) async throws {
        try await withTemporaryDirectory { home in
            try broken.prepare(home)
            let result = try await BuiltProduct.run("rain", broken.arguments, environment: ["RAIN_HOME": home, "LANG": language.locale])
            #expect(result.status == broken.status, "\(result)")
            Self.expectLine(result.error, broken.line(language), home: home, language)
        }
    }
}
