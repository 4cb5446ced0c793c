import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Apia (UTC+13, west of the date line's meridian) through the real binary against the
/// simulator, which answers as Open-Meteo's server does: its `daily.sunrise` for a day is the
/// next day's (open-meteo/open-meteo `Sources/App/Helper/Solar/SunRiseSet.swift` works from 00:00
/// UTC of the local date). rain shows its own sun: today's, within a minute of PyEphem's
/// (`scripts/astronomy-reference.py --sun`, Apia 2026-12-06), and the day is not all night.
@Suite struct DatelineSunEndToEndTests {
    /// 11:00 on Sunday 6 December 2026 in Apia.
    static let now = Date(timeIntervalSince1970: 1_796_468_400 + 11 * 3_600)
    /// PyEphem's sunrise, sunset, dawn and dusk at Apia on 6 December 2026.
    static let reference: [String: TimeInterval] = ["sunrise": 1_796_489_440, "sunset": 1_796_535_907,
                                                    "dawn": 1_796_488_042, "dusk": 1_796_537_306]

    @Test func apiasSunIsTodaysAndTheDayIsNotAllNight() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30}"#, now: Self.now)
            let added = try await world.keylessRain(["locations", "add", "Apia", "--lat", "-13.8333", "--lon", "-171.7667", "--select"])
            #expect(added.status == 0, "\(added)")
            let refreshed = try await world.keylessRain(["refresh"])
            #expect(refreshed.status == 0, "\(refreshed)")
            #expect(world.simulator.requests.contains { $0.path == "/v1/forecast" })

            // The meteogram's axis: a line by day, dots by night, from 11:00 on.
            let graph = try await world.keylessRain(["show", "--graph", "--offline"], environment: ["COLUMNS": "80", "LANG": "C.UTF-8"])
            #expect(graph.status == 0, "\(graph)")
            let axis = try #require(graph.output.split(separator: "\n").first { $0.hasPrefix("     ┼") }, "\(graph.output)")
            #expect(axis.contains("─") && axis.contains("·"), "\(graph.output)")

            let shown = try await world.keylessRain(["show", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown)")
            #expect(document["timezone"] as? String == "Pacific/Apia")
            let today = try #require((document["daily"] as? [[String: Any]])?.first)
            let formatter = ISO8601DateFormatter()
            #expect((today["time"] as? String).flatMap(formatter.date(from:)) == Date(timeIntervalSince1970: 1_796_468_400), "\(today)")
            var clock: [String: String] = [:]
            for (key, expected) in Self.reference {
                let shownTime = try #require((today[key] as? String).flatMap(formatter.date(from:)), "\(key): \(today)")
                #expect(abs(shownTime.timeIntervalSince1970 - expected) <= 60, "\(key) \(shownTime), not \(Date(timeIntervalSince1970: expected))")
                // On Apia's clock (UTC+13 all year), as `--format` shows it: to the nearest minute.
                let local = (Int((shownTime.timeIntervalSince1970 / 60).rounded()) * 60 + 13 * 3_600) % 86_400
                clock[key] = String(format: "%02d:%02d", local / 3_600, local % 3_600 / 60)
            }
            #expect(today["polar"] == nil && ((today["daylight_seconds"] as? Double) ?? 0) > 12 * 3_600, "\(today)")

            let line = try await world.keylessRain(["show", "--format", "{dawn} {sunrise}-{sunset} {dusk}"])
            let expected = "\(clock["dawn"]!) \(clock["sunrise"]!)-\(clock["sunset"]!) \(clock["dusk"]!)"
            #expect(line.status == 0 && line.output.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(line)")
            #expect(expected.hasPrefix("05:") && expected.contains(" 05:") && expected.contains("-18:") && expected.contains(" 19:"), "\(expected)")

        }
    }

    /// Reykjavik (UTC+0 all year) on 21 June 2026: the sun rises at 02:55 and sets at 00:03:51 (shown to the nearest minute, 00:04) the
    /// next morning (PyEphem, `scripts/astronomy-reference.py --sun`): the day's sunset is that
    /// time, not "–", and the day is 20 hours long; there is no civil dawn or dusk (a white night).
    @Test func reykjaviksSunsetAfterMidnightIsShown() async throws {
        try await withTemporaryDirectory { home in
            // 12:00 on Sunday 21 June 2026 in Reykjavik.
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30}"#,
                                          now: Date(timeIntervalSince1970: 1_782_000_000 + 12 * 3_600))
            let added = try await world.keylessRain(["locations", "add", "Reykjavik", "--lat", "64.1466", "--lon", "-21.9426", "--select"])
            #expect(added.status == 0, "\(added)")
            let refreshed = try await world.keylessRain(["refresh"])
            #expect(refreshed.status == 0, "\(refreshed)")
            let line = try await world.keylessRain(["show", "--format", "{sunrise}-{sunset}"])
            #expect(line.status == 0 && line.output.trimmingCharacters(in: .whitespacesAndNewlines) == "02:55-00:04", "[\(line.output)] \(line.error)")
            let shown = try await world.keylessRain(["show", "--json", "--offline"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [String: Any], "\(shown)")
            #expect(document["timezone"] as? String == "Atlantic/Reykjavik")
            let today = try #require((document["daily"] as? [[String: Any]])?.first)
            let sunset = try #require((today["sunset"] as? String).flatMap(ISO8601DateFormatter().date(from:)), "\(today)")
            #expect(abs(sunset.timeIntervalSince1970 - 1_782_086_631) <= 60, "\(sunset)")
            #expect(((today["daylight_seconds"] as? Double) ?? 0) > 20 * 3_600, "\(today)")
            #expect(today["dawn"] == nil && today["dusk"] == nil && today["polar"] == nil, "\(today)")
        }
    }
}
