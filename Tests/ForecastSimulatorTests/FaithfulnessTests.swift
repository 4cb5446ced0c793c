import Foundation
import ForecastSimulator
import Testing

/// Issue 17, "Faithful to the real services": each test pins one behaviour the simulator copies
/// from a real server (the source file is named on the simulator's side), with a fixed clock.
@Suite struct FaithfulnessTests {
    /// 2026-10-22T10:00Z: Berlin is on CEST; DST ends on 2026-10-25.
    static let berlinDSTWeek = 1_792_663_200.0
    /// 2027-04-01T00:00Z: Sydney on AEDT; DST ends on 2027-04-04.
    static let sydneyAutumn = 1_806_537_600.0
    /// 2026-10-01T00:00Z: Sydney on AEST; DST starts on 2026-10-04.
    static let sydneySpring = 1_790_812_800.0
    /// 2026-12-20T12:00Z and 2027-06-20T12:00Z: Tromsø in polar night and polar day.
    static let december = 1_797_768_000.0
    static let june = 1_813_492_800.0
    static let tromso = (latitude: 69.65, longitude: 18.96)

    func openMeteo(_ now: Double, _ target: String) throws -> [String: Any] {
        let simulator = try startedSimulator(.init(now: now))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, target)
        #expect(response.status == 200, "\(target): \(response.text.prefix(200))")
        return try #require(response.jsonObject)
    }

    // MARK: - 1, 2: the fixed clock and Open-Meteo's time grid

    @Test func theFixedClockDrivesEveryDocument() throws {
        let simulator = try startedSimulator(.init(now: Self.berlinDSTWeek + 17))
        defer { simulator.stop() }
        let dark = try #require(try fetch(simulator.port, Place.path(Place.berlin)).jsonObject)
        #expect((dark["currently"] as? [String: Any])?["time"] as? Int == Int(Self.berlinDSTWeek) + 17)
        let meteo = try #require(try fetch(simulator.port, "/v1/forecast?latitude=52.52&longitude=13.41&current=temperature_2m&timeformat=unixtime").jsonObject)
        #expect((meteo["current"] as? [String: Any])?["time"] as? Int == Int(Self.berlinDSTWeek))
    }

    struct GridCase: Sendable, CustomTestStringConvertible {
        var name: String
        var now: Double
        var latitude: Double
        var longitude: Double
        var zone: String
        var offset: Int
        var testDescription: String { name }
    }

    /// One offset for the whole answer, the one in force now: across the DST change the days
    /// still start at the old offset's midnight (23:00 or 01:00 local after it).
    @Test(arguments: [
        GridCase(name: "Berlin, end of DST", now: berlinDSTWeek, latitude: 52.52, longitude: 13.41, zone: "Europe/Berlin", offset: 7200),
        GridCase(name: "Sydney, end of DST", now: sydneyAutumn, latitude: -33.87, longitude: 151.21, zone: "Australia/Sydney", offset: 39600),
        GridCase(name: "Sydney, start of DST", now: sydneySpring, latitude: -33.87, longitude: 151.21, zone: "Australia/Sydney", offset: 36000),
    ])
    func oneOffsetAcrossADSTChange(_ gridCase: GridCase) throws {
        let body = try openMeteo(gridCase.now, "/v1/forecast?latitude=\(gridCase.latitude)&longitude=\(gridCase.longitude)&hourly=temperature_2m&daily=temperature_2m_max&timezone=auto&timeformat=unixtime")
        #expect(body["timezone"] as? String == gridCase.zone)
        #expect(body["utc_offset_seconds"] as? Int == gridCase.offset)
        let days = try #require((body["daily"] as? [String: Any])?["time"] as? [Int])
        #expect(days.count == 7)
        #expect(days.allSatisfy { ($0 + gridCase.offset) % 86400 == 0 })
        #expect(zip(days, days.dropFirst()).allSatisfy { $1 - $0 == 86400 })
        #expect(days[0] <= Int(gridCase.now) && Int(gridCase.now) < days[0] + 86400)
        // After the change, a day's time is not the real local midnight.
        let zone = try #require(TimeZone(identifier: gridCase.zone))
        let last = Date(timeIntervalSince1970: Double(days[6]))
        let hourThere = Calendar.current.dateComponents(in: zone, from: last).hour
        #expect(hourThere == (gridCase.offset > zone.secondsFromGMT(for: last) ? 23 : 1))
        let hours = try #require((body["hourly"] as? [String: Any])?["time"] as? [Int])
        #expect(hours.count == 7 * 24)
        #expect(hours.first == days.first)
        #expect(zip(hours, hours.dropFirst()).allSatisfy { $1 - $0 == 3600 })
    }

    @Test func iso8601TimesUseTheOneOffsetToo() throws {
        let body = try openMeteo(Self.berlinDSTWeek, "/v1/forecast?latitude=52.52&longitude=13.41&hourly=temperature_2m&daily=sunrise&timezone=Europe/Berlin")
        let days = try #require((body["daily"] as? [String: Any])?["time"] as? [String])
        #expect(days == ["2026-10-22", "2026-10-23", "2026-10-24", "2026-10-25", "2026-10-26", "2026-10-27", "2026-10-28"])
        let hours = try #require((body["hourly"] as? [String: Any])?["time"] as? [String])
        // No repeated 02:00 on the 25th: the times are written with the one offset.
        #expect(Set(hours).count == 168)
        #expect(hours[72] == "2026-10-25T00:00" && hours[75] == "2026-10-25T03:00")
        let sunrise = try #require((body["daily"] as? [String: Any])?["sunrise"] as? [String])
        #expect(sunrise.allSatisfy { $0.hasPrefix("2026-10-") && $0.contains("T0") })
    }

    struct HalfHourCase: Sendable, CustomTestStringConvertible {
        var latitude: Double
        var longitude: Double
        var zone: String
        var offset: Int
        var testDescription: String { zone }
    }

    /// Hourly times on local whole hours; the data is read at UTC whole hours (offset floored
    /// to the hour), so the value shown for a local hour is the UTC hour's.
    @Test(arguments: [
        HalfHourCase(latitude: 28.61, longitude: 77.21, zone: "Asia/Kolkata", offset: 19800),
        HalfHourCase(latitude: 27.70, longitude: 85.32, zone: "Asia/Kathmandu", offset: 20700),
        HalfHourCase(latitude: -34.93, longitude: 138.6, zone: "Australia/Adelaide", offset: 37800),
    ])
    func halfHourZonesShowLocalHoursAndReadUTCHours(_ zoneCase: HalfHourCase) throws {
        let now = Self.berlinDSTWeek
        let place = "latitude=\(zoneCase.latitude)&longitude=\(zoneCase.longitude)"
        let local = try openMeteo(now, "/v1/forecast?\(place)&hourly=temperature_2m&current=temperature_2m&forecast_days=2&timezone=auto&timeformat=unixtime")
        #expect(local["timezone"] as? String == zoneCase.zone)
        #expect(local["utc_offset_seconds"] as? Int == zoneCase.offset)
        let hourly = try #require(local["hourly"] as? [String: Any])
        let times = try #require(hourly["time"] as? [Int])
        let floored = (zoneCase.offset / 3600) * 3600
        #expect(times.allSatisfy { ($0 + zoneCase.offset) % 3600 == 0 })
        let values = try #require(hourly["temperature_2m"] as? [Any])
        let utc = try openMeteo(now, "/v1/forecast?\(place)&hourly=temperature_2m&past_days=1&forecast_days=3&timeformat=unixtime")
        let utcTimes = try #require((utc["hourly"] as? [String: Any])?["time"] as? [Int])
        let utcValues = try #require((utc["hourly"] as? [String: Any])?["temperature_2m"] as? [Any])
        for (time, value) in zip(times, values).prefix(24) {
            let read = time + zoneCase.offset - floored
            let index = try #require(utcTimes.firstIndex(of: read))
            #expect((value as? Double) == (utcValues[index] as? Double))
        }
        // `current` is on the UTC quarter hour, not the local grid.
        let current = try #require(local["current"] as? [String: Any])
        #expect(current["time"] as? Int == Int(now))
        #expect(current["interval"] as? Int == 900)
    }

    // MARK: - sunrise and sunset

    @Test func polarNightAndDayOnOpenMeteo() throws {
        let query = "/v1/forecast?latitude=\(Self.tromso.latitude)&longitude=\(Self.tromso.longitude)&daily=sunrise,sunset,daylight_duration&timezone=auto&timeformat=unixtime&forecast_days=3"
        let night = try #require(try openMeteo(Self.december, query)["daily"] as? [String: Any])
        let nightDays = try #require(night["time"] as? [Int])
        #expect(night["sunrise"] as? [Int] == nightDays)
        #expect(night["sunset"] as? [Int] == nightDays)
        #expect((night["daylight_duration"] as? [Double])?.allSatisfy { $0 == 0 } == true)
        let day = try #require(try openMeteo(Self.june, query)["daily"] as? [String: Any])
        let dayDays = try #require(day["time"] as? [Int])
        #expect(day["sunrise"] as? [Int] == dayDays)
        #expect(day["sunset"] as? [Int] == dayDays.map { $0 + 86400 })
        #expect((day["daylight_duration"] as? [Double])?.allSatisfy { $0 == 86400 } == true)
        // An ordinary place: sunrise within its day, before sunset.
        let berlin = try #require(try openMeteo(Self.berlinDSTWeek, "/v1/forecast?latitude=52.52&longitude=13.41&daily=sunrise,sunset&timezone=auto&timeformat=unixtime")["daily"] as? [String: Any])
        for (time, (rise, set)) in zip(berlin["time"] as? [Int] ?? [], zip(berlin["sunrise"] as? [Int] ?? [], berlin["sunset"] as? [Int] ?? [])) {
            #expect(time < rise && rise < set && set < time + 86400)
        }
    }

    @Test(arguments: [(december, 86400 - 2, 86400 - 1), (june, 1, 86400 - 1)])
    func polarNightAndDayOnPirateWeather(_ now: Double, _ riseAfterMidnight: Int, _ setAfterMidnight: Int) throws {
        let simulator = try startedSimulator(.init(now: now))
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, Place.path(Self.tromso)).jsonObject)
        let days = try #require((body["daily"] as? [String: Any])?["data"] as? [[String: Any]])
        for day in days.prefix(3) {
            let time = try #require(day["time"] as? Int)
            #expect(day["sunriseTime"] as? Int == time + riseAfterMidnight)
            #expect(day["sunsetTime"] as? Int == time + setAfterMidnight)
        }
    }

    // MARK: - 3: preceding-interval sums

    /// A place whose rain starts B minutes after a whole UTC hour H: Open-Meteo's hourly value
    /// stamped H is dry (it is the hour before H), the one stamped H+1h is wet; minutely_15
    /// values become wet at the first stamp after the start; Dark Sky's hour H (the hour it
    /// starts) is wet.
    @Test func sumsDescribeThePrecedingInterval() throws {
        let place = try #require(Place.find { $0.hasNativeQuarterHours && ($0.minutesUntilPrecipitation ?? 0) >= 5 && ($0.minutesUntilPrecipitation ?? 60) <= 40 })
        let begins = try #require(ForecastSimulator.scenario(latitude: place.latitude, longitude: place.longitude).minutesUntilPrecipitation)
        let hour = Int(Self.berlinDSTWeek)
        let simulator = try startedSimulator(.init(now: Self.berlinDSTWeek))
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, "/v1/forecast?latitude=\(place.latitude)&longitude=\(place.longitude)&hourly=precipitation,rain,snowfall,precipitation_probability&minutely_15=precipitation,precipitation_probability&current=precipitation&timeformat=unixtime&forecast_days=2").jsonObject)
        let hourly = try #require(body["hourly"] as? [String: Any])
        let times = try #require(hourly["time"] as? [Int])
        let amounts = try #require(hourly["precipitation"] as? [Any]).map { $0 as? Double ?? -1 }
        let at = try #require(times.firstIndex(of: hour))
        #expect(amounts[at] == 0)
        #expect(amounts[at + 1] > 0)
        let probability = try #require(hourly["precipitation_probability"] as? [Any]).map { $0 as? Int ?? -1 }
        #expect(probability[at + 1] >= 70)
        let quarter = try #require(body["minutely_15"] as? [String: Any])
        let quarterTimes = try #require(quarter["time"] as? [Int])
        let quarterAmounts = try #require(quarter["precipitation"] as? [Double])
        #expect(quarterTimes.count == 3 * 96 || quarterTimes.count == 2 * 96)
        for (time, amount) in zip(quarterTimes, quarterAmounts) where time >= hour && time <= hour + 3600 {
            #expect((amount > 0) == (time > hour + begins * 60), "minutely_15 at +\((time - hour) / 60) min, rain from +\(begins) min")
        }
        let units = try #require(body["minutely_15_units"] as? [String: Any])
        #expect(units["precipitation"] as? String == "mm")
        #expect((body["current"] as? [String: Any])?["precipitation"] as? Double == 0)

        let dark = try #require(try fetch(simulator.port, Place.path(place)).jsonObject)
        let darkHours = try #require((dark["hourly"] as? [String: Any])?["data"] as? [[String: Any]])
        let first = try #require(darkHours.first { $0["time"] as? Int == hour })
        #expect((first["precipAccumulation"] as? Double ?? 0) > 0)
        // Outside HRRR's area Pirate Weather's minutes are interpolated between the hours
        // (`PirateWeatherMinutes`): from H's dry point towards the wet hour's, so wet from the
        // first minute after H, whenever in the hour the rain begins.
        let minutes = try #require((dark["minutely"] as? [String: Any])?["data"] as? [[String: Any]])
        #expect(minutes.firstIndex { ($0["precipIntensity"] as? Double ?? 0) > 0 } == 1, "rain from +\(begins) min")
    }

    @Test func dailySumsAndTheirUnits() throws {
        let query = "/v1/forecast?latitude=\(Self.tromso.latitude)&longitude=\(Self.tromso.longitude)&hourly=precipitation,snowfall&daily=precipitation_sum,rain_sum,showers_sum,snowfall_sum,precipitation_hours,daylight_duration&timezone=auto&timeformat=unixtime"
        let metric = try openMeteo(Self.december, query)
        let units = try #require(metric["daily_units"] as? [String: Any])
        #expect(units["snowfall_sum"] as? String == "cm")
        #expect(units["precipitation_sum"] as? String == "mm")
        #expect(units["daylight_duration"] as? String == "s")
        let daily = try #require(metric["daily"] as? [String: Any])
        let hourly = try #require(metric["hourly"] as? [String: Any])
        let hourlySums = try #require(hourly["precipitation"] as? [Any])
        let sums = try #require(daily["precipitation_sum"] as? [Double])
        // A day's sum is the sum of its 24 hourly values (the last hourly one is null).
        let firstDay = hourlySums.prefix(24).compactMap { $0 as? Double }.reduce(0, +)
        #expect(abs(sums[0] - firstDay) < 0.05)
        let imperial = try openMeteo(Self.december, query + "&precipitation_unit=inch")
        #expect((imperial["daily_units"] as? [String: Any])?["snowfall_sum"] as? String == "inch")
        #expect((imperial["hourly_units"] as? [String: Any])?["snowfall"] as? String == "inch")
    }

    // MARK: - 4: undefined units

    @Test(arguments: ["gem", "jma", "metno"])
    func modelEndpointsSendUndefinedAndNullsForWhatTheyLack(_ model: String) throws {
        let body = try openMeteo(Self.berlinDSTWeek, "/v1/\(model)?latitude=52.52&longitude=13.41&current=temperature_2m,visibility&hourly=temperature_2m,visibility&minutely_15=precipitation&daily=temperature_2m_max,uv_index_max&timeformat=unixtime")
        let units = try #require(body["hourly_units"] as? [String: Any])
        #expect(units["visibility"] as? String == "undefined")
        #expect(units["temperature_2m"] as? String == "°C")
        let hourly = try #require(body["hourly"] as? [String: Any])
        #expect((hourly["visibility"] as? [Any])?.allSatisfy { $0 is NSNull } == true)
        #expect((hourly["visibility"] as? [Any])?.count == (hourly["time"] as? [Any])?.count)
        #expect((body["daily_units"] as? [String: Any])?["uv_index_max"] as? String == "undefined")
        #expect((body["current_units"] as? [String: Any])?["visibility"] as? String == "undefined")
        #expect((body["current"] as? [String: Any])?["visibility"] is NSNull)
        // No 15-minute data: no minutely_15 section, `current` on the hour.
        #expect(body["minutely_15"] == nil)
        #expect((body["current"] as? [String: Any])?["interval"] as? Int == 3600)
        let full = try openMeteo(Self.berlinDSTWeek, "/v1/forecast?latitude=52.52&longitude=13.41&hourly=visibility&timeformat=unixtime")
        #expect((full["hourly_units"] as? [String: Any])?["visibility"] as? String == "m")
    }

    // MARK: - 5: errors

    @Test(arguments: [
        ("/v1/forecast?latitude=95&longitude=13.41", "Latitude must be in range of -90 to 90°. Given: 95.0."),
        ("/v1/forecast?latitude=52&longitude=-200", "Longitude must be in range of -180 to 180°. Given: -200.0."),
        ("/v1/forecast?latitude=52&longitude=13&forecast_days=40", "Forecast days is invalid. Allowed range 0 to 16. Given 16."),
        ("/v1/forecast?latitude=52&longitude=13&past_days=100", "Past days is invalid. Allowed range 0 to 93. Given 100."),
        // open-meteo/open-meteo ForecastapiController.swift, `case .ensemble`: forecastDaysMax = 36.
        ("/v1/ensemble?latitude=52&longitude=13&hourly=temperature_2m&models=icon_seamless&forecast_days=37",
         "Forecast days is invalid. Allowed range 0 to 36. Given 36."),
        ("/v1/forecast?latitude=52&longitude=13&timezone=Mars/Olympus", "Invalid timezone"),
        ("/v1/search?name=Berlin&count=0", "Parameter count must be between 1 and 100."),
    ])
    func openMeteoErrorsCarryTheServersReasons(_ target: String, _ reason: String) throws {
        let simulator = try startedSimulator(.init(now: Self.berlinDSTWeek))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, target)
        #expect(response.status == 400)
        #expect(response.jsonObject?["error"] as? Bool == true)
        #expect(response.jsonObject?["reason"] as? String == reason)
    }

    /// The Ensemble API's longest forecast is 36 days (`forecastDaysMax = 36`).
    @Test func theEnsembleAnswers36Days() throws {
        let simulator = try startedSimulator(.init(now: Self.berlinDSTWeek))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, "/v1/ensemble?latitude=52&longitude=13&hourly=temperature_2m&models=gfs_seamless&forecast_days=36")
        #expect(response.status == 200, "\(response.jsonObject ?? [:])")
        let times = try #require((response.jsonObject?["hourly"] as? [String: Any])?["time"] as? [Any])
        #expect(times.count == 36 * 24)
    }

    @Test func openMeteo429HasNoRetryAfter() throws {
        let simulator = try startedSimulator(.init(behaviour: .status(429, retryAfter: 30)))
        defer { simulator.stop() }
        for target in ["/v1/forecast?latitude=52.52&longitude=13.41", "/v1/search?name=Berlin"] {
            let response = try fetch(simulator.port, target)
            #expect(response.status == 429)
            #expect(response.headers["retry-after"] == nil)
            #expect(response.headers["ratelimit-limit"] == nil)
            #expect(response.jsonObject?["reason"] as? String == "Minutely API request limit exceeded. Please try again in one minute.")
        }
        #expect(try fetch(simulator.port, Place.path(Place.berlin)).headers["retry-after"] == "30")
    }

    // MARK: - 6: stand-in zones

    @Test(arguments: [
        (31.69, -106.42, "America/Mexico_City", -21600),
        (43.24, 76.89, "Asia/Qyzylorda", 18000),
        (50.45, 30.52, "Europe/Kyiv", 10800),
    ])
    func autoTimeZonesUseTheServersStandIns(_ latitude: Double, _ longitude: Double, _ zone: String, _ offset: Int) throws {
        let body = try openMeteo(Self.berlinDSTWeek, "/v1/forecast?latitude=\(latitude)&longitude=\(longitude)&daily=temperature_2m_max&timezone=auto&timeformat=unixtime")
        #expect(body["timezone"] as? String == zone)
        #expect(body["utc_offset_seconds"] as? Int == offset)
    }

    /// Svalbard's own zone (tzdata links it to Europe/Berlin's rules), not a zone by longitude.
    @Test func svalbardIsArcticLongyearbyen() throws {
        let path = "&daily=temperature_2m_max&timezone=auto&timeformat=unixtime"
        let svalbard = try openMeteo(Self.berlinDSTWeek, "/v1/forecast?latitude=78.22&longitude=15.65" + path)
        let berlin = try openMeteo(Self.berlinDSTWeek, "/v1/forecast?latitude=52.52&longitude=13.41" + path)
        #expect(svalbard["timezone"] as? String == "Arctic/Longyearbyen")
        #expect(svalbard["utc_offset_seconds"] as? Int == berlin["utc_offset_seconds"] as? Int)
    }

    @Test func theGeocoderAndPirateWeatherSendTheTrueZone() throws {
        let simulator = try startedSimulator(.init(now: Self.berlinDSTWeek))
        defer { simulator.stop() }
        let results = try #require(try fetch(simulator.port, "/v1/search?name=Ciudad%20Ju").jsonObject?["results"] as? [[String: Any]])
        #expect(results.first?["timezone"] as? String == "America/Ciudad_Juarez")
        let dark = try #require(try fetch(simulator.port, Place.path((latitude: 31.69, longitude: -106.42))).jsonObject)
        #expect(dark["timezone"] as? String == "America/Ciudad_Juarez")
    }

    // MARK: - 7: the geocoder

    @Test func geocoderLeavesOutZeroFields() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        func first(_ name: String) throws -> [String: Any] {
            let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            return try #require((try fetch(simulator.port, "/v1/search?name=\(encoded)").jsonObject?["results"] as? [[String: Any]])?.first)
        }
        let null = try first("Null Island Buoy")
        #expect(null["latitude"] == nil && null["longitude"] == nil && null["elevation"] == nil)
        #expect(null["population"] == nil && null["country_code"] == nil && null["country"] == nil)
        #expect(null["id"] is Int && null["name"] is String && null["timezone"] is String)
        let equator = try first("Equator Test Village")
        #expect(equator["latitude"] == nil && equator["longitude"] is Double && equator["population"] == nil)
        let meridian = try first("Meridian Test Hamlet")
        #expect(meridian["latitude"] is Double && meridian["longitude"] == nil)
        let berlin = try first("Berlin")
        #expect(berlin["population"] as? Int == 3426354)
        #expect(berlin["admin2_id"] == nil && berlin["admin2"] == nil)
        // Proto field order: id, name, latitude, longitude, elevation, feature_code,
        // country_code, admin ids, timezone, population, postcodes, country_id, country, admin1.
        let text = try fetch(simulator.port, "/v1/search?name=Berlin&count=1").text
        let order = ["\"id\"", "\"name\"", "\"latitude\"", "\"longitude\"", "\"elevation\"", "\"feature_code\"", "\"country_code\"",
                     "\"admin1_id\"", "\"timezone\"", "\"population\"", "\"postcodes\"", "\"country_id\"", "\"country\"", "\"admin1\""]
        let positions = order.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count && positions == positions.sorted())
    }

    @Test(arguments: [
        ("Paris", 1, "US", [String]()),
        ("Paris", 2, "US", ["US"]),
        ("Paris", 10, "us", [String]()),
        ("Berlin", 1, "US", [String]()),
        ("Springfield", 2, "US", ["US", "US"]),
    ])
    func countryFilterAppliesAfterCount(_ name: String, _ count: Int, _ country: String, _ expected: [String]) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, "/v1/search?name=\(name)&count=\(count)&countryCode=\(country)").jsonObject)
        let results = body["results"] as? [[String: Any]]
        #expect(results?.compactMap { $0["country_code"] as? String } ?? [] == expected)
        if expected.isEmpty { #expect(body["results"] == nil) }
    }

    @Test(arguments: [
        ("Munich", "de", "München", "Deutschland"),
        ("München", "de", "München", "Deutschland"),
        ("Munich", "en", "Munich", "Germany"),
        ("Munich", "DE", "Munich", "Germany"),
        ("Munich", "xx", "Munich", "Germany"),
        ("Cologne", "de", "Köln", "Deutschland"),
        ("Tokyo", "ja", "東京", "日本"),
    ])
    func languagePicksTranslatedNames(_ query: String, _ language: String, _ name: String, _ country: String) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let result = try #require((try fetch(simulator.port, "/v1/search?name=\(encoded)&language=\(language)").jsonObject?["results"] as? [[String: Any]])?.first)
        #expect(result["name"] as? String == name)
        #expect(result["country"] as? String == country)
    }

    @Test func aTranslatedNameIsOnlyFoundInItsLanguage() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        #expect(try fetch(simulator.port, "/v1/search?name=M%C3%BCnchen&language=en").jsonObject?["results"] == nil)
    }

    /// An alternate name without a language ("Lodz": "Ł" folds to no "L") is in the main index,
    /// so it is found in every language, and the answer names the place as it is.
    @Test(arguments: ["en", "de", "pl", "ja"])
    func anAlternateNameWithoutALanguageIsFoundInEveryLanguage(_ language: String) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        for query in ["Lodz", "lod"] {
            let results = try #require(try fetch(simulator.port, "/v1/search?name=\(query)&language=\(language)").jsonObject?["results"] as? [[String: Any]])
            #expect(results.map { $0["name"] as? String } == ["Łódź"], "\(query) \(language)")
        }
    }

    // MARK: - 8: echoip

    @Test(arguments: [
        ("", ["ip", "ip_decimal", "country", "country_iso", "country_eu", "region_name", "region_code", "city", "latitude", "longitude", "time_zone", "asn", "asn_org"]),
        ("?ip=192.0.2.1", ["ip", "ip_decimal", "country_eu"]),
        ("?ip=198.51.100.7", ["ip", "ip_decimal", "country", "country_iso", "country_eu"]),
        ("?ip=203.0.113.5", ["ip", "ip_decimal", "country", "country_iso", "country_eu", "region_name", "city", "longitude", "time_zone"]),
    ])
    func echoipLeavesOutWhatItDoesNotKnow(_ query: String, _ keys: [String]) throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, "/json" + query).jsonObject)
        #expect(body.keys.sorted() == keys.sorted())
    }

    @Test func echoipReportsTheUserAgentAndRefusesBadAddresses() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, "/json", headers: [("User-Agent", "rain/1.2 (linux)")]).jsonObject)
        let agent = try #require(body["user_agent"] as? [String: Any])
        #expect(agent["product"] as? String == "rain" && agent["version"] as? String == "1.2" && agent["comment"] as? String == "(linux)")
        let bad = try fetch(simulator.port, "/json?ip=nonsense")
        #expect(bad.status == 400)
        #expect(bad.jsonObject?["error"] as? String == "could not parse IP: nonsense")
    }

    // MARK: - 9: Pirate Weather's daily fields

    @Test func pirateWeatherDailyFieldsHaveTheirRealMeanings() throws {
        let simulator = try startedSimulator(.init(now: Self.berlinDSTWeek))
        defer { simulator.stop() }
        let plain = try #require(try fetch(simulator.port, Place.path(Place.berlin)).jsonObject)
        let plainDay = try #require(((plain["daily"] as? [String: Any])?["data"] as? [[String: Any]])?.first)
        #expect(plainDay["liquidAccumulation"] == nil)
        let body = try #require(try fetch(simulator.port, Place.path(Place.berlin, query: "units=si&version=2")).jsonObject)
        let days = try #require((body["daily"] as? [String: Any])?["data"] as? [[String: Any]])
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        for day in days {
            let total = try #require(day["precipAccumulation"] as? Double)
            let parts = ["liquidAccumulation", "snowAccumulation", "iceAccumulation"].compactMap { day[$0] as? Double }
            #expect(parts.count == 3)
            #expect(abs(parts.reduce(0, +) - total) < 0.001)
            let high = try #require(day["temperatureHigh"] as? Double)
            let max = try #require(day["temperatureMax"] as? Double)
            let low = try #require(day["temperatureLow"] as? Double)
            #expect(high <= max)
            let highTime = try #require(day["temperatureHighTime"] as? Int)
            let lowTime = try #require(day["temperatureLowTime"] as? Int)
            let highHour = Calendar.current.dateComponents(in: berlin, from: Date(timeIntervalSince1970: Double(highTime))).hour ?? -1
            let lowHour = Calendar.current.dateComponents(in: berlin, from: Date(timeIntervalSince1970: Double(lowTime))).hour ?? -1
            #expect((7...18).contains(highHour))
            #expect(lowHour >= 19 || lowHour <= 6)
            #expect(lowTime > (day["time"] as? Int ?? 0) + 18 * 3600 - 3600)
            _ = low
        }
    }
}
