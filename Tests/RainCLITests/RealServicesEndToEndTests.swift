import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// The real binary against the simulator where it copies what the real servers do (issue 17),
/// with a fixed clock for both (the simulator's `now`, faketime for rain): Open-Meteo's
/// fixed-offset day grid across both changes of the clocks in both hemispheres and in a
/// half-hour zone, quarter hours of the next hour, a model without some variables, stand-in
/// zones and polar night; Pirate Weather's header route; the geocoder's and echoip's omissions.
@Suite struct RealServicesEndToEndTests {
    /// Time enough for the simulator to compute a week of quarter hours while other suites run.
    private static let patient = #"{"timeout_seconds": 30}"#

    private static func date(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        return formatter.date(from: text)!
    }

    private func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    /// Saves a place at coordinates (no lookup) as the current one.
    private func save(_ world: ForecastWorld, _ name: String, _ latitude: Double, _ longitude: Double) async throws {
        let added = try await world.keylessRain(["locations", "add", name, "--lat", String(latitude), "--lon", String(longitude), "--select"])
        #expect(added.status == 0, "\(added)")
    }

    /// The `daily[].time` of `rain show --json`, and the local date each stands for.
    private func days(_ document: [String: Any]) throws -> [(time: Date, date: DateComponents)] {
        let name = try #require(document["timezone"] as? String)
        let zone = try #require(TimeZone(identifier: name))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let daily = try #require(document["daily"] as? [[String: Any]])
        return try daily.map { day in
            let time = Self.date(try #require(day["time"] as? String))
            return (time, calendar.dateComponents([.year, .month, .day, .hour, .minute], from: time))
        }
    }

    struct Week: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var latitude: Double, longitude: Double
        var now: String
        var zone: String
        /// The day labels `rain show` gives the week, today first.
        var labels: [String]
    }

