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
                        #expect(shown[heading].contains(try Regex(until + ".+ [0-9]{2}:[0-9]{2}$")), "\(language) \(width) \(ascii): \(shown[heading])")
                        #expect(shown.count > heading + 1 && shown[heading + 1].hasPrefix("    ") && shown[heading + 1].count > 20, "\(language) \(width): \(shown)")
                        #expect(!shown.joined().contains("……") && !shown.joined().contains("~~"), "\(shown)")
                    }
                }
            }
        }
    }

    /// Issue 41: an alert's day is said once, "today 10:00–19:00", not "from Mon 7 Dec 10:00
    /// until Mon 7 Dec 19:00" (at 80x24 the title lost its words to the repeated date); today
    /// and tomorrow by name. On a fixed clock: Monday 25 May 2026, 07:00 in Berlin.
    @Test func anAlertsDayIsSaidOnce() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let midnight = Date(timeIntervalSince1970: 1_779_660_000)   // 2026-05-25T00:00+02:00, a Monday
            let world = try ForecastWorld(home: home, now: midnight.addingTimeInterval(7 * 3600))
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            func at(_ day: Int, _ hour: Int) -> Date { midnight.addingTimeInterval(TimeInterval(day * 86_400 + hour * 3600)) }
            cached.forecast.alerts = [
                Forecast.Alert(title: "Strong wind gusts, yellow level", severity: "Moderate", time: at(0, 10), expires: at(0, 19)),
                Forecast.Alert(title: "Thunderstorms", time: at(1, 6), expires: at(1, 18)),
                Forecast.Alert(title: "Heat", time: at(2, 7), expires: at(2, 19)),
                Forecast.Alert(title: "Heavy rain", time: at(0, 1), expires: at(1, 6)),
                Forecast.Alert(title: "Flooding", time: at(0, 18), expires: at(2, 9)),
            ]
            try cache.save(cached)
            let expected = [
                ("C.UTF-8", ["! Strong wind gusts, yellow level (Moderate), today 10:00–19:00", "! Thunderstorms, tomorrow 06:00–18:00",
                             "! Heat, Wed 27 May 07:00–19:00", "! Heavy rain, until tomorrow 06:00",
                             "! Flooding, from today 18:00 until Wed 27 May 09:00"]),
                ("de_DE.UTF-8", ["! Thunderstorms, morgen 06:00–18:00", "! Heat, Mi 27. Mai 07:00–19:00", "! Heavy rain, bis morgen 06:00",
                                 "! Flooding, ab heute 18:00 bis Mi 27. Mai 09:00"]),
            ]
            for (language, headings) in expected {
                let shown = try await world.rain(["show", "Berlin", "--offline"], environment: ["COLUMNS": "80", "LANG": language])
                let lines = shown.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(shown.status == 0, "\(shown)")
                for heading in headings { #expect(lines.contains(heading), "\(language): \(heading)\n\(shown.output)") }
            }
            // On a terminal of 80 columns the wind alert's title is whole beside its period.
            let screen = try await EverydayEndToEndTests.screen(world, ["show", "Berlin", "--offline"], width: 80, language: "C.UTF-8", height: 24)
            #expect(screen.contains { $0.hasPrefix("  ! Strong wind gusts, yellow level (Moderate), today 10:00–19:00") }, "\(screen)")
        }
    }
}
