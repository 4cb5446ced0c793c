import Foundation
import ForecastSimulator
import Testing

@Suite struct ForecastDocumentTests {
    static let icons: Set<String> = [
        "clear-day", "clear-night", "rain", "snow", "sleet", "wind", "fog", "cloudy",
        "partly-cloudy-day", "partly-cloudy-night", "thunderstorm",
    ]

    @Test func normalAnswerHasEveryBlockWithTheProviderCounts() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let response = try fetch(simulator.port, Place.path(Place.berlin))
        #expect(response.status == 200)
        #expect(response.headers["content-type"] == "application/json")
        let document = try #require(response.jsonObject)
        for block in ["currently", "minutely", "hourly", "daily", "alerts", "flags"] {
            #expect(document[block] != nil, "missing \(block)")
        }
        #expect((document["minutely"] as? [String: Any])?["data"].flatMap { $0 as? [Any] }?.count == 61)
        #expect((document["hourly"] as? [String: Any])?["data"].flatMap { $0 as? [Any] }?.count == 48)
        #expect((document["daily"] as? [String: Any])?["data"].flatMap { $0 as? [Any] }?.count == 8)
        #expect(document["timezone"] as? String == "Europe/Berlin")
        #expect(document["latitude"] as? Double == 52.52)
        #expect(document["longitude"] as? Double == 13.405)
        let flags = try #require(document["flags"] as? [String: Any])
        #expect(flags["units"] as? String == "si")
    }

    @Test func currentlyIsFresh() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let before = Int(Date().timeIntervalSince1970)
        let document = try #require(try fetch(simulator.port, Place.path(Place.berlin)).jsonObject)
        let after = Int(Date().timeIntervalSince1970)
        let time = try #require((document["currently"] as? [String: Any])?["time"] as? Int)
        #expect((before...after).contains(time))
        let hourly = try #require((document["hourly"] as? [String: Any])?["data"] as? [[String: Any]])
        let firstHour = try #require(hourly.first?["time"] as? Int)
        #expect(firstHour <= time && time < firstHour + 3600)
        let minutely = try #require((document["minutely"] as? [String: Any])?["data"] as? [[String: Any]])
        let times = minutely.compactMap { $0["time"] as? Int }
        #expect(times.count == 61)
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 == 60 })
    }

    @Test func sameCoordinatesGiveTheSameWeather() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let first = try #require(try fetch(simulator.port, Place.path(Place.berlin)).jsonObject)
        let second = try #require(try fetch(simulator.port, Place.path(Place.berlin)).jsonObject)
        for key in ["latitude", "longitude", "timezone", "elevation"] {
            #expect((first[key] as? NSObject) == (second[key] as? NSObject), "\(key) differs")
        }
        // Points for the same hour or day are equal (the clock may have moved between requests).
        for block in ["hourly", "daily"] {
            let a = try #require((first[block] as? [String: Any])?["data"] as? [[String: Any]])
            let b = try #require((second[block] as? [String: Any])?["data"] as? [[String: Any]])
            let byTime = Dictionary(b.map { ($0["time"] as! Int, $0 as NSDictionary) }, uniquingKeysWith: { x, _ in x })
            var compared = 0
            for point in a {
                guard let other = byTime[point["time"] as! Int] else { continue }
                #expect(other == point as NSDictionary, "\(block) point at \(point["time"]!) differs")
                compared += 1
            }
            #expect(compared >= (block == "hourly" ? 47 : 7))
        }
        let tokyo = try #require(try fetch(simulator.port, Place.path(Place.tokyo)).jsonObject)
        #expect(tokyo["timezone"] as? String == "Asia/Tokyo")
        let berlinHours = (first["hourly"] as? [String: Any])?["data"] as? [[String: Any]]
        let tokyoHours = (tokyo["hourly"] as? [String: Any])?["data"] as? [[String: Any]]
        #expect(berlinHours?.map { $0["temperature"] as? Double } != tokyoHours?.map { $0["temperature"] as? Double })
    }

    struct Zone: Sendable, CustomTestStringConvertible {
        var latitude: Double
        var longitude: Double
        var zone: String
        var testDescription: String { "\(latitude),\(longitude) -> \(zone)" }
    }

    @Test(arguments: [
        Zone(latitude: 52.52, longitude: 13.405, zone: "Europe/Berlin"),
        Zone(latitude: 51.5074, longitude: -0.1278, zone: "Europe/London"),
        Zone(latitude: 40.7128, longitude: -74.006, zone: "America/New_York"),
        Zone(latitude: 34.0522, longitude: -118.2437, zone: "America/Los_Angeles"),
        Zone(latitude: 35.6762, longitude: 139.6503, zone: "Asia/Tokyo"),
        Zone(latitude: -33.8688, longitude: 151.2093, zone: "Australia/Sydney"),
        Zone(latitude: 28.6139, longitude: 77.209, zone: "Asia/Kolkata"),
        Zone(latitude: 0, longitude: -150, zone: "Etc/GMT+10"),
        Zone(latitude: -60, longitude: 75, zone: "Etc/GMT-5"),
    ])
    func timeZoneComesFromTheCoordinates(_ expected: Zone) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let document = try #require(try fetch(simulator.port, Place.path((expected.latitude, expected.longitude))).jsonObject)
        #expect(document["timezone"] as? String == expected.zone)
        let offset = try #require(document["offset"] as? Double)
        let zone = try #require(TimeZone(identifier: expected.zone))
        #expect(offset == Double(zone.secondsFromGMT()) / 3600)
        #expect(ForecastSimulator.scenario(latitude: expected.latitude, longitude: expected.longitude).timeZone == expected.zone)
    }

    @Test(arguments: ["Asia/Tokyo", "Asia/Kolkata"])
    func daysStartAtLocalMidnight(_ zoneName: String) throws {
        let place = zoneName == "Asia/Tokyo" ? Place.tokyo : (latitude: 28.6139, longitude: 77.209)
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let document = try #require(try fetch(simulator.port, Place.path(place)).jsonObject)
        let days = try #require((document["daily"] as? [String: Any])?["data"] as? [[String: Any]])
        let zone = try #require(TimeZone(identifier: zoneName))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        for day in days {
            let time = try #require(day["time"] as? Int)
            let date = Date(timeIntervalSince1970: Double(time))
            #expect(calendar.startOfDay(for: date) == date)
            let sunrise = try #require(day["sunriseTime"] as? Int)
            let sunset = try #require(day["sunsetTime"] as? Int)
            #expect(time < sunrise && sunrise < sunset && sunset < time + 86400)
        }
        let today = calendar.startOfDay(for: Date()).timeIntervalSince1970
        #expect(abs(Double(days[0]["time"] as? Int ?? 0) - today) <= 86400)
    }

    @Test(arguments: [
        (52.52, 13.405), (40.7128, -74.006), (-33.8688, 151.2093), (64.1466, -21.9426),
        (0.0, 0.0), (-89.9, 0.0), (89.9, 179.9), (-45.0, -180.0), (25.2048, 55.2708),
    ])
    func valuesArePlausibleEverywhere(_ latitude: Double, _ longitude: Double) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let document = try #require(try fetch(simulator.port, Place.path((latitude, longitude), query: "units=si&extend=hourly")).jsonObject)
        let currently = try #require(document["currently"] as? [String: Any])
        let hourly = try #require((document["hourly"] as? [String: Any])?["data"] as? [[String: Any]])
        let daily = try #require((document["daily"] as? [String: Any])?["data"] as? [[String: Any]])
        #expect(hourly.count == 168)
        for point in [currently] + hourly {
            let temperature = try #require(point["temperature"] as? Double)
            #expect((-50.0...50.0).contains(temperature))
            #expect((0.0...1.0).contains(try #require(point["precipProbability"] as? Double)))
            #expect((0.0...1.0).contains(try #require(point["humidity"] as? Double)))
            #expect((0.0...1.0).contains(try #require(point["cloudCover"] as? Double)))
            #expect((0..<360).contains(try #require(point["windBearing"] as? Int)))
            #expect((0.0...60.0).contains(try #require(point["windSpeed"] as? Double)))
            #expect((try #require(point["windGust"] as? Double)) >= (try #require(point["windSpeed"] as? Double)))
            #expect((0.0...20.0).contains(try #require(point["uvIndex"] as? Double)))
            #expect((900.0...1100.0).contains(try #require(point["pressure"] as? Double)))
            #expect(try #require(point["precipIntensity"] as? Double) >= 0)
            #expect(Self.icons.contains(try #require(point["icon"] as? String)))
            #expect(!(try #require(point["summary"] as? String)).isEmpty)
            #expect(["none", "rain", "snow", "sleet"].contains(try #require(point["precipType"] as? String)))
        }
        for day in daily {
            let high = try #require(day["temperatureHigh"] as? Double)
            let minimum = try #require(day["temperatureMin"] as? Double)
            let maximum = try #require(day["temperatureMax"] as? Double)
            #expect(minimum <= maximum && high <= maximum)
            #expect(Self.icons.contains(try #require(day["icon"] as? String)))
            #expect((0.0..<1.0).contains(try #require(day["moonPhase"] as? Double)))
        }
    }

    struct UnitCase: Sendable, CustomTestStringConvertible {
        var units: String
        var temperature: @Sendable (Double) -> Double
        var speed: @Sendable (Double) -> Double
        var testDescription: String { units }
    }

    @Test(arguments: [
        UnitCase(units: "si", temperature: { $0 }, speed: { $0 }),
        UnitCase(units: "us", temperature: { $0 * 9 / 5 + 32 }, speed: { $0 * 2.236936 }),
        UnitCase(units: "ca", temperature: { $0 }, speed: { $0 * 3.6 }),
        UnitCase(units: "uk", temperature: { $0 }, speed: { $0 * 2.236936 }),
    ])
    func unitsAreHonoured(_ unitCase: UnitCase) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let si = try #require(try fetch(simulator.port, Place.path(Place.berlin, query: "units=si")).jsonObject)
        let other = try #require(try fetch(simulator.port, Place.path(Place.berlin, query: "units=\(unitCase.units)")).jsonObject)
        #expect((other["flags"] as? [String: Any])?["units"] as? String == unitCase.units)
        let siDays = try #require((si["daily"] as? [String: Any])?["data"] as? [[String: Any]])
        let otherDays = try #require((other["daily"] as? [String: Any])?["data"] as? [[String: Any]])
        let siDay = try #require(siDays.last)
        let otherDay = try #require(otherDays.first { ($0["time"] as? Int) == (siDay["time"] as? Int) })
        let siHigh = try #require(siDay["temperatureHigh"] as? Double)
        let otherHigh = try #require(otherDay["temperatureHigh"] as? Double)
        #expect(abs(unitCase.temperature(siHigh) - otherHigh) < 0.05)
        let siWind = try #require(siDay["windSpeed"] as? Double)
        let otherWind = try #require(otherDay["windSpeed"] as? Double)
        #expect(abs(unitCase.speed(siWind) - otherWind) < 0.05)
    }

    /// Pirate-Weather/pirate-weather-code API/request/preprocess.py, _setup_units: missing and
    /// unknown units are `us` (no error); only the first two letters count (`uk2` is `uk`).
    @Test(arguments: [("", "us"), ("units=metric", "us"), ("units=SI", "us"), ("units=uk2", "uk"), ("units=ca", "ca")])
    func missingOrUnknownUnitsMeanUS(_ query: String, _ expected: String) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let response = try fetch(simulator.port, Place.path(Place.berlin, query: query))
        #expect(response.status == 200)
        #expect((response.jsonObject?["flags"] as? [String: Any])?["units"] as? String == expected)
    }

    @Test func excludeAndExtendShapeTheDocument() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let document = try #require(try fetch(simulator.port, Place.path(Place.berlin, query: "units=si&exclude=minutely,alerts,flags&extend=hourly")).jsonObject)
        #expect(document["minutely"] == nil)
        #expect(document["alerts"] == nil)
        #expect(document["flags"] == nil)
        #expect(document["currently"] != nil)
        #expect((document["hourly"] as? [String: Any])?["data"].flatMap { $0 as? [Any] }?.count == 168)
    }

    /// In HRRR's area, where the minutes are a model's own (elsewhere they are interpolated:
    /// `PirateWeatherMinutesTests`).
    @Test func somePlacesHaveRainStartingWithinTheHour() throws {
        let place = try #require(Place.find(from: Place.hrrrCorner) { $0.minutesUntilPrecipitation != nil })
        let minutes = try #require(ForecastSimulator.scenario(latitude: place.latitude, longitude: place.longitude).minutesUntilPrecipitation)
        #expect((5...50).contains(minutes))
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let document = try #require(try fetch(simulator.port, Place.path(place)).jsonObject)
        let minutely = try #require(document["minutely"] as? [String: Any])
        let data = try #require(minutely["data"] as? [[String: Any]])
        let intensities = data.compactMap { $0["precipIntensity"] as? Double }
        #expect(intensities.firstIndex { $0 > 0 } == minutes)
        #expect(intensities[minutes...].allSatisfy { $0 > 0 })
        let summary = try #require(minutely["summary"] as? String)
        #expect(summary.hasPrefix("Light ") && summary.hasSuffix(" starting in \(minutes) min."))
        let currently = try #require(document["currently"] as? [String: Any])
        #expect(currently["precipIntensity"] as? Double == 0)
    }

    @Test func somePlacesHaveRainStoppingAndSomeStayTheSame() throws {
        let stopping = try #require(Place.find(from: Place.hrrrCorner) { $0.minutesUntilPrecipitationStops != nil })
        let steady = try #require(Place.find(from: Place.hrrrCorner) { $0.minutesUntilPrecipitation == nil && $0.minutesUntilPrecipitationStops == nil })
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let minutes = try #require(ForecastSimulator.scenario(latitude: stopping.latitude, longitude: stopping.longitude).minutesUntilPrecipitationStops)
        let stoppingDocument = try #require(try fetch(simulator.port, Place.path(stopping)).jsonObject)
        let data = try #require((stoppingDocument["minutely"] as? [String: Any])?["data"] as? [[String: Any]])
        #expect(data.compactMap { $0["precipIntensity"] as? Double }.firstIndex { $0 == 0 } == minutes)
        let steadyDocument = try #require(try fetch(simulator.port, Place.path(steady)).jsonObject)
        let summary = try #require((steadyDocument["minutely"] as? [String: Any])?["summary"] as? String)
        #expect(summary.hasSuffix(" for the hour."))
    }

    @Test func alertsFollowTheScenario() throws {
        let withAlert = try #require(Place.find { $0.hasAlert })
        let without = try #require(Place.find { !$0.hasAlert })
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let alerts = try #require(try fetch(simulator.port, Place.path(withAlert)).jsonObject?["alerts"] as? [[String: Any]])
        #expect(alerts.count == 1)
        let alert = try #require(alerts.first)
        #expect(!(try #require(alert["title"] as? String)).isEmpty)
        #expect(try #require(alert["expires"] as? Int) > (try #require(alert["time"] as? Int)))
        #expect((alert["regions"] as? [String])?.isEmpty == false)
        #expect(["Minor", "Moderate", "Severe"].contains(alert["severity"] as? String ?? ""))
        let none = try #require(try fetch(simulator.port, Place.path(without)).jsonObject?["alerts"] as? [Any])
        #expect(none.isEmpty)
    }
}

