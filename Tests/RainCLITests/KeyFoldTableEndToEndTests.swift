import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 42, a sixth hostile trial: copies of the key in modifier, superscript and subscript
/// letters ("ᴷ", "ᵢ") and squared abbreviations ("㏅" reads "cd") passed the hand-written
/// fold table; the table is now generated from Unicode's data.
@Suite struct KeyFoldTableEndToEndTests {
    private let key = ForecastWorld.apiKey   // sim-key-0123456789abcdef
    private let disguised = "sᵢm-ᴷeʸ-⁰123456789ab㏅ef"

    @Test func aCopyInModifierLettersOrASquaredAbbreviationIsHiddenEverywhere() async throws {
        try await expectHiddenEverywhere(disguised)
    }

    /// A server that echoes the key in Cyrillic and Greek lookalikes of its letters and digits
    /// (Unicode's confusables data: "ѕ", "і", "е", "у", "а", "с", "ԁ" and the Greek "Ο" for
    /// "0", the Cyrillic "І" for "1"), in a valid answer's text or in a body rain refuses and
    /// quotes in its error: no output shows the copy.
    @Test func aCopyInCyrillicAndGreekLookalikesIsHiddenEverywhere() async throws {
        try await expectHiddenEverywhere("ѕіm-kеу-ΟІ23456789аbсԁеf")
    }

    private func expectHiddenEverywhere(_ disguised: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true, disguisedAs: disguised))
            let refresh = try await world.rain(["refresh", "Berlin"])
            #expect(refresh.status == 0, "\(refresh)")
            let show = try await world.rain(["show", "Berlin"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            let cache = try String(contentsOfFile: world.cacheFile(world.berlin), encoding: .utf8)
            for text in [show.output, json.output, cache] {
                #expect(text.contains("REDACTED") && !text.contains(disguised) && !text.lowercased().contains(key), "\(text)")
            }
        }
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: false, disguisedAs: disguised))
            let refresh = try await world.rain(["refresh", "Berlin"])
            #expect(refresh.status != 0 && refresh.error.contains("REDACTED"), "\(refresh)")
            #expect(!refresh.error.contains(disguised) && !refresh.error.contains("㏅"), "\(refresh)")
            let json = try await world.rain(["refresh", "Berlin", "--json"])
            #expect(json.status != 0 && (json.output + json.error).contains("REDACTED"), "\(json)")
            #expect(!json.output.contains(disguised) && !json.error.contains(disguised), "\(json)")
        }
    }

    @Test func aScheduleRefusesAURLHoldingSuchACopy() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let encoded = disguised.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            for copy in [disguised, encoded, "sim-key-0123456789ab%E3%8F%85ef"] {
                for command in [["cron"], ["timer"]] {
                    let result = try await world.rain(command, environment: ["RAIN_BASE_URL": world.simulator.baseURL + copy + "/"])
                    #expect(result.status == 78 && result.error.hasPrefix("rain: error: RAIN_BASE_URL holds the API key"),
                            "\(copy) \(result)")
                }
            }
        }
    }
}
