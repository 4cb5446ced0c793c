import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// Issue 41: `rain show --parts`, each day in morning, afternoon, evening and night, through
/// the real binary.
@Suite struct DayPartsEndToEndTests {
    @Test func eachDayInFourPartsFitsEightyAndFiftyColumns() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            // A fixed noon: the keyed simulator's 48 hours reach the night after tomorrow only
            // from about midday (on the real clock the test failed in the evening).
            let now = Date(timeIntervalSince1970: 1_779_710_400)   // 2026-05-25T12:00:00Z, a Monday
            let world = try ForecastWorld(home: home, now: now)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            let cached = try #require(try cache.load(for: world.berlin.id))
            let clock = Presentation().clock(cached.forecast)
            // Tomorrow's parts, worked out here from the hours: 06-12, 12-18, 18-24 and 00-06 after.
            let tomorrow = clock.localDays(now) + 1
            func hours(_ date: Int, _ range: Range<Int>) -> [Forecast.Hour] {
                cached.forecast.hourly.filter { clock.localDays($0.time) == date && range.contains(clock.hourOfDay($0.time)) }
            }
            let parts = [hours(tomorrow, 6..<12), hours(tomorrow, 12..<18), hours(tomorrow, 18..<24), hours(tomorrow + 1, 0..<6)]
            try #require(parts.allSatisfy { $0.count == 6 }, "the simulator's hours reach the night after tomorrow")
            var expected: [String] = []
            for (index, part) in parts.enumerated() {
                let temperatures = part.compactMap(\.temperature)
                let temperature = index == 3 ? temperatures.min()! : temperatures.max()!
                expected.append("\(Int(temperature.rounded()))°")
                expected.append("\(Int((part.compactMap(\.precipProbability).max()! * 100).rounded()))%")
            }
            let label = clock.weekdayAndDay(parts[0][0].time)

            let piped = try await world.rain(["show", "--parts", "--offline"], environment: ["COLUMNS": "80"])
            #expect(piped.status == 0, "\(piped)")
            let row = try #require(piped.output.split(separator: "\n").first { $0.hasPrefix("  " + label + " ") }, "\(piped.output)")
            let numbers = row.matches(of: try Regex("-?[0-9]+[°%]")).map { String(row[$0.range]) }
            #expect(numbers == expected, "\(row)")
            #expect(!piped.output.contains("Next 12 hours") && !piped.output.contains("Next 7 days"), "\(piped.output)")

            // German's 12-18 is "Nachmittag" ("Mittag" is noon), "Nachm." where the full names do
            // not fit their cells; no name is cut (issue 41).
            for (language, title, wide, narrow) in [("C.UTF-8", "Parts of the day", ["Morning", "Afternoon", "Evening", "Night"],
                                                     ["Morning", "Afternoon", "Evening", "Night"]),
                                                    ("de_DE.UTF-8", "Tageszeiten", ["Vormittag", "Nachmittag", "Abend", "Nacht"],
                                                     ["Vorm.", "Nachm.", "Abend", "Nacht"])] {
                for width in [80, 50] {
                    for ascii in [false, true] {
                        let shown = try await EverydayEndToEndTests.screen(world, ["show", "--parts", "--offline"] + (ascii ? ["--ascii"] : []),
                                                                           width: width, language: language)
                        let titleIndex = try #require(shown.firstIndex { $0.contains(title) }, "\(language) \(width) \(ascii): \(shown)")
                        let head = shown[titleIndex + 1]
                        let heads = head.split(separator: " ").map(String.init)
                        #expect(heads == (width == 80 ? wide : narrow), "\(language) \(width): \(head)")
                        let rows = shown[(titleIndex + 2)...].prefix { !$0.isEmpty }
                        #expect(rows.count >= 3, "the days the hours reach (48 of them): \(language) \(width): \(shown)")
                        // Every part of tomorrow shows its temperature and, at 50 columns too, its chance.
                        let tomorrowRow = try #require(rows.dropFirst().first)
                        #expect(tomorrowRow.matches(of: try Regex("[0-9]%")).count == 4, "\(language) \(width) \(ascii): \(tomorrowRow)")
                        let text = shown.joined()
                        if ascii { #expect(text.allSatisfy { $0.isASCII }, "\(shown)") }
                    }
                }
            }
            let both = try await world.rain(["show", "--parts", "--graph"])
            #expect(both.status == 64 && both.error.contains("'--parts' cannot be combined with '--graph'"), "\(both)")
        }
    }

    /// Japanese and Chinese day labels of two-digit days ("26日(火)", "26日周二") take 8 cells:
    /// at 50 columns the symbols give way and every part keeps its chance (issue 41).
    @Test func japaneseAndChineseKeepTheChancesAtFiftyColumns() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let now = Date(timeIntervalSince1970: 1_779_710_400)   // 2026-05-25T12:00:00Z, a Monday
            let world = try ForecastWorld(home: home, now: now)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            for (language, title, heads, tomorrow) in [("ja_JP.UTF-8", "時間帯別", ["午前", "午後", "深夜"], "26日(火)"),
                                                       ("zh_CN.UTF-8", "分时段", ["上午", "下午", "夜间"], "26日周二")] {
                for width in [80, 50] {
                    let shown = try await EverydayEndToEndTests.screen(world, ["show", "--parts", "--offline"], width: width, language: language)
                    let titleIndex = try #require(shown.firstIndex { $0.contains(title) }, "\(language) \(width): \(shown)")
                    #expect(heads.allSatisfy { shown[titleIndex + 1].contains($0) }, "\(shown[titleIndex + 1])")
                    let rows = shown[(titleIndex + 2)...].prefix { !$0.isEmpty }
                    let tomorrowRow = try #require(rows.dropFirst().first)
                    #expect(tomorrowRow.hasPrefix("  " + tomorrow + " "), "\(language) \(width): \(tomorrowRow)")
                    #expect(tomorrowRow.matches(of: try Regex("[0-9]%")).count == 4, "\(language) \(width): \(tomorrowRow)")
                    #expect(tomorrowRow.matches(of: try Regex("-?[0-9]+°")).count == 4, "\(language) \(width): \(tomorrowRow)")
                }
            }
        }
    }
}
