import Foundation
import RainKit
import RainTestSupport
import Testing

/// A length of time told to a person (a Retry-After, a paced refresh) in the unit a person
/// reads it in, rounded up: a wait is never said shorter than it is.
@Suite struct DurationWordsTests {
    @Test(arguments: [(0, "0 s"), (1, "1 s"), (59, "59 s"), (60, "1 min"), (61, "2 min"), (90, "2 min"), (3600, "60 min"),
                      (7140, "119 min"), (7141, "2 h"), (7200, "2 h"), (7201, "2 h 1 min"), (9000, "2 h 30 min"), (86_400, "24 h"),
                      (Int.max, "2562047788015215 h 31 min")])
    func aDurationIsSaidInSecondsMinutesOrHours(_ seconds: Int, _ words: String) {
        #expect(Localization.english.tr(.duration(seconds: seconds)) == words)
    }

    @Test func everyLanguageSaysItWithItsOwnUnits() throws {
        let russian = try Localization.load(locale: "ru", folders: [try Catalogues.compiled()])
        #expect(russian.tr(.duration(seconds: 9000)) == "2 ч 30 мин")
        #expect(russian.tr(LocalizedText(N_("try again in {wait}"), ["wait": .duration(seconds: 3600)])) == "повторите через 60 мин")
    }
}
