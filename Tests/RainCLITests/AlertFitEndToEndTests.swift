import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: on a standard 80x24 terminal (and at 50 columns) an alert in Tromsø keeps when it
/// ends and a line of what it says: the title is cut before the period, and the days give way
/// before the alert's words.
@Suite struct AlertFitEndToEndTests {
    @Test func anAlertKeepsItsEndAndALineOfTextAtTwentyFourLines() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(Location(name: "Tromsø", coordinate: Coordinate(latitude: 69.6492, longitude: 18.9553), timeZone: "Europe/Oslo"), again: true)
            let refreshed = try await world.keylessRain(["refresh", "Tromsø"])
            #expect(refreshed.status == 0, "\(refreshed)")
            for (language, until) in [("C.UTF-8", "until "), ("de_DE.UTF-8", "bis ")] {
                for width in [80, 50] {
                    for ascii in [false, true] {
                        let shown = try await EverydayEndToEndTests.screen(world, ["show", "tromsø", "--offline"] + (ascii ? ["--ascii"] : []),
                                                                           width: width, language: language, height: 24)
                        #expect(shown.count <= 23, "a line for the prompt: \(shown)")
                        let heading = try #require(shown.firstIndex { $0.hasPrefix("  ! ") }, "\(language) \(width): \(shown)")
                        #expect(shown[heading].contains(try Regex(until + "[^ ]+ [0-9]+\\.? [^ ]+ [0-9]{2}:[0-9]{2}$")), "\(language) \(width) \(ascii): \(shown[heading])")
                        #expect(shown.count > heading + 1 && shown[heading + 1].hasPrefix("    ") && shown[heading + 1].count > 20, "\(language) \(width): \(shown)")
                        #expect(!shown.joined().contains("……") && !shown.joined().contains("~~"), "\(shown)")
                    }
                }
            }
        }
    }
}