    @Test(arguments: [
        Week(testDescription: "Berlin, the clocks go back on Sun 25 Oct", latitude: 52.52, longitude: 13.405,
             now: "2026-10-22T10:00:00Z", zone: "Europe/Berlin",
             labels: ["Today", "Fri 23", "Sat 24", "Sun 25", "Mon 26", "Tue 27", "Wed 28"]),
        Week(testDescription: "Berlin, the clocks go forward on Sun 28 Mar", latitude: 52.52, longitude: 13.405,
             now: "2027-03-25T10:00:00Z", zone: "Europe/Berlin",
             labels: ["Today", "Fri 26", "Sat 27", "Sun 28", "Mon 29", "Tue 30", "Wed 31"]),
        Week(testDescription: "Sydney, the clocks go forward on Sun 4 Oct", latitude: -33.87, longitude: 151.21,
             now: "2026-10-01T02:00:00Z", zone: "Australia/Sydney",
             labels: ["Today", "Fri 2", "Sat 3", "Sun 4", "Mon 5", "Tue 6", "Wed 7"]),
        Week(testDescription: "Sydney, the clocks go back on Sun 4 Apr", latitude: -33.87, longitude: 151.21,
             now: "2027-04-01T02:00:00Z", zone: "Australia/Sydney",
             labels: ["Today", "Fri 2", "Sat 3", "Sun 4", "Mon 5", "Tue 6", "Wed 7"]),
        Week(testDescription: "Mumbai, a half-hour zone", latitude: 19.07, longitude: 72.88,
             now: "2026-12-03T06:00:00Z", zone: "Asia/Kolkata",
             labels: ["Today", "Fri 4", "Sat 5", "Sun 6", "Mon 7", "Tue 8", "Wed 9"]),
        Week(testDescription: "Kathmandu, a zone of +5:45", latitude: 27.7, longitude: 85.32,
             now: "2026-12-03T06:00:00Z", zone: "Asia/Kathmandu",
             labels: ["Today", "Fri 4", "Sat 5", "Sun 6", "Mon 7", "Tue 8", "Wed 9"]),
    ])
    func everyDayOfAWeekIsItsOwnDate(_ week: Week) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.patient, now: Self.date(week.now))
            try await save(world, "Here", week.latitude, week.longitude)
            let refreshed = try await world.keylessRain(["refresh"])
            #expect(refreshed.status == 0, "\(refreshed)")

            let document = try json(try await world.keylessRain(["show", "--json"]).output)
            #expect(document["timezone"] as? String == week.zone)
            let days = try days(document)
            #expect(days.count == 8, "\(days)")
            for (index, day) in days.enumerated() {
                #expect(day.date.hour == 0 && day.date.minute == 0, "day \(index) starts at local midnight: \(day)")
                if index > 0 {
                    var calendar = Calendar(identifier: .gregorian)
                    calendar.timeZone = TimeZone(identifier: week.zone)!
                    #expect(calendar.dateComponents([.day], from: days[index - 1].time, to: day.time).day == 1, "consecutive dates")
                }
            }

            let shown = try await world.keylessRain(["show"], environment: ["COLUMNS": "100"])
            #expect(shown.status == 0, "\(shown)")
            let labels = shown.output.split(separator: "\n").compactMap { line -> String? in
                let text = line.trimmingCharacters(in: .whitespaces)
                return week.labels.first { text.hasPrefix($0 + " ") }
            }
            #expect(labels == week.labels, "\(shown.output)")
        }
    }

    @Test func theNextHourComesInQuarterHoursAndTheHoursHoldTheirOwnRain() async throws {
        // A place where the simulator's rain starts a known number of minutes from now.
        let now = Self.date("2026-12-03T10:07:00Z")
        let place = try #require((0..<400).lazy.map { step -> (Double, Double) in (45 + Double(step) * 0.013, 8.0) }
            .first { ForecastSimulator.scenario(latitude: $0.0, longitude: $0.1).minutesUntilPrecipitation.map { $0 >= 20 } == true })
        let minutes = try #require(ForecastSimulator.scenario(latitude: place.0, longitude: place.1).minutesUntilPrecipitation)
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: now)
            try await save(world, "Wet", place.0, place.1)
            #expect(try await world.keylessRain(["refresh"]).status == 0)
            let request = try #require(world.simulator.requests.last)
            #expect(request.queryValue("minutely_15") == "precipitation,rain,snowfall")

            let document = try json(try await world.keylessRain(["show", "--json"]).output)
            let steps = try #require((document["next_hour"] as? [String: Any])?["minutes"] as? [[String: Any]])
            let times = steps.compactMap { ($0["time"] as? String).map(Self.date) }
            #expect(zip(times, times.dropFirst()).allSatisfy { $1.timeIntervalSince($0) == 900 }, "quarter hours: \(times)")
            let start = now.addingTimeInterval(Double(minutes) * 60)
            // The first wet quarter hour is the one the rain starts in, stamped at its start.
            let firstWet = try #require(steps.first { ($0["precip_intensity"] as? Double ?? 0) > 0 })
            let wetTime = try #require(firstWet["time"] as? String)
            let wetStart = Self.date(wetTime)
            #expect(wetStart <= start && start < wetStart.addingTimeInterval(900), "rain at \(start), first wet step \(wetStart)")

            // The first wet hour is the hour the rain starts in, not the one after it.
            let hourly = try #require(document["hourly"] as? [[String: Any]])
            let wetHour = try #require(hourly.first { ($0["precip_intensity"] as? Double ?? 0) > 0 })
            let hourTime = try #require(wetHour["time"] as? String)
            let hourStart = Self.date(hourTime)
            #expect(hourStart <= start && start < hourStart.addingTimeInterval(3600), "rain at \(start), first wet hour \(hourStart)")

            let shown = try await world.keylessRain(["show"], environment: ["COLUMNS": "80"])
            #expect(shown.output.contains("rain starting in "), "Open-Meteo's next hour is told: \(shown.output)")
        }
    }

    @Test func aHalfHourZoneGetsAWholeNextHour() async throws {
        // In +5:30 the server's quarter hours start 30 minutes before now (getTimerange2).
        let now = Self.date("2026-12-03T06:07:00Z")
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.patient, now: now)
            try await save(world, "Mumbai", 19.07, 72.88)
            #expect(try await world.keylessRain(["refresh"]).status == 0)
            let document = try json(try await world.keylessRain(["show", "--json"]).output)
            let steps = try #require((document["next_hour"] as? [String: Any])?["minutes"] as? [[String: Any]])
            let times = steps.compactMap { ($0["time"] as? String).map(Self.date) }
            let first = try #require(times.first), last = try #require(times.last)
            #expect(first <= now && last.addingTimeInterval(900) >= now.addingTimeInterval(3600), "\(times)")
        }
    }

    @Test func aModelWithoutVisibilityIsStillAForecast() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.patient, now: Self.date("2026-12-03T10:00:00Z"))
            let gem = ["RAIN_OPENMETEO_URL": world.simulator.rootURL + "/v1/gem"]
            let refreshed = try await world.keylessRain(["refresh"], environment: gem)
            #expect(refreshed.status == 0, "\(refreshed)")
            let document = try json(try await world.keylessRain(["show", "--json"], environment: gem).output)
            let current = try #require(document["current"] as? [String: Any])
            #expect(current["visibility"] == nil && current["temperature"] is Double, "\(current)")
        }
    }

    @Test(arguments: [("2026-12-15T10:00:00Z", "night"), ("2027-06-21T10:00:00Z", "day")])
    func polarNightAndDayHaveNoSunriseAndSaySo(_ now: String, _ polar: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.patient, now: Self.date(now))
            try await save(world, "Tromsø", 69.65, 18.96)
            for environment in [[:], ["RAIN_API_KEY": ForecastWorld.apiKey]] {
                let refreshed = try await world.keylessRain(["refresh"], environment: environment)
                #expect(refreshed.status == 0, "\(refreshed)")
                let document = try json(try await world.keylessRain(["show", "--json"], environment: environment).output)
                let daily = try #require(document["daily"] as? [[String: Any]])
            let today = try #require(daily.first)
                #expect(today["polar"] as? String == polar && today["sunrise"] == nil && today["sunset"] == nil,
                        "\(document["source"] ?? ""): \(today)")
            }
        }
    }

    @Test func aStandInZoneIsReplacedByThePlacesOwn() async throws {
        // Open-Meteo answers Ciudad Juárez with America/Mexico_City, an hour off in winter.
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.patient, now: Self.date("2026-12-03T18:00:00Z"))
            let added = try await world.keylessRain(["locations", "add", "Ciudad Juárez", "--pick", "1", "--select"])
            #expect(added.status == 0, "\(added)")
            #expect(try await world.keylessRain(["refresh"]).status == 0)
            #expect(world.simulator.requests.contains { $0.path == "/v1/forecast" })
            let document = try json(try await world.keylessRain(["show", "--json"]).output)
            #expect(document["timezone"] as? String == "America/Ciudad_Juarez")
            let days = try days(document)
            #expect(days.first?.date.day == 3 && days.allSatisfy { $0.date.hour == 0 }, "\(days)")
        }
    }

    @Test func bothProvidersDaysMeanTheCalendarDay() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: Self.patient, now: Self.date("2026-12-03T10:00:00Z"))
            var lows: [[Double]] = []
            for environment in [[:], ["RAIN_API_KEY": ForecastWorld.apiKey]] {
                #expect(try await world.keylessRain(["refresh"], environment: environment).status == 0)
                let document = try json(try await world.keylessRain(["show", "--json"], environment: environment).output)
                let daily = try #require(document["daily"] as? [[String: Any]])
                lows.append(daily.prefix(3).compactMap { $0["temperature_low"] as? Double })
            }
            // One weather model behind both; Open-Meteo rounds to tenths, Pirate Weather to hundredths.
            #expect(lows[0].count == 3 && zip(lows[0], lows[1]).allSatisfy { abs($0 - $1) <= 0.05 }, "calendar-day minimum from both: \(lows)")
        }
    }

    @Test func withTheKeyInAHeaderThePathKeepsAPlaceholder() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"api_key_in": "header", "timeout_seconds": 2}"#)
            let refreshed = try await world.rain(["refresh"])
            #expect(refreshed.status == 0, "\(refreshed)")
            let request = try #require(world.simulator.requests.first)
            #expect(request.path == "/forecast/header/52.52,13.405" && request.header("apikey") == ForecastWorld.apiKey)
            #expect(!request.path.contains(ForecastWorld.apiKey))
        }
    }

    @Test func theGeocodersOmissionsAndItsLateCountryFilter() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let buoy = try await world.keylessRain(["locations", "add", "Null Island Buoy", "--pick", "1"])
            #expect(buoy.status == 0, "a place at 0,0 has no coordinates in the answer: \(buoy)")
            #expect(buoy.output.contains("(0.00, 0.00)"), "\(buoy)")

            let german = try await world.keylessRain(["locations", "add", "Berlin", "--country", "US", "--pick", "1"])
            #expect(german.status == 0, "\(german)")
            let search = try #require(world.simulator.requests.last { $0.path == "/v1/search" })
            #expect(search.queryValue("count") == "100" && search.queryValue("countryCode") == "US")
            #expect(german.output.contains("New Hampshire"), "\(german)")
        }
    }

    @Test func theGeocoderIsAskedInTheLocalesLanguage() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let added = try await world.keylessRain(["locations", "add", "Munich", "--pick", "1"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(added.status == 0, "\(added)")
            let search = try #require(world.simulator.requests.last { $0.path == "/v1/search" })
            #expect(search.queryValue("language") == "de")
            let english = try await world.keylessRain(["locations", "add", "Munich", "--pick", "1"], environment: ["LANG": "C.UTF-8"])
            #expect(english.status == 0, "\(english)")
            #expect(world.simulator.requests.last { $0.path == "/v1/search" }?.queryValue("language") == "en")
        }
    }

    @Test func anAddressWithoutALocationIsOneClearLine() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let unknown = try await world.keylessRain(["locations", "add", "--here"],
                                                      environment: ["RAIN_IP_LOCATION_URL": world.simulator.rootURL + "/json?ip=192.0.2.1"])
            #expect(unknown.status == 69, "\(unknown)")
            #expect(unknown.error.contains("cannot locate this machine"), "\(unknown)")
            #expect(unknown.error.contains("rain: hint: use a name, or --lat and --lon"), "\(unknown)")
        }
    }
}
