import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// The events found in forecasts made here, minute by minute.
@Suite struct NotifyEventFinderTests {
    static let now = Date(timeIntervalSince1970: 1_787_227_200)  // 2026-08-20T12:00:00Z
    let place = Location(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.405))

    /// Dry minutes from now, then `rate` mm/h of `type` from minute `start` on.
    private func forecast(rainFrom start: Int?, rate: Double = 3, type: String = "rain", hourly: [Double] = []) -> Forecast {
        let minutes = (0...60).map { minute in
            let wet = start.map { minute >= $0 } ?? false
            return Forecast.NextHour.Minute(time: Self.now.addingTimeInterval(TimeInterval(minute * 60)),
                                            precipIntensity: wet ? rate : 0, precipProbability: wet ? 0.9 : 0.05, precipType: wet ? type : nil)
        }
        let hours = hourly.enumerated().map { index, chance in
            var hour = Forecast.Hour(time: Self.now.addingTimeInterval(TimeInterval(index * 3600)))
            hour.precipProbability = chance
            hour.precipIntensity = 0
            return hour
        }
        return Forecast(coordinate: place.coordinate, timeZone: "Europe/Berlin", units: .si,
                        nextHour: Forecast.NextHour(minutes: minutes), hourly: hours)
    }

    private func summaries(_ forecast: Forecast, _ settings: NotifySettings = NotifySettings()) -> [String] {
        NotifyEventFinder(settings: settings, now: Self.now).events(for: place, in: forecast).map(\.summary)
    }

    @Test func rainStartingSoonSaysWhenHowHardAndHowMuch() {
        #expect(summaries(forecast(rainFrom: 22)) == ["Rain in Berlin in about 20 min (moderate, ~2 mm in the first hour)"])
        #expect(summaries(forecast(rainFrom: 3, rate: 0.5)) == ["Rain in Berlin in a few min (light, ~0.5 mm in the first hour)"])
        // Snow is said in cm of snow, as the screen says it: 0.7 cm per mm of water.
        #expect(summaries(forecast(rainFrom: 0, rate: 12, type: "snow")) == ["Snow in Berlin now (heavy, ~8.4 cm in the first hour)"])
        #expect(summaries(forecast(rainFrom: nil)).isEmpty)
    }

    /// Steps that know only the hour (Open-Meteo's quarter hours outside its 15-minute models'
    /// areas, Pirate Weather's minutes interpolated outside HRRR's) give the start by the
    /// clock's nearest hour, not in minutes: 12:40 UTC is "about 15:00" in Berlin.
    @Test func rainKnownOnlyToTheHourIsToldByTheClock() {
        var hourly = forecast(rainFrom: 40)
        hourly.nextHour?.precision = .hour
        #expect(summaries(hourly) == ["Rain in Berlin from about 15:00 (moderate, ~1.1 mm in the first hour)"])
    }

    @Test func theWindowAndTheLeastIntensityAreTheSettings() {
        var settings = NotifySettings()
        settings.withinMinutes = 15
        #expect(summaries(forecast(rainFrom: 22), settings).isEmpty)
        settings = NotifySettings()
        settings.minIntensity = .heavy
        #expect(summaries(forecast(rainFrom: 22), settings).isEmpty)
        settings.minIntensity = .moderate
        #expect(summaries(forecast(rainFrom: 22), settings).count == 1)
    }

    @Test func aHighChanceLaterTodayFromTheHours() {
        // 14:00 in Berlin now; hours from 15:00 on are later today, and 00:00 is tomorrow.
        let hourly = [0.9, 0.2, 0.75, 0.8, 0.3, 0.1, 0.1, 0.1, 0.1, 0.1, 0.95]
        #expect(summaries(forecast(rainFrom: nil, hourly: hourly)) == ["Berlin: 80% chance of rain from 16:00"])
        var settings = NotifySettings()
        settings.probability = 0.85
        #expect(summaries(forecast(rainFrom: nil, hourly: hourly), settings).isEmpty, "the 95% hour is tomorrow's")
    }

    @Test func aDrySpellIsANextHourWithoutRain() {
        let finder = NotifyEventFinder(settings: NotifySettings(), now: Self.now)
        #expect(finder.staysDry(forecast(rainFrom: nil)) == true)
        #expect(finder.staysDry(forecast(rainFrom: 50)) == false)
        #expect(finder.staysDry(Forecast(coordinate: place.coordinate, timeZone: "UTC", units: .si)) == nil, "no next hour: nothing known")
    }

    @Test func theLogForgetsAfterTwoDaysButKeepsAlertsInForce() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder + "/state/notified.json"
            var log = NotifiedLog()
            var rain = NotifyEvent(kind: .rain, id: "rain:x", placeID: place.id, placeName: "Berlin", summary: "", body: "", units: .si)
            log.record(rain, at: Self.now)
            rain.id = "alert:x"
            rain.kind = .alert
            rain.ends = Self.now.addingTimeInterval(4 * 86_400)
            log.record(rain, at: Self.now)
            try log.save(to: file)
            var loaded = try NotifiedLog.load(file)
            #expect(loaded == log)
            loaded.prune(now: Self.now.addingTimeInterval(2 * 86_400 + 1))
            #expect(loaded.entries.map(\.id) == ["alert:x"])
            loaded.forgetRain(at: place.id)
            #expect(loaded.contains("alert:x") && !loaded.contains("rain:x"))
        }
    }

    /// A re-issue of an alert told already is not news (NWS: a new `id` that references the
    /// old, or none; MET: a new `id` in the same series; a Dark Sky server's new `uri`), nor is
    /// one shown alike (the severity's case, the end's seconds); a change of its severity or
    /// end is.
    /// Hostile trial 19 (A19-4): an alert ending a week on was told "until Thu 14:00", which
    /// reads as this week's Thursday: six days ahead or more, the end gives its date.
    @Test func anAlertEndingAWeekOnIsToldItsDate() {
        let finder = NotifyEventFinder(settings: NotifySettings(), now: Self.now)
        // Trial 20: an end six days on by the calendar but a minute short of 6 x 24 hours was
        // told by its weekday alone.
        let ends: [(TimeInterval, String)] = [(3 * 3600, "Storm for Berlin until Thu 17:00"), (7 * 86_400.0, "Storm for Berlin until Thu 27 Aug 14:00"),
                    (5 * 86_400 + 9 * 3600, "Storm for Berlin until Tue 23:00"), (6 * 86_400 - 60, "Storm for Berlin until Wed 26 Aug 13:59"),
                    (169 * 86_400.0, "Storm for Berlin until Fri 5 Feb 13:00")]
        for (after, summary) in ends {
            let alert = Forecast.Alert(title: "Storm", severity: "Severe", time: Self.now, expires: Self.now.addingTimeInterval(after), id: "s")
            let forecast = Forecast(coordinate: place.coordinate, timeZone: "Europe/Berlin", units: .si, alerts: [alert])
            #expect(finder.events(for: place, in: forecast).map(\.summary) == [summary])
        }
    }

    @Test func aReissuedAlertIsToldOnceUnlessItsSeverityOrEndChanges() {
        let service = NotifyService(settings: NotifySettings(), logFile: "/nonexistent", machineZone: .utc, now: Self.now)
        let end = Self.now.addingTimeInterval(6 * 3600)
        func status(_ alert: Forecast.Alert, after sent: Forecast.Alert) -> [NotificationRound.Status] {
            var log = NotifiedLog()
            let forecast = { (alert: Forecast.Alert) in Forecast(coordinate: place.coordinate, timeZone: "UTC", units: .si, alerts: [alert]) }
            for event in service.round([(place, forecast(sent))], log: log).news { log.record(event, at: Self.now) }
            return service.round([(place, forecast(alert))], log: log).items.map(\.status)
        }
        let first = Forecast.Alert(title: "Heat Advisory", severity: "Moderate", time: Self.now, expires: end, id: "a")
        var update = first
        (update.id, update.references, update.time) = ("b", ["a"], Self.now.addingTimeInterval(3600))
        #expect(status(update, after: first) == [.sent])
        var unrelated = update
        unrelated.references = []
        #expect(status(unrelated, after: first) == [.sent], "a message of its own that replaces nothing (hostile trial 17, A17-2)")
        var relinked = first
        (relinked.id, relinked.uri) = (nil, "https://example.org/new")
        #expect(status(relinked, after: first) == [.sent], "a new link")
        var shownAlike = unrelated
        (shownAlike.severity, shownAlike.expires) = ("MODERATE", end.addingTimeInterval(1))
        #expect(status(shownAlike, after: first) == [.sent], "shown as the one told")
        var worse = update
        worse.severity = "Severe"
        #expect(status(worse, after: first) == [.new])
        var longer = update
        longer.expires = end.addingTimeInterval(3600)
        #expect(status(longer, after: first) == [.new])

        let met = Forecast.Alert(title: "Heavy rain, yellow level", severity: "Moderate", time: Self.now, expires: end,
                                 id: "2.49.0.1.578.0.20260820100000.1", series: "rain|Agder|2026-08-20T12:00:00Z")
        var reissued = met
        reissued.id = "2.49.0.1.578.0.20260820110000.1"
        #expect(status(reissued, after: met) == [.sent])
        var orange = reissued
        orange.title = "Heavy rain, orange level"
        #expect(status(orange, after: met) == [.new])
    }
}
