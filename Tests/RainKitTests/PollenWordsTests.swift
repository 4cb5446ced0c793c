import Foundation
import RainKit
import RainTestSupport
import Testing

/// The pollen line in the languages whose adjectives agree with a noun: a level is said of the
/// pollen (or of its concentration), never of a plant, so its word agrees whatever the
/// plants' genders. Polish had read "brzoza wysokie" (a feminine plant, a neuter level),
/// French "graminées élevé", Spanish "gramíneas alto", Russian "берёза — высокий".
@Suite struct PollenWordsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var language: String
        var line: String
        var testDescription: String { language }
    }

    static let cases = [
        Case(language: "en", line: "Pollen high (birch, grass), medium (olive)"),
        Case(language: "de", line: "Pollen hoch (Birke, Gräser), mittel (Olive)"),
        Case(language: "es", line: "Polen alto (abedul, gramíneas), medio (olivo)"),
        Case(language: "fr", line: "Pollen fort (bouleau, graminées), moyen (olivier)"),
        Case(language: "it", line: "Polline alto (betulla, graminacee), medio (olivo)"),
        Case(language: "nl", line: "Pollen hoog (berk, gras), middel (olijf)"),
        Case(language: "pl", line: "Pylenie wysokie (brzoza, trawy), średnie (oliwka)"),
        Case(language: "pt_BR", line: "Pólen alto (bétula, gramíneas), médio (oliveira)"),
        Case(language: "ru", line: "Пыльца — много (берёза, злаки), умеренно (олива)"),
    ]

    @Test(arguments: cases)
    func eachLevelIsSaidOnceOfThePollenNotOfAPlant(_ example: Case) throws {
        let words = example.language == "en" ? Localization.english
            : try Localization.load(locale: example.language, folders: [try Catalogues.compiled()])
        // In any order: the list says the most first.
        let items: [(kind: PollenKind, level: PollenLevel)] = [(.olive, .moderate), (.birch, .high), (.grass, .high)]
        #expect(words.pollenList(items) == example.line)
    }
}
