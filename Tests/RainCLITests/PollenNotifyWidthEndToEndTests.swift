import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// `rain notify --dry-run` of three pollens in one event (the simulator's Berlin in May:
/// birch, grass and olive) is one line of 80 columns or fewer in every language; it had
/// passed 80 in eight of them.
@Suite struct PollenNotifyWidthEndToEndTests {
    static let languages = ["en_US", "de_DE", "es_ES", "fr_FR", "it_IT", "ja_JP", "nl_NL", "pl_PL", "pt_BR", "ru_RU", "zh_CN"]

    @Test func threePollensFitEightyColumnsInEveryLanguage() async throws {
        try await withTemporaryDirectory { home in
            let config = #"{"timeout_seconds": 30, "notify": {"places": "all", "pollen": {"level": "low", "kinds": ["birch", "grass", "olive"]}}}"#
            let world = try ForecastWorld(home: home, config: config, now: AirQualityEndToEndTests.now)
            #expect(try await world.keylessRain(["refresh", "--all"]).status == 0)
            let folder = try Catalogues.compiled()
            for language in Self.languages {
                let words = language == "en_US" ? Localization.english : try Localization.load(locale: language, folders: [folder])
                let shown = try await world.keylessRain(["notify", "--all", "--dry-run"], environment: ["LANG": language + ".UTF-8"])
                #expect(shown.status == 0, "\(language): \(shown)")
                let plants = [PollenKind.birch, .grass, .olive].map { words.tr($0.word).lowercased() }
                let line = try #require(shown.output.split(separator: "\n").first { $0.contains("Berlin") && $0.lowercased().contains(plants[0]) },
                                        "\(language): \(shown.output)")
                #expect(plants.allSatisfy { line.lowercased().contains($0) }, "\(language): three pollens in one line: \(line)")
                #expect(String(line).displayWidth <= 80, "\(language): \(String(line).displayWidth) columns: \(line)")
            }
        }
    }
}