/// pirate-weather-code `API/api_utils.py`, `_downgrade_precip`: "ice" and "mixed" only with
/// `version=2`; an older version gets "sleet" for them.
@Suite struct PirateWeatherPrecipTypeTests {
    @Test func iceAndMixedOnlyWithVersion2() throws {
        let now = 1_768_382_400.0  // 2026-01-14 09:20 UTC
        var found: (Double, Double)?
        for index in 0..<400 where found == nil {
            let place = (52 + Double(index % 20) * 0.7, 5 + Double(index / 20) * 1.3)
            let types = ForecastSimulator.pirateWeatherPrecipTypes(latitude: place.0, longitude: place.1, now: now)
            if types.hourly.contains(where: { $0.type == "ice" }) && types.daily.contains(where: { $0.type == "mixed" }) { found = place }
        }
        let place = try #require(found)
        let simulator = try startedSimulator(.init(now: now))
        defer { simulator.stop() }
        for version in [1, 2] {
            let body = try fetch(simulator.port, Place.path((place.0, place.1), query: "units=si&version=\(version)")).body
            let text = String(decoding: body, as: UTF8.self)
            #expect(text.contains(#""precipType":"ice""#) == (version == 2) && text.contains(#""precipType":"mixed""#) == (version == 2),
                    "version \(version)")
        }
    }
}
