import ForecastSimulator
import Foundation
import Testing

/// Open-Meteo's `daily.sunrise`/`sunset` as the real server computes them
/// (open-meteo/open-meteo `Sources/App/Helper/Solar/SunRiseSet.swift`: the sun at 12:00 less
/// the longitude's hours after 00:00 UTC of the local date): within two minutes of PyEphem
/// (`scripts/astronomy-reference.py --sun`) where the zone is near its longitude's hour, and a
/// day late where it is far ahead of it (Samoa, Tonga, Kiritimati, Chatham), as the real server is;
/// and the Dark Sky route's, each day's own.
@Suite struct ServerSunTests {
    struct Place: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var latitude: Double, longitude: Double
        var zone: String
        /// The simulator's clock: the morning of the local day the reference is for.
        var now: Double
        /// PyEphem's sunrise and sunset that day, seconds since 1970.
        var rise: Double, set: Double
        /// How far ahead the server's sun is: 0, or a day at the date line.
        var late: Double
    }

    @Test(arguments: [
        Place(testDescription: "Apia, a day late", latitude: -13.8333, longitude: -171.7667, zone: "Pacific/Apia",
              now: 1_796_500_000, rise: 1_796_489_440, set: 1_796_535_907, late: 86_400),
        Place(testDescription: "Nuku'alofa, a day late", latitude: -21.1393, longitude: -175.2049, zone: "Pacific/Tongatapu",
              now: 1_796_500_000, rise: 1_796_489_450, set: 1_796_537_551, late: 86_400),
        Place(testDescription: "Kiritimati, a day late", latitude: 1.87, longitude: -157.43, zone: "Pacific/Kiritimati",
              now: 1_796_500_000, rise: 1_796_487_592, set: 1_796_530_867, late: 86_400),
        Place(testDescription: "Chatham, a day late", latitude: -43.9535, longitude: -176.5597, zone: "Pacific/Chatham",
              now: 1_796_500_000, rise: 1_796_486_258, set: 1_796_541_409, late: 86_400),
        Place(testDescription: "Reykjavik in December", latitude: 64.1466, longitude: -21.9426, zone: "Atlantic/Reykjavik",
              now: 1_797_850_000, rise: 1_797_852_136, set: 1_797_866_967, late: 0),
        Place(testDescription: "Berlin the day the clocks go forward", latitude: 52.52, longitude: 13.405, zone: "Europe/Berlin",
              now: 1_774_760_000, rise: 1_774_759_684, set: 1_774_805_716, late: 0),
        Place(testDescription: "Quito", latitude: -0.1807, longitude: -78.4678, zone: "America/Guayaquil",
              now: 1_790_170_000, rise: 1_790_161_376, set: 1_790_204_964, late: 0),
    ])
    func theServersSunIsTheRealServers(_ place: Place) throws {
        let simulator = try startedSimulator(.init(now: place.now))
        defer { simulator.stop() }
        let zone = place.zone == "America/Guayaquil" ? "America/Guayaquil" : "auto"
        let response = try fetch(simulator.port, "/v1/forecast?latitude=\(place.latitude)&longitude=\(place.longitude)"
            + "&daily=sunrise,sunset&timezone=\(zone)&timeformat=unixtime&forecast_days=2")
        let body = try #require(response.jsonObject, "\(response.text.prefix(200))")
        #expect(body["timezone"] as? String == place.zone)
        let daily = try #require(body["daily"] as? [String: Any])
        let rise = try #require((daily["sunrise"] as? [Int])?.first), set = try #require((daily["sunset"] as? [Int])?.first)
        // Two minutes: the server takes the sun's declination at midday, not at the rising.
        #expect(abs(Double(rise) - place.rise - place.late) <= 120, "sunrise \(rise)")
        #expect(abs(Double(set) - place.set - place.late) <= 120, "sunset \(set)")
    }

    /// The Dark Sky route's `sunriseTime`/`sunsetTime` are an almanac's: the day's own, within
    /// two minutes of PyEphem, at the date line and at 64° north alike.
    @Test(arguments: [
        Place(testDescription: "Apia", latitude: -13.8333, longitude: -171.7667, zone: "Pacific/Apia",
              now: 1_796_500_000, rise: 1_796_489_440, set: 1_796_535_907, late: 0),
        Place(testDescription: "Reykjavik in December", latitude: 64.1466, longitude: -21.9426, zone: "Atlantic/Reykjavik",
              now: 1_797_850_000, rise: 1_797_852_136, set: 1_797_866_967, late: 0),
        Place(testDescription: "Berlin the day the clocks go forward", latitude: 52.52, longitude: 13.405, zone: "Europe/Berlin",
              now: 1_774_760_000, rise: 1_774_759_684, set: 1_774_805_716, late: 0),
    ])
    func theDarkSkyRoutesSunIsTheDays(_ place: Place) throws {
        let simulator = try startedSimulator(.init(now: place.now))
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, "/forecast/test-key/\(place.latitude),\(place.longitude)?units=si").jsonObject)
        #expect(body["timezone"] as? String == place.zone)
        let day = try #require(((body["daily"] as? [String: Any])?["data"] as? [[String: Any]])?.first)
        let rise = try #require(day["sunriseTime"] as? Int), set = try #require(day["sunsetTime"] as? Int)
        #expect(abs(Double(rise) - place.rise) <= 120, "sunrise \(rise)")
        #expect(abs(Double(set) - place.set) <= 120, "sunset \(set)")
    }
}
