import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: `rain show --day DAY`, one day's row, sun and hours, through the real binary.
@Suite struct DayByNameEndToEndTests {
    static let germanWeekdays = ["Sun": "Sonntag", "Mon": "Montag", "Tue": "Dienstag", "Wed": "Mittwoch", "Thu": "Donnerstag",
                                 "Fri": "Freitag", "Sat": "Samstag"]

    @Test func aDayByNameShowsItsRowAndItsHours() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            let cached = try #require(try cache.load(for: world.berlin.id))
            let clock = Presentation().clock(cached.forecast)
            let now = Date()
            let days = cached.forecast.daily.filter { clock.localDays($0.time) >= clock.localDays(now) }
            try #require(days.count >= 7)
            let tomorrow = days[1], later = days[5]
            let hoursTomorrow = cached.forecast.hourly.filter { clock.isSameDay($0.time, tomorrow.time) }
            try #require(hoursTomorrow.count == 24, "the simulator's hours reach the day after today")

            // A weekday, 'tomorrow' and a date name the same day; its hours are all there, 13:00 too.
            let weekday = clock.weekday(tomorrow.time)
            let date = ISO8601DateFormatter.string(from: tomorrow.time, timeZone: TimeZone(identifier: cached.forecast.timeZone)!,
                                                   formatOptions: [.withFullDate])
            var shownAt80: [String] = []
            for word in [weekday.lowercased(), "tomorrow", date] {
                let shown = try await world.rain(["show", "--day", word, "--offline"], environment: ["COLUMNS": "80"])
                #expect(shown.status == 0, "\(word): \(shown)")
                let lines = shown.output.split(separator: "\n").map(String.init)
                #expect(lines.contains { $0.hasPrefix("  " + clock.weekdayAndDay(tomorrow.time) + " ") && $0.contains("%") }, "\(word): \(shown.output)")
                #expect(lines.contains { $0.contains("24 hours") }, "\(shown.output)")
                #expect(lines.contains { $0.contains("00:00") } && lines.contains { $0.contains("13:00") && $0.contains("23:00") }, "\(shown.output)")
                #expect(!lines.contains { $0.contains("Next 7 days") || $0.contains("Next 12 hours") }, "\(shown.output)")
                // The first line has the local time and the second the forecast's age, either of
                // which may have moved on a minute.
                if shownAt80.isEmpty { shownAt80 = lines } else { #expect(lines.dropFirst(2) == shownAt80.dropFirst(2), "\(word) names the same day") }
            }
            // A day past the hours: its row and a line that says so.
            let far = try await world.rain(["show", "--day", String(clock.weekday(later.time).lowercased()), "--offline"])
            #expect(far.status == 0 && far.output.contains(clock.weekdayAndDay(later.time))
                    && far.output.contains("The forecast has no hours for this day."), "\(far)")

            // In German, the German weekday; at 80 and 50 columns, UTF-8 and ASCII, on a terminal.
            let german = try #require(Self.germanWeekdays[weekday])
            for (language, word) in [("C.UTF-8", weekday), ("de_DE.UTF-8", german)] {
                for width in [80, 50] {
                    for ascii in [false, true] {
                        let shown = try await EverydayEndToEndTests.screen(world, ["show", "--day", word, "--offline"] + (ascii ? ["--ascii"] : []),
                                                                           width: width, language: language)
                        let title = language.hasPrefix("C") ? "24 hours" : "24 Stunden"
                        #expect(shown.contains { $0.contains(title) }, "\(language) \(width) \(ascii): \(shown)")
                        #expect(shown.contains { $0.contains("23:00") }, "\(language) \(width) \(ascii): \(shown)")
                        let text = shown.joined()
                        if ascii { #expect(text.allSatisfy { $0.isASCII }, "\(shown)") }
                    }
                }
            }

            // Beyond the forecast, a word that is no day, and --day beside --all: each a clear line.
            let beyond = try await world.rain(["show", "--day", "2099-01-01", "--offline"])
            #expect(beyond.status == 65 && beyond.error.hasPrefix("rain: error: '--day 2099-01-01': the forecast goes from \(clock.weekdayAndDay(days[0].time)) to \(clock.weekdayAndDay(days.last!.time))\n"), "\(beyond)")
            let beyondGerman = try await world.rain(["show", "--day", "2099-01-01", "--offline"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(beyondGerman.status == 65 && beyondGerman.error.contains("die Vorhersage reicht von"), "\(beyondGerman)")
            let nonsense = try await world.rain(["show", "--day", "someday", "--offline"])
            #expect(nonsense.status == 64 && nonsense.error.contains("'--day someday': today, tomorrow, a weekday or a date (2026-12-12)"), "\(nonsense)")
            let notAll = try await world.rain(["show", "--all", "--day", "sat"])
            #expect(notAll.status == 64 && notAll.error.contains("'--day' cannot be combined with '--all'"), "\(notAll)")
        }
    }

    /// The words a day is named by, in English and in the language of the run.
    @Test func wordsThatNameADay() throws {
        let german = try Localization.load(locale: "de", folders: [try Catalogues.compiled()])
        #expect(DayChoice("sat", localization: .english) == .weekday(6))
        #expect(DayChoice("Saturday", localization: .english) == .weekday(6))
        #expect(DayChoice("thurs", localization: .english) == .weekday(4))
        #expect(DayChoice("t", localization: .english) == nil)
        #expect(DayChoice("samstag", localization: german) == .weekday(6))
        #expect(DayChoice("Sa.", localization: german) == .weekday(6))
        #expect(DayChoice("morgen", localization: german) == .fromToday(1))
        #expect(DayChoice("heute", localization: german) == .fromToday(0))
        #expect(DayChoice("Today", localization: german) == .fromToday(0))
        #expect(DayChoice("2026-02-29", localization: .english) == nil)
        #expect(DayChoice("2028-02-29", localization: .english) != nil)
        #expect(DayChoice("someday", localization: german) == nil)
    }
}
