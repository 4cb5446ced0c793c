import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// The sun and the moon as rain computes them, against PyEphem 4.2.1 (libastro), run outside the
/// tests by `scripts/astronomy-reference.py` with the USNO's conventions (upper limb, 34' of
/// refraction, topocentric); the script's output is pasted below. Both hemispheres, the polar
/// night and the midnight sun, a moon that stays up or down all day, the date line (Apia at
/// UTC+13, Kiritimati at UTC+14, both west of Greenwich), a half-hour zone and the days the
/// clocks change (Berlin 2025-03-30 and 2025-10-26, Sydney 2025-04-06 and 2025-10-05).
@Suite struct AstronomyTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let coordinate: Coordinate
        let zone: String
        let date: String
        let start: TimeInterval
        let phase: Double
        let lit: Double
        /// Moonrise, moonset, sunrise, sunset (seconds since 1970), nil where there is none that day.
        let times: [TimeInterval?]
        var testDescription: String { name }

        init(_ name: String, _ latitude: Double, _ longitude: Double, _ zone: String, _ date: String, _ start: TimeInterval,
             phase: Double, lit: Double, times: [TimeInterval?]) {
            self.name = name
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
            self.zone = zone
            self.date = date
            self.start = start
            self.phase = phase
            self.lit = lit
            self.times = times
        }
    }

    static let cases: [Case] = [
    Case("berlin 2025-03-30", 52.52, 13.405, "Europe/Berlin", "2025-03-30", 1743289200, phase: 0.0385, lit: 0.0154, times: [1743310548, 1743363167, 1743309909, 1743356247]),
    Case("berlin 2025-06-21", 52.52, 13.405, "Europe/Berlin", "2025-06-21", 1750456800, phase: 0.8462, lit: 0.2168, times: [1750462632, 1750517995, 1750473790, 1750534396]),
    Case("berlin 2025-10-26", 52.52, 13.405, "Europe/Berlin", "2025-10-26", 1761429600, phase: 0.1487, lit: 0.2064, times: [1761478492, 1761500782, 1761457917, 1761493675]),
    Case("berlin 2026-01-15", 52.52, 13.405, "Europe/Berlin", "2026-01-15", 1768431600, phase: 0.8952, lit: 0.1065, times: [1768453902, 1768476950, 1768460991, 1768490526]),
    Case("sydney 2025-04-06", -33.8688, 151.2093, "Australia/Sydney", "2025-04-06", 1743858000, phase: 0.2829, lit: 0.6041, times: [1743913236, 1743859028, 1743883855, 1743925427]),
    Case("sydney 2025-10-05", -33.8688, 151.2093, "Australia/Sydney", "2025-10-05", 1759586400, phase: 0.4209, lit: 0.9396, times: [1759643620, 1759601303, 1759606026, 1759651243]),
    Case("sydney 2025-12-24", -33.8688, 151.2093, "Australia/Sydney", "2025-12-24", 1766494800, phase: 0.1243, lit: 0.1467, times: [1766527765, 1766578062, 1766515337, 1766567217]),
    Case("tromso 2025-06-21", 69.6496, 18.956, "Europe/Oslo", "2025-06-21", 1750456800, phase: 0.8462, lit: 0.2168, times: [1750538966, 1750525705, nil, nil]),
    Case("tromso 2025-12-15", 69.6496, 18.956, "Europe/Oslo", "2025-12-15", 1765753200, phase: 0.8606, lit: 0.1813, times: [1765771203, 1765791513, nil, nil]),
    Case("tromso 2026-01-10", 69.6496, 18.956, "Europe/Oslo", "2026-01-10", 1767999600, phase: 0.7438, lit: 0.5204, times: [1768001293, 1768034059, nil, nil]),
    Case("longyearbyen 2025-11-20", 78.2232, 15.6267, "Arctic/Longyearbyen", "2025-11-20", 1763593200, phase: 0.0053, lit: 0.0021, times: [nil, nil, nil, nil]),
    Case("longyearbyen 2026-02-02", 78.2232, 15.6267, "Arctic/Longyearbyen", "2026-02-02", 1769986800, phase: 0.5193, lit: 0.9960, times: [nil, nil, nil, nil]),
    Case("apia 2025-09-07", -13.8333, -171.7667, "Pacific/Apia", "2025-09-07", 1757156400, phase: 0.4709, lit: 0.9915, times: [1757220621, 1757177271, 1757179675, 1757222559]),
    Case("kiritimati 2025-07-04", 1.87, -157.43, "Pacific/Kiritimati", "2025-07-04", 1751536800, phase: 0.2836, lit: 0.6068, times: [1751584248, 1751539608, 1751560040, 1751604055]),
    Case("kolkata 2025-11-05", 22.5726, 88.3639, "Asia/Kolkata", "2025-11-05", 1762281000, phase: 0.4887, lit: 0.9975, times: [1762340800, 1762299650, 1762301591, 1762342010]),
    ]

    /// Within `tolerance` seconds, or both absent.
    static func agrees(_ found: Date?, _ expected: TimeInterval?, within tolerance: TimeInterval) -> Bool {
        switch (found, expected) {
        case (nil, nil): return true
        case (let found?, let expected?): return abs(found.timeIntervalSince1970 - expected) <= tolerance
        default: return false
        }
    }

    @Test(arguments: cases)
    func moonAndSunAgreeWithPyEphem(_ place: Case) throws {
        let zone = try #require(ZoneInfo.named(place.zone))
        let (start, end) = Forecast.span(ofDayStartingAt: Date(timeIntervalSince1970: place.start + 7_200), in: zone)
        #expect(start.timeIntervalSince1970 == place.start)
        let moon = Astronomy.moon(from: start, to: end, at: place.coordinate)
        let sun = Astronomy.sun(from: start, to: end, at: place.coordinate)
        // The bound: two minutes for the moon; the sun's method is good to one.
        #expect(Self.agrees(moon.rise, place.times[0], within: 120), "moonrise \(String(describing: moon.rise))")
        #expect(Self.agrees(moon.set, place.times[1], within: 120), "moonset \(String(describing: moon.set))")
        #expect(Self.agrees(sun.rise, place.times[2], within: 60), "sunrise \(String(describing: sun.rise))")
        #expect(Self.agrees(sun.set, place.times[3], within: 60), "sunset \(String(describing: sun.set))")

        let phase = MoonPhase(at: start.addingTimeInterval(end.timeIntervalSince(start) / 2))
        let turn = abs(phase.fraction - place.phase)
        #expect(min(turn, 1 - turn) < 0.01, "phase \(phase.fraction)")
        #expect(abs(phase.illumination - place.lit) < 0.01, "lit \(phase.illumination)")
    }

    /// The rough moon that steps through a day stays within its stated error of the full one
    /// (every 7 hours over 2000-2100, so every phase, node and distance is met), and stepping
    /// with it finds moonrise and moonset at the same second as stepping with the full moon.
    @Test func theRoughMoonStaysWithinItsError() {
        var largest = 0.0
        for step in 0..<125_000 {
            let time = AstronomicalTime(Date(timeIntervalSince1970: 946_684_800 + Double(step) * 25_200))
            let rough = Moon.roughPosition(at: time), full = Moon.position(at: time)
            // The angle between the two places on the sky.
            let cosine = Angle.sin(rough.declination) * Angle.sin(full.declination)
                + Angle.cos(rough.declination) * Angle.cos(full.declination) * Angle.cos(rough.rightAscension - full.rightAscension)
            largest = max(largest, acos(min(1, cosine)) * 180 / .pi, abs(Moon.horizonAltitude(distance: rough.distance) - Moon.horizonAltitude(distance: full.distance)))
        }
        #expect(largest < Moon.roughError, "the rough moon strayed \(largest)°")
        for place in Self.cases {
            let start = Date(timeIntervalSince1970: place.start), end = start.addingTimeInterval(86_400)
            let stepped = Astronomy.moon(from: start, to: end, at: place.coordinate)
            let exact = RiseAndSet.find(from: start, to: end) { date in
                let time = AstronomicalTime(date)
                let position = Moon.position(at: time)
                return position.altitude(at: place.coordinate, siderealDegrees: time.siderealDegrees)
                    - Moon.horizonAltitude(distance: position.distance)
            }
            #expect(stepped == exact, "\(place.name)")
        }
    }

    /// A day with neither moonrise nor moonset says where the moon stayed (PyEphem: at Tromsø
    /// the moon never rises on 7 December 2026 and never sets on 17 January 2027; on
    /// 3 December 2026 it rises at 00:44 UTC and sets at 11:06).
    @Test func aDayWithoutMoonriseOrMoonsetSaysWhereTheMoonStayed() throws {
        let tromso = Coordinate(latitude: 69.65, longitude: 18.96)
        let forecast = Forecast(coordinate: tromso, timeZone: "Europe/Oslo", units: .si)
        #expect(forecast.moonStaysUp(forDayStartingAt: Date(timeIntervalSince1970: 1_796_598_000), at: tromso) == false)
        #expect(forecast.moonStaysUp(forDayStartingAt: Date(timeIntervalSince1970: 1_800_140_400), at: tromso) == true)
        #expect(forecast.moonStaysUp(forDayStartingAt: Date(timeIntervalSince1970: 1_796_252_400), at: tromso) == nil)
    }

    @Test func polarDaysSayWhereTheSunStayed() {
        let tromso = Coordinate(latitude: 69.6496, longitude: 18.956)
        let midsummer = Date(timeIntervalSince1970: 1_750_456_800), midwinter = Date(timeIntervalSince1970: 1_765_753_200)
        let day = Astronomy.sun(from: midsummer, to: midsummer.addingTimeInterval(86_400), at: tromso)
        #expect(day.rise == nil && day.set == nil && day.isUpAtStart)
        #expect(Astronomy.daylight(from: midsummer, to: midsummer.addingTimeInterval(86_400), at: tromso) == 86_400)
        let night = Astronomy.sun(from: midwinter, to: midwinter.addingTimeInterval(86_400), at: tromso)
        #expect(night.rise == nil && night.set == nil && !night.isUpAtStart)
        #expect(Astronomy.daylight(from: midwinter, to: midwinter.addingTimeInterval(86_400), at: tromso) == 0)
    }

    @Test func phaseNamesCentreOnTheirMoment() {
        #expect(MoonPhase.name(forFraction: 0.99) == .new)
        #expect(MoonPhase.name(forFraction: 0.04) == .new)
        #expect(MoonPhase.name(forFraction: 0.07) == .waxingCrescent)
        #expect(MoonPhase.name(forFraction: 0.25) == .firstQuarter)
        #expect(MoonPhase.name(forFraction: 0.5) == .full)
        #expect(MoonPhase.name(forFraction: 0.8) == .lastQuarter)
        #expect(MoonPhase.name(forFraction: 0.9) == .waningCrescent)
    }

    /// A fetched forecast gets each day's moon; the daylight change is today's less
    /// yesterday's (Berlin, the longest day: a few seconds either way).
    @Test func forecastDaysGetTheirMoonAndDaylight() throws {
        let berlin = Coordinate(latitude: 52.52, longitude: 13.405)
        var forecast = Forecast(coordinate: berlin, timeZone: "Europe/Berlin", units: .si)
        forecast.daily = [Forecast.Day(time: Date(timeIntervalSince1970: 1_743_289_200))]
        forecast.daily[0].sunrise = Date(timeIntervalSince1970: 1_743_309_909)
        forecast.daily[0].sunset = Date(timeIntervalSince1970: 1_743_356_247)
        let filled = forecast.withAstronomy(at: berlin)
        let day = filled.daily[0]
        #expect(abs(try #require(day.moonPhase) - 0.0385) < 0.01)
        #expect(abs(try #require(day.moonIllumination) - 0.0154) < 0.01)
        #expect(abs(try #require(day.moonrise).timeIntervalSince1970 - 1_743_310_548) <= 120)
        #expect(abs(try #require(day.moonset).timeIntervalSince1970 - 1_743_363_167) <= 120)
        // Rain's own sun, not the day's times sent (PyEphem's, here): within a minute each.
        #expect(abs(try #require(day.daylightSeconds) - 46_338) <= 120)
        // A server's rounded phase gives way to rain's, which agrees with the lit fraction
        // (Pirate Weather's 0.8 was named "last quarter" beside 28% lit).
        forecast.daily[0].moonPhase = 0.8
        #expect(forecast.withAstronomy(at: berlin).daily[0].moonPhase == day.moonPhase)
        // PyEphem: 246 s more than the 29th (sunset less sunrise, the same conventions).
        let change = try #require(forecast.daylightChange(forDayStartingAt: forecast.daily[0].time, at: berlin))
        #expect(abs(change - 246) < 10, "\(change)")
    }
}
