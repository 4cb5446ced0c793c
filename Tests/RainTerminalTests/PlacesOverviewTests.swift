import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// `rain show --all`'s view, without a terminal.
@Suite struct PlacesOverviewTests {
    let now = ForecastSamples.start  // 2026-08-20 12:37 UTC

    func places() throws -> [PlacesOverview.Place] {
        var berlin = try ForecastFixtures.berlinCached()
        berlin.fetchedAt = now.addingTimeInterval(-5 * 60)
        let newYork = ForecastSamples.full(units: .si, name: "New York")
        var kolkata = ForecastSamples.full(units: .si, timeZone: "Asia/Kolkata", name: "Kolkata, West Bengal, India")
        kolkata.fetchedAt = now.addingTimeInterval(-26 * 3600)
        let nowhere = Location(name: "Nowhere Yet", coordinate: Coordinate(latitude: 1, longitude: 2))
        return [PlacesOverview.Place(location: berlin.location, isCurrent: true, forecast: berlin),
                PlacesOverview.Place(location: newYork.location, isCurrent: false, forecast: newYork),
                PlacesOverview.Place(location: kolkata.location, isCurrent: false, forecast: kolkata),
                PlacesOverview.Place(location: nowhere, isCurrent: false, forecast: nil)]
    }

    @Test func eightyColumnsShowEveryColumnAligned() throws {
        let lines = PlacesOverview(width: 80, now: now).lines(try places())
        // It does not fit: the age takes its compact form, untitled, first; then the summary
        // gives way before the long name is cut; everything else is whole. "!": an alert in
        // force (Berlin's).
        #expect(lines == [
            "  Place                        Local      Now    Hi/Lo  Precip",
            "* Berlin !                     14:37  24 °C ◒  25°/15°     48%  5m",
            "  New York                     08:37  29 °C ☁  80°/60°     80%  3h",
            "  Kolkata, West Bengal, India  18:07  29 °C ☁  80°/60°     80%  1d",
            "  Nowhere Yet                             –                     never",
        ])
    }

    /// A table that fits keeps the age in words; one that does not gives it up first.
    @Test func namesThatFitKeepTheAgeInWords() throws {
        let short = try places().filter { ["Berlin", "New York"].contains($0.location.name) }
        let lines = PlacesOverview(width: 80, now: now).lines(short)
        #expect(lines[0].hasSuffix("Updated") && lines[1].hasSuffix("5 min ago") && lines[2].hasSuffix("3 h ago"), "\(lines)")
        let narrow = PlacesOverview(width: 50, now: now).lines(short)
        #expect(narrow[1] == "* Berlin !  14:37  24 °C ◒  25°/15°     48%  5m", "the room 'min ago' took keeps the local time: \(narrow)")
        // One column more than "Nowhere Yet" has beside the words: the compact age keeps it whole.
        let withNowhere = PlacesOverview(width: 50, now: now).lines(try places().filter { !$0.location.name.hasPrefix("Kolkata") })
        #expect(withNowhere[3].hasPrefix("  Nowhere Yet ") && withNowhere[1].hasSuffix("  5m"), "\(withNowhere)")
    }

    @Test(arguments: [80, 60, 50, 40, 30])
    func noLineIsWiderThanTheWidthAndTheAgeStays(width: Int) throws {
        for usesColor in [false, true] {
            let lines = PlacesOverview(width: width, usesColor: usesColor, now: now).lines(try places())
            #expect(lines.count == 5, "a title and one line per place")
            for line in lines { #expect(line.displayWidth <= width, "\(line)") }
            #expect(lines[1].hasSuffix("  5m") && lines[3].hasSuffix("  1d") && lines[4].hasSuffix("never"), "\(lines)")
            #expect(lines[1].hasPrefix(usesColor ? "\u{1B}[1m* Berlin" : "* Berlin"))
        }
    }

    /// The age's compact form and the room the columns left out free keep names readable
    /// ("Kolkata, West…", once "Kolkata…" beside "1 day ago").
    @Test func fiftyColumnsLeaveOutTheSummaryAndLocalTimeFirst() throws {
        let lines = PlacesOverview(width: 50, now: now).lines(try places())
        #expect(lines[0] == "  Place                Now    Hi/Lo  Precip")
        #expect(lines[1] == "* Berlin !         24 °C ◒  25°/15°     48%  5m")
        #expect(lines[3] == "  Kolkata, West…   29 °C ☁  80°/60°     80%  1d")
    }

    @Test func withoutCuttingEveryColumnIsWhole() throws {
        let lines = PlacesOverview(width: 30, now: now, cutsLines: false).lines(try places())
        #expect(lines[3].contains("Kolkata, West Bengal, India") && lines[3].contains("18:07") && lines[3].contains("Humid"))
    }

    @Test func theChanceLooksSixHoursAheadAndTodayIsThePlacesDay() throws {
        var cached = ForecastSamples.full(units: .si)
        // Hours from 12:00 UTC: 0%, 20%, 40%, 60%, 80%, 0%, 20%: the hours that start in the next
        // six (and the current one) peak at 80%; later hours with 100% must not count.
        cached.forecast.hourly = cached.forecast.hourly.enumerated().map { index, hour in
            var hour = hour
            hour.precipProbability = index < 7 ? Double(index % 5) / 5 : 1
            return hour
        }
        let place = PlacesOverview.Place(location: cached.location, isCurrent: false, forecast: cached)
        let line = PlacesOverview(width: 100, now: now).lines([place])[1]
        #expect(line.contains(" 80% "), "\(line)")
        // 08:37 in New York on Thursday 20 August: the day starting at 04:00 UTC that day.
        #expect(line.contains("80°/60°"))
    }

    @Test func hostileNamesAndSummariesAreStripped() throws {
        var cached = ForecastSamples.full(units: .si, name: "Evil\u{1B}[2JTown")
        cached.forecast.current?.summary = "Sunny\u{1B}]0;owned\u{07}"
        let place = PlacesOverview.Place(location: cached.location, isCurrent: false, forecast: cached)
        let text = PlacesOverview(width: 80, now: now).render([place])
        #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"))
    }
}
