import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// Issue 20: a number's decimals as the language writes them, and which languages ASCII
/// output can still write.
@Suite struct LanguageNumbersAndLettersTests {
    static func localization(_ language: String) throws -> Localization {
        try Localization.load(locale: language, folders: [Catalogues.compiled()])
    }

    @Test(arguments: [("en", "."), ("de", ","), ("fr", ","), ("es", ","), ("pt_BR", ","), ("it", ","), ("nl", ","),
                      ("pl", ","), ("ru", ","), ("zh_CN", "."), ("ja", ".")])
    func eachLanguageWritesDecimalsItsWay(_ language: String, _ separator: String) throws {
        let localization = language == "en" ? Localization.english : try Self.localization(language)
        #expect(localization.decimalSeparator == separator)
        let format = UnitFormat(units: DisplayUnits(preset: .si), source: .si, localization: localization)
        #expect(format.windText(4.25) == "4\(separator)3 m/s")
        #expect(format.accumulationText(0.002) == "<0\(separator)1 mm")
        var inches = DisplayUnits(preset: .us)
        inches.pressure = .inhg
        #expect(UnitFormat(units: inches, source: .us, localization: localization).pressureText(1013.25) == "29\(separator)92 inHg")
    }

    @Test func theForecastScreenWritesDecimalCommasInGerman() throws {
        let cached = try ForecastFixtures.berlinCached()
        var view = ForecastView(width: 80, usesColor: false, now: ForecastFixtures.currentTime.addingTimeInterval(300))
        view.presentation = Presentation(localization: try Self.localization("de"), units: DisplayUnits(preset: .si))
        let text = view.lines(cached, height: nil).joined(separator: "\n")
        #expect(text.contains("52,52° N, 13,40° O"), "\(text)")
        #expect(text.contains(#/Wind \d+,\d m\/s/#), "\(text)")
        #expect(!text.contains(#/\d\.\d/#), "\(text)")
    }

    /// A pattern whose separator cannot be read leaves the point.
    @Test func aStrangeDecimalPatternKeepsThePoint() {
        for translation in ["{whole}{decimals}", "{decimals},{whole}", "{whole},", "x"] {
            let catalogue = MessageCatalogue(messages: ["{whole}.{decimals}": [translation]])
            #expect(Localization(language: "xx", catalogue: catalogue).decimalSeparator == ".", "\(translation)")
        }
    }

    /// Every catalogue of a language on the Latin-letter list reads in ASCII without a question
    /// mark it did not have; every other catalogue has words ASCII cannot write. A new
    /// catalogue must take its side, or ASCII output would show question marks or lose a
    /// language it could show.
    @Test(arguments: Catalogues.languages)
    func theLatinLetterListMatchesTheCatalogues(_ language: String) throws {
        let catalogue = try #require(try Self.localization(language).catalogue)
        let unwritable = catalogue.messages.values.joined().filter { translation in
            ASCIIConsole.transliterate(translation).count(where: { $0 == "?" }) > translation.count(where: { $0 == "?" || $0 == "¿" })
        }
        if LocaleLanguage.isWrittenInLatinLetters(language) {
            #expect(unwritable.isEmpty, "\(language): \(unwritable.prefix(5))")
        } else {
            #expect(unwritable.count > catalogue.messages.count / 2, "\(language): \(unwritable.count) of \(catalogue.messages.count)")
        }
    }
}
