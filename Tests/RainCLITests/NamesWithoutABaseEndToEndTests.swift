import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// A new name is refused where it would not show as typed or would carry the API key away,
/// before anything is saved or asked: combining marks with no letter to sit on (U+0307 alone
/// drew a blank and a dot, and was saved), and the key typed as a name (shown redacted, yet
/// written raw into defaults.json, and sent to the geocoder by `add`).
@Suite struct NamesWithoutABaseEndToEndTests {
    /// Marks alone look as empty as spaces do, and are refused as an empty name is.
    @Test(arguments: ["\u{0307}", "\u{0307}\u{0301}", " \u{20DD} ", "\u{2800}\u{0307}"])
    func aNameOfMarksAloneIsRefusedAsEmpty(_ name: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let before = try String(contentsOfFile: home + "/defaults.json", encoding: .utf8)
            for arguments in [["locations", "add", name, "--lat", "10", "--lon", "10"], ["locations", "rename", "Tokyo", name]] {
                let result = try await world.keylessRain(arguments)
                #expect(result.status == 65, "\(arguments): \(result)")
                #expect(result.error == "rain: error: invalid name: the name is empty\n", "\(result)")
            }
            #expect(try String(contentsOfFile: home + "/defaults.json", encoding: .utf8) == before, "nothing saved")
        }
    }

    /// A mark that begins a name, or a word of it, has no letter of the name under it: it
    /// would be drawn on the column before. Refused, not dropped: the name saved would not be
    /// the one typed. A mark on a letter is a letter with its accent.
    @Test func aMarkWithNoLetterBeforeItIsRefused() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            for name in ["\u{0307}Berlin", "New \u{0301}York"] {
                let result = try await world.keylessRain(["locations", "add", name, "--lat", "10", "--lon", "10"])
                #expect(result.status == 65, "\(result)")
                let mark = name.unicodeScalars.first { $0.properties.generalCategory == .nonspacingMark }!
                let code = "U+" + String(mark.value, radix: 16, uppercase: true).leftPadded(to: 4)
                #expect(result.error == "rain: error: invalid name: \(code) is a mark with no letter before it\nrain: hint: type the name without it\n", "\(result)")
            }
            let accented = try await world.keylessRain(["locations", "add", "Ko\u{0308}ln", "--lat", "50.94", "--lon", "6.96"])
            #expect(accented.status == 0, "\(accented)")
        }
    }

    /// The key typed as a name (or inside one): one line, the key not echoed, nothing saved
    /// and nothing asked of any server.
    @Test(arguments: [["locations", "add", "KEY"], ["locations", "add", "KEY", "--lat", "10", "--lon", "10"],
                      ["locations", "add", "Home KEY"], ["locations", "rename", "Tokyo", "KEY"], ["locations", "rename", "1", "my KEY"]])
    func theKeyAsANameIsRefusedBeforeAnyRequest(_ template: [String]) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let before = try String(contentsOfFile: home + "/defaults.json", encoding: .utf8)
            let arguments = template.map { $0.replacingOccurrences(of: "KEY", with: ForecastWorld.apiKey) }
            let result = try await world.rain(arguments)
            #expect(result.status == 65, "\(result)")
            #expect(result.error == "rain: error: invalid name: the name holds the API key\n", "\(result)")
            #expect(!result.output.contains(ForecastWorld.apiKey) && !result.error.contains(ForecastWorld.apiKey))
            #expect(world.requestedPaths.isEmpty, "nothing asked: \(world.requestedPaths)")
            #expect(try String(contentsOfFile: home + "/defaults.json", encoding: .utf8) == before, "nothing saved")
        }
    }
}

private extension String {
    func leftPadded(to count: Int) -> String { String(repeating: "0", count: max(0, count - self.count)) + self }
}
