import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// `rain watch`'s screen without a terminal: a layout that fits the window, times with zones.
@Suite struct WatchScreenTests {
    /// Five minutes after the fixture's current time: 14:42 in Berlin (UTC+2).
    let now = ForecastFixtures.currentTime.addingTimeInterval(300)

    func singlePlace() throws -> WatchState {
        let cached = try ForecastFixtures.berlinCached()
        return WatchState(locations: [cached.location], currentID: cached.location.id, forecasts: [cached], every: Interval(seconds: 900))
    }

    func severalPlaces() -> WatchState {
        let places = ["New York", "Boston", "Chicago", "Denver", "Phoenix"].map { ForecastSamples.full(units: .si, name: $0) }
        return WatchState(locations: places.map(\.location), currentID: places[0].location.id, forecasts: places, every: Interval(seconds: 900))
    }

    /// The refresh interval in the language's units, not `--every`'s syntax.
    @Test func theIntervalIsSaidInUnits() {
        #expect(WatchScreen.interval(10, .english) == "10 s")
        #expect(WatchScreen.interval(90, .english) == "90 s")
        #expect(WatchScreen.interval(900, .english) == "15 min")
        #expect(WatchScreen.interval(7_200, .english) == "2 h")
        #expect(WatchScreen.interval(5_400, .english) == "1 h 30 min")
    }

    @Test(arguments: [(80, 24), (80, 12), (60, 14), (50, 8), (40, 3)])
    func onePlaceFitsTheWindowWithTheHeaderAndTheStatusLine(width: Int, height: Int) throws {
        let lines = WatchScreen(width: width, height: height, usesColor: false, now: now, machineTimeZone: .utc).lines(try singlePlace())
        #expect(lines.count <= height)
        for line in lines { #expect(line.displayWidth <= width, "\(line)") }
        #expect(lines.last == "refreshing every 15 min · q to quit".truncated(toDisplayWidth: width))
        if height >= 8 {
            #expect(lines[0].hasPrefix("Berlin"))
            #expect(lines.prefix(2).contains { $0.contains("Thu 20 Aug 14:42 (UTC+2)") }, "the place's time and its zone, uncut: \(lines)")
        }
    }

    @Test func aFullWindowShowsEverythingAndASmallOneGivesUpDaysFirst() throws {
        let full = WatchScreen(width: 80, height: 40, usesColor: false, now: now, machineTimeZone: .utc).lines(try singlePlace())
        #expect(full.dropLast(2) == ForecastView(width: 80, now: now).render(try ForecastFixtures.berlinCached()).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
        let small = WatchScreen(width: 80, height: 16, usesColor: false, now: now, machineTimeZone: .utc).lines(try singlePlace())
        #expect(small.contains { $0.contains("Next 3 hours") } && small.contains { $0.contains("14:00 15:00 16:00") })
        #expect(small.contains { $0.contains("Thunderstorm warning") }, "an alert keeps its heading")
        #expect(!small.contains { $0.contains("Fri 21") }, "days give way first")
    }

    /// The days' title counts the days a short window shows, not the seven it would.
    @Test(arguments: 12...40)
    func theDaysTitleCountsTheDaysShown(height: Int) throws {
        let lines = WatchScreen(width: 80, height: height, usesColor: false, now: now, machineTimeZone: .utc).lines(try singlePlace())
        guard let title = lines.firstIndex(where: { $0.hasPrefix("  Next ") && $0.contains(" day") }) else { return }
        let shown = lines[(title + 1)...].prefix { $0.hasPrefix("  Today") || $0.range(of: #"^  [A-Z][a-z]{2} \d"#, options: .regularExpression) != nil }.count
        #expect(lines[title].hasPrefix("  Next \(shown == 1 ? "day" : "\(shown) days")"), "\(lines)")
    }

    @Test func severalPlacesAreOneLineEachAndSayWhatDoesNotFit() {
        let tall = WatchScreen(width: 80, height: 24, usesColor: false, now: ForecastSamples.start, machineTimeZone: .utc).lines(severalPlaces())
        #expect(tall.count == 9, "title, five places, what * means, a blank line, the status")
        #expect(tall[6] == "* the current location", "\(tall)")
        #expect(tall[1].hasPrefix("* New York") && tall[5].hasPrefix("  Phoenix"))
        let short = WatchScreen(width: 50, height: 6, usesColor: false, now: ForecastSamples.start, machineTimeZone: .utc).lines(severalPlaces())
        #expect(short.count == 6)
        #expect(short[3] == "… 3 more; a taller window shows them", "\(short)")
        for line in short { #expect(line.displayWidth <= 50) }
    }

    @Test func theOfflineTimeSaysWhichClockItIs() throws {
        var one = try singlePlace()
        one.offlineSince = ForecastFixtures.currentTime  // 12:37 UTC, 14:37 in Berlin
        let single = WatchScreen(width: 120, height: 24, usesColor: false, now: now, machineTimeZone: ZoneInfo.named("Asia/Tokyo")).statusLine(one)
        #expect(single.hasPrefix("Offline since 14:37 (UTC+2) · forecast from 5 min ago"), "the place's clock, as in the header")

        var several = severalPlaces()
        several.offlineSince = ForecastSamples.start  // 12:37 UTC
        let machine = WatchScreen(width: 120, height: 24, usesColor: false, now: ForecastSamples.start, machineTimeZone: ZoneInfo.named("Asia/Tokyo")).statusLine(several)
        #expect(machine.hasPrefix("Offline since 21:37 (UTC+9, this machine) · oldest forecast from 3 h ago"), "\(machine)")
    }

    /// Issue 41: offline at 80 and 50 columns, in English and German, the key hint survives:
    /// the interval goes first, then the age, then the first part is cut.
    @Test(arguments: ["en", "de"], [80, 50])
    func theOfflineStatusKeepsTheKeyHint(language: String, width: Int) throws {
        var several = severalPlaces()
        several.offlineSince = ForecastSamples.start
        var screen = WatchScreen(width: width, height: 24, usesColor: false, now: ForecastSamples.start, machineTimeZone: ZoneInfo.named("Asia/Tokyo"))
        screen.presentation = Presentation(localization: try Localization.load(locale: language, folders: [Catalogues.compiled()]))
        let line = screen.statusLine(several, width: width)
        let (offline, quit) = language == "en" ? ("Offline since 21:37", " · q to quit") : ("Offline seit 21:37", " · q beendet")
        #expect(line.hasPrefix(offline) && line.hasSuffix(quit) && line.displayWidth <= width, "\(line)")
        #expect(screen.statusLine(several).contains(language == "en" ? "refreshing every" : "alle"), "whole where there is room")
        #expect(screen.lines(several).last == line, "the screen's own last line")
    }

    @Test func aRefreshOfSeveralPlacesUpdatesEachAndNamesTheFailures() throws {
        var state = severalPlaces()
        var newer = ForecastSamples.full(units: .si, name: "New York")
        newer.location = state.locations[0]
        newer.fetchedAt = ForecastSamples.start
        let outcomes = [RefreshOutcome(location: state.locations[0], status: .refreshed(newer)),
                        RefreshOutcome(location: state.locations[1], status: .failed(.forecast(.timedOut(host: "api")), cached: nil))]
        let events = state.apply(.success(outcomes), now: ForecastSamples.start)
        #expect(events == [.refreshed(state.locations[0]), .failed("Boston: api did not answer in time")])
        #expect(state.forecasts[state.locations[0].id]?.fetchedAt == ForecastSamples.start)
        #expect(state.lastFailure == "Boston: api did not answer in time")
    }
}
