import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 15, H8, through the real binary: the spread of a place looked up (not saved)
/// is kept with its forecast, as README says ("with their ensembles"): a refresh of the saved
/// places, whose sweep reads the same folder, leaves it. Where none is kept, the hint asks for
/// the place as it was asked, never by the lookup's ID (which is no LOC).
@Suite struct LookupSpreadKeptEndToEndTests {
    typealias Spread = EnsembleSpreadEndToEndTests

    @Test func aRefreshOfTheSavedPlacesKeepsALookupsSpread() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Spread.now)
            let lookup = ["show", "--lat", "48.85", "--lon", "2.35"]
            let asked = try await world.keylessRain(lookup + ["--spread"])
            #expect(asked.status == 0, "\(asked)")
            let format = lookup + ["--offline", "--format", "{temp_range} {rain_runs}"]
            let before = try await world.keylessRain(format)
            #expect(before.status == 0 && !before.output.contains("–"), "a spread is kept: \(before)")

            let refreshed = try await world.keylessRain(["refresh"])
            #expect(refreshed.status == 0, "\(refreshed)")
            let after = try await world.keylessRain(format)
            #expect(after.output == before.output, "\(after)")
            let offline = try await world.keylessRain(lookup + ["--offline", "--spread"])
            #expect(offline.status == 0 && !offline.error.contains("no ensemble spread"), "\(offline)")
        }
    }

    /// The other way round: a lookup's refresh, whose sweep deletes the lookups' spreads of a
    /// day ago, leaves a saved place's spread however old (`--offline` shows it with its age).
    @Test func aLookupsRefreshKeepsASavedPlacesOldSpread() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Spread.now)
            #expect(try await world.keylessRain(["show", "Berlin", "--spread"]).status == 0)
            let kept = home + "/cache/ensembles/\(world.berlin.idString).json"
            let twoDaysAgo = Spread.now.addingTimeInterval(-2 * 86_400)
            try FileManager.default.setAttributes([.modificationDate: twoDaysAgo], ofItemAtPath: kept)

            let lookup = try await world.keylessRain(["show", "--lat", "48.85", "--lon", "2.35"])
            #expect(lookup.status == 0, "\(lookup)")
            #expect(FileManager.default.fileExists(atPath: kept), "\(world.berlin.idString).json")
            let offline = try await world.keylessRain(["show", "Berlin", "--offline", "--spread"])
            #expect(offline.status == 0 && !offline.error.contains("no ensemble spread"), "\(offline)")
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var asked: [String]
        var hint: String
        var testDescription: String { asked.joined(separator: " ") }
    }

    @Test(arguments: [Case(asked: ["--lat", "48.85", "--lon", "2.35"], hint: "rain show --lat 48.85 --lon 2.35 --spread"),
                      Case(asked: ["San Francisco"], hint: "rain show 'San Francisco' --spread")])
    func theHintForALookupWithoutASpreadAsksForThePlaceAsItWasAsked(_ example: Case) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Spread.now)
            let shown = try await world.keylessRain(["show"] + example.asked)
            #expect(shown.status == 0, "\(shown)")
            let none = try await world.keylessRain(["show"] + example.asked + ["--offline", "--spread"])
            #expect(none.status == 0, "\(none)")
            let hint = try #require(none.error.split(separator: "\n").first { $0.hasPrefix("rain: hint: ask for one when online: ") })
            #expect(hint == "rain: hint: ask for one when online: " + example.hint, "\(none.error)")

            // The hint's command, as a shell splits it, fetches the spread of the same place.
            let words = example.hint.dropFirst("rain ".count).replacingOccurrences(of: "'San Francisco'", with: "\u{0}")
                .split(separator: " ").map { $0 == "\u{0}" ? "San Francisco" : String($0) }
            let again = try await world.keylessRain(words)
            #expect(again.status == 0, "\(again)")
            #expect(world.simulator.requests.contains { $0.path == "/v1/ensemble" }, "\(world.requestedPaths)")
            let kept = try await world.keylessRain(["show"] + example.asked + ["--offline", "--spread"])
            #expect(!kept.error.contains("no ensemble spread"), "the same place's spread: \(kept)")
        }
    }
}
