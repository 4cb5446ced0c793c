import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// A calendar day's sun as rain shows it (`Astronomy.daySun`, filled by `Forecast.withAstronomy`):
/// sunrise, sunset and civil dawn and dusk against PyEphem 4.2.1, run outside the tests by
/// `scripts/astronomy-reference.py --sun` (its output pasted below): the zones far from their
/// meridian (Apia and Nuku'alofa at UTC+13, Kiritimati at +14, Chatham at +12:45 and +13:45),
/// Reykjavik's white night and dark midwinter, Tromsø's midnight sun and polar night (with
/// its noon twilight) and the days either side of them (a day of 22 minutes, a sunset a minute
/// before midnight), Berlin the day before, of and after the clocks go forward, the equator.
@Suite struct SunTests {
    struct SunCase: Sendable, CustomTestStringConvertible {
        let name: String
        let coordinate: Coordinate
        let zone: String
        let start: TimeInterval
        /// Sunrise, sunset, dawn, dusk (seconds since 1970), nil where there is none that day.
        let times: [TimeInterval?]
        var testDescription: String { name }

        init(_ name: String, _ latitude: Double, _ longitude: Double, _ zone: String, _ start: TimeInterval, times: [TimeInterval?]) {
            self.name = name
            coordinate = Coordinate(latitude: latitude, longitude: longitude)
            self.zone = zone
            self.start = start
            self.times = times
        }
    }

    static let cases: [SunCase] = [
    SunCase("apia 2026-06-15", -13.8333, -171.7667, "Pacific/Apia", 1781434800, times: [1781459281, 1781500013, 1781457891, 1781501403]),
    SunCase("apia 2026-12-06", -13.8333, -171.7667, "Pacific/Apia", 1796468400, times: [1796489440, 1796535907, 1796488042, 1796537306]),
    SunCase("nukualofa 2026-12-06", -21.1393, -175.2049, "Pacific/Tongatapu", 1796468400, times: [1796489450, 1796537551, 1796487976, 1796539026]),
    SunCase("kiritimati 2026-03-20", 1.87, -157.43, "Pacific/Kiritimati", 1773914400, times: [1773938047, 1773981633, 1773936807, 1773982873]),
    SunCase("kiritimati 2026-12-06", 1.87, -157.43, "Pacific/Kiritimati", 1796464800, times: [1796487592, 1796530867, 1796486251, 1796532208]),
    SunCase("chatham 2026-04-05", -43.9535, -176.5597, "Pacific/Chatham", 1775297700, times: [1775326040, 1775367004, 1775324309, 1775368732]),
    SunCase("chatham 2026-12-06", -43.9535, -176.5597, "Pacific/Chatham", 1796465700, times: [1796486258, 1796541409, 1796484127, 1796543546]),
    SunCase("reykjavik 2026-06-21", 64.1466, -21.9426, "Atlantic/Reykjavik", 1782000000, times: [1782010519, 1782086631, nil, nil]),
    SunCase("reykjavik 2026-12-21", 64.1466, -21.9426, "Atlantic/Reykjavik", 1797811200, times: [1797852136, 1797866967, 1797847381, 1797871722]),
    SunCase("tromso 2026-05-16", 69.6496, 18.956, "Europe/Oslo", 1778882400, times: [1778887921, 1778968951, nil, nil]),
    SunCase("tromso 2026-05-17", 69.6496, 18.956, "Europe/Oslo", 1778968800, times: [1778973461, 1779056853, nil, nil]),
    SunCase("tromso 2026-06-21", 69.6496, 18.956, "Europe/Oslo", 1781992800, times: [nil, nil, nil, nil]),
    SunCase("tromso 2026-07-26", 69.6496, 18.956, "Europe/Oslo", 1785016800, times: [1785020760, 1785103975, nil, nil]),
    SunCase("tromso 2026-07-27", 69.6496, 18.956, "Europe/Oslo", 1785103200, times: [1785108566, 1785189531, nil, nil]),
    SunCase("tromso 2026-11-26", 69.6496, 18.956, "Europe/Oslo", 1795647600, times: [1795687016, 1795691112, 1795678356, 1795699770]),
    SunCase("tromso 2026-11-27", 69.6496, 18.956, "Europe/Oslo", 1795734000, times: [1795774823, 1795776145, 1795764964, 1795786001]),
    SunCase("tromso 2026-12-21", 69.6496, 18.956, "Europe/Oslo", 1797807600, times: [nil, nil, 1797841876, 1797857589]),
    SunCase("tromso 2027-01-15", 69.6496, 18.956, "Europe/Oslo", 1799967600, times: [1800009276, 1800011586, 1799999869, 1800020995]),
    SunCase("tromso 2027-01-16", 69.6496, 18.956, "Europe/Oslo", 1800054000, times: [1800094583, 1800099122, 1800086100, 1800107608]),
    SunCase("berlin 2026-03-28", 52.52, 13.405, "Europe/Berlin", 1774652400, times: [1774673425, 1774719211, 1774671362, 1774721283]),
    SunCase("berlin 2026-03-29", 52.52, 13.405, "Europe/Berlin", 1774738800, times: [1774759684, 1774805716, 1774757617, 1774807792]),
    SunCase("berlin 2026-03-30", 52.52, 13.405, "Europe/Berlin", 1774821600, times: [1774845943, 1774892221, 1774843871, 1774894302]),
    SunCase("quito 2026-09-23", -0.1807, -78.4678, "America/Guayaquil", 1790139600, times: [1790161376, 1790204964, 1790160136, 1790206204]),
    ]

    /// Each day as a fetched forecast holds it: whatever the provider sent (here, the next
    /// day's times, as Open-Meteo's server sends them at the date line) gives way to rain's,
    /// within a minute of PyEphem's; a day without sunrise or sunset says which polar day it is.
    @Test(arguments: cases)
    func theDaysSunAgreesWithPyEphem(_ place: SunCase) throws {
        let zone = try #require(ZoneInfo.named(place.zone))
        let (start, _) = Forecast.span(ofDayStartingAt: Date(timeIntervalSince1970: place.start + 7_200), in: zone)
        #expect(start.timeIntervalSince1970 == place.start)
        var forecast = Forecast(coordinate: place.coordinate, timeZone: place.zone, units: .si)
        var sent = Forecast.Day(time: start)
        sent.sunrise = place.times[0].map { Date(timeIntervalSince1970: $0 + 86_400) }
        sent.sunset = place.times[1].map { Date(timeIntervalSince1970: $0 + 86_400) }
        sent.polar = place.times[0] == nil && place.times[1] == nil ? nil : .night
        forecast.daily = [sent]
        let day = try #require(forecast.withAstronomy(at: place.coordinate).daily.first)
        #expect(AstronomyTests.agrees(day.sunrise, place.times[0], within: 60), "sunrise \(String(describing: day.sunrise))")
        #expect(AstronomyTests.agrees(day.sunset, place.times[1], within: 60), "sunset \(String(describing: day.sunset))")
        #expect(AstronomyTests.agrees(day.dawn, place.times[2], within: 60), "dawn \(String(describing: day.dawn))")
        #expect(AstronomyTests.agrees(day.dusk, place.times[3], within: 60), "dusk \(String(describing: day.dusk))")
        if place.times[0] == nil && place.times[1] == nil {
            // Tromsø's: June's midnight sun, December's polar night (with twilight at noon).
            #expect(day.polar == (place.name.hasSuffix("-06-21") ? .day : .night))
        } else {
            #expect(day.polar == nil)
        }
    }

    /// Dawn and dusk go into the cache and `--json` and come back as they were.
    @Test func dawnAndDuskComeBackFromTheCache() throws {
        var cached = try ForecastFixtures.berlinCached()
        cached.forecast = cached.forecast.withAstronomy(at: cached.location.coordinate)
        #expect(!cached.forecast.daily.isEmpty && cached.forecast.daily.allSatisfy { $0.dawn != nil && $0.dusk != nil })
        let text = String(decoding: ForecastDocument.bytes(of: cached, compactly: false), as: UTF8.self)
        #expect(text.contains("\"dawn\": ") && text.contains("\"dusk\": "))
        let read = try ForecastCache.decode(ForecastDocument.bytes(of: cached, compactly: true), path: "x")
        #expect(read.forecast.daily.map(\.dawn) == cached.forecast.daily.map(\.dawn))
        #expect(read.forecast.daily.map(\.dusk) == cached.forecast.daily.map(\.dusk))
    }
}
