import Foundation
@testable import RainKit
import RainTestSupport
import Testing

@Suite struct OpenMeteoDecoderTests {
    let decoder = OpenMeteoDecoder()

    /// The shared fixture is in km/h, rain's `ca` units.
    private func berlin() throws -> Forecast {
        try decoder.decode(ForecastFixtures.openMeteoBerlinBody(), units: .ca)
    }

    private func body(_ text: String) -> Data { Data(text.utf8) }

    @Test func mapsTheSharedFixture() throws {
        let forecast = try berlin()
        #expect(forecast.timeZone == "Europe/Berlin")
        #expect(forecast.coordinate == Coordinate(latitude: 52.52, longitude: 13.419998))
        #expect(forecast.units == .ca)

        let current = try #require(forecast.current)
        #expect(current.time == Date(timeIntervalSince1970: 1_787_229_000))
        #expect(current.summary == "Partly Cloudy" && current.icon == "partly-cloudy-day")
        #expect(current.temperature == 24.3 && current.apparentTemperature == 24.9)
        #expect(current.humidity == 0.53 && current.cloudCover == 0.46)
        #expect(current.windSpeed == 14.0 && current.windGust == 28.1 && current.windBearing == 250)
        #expect(current.pressure == 1014.6)
        #expect(current.precipIntensity == 0 && current.precipType == nil)
        #expect(current.uvIndex == nil && current.visibility == nil, "not in the answer: missing, not 0")

        #expect(forecast.nextHour == nil && forecast.alerts.isEmpty && forecast.hourlySummary == nil)
        #expect(forecast.hourly.map(\.time) == [1_787_227_200, 1_787_230_800, 1_787_234_400].map { Date(timeIntervalSince1970: $0) })
        #expect(forecast.hourly.map(\.temperature) == [23.8, 25.1, 24.6])
        #expect(forecast.hourly.map(\.precipProbability) == [0.21, 0.48, nil], "each chance is of the hour before its time")
        #expect(forecast.hourly[1].summary == "Overcast" && forecast.hourly[1].icon == "cloudy")
        #expect(forecast.hourly[2].summary == nil && forecast.hourly[2].icon == nil, "a null weather code is no summary")
        #expect(forecast.hourly[2].temperature == 24.6, "one null leaves the rest of the hour")

        #expect(forecast.daily.count == 2)
        let today = forecast.daily[0]
        #expect(today.time == Date(timeIntervalSince1970: 1_787_176_800))
        #expect(today.summary == "Thunderstorm" && today.icon == "thunderstorm" && today.precipType == "rain")
        #expect(today.temperatureHigh == 25.3 && today.temperatureLow == 15.1)
        #expect(today.precipProbability == 0.72 && today.windSpeed == 18.7)
        #expect(today.precipAccumulation.map { ($0 * 100).rounded() / 100 } == 0.74, "7.4 mm is kept as 0.74 cm, as the Dark Sky family sends it")
        #expect(today.sunrise == nil && today.sunset == nil, "the day's sun is rain's own (Forecast.withAstronomy), not read")
    }

    @Test func nullsAreMissingValuesNeverZero() throws {
        let forecast = try decoder.decode(body("""
        {"latitude":1,"longitude":2,"timezone":"UTC","current":{"time":1787229000,"temperature_2m":null,"weather_code":null,"relative_humidity_2m":null},
         "hourly":{"time":[1787227200],"temperature_2m":[null],"precipitation":[null]},
         "daily":{"time":[1787176800],"temperature_2m_max":[null],"sunrise":[null]}}
        """), units: .si)
        #expect(forecast.current?.temperature == nil && forecast.current?.summary == nil && forecast.current?.humidity == nil)
        #expect(forecast.hourly[0].temperature == nil && forecast.hourly[0].precipIntensity == nil)
        #expect(forecast.daily[0].temperatureHigh == nil)
    }

    @Test func amountsBecomeWhatTheModelHolds() throws {
        let forecast = try decoder.decode(body("""
        {"latitude":1,"longitude":2,"timezone":"UTC",
         "current_units":{"precipitation":"inch","visibility":"ft","temperature_2m":"°F","wind_speed_10m":"mp/h"},
         "current":{"time":1787229000,"interval":900,"precipitation":0.05,"visibility":5280,"temperature_2m":50,"wind_speed_10m":10,"is_day":0,"weather_code":0},
         "daily_units":{"precipitation_sum":"inch"},"daily":{"time":[1787176800],"precipitation_sum":[1.5]}}
        """), units: .us)
        let current = try #require(forecast.current)
        #expect(current.precipIntensity == 0.2, "0.05 in over 15 minutes is 0.2 in/h")
        #expect(current.visibility.map { ($0 * 1000).rounded() / 1000 } == 1, "5280 ft is a mile")
        #expect(current.icon == "clear-night")
        #expect(forecast.daily[0].precipAccumulation == 1.5, "inches stay inches for us")
    }

    /// Each hour's gust (`wind_gusts_10m`), in the wind unit: the server stamps an hour's
    /// strongest gust at the hour's end, so it belongs to the hour before its time; the last
    /// hour has none; a model without gusts (JMA) leaves none.
    @Test func hoursCarryTheirGusts() throws {
        let forecast = try decoder.decode(body("""
        {"latitude":1,"longitude":2,"timezone":"UTC",
         "hourly_units":{"time":"unixtime","wind_speed_10m":"mp/h","wind_gusts_10m":"mp/h"},
         "hourly":{"time":[1787227200,1787230800,1787234400],"wind_speed_10m":[8.1,9.4,9.9],"wind_gusts_10m":[12.5,17.9,null]}}
        """), units: .us)
        #expect(forecast.hourly.map(\.windGust) == [17.9, nil, nil])
        let without = try decoder.decode(body("""
        {"latitude":1,"longitude":2,"timezone":"UTC","hourly":{"time":[1787227200],"wind_speed_10m":[3]}}
        """), units: .si)
        #expect(without.hourly.map(\.windGust) == [nil])
    }

    /// Quarter hours four equal to an hour (open-meteo's `backwardsSum` outside the 15-minute
    /// models' areas) know only the hour; unequal ones are a model's own; dry ones say nothing.
    @Test(arguments: [
        ("[0,0,0,0.3,0.3,0.3,0.3,0,0]", "hour"),
        ("[0,0,0,0.1,0.3,0.2,0.3,0,0]", nil),
        ("[0.3,0.3,0.3,0.3,0.3,0.3,0.3,0.1,0]", nil),
        ("[0,0,0,0,0,0,0,0,0]", nil),
    ] as [(String, String?)])
    func quarterHoursKnowTheHourWhenEachHourIsEven(_ amounts: String, _ precision: String?) throws {
        // Stamped at their ends, 09:30Z to 11:30Z on 2026-12-03: the hour from 10:00Z is the fourth to seventh.
        let forecast = try decoder.decode(body("""
        {"latitude":1,"longitude":2,"timezone":"UTC","utc_offset_seconds":0,
         "minutely_15_units":{"time":"unixtime","precipitation":"mm"},
         "minutely_15":{"time":[1796290200,1796291100,1796292000,1796292900,1796293800,1796294700,1796295600,1796296500,1796297400],
         "precipitation":\(amounts)}}
        """), units: .si)
        #expect(forecast.nextHour?.precision?.rawValue == precision)
    }

    /// An hour of 0.1 mm spread by `backwardsSum` is four quarters of 0.025 mm, rounded to 0.0:
    /// the quarters take the hour's 0.1 mm/h rather than read as dry (and know only the hour);
    /// a dry hour's quarters stay dry.
    @Test(arguments: [(0.1, 0.1, "hour"), (0.0, 0.0, nil)] as [(Double, Double, String?)])
    func aDrizzleHourIsNotReadAsDryQuarters(_ hourly: Double, _ quarter: Double, _ precision: String?) throws {
        let forecast = try decoder.decode(body("""
        {"latitude":1,"longitude":2,"timezone":"UTC","utc_offset_seconds":0,
         "minutely_15_units":{"time":"unixtime","precipitation":"mm"},
         "minutely_15":{"time":[1796290200,1796291100,1796292000,1796292900,1796293800,1796294700,1796295600,1796296500,1796297400],
         "precipitation":[0,0,0,0,0,0,0,0,0]},
         "hourly_units":{"time":"unixtime","precipitation":"mm"},
         "hourly":{"time":[1796292000,1796295600,1796299200],"precipitation":[0,\(hourly),0]}}
        """), units: .si)
        let steps = try #require(forecast.nextHour?.minutes)
        #expect(steps.map(\.precipIntensity) == [0, 0, 0, quarter, quarter, quarter, quarter, 0, 0])
        #expect(forecast.nextHour?.precision?.rawValue == precision)
    }

    struct Broken: Sendable, CustomTestStringConvertible {
        var name: String
        var json: String
        var units: UnitSystem = .si
        var reason: String
        var path: String?
        var testDescription: String { name }
    }

    @Test(arguments: [
        Broken(name: "error body", json: #"{"error": true, "reason": "Latitude must be in range of -90 to 90°."}"#,
               reason: "the API answered with an error: Latitude must be in range of -90 to 90°.", path: nil),
        Broken(name: "no time zone", json: #"{"latitude":1,"longitude":2}"#, reason: "missing \"timezone\"", path: nil),
        Broken(name: "a string for a number", json: #"{"latitude":1,"longitude":2,"timezone":"UTC","current":{"time":1,"temperature_2m":"warm"}}"#,
               reason: "expected a number, found a string", path: "current.temperature_2m"),
        Broken(name: "a short column", json: #"{"latitude":1,"longitude":2,"timezone":"UTC","hourly":{"time":[1,2],"temperature_2m":[3]}}"#,
               reason: "expected 2 values (one per time), found 1", path: "hourly.temperature_2m"),
        Broken(name: "other units", json: #"{"latitude":1,"longitude":2,"timezone":"UTC","current_units":{"temperature_2m":"°F"},"current":{"time":1,"temperature_2m":70}}"#,
               reason: "expected values in °C, found \"°F\"", path: "current_units.temperature_2m"),
        Broken(name: "a missing time", json: #"{"latitude":1,"longitude":2,"timezone":"UTC","daily":{"time":[null]}}"#,
               reason: "missing time", path: "daily.time[0]"),
        Broken(name: "a string in a column", json: #"{"latitude":1,"longitude":2,"timezone":"UTC","hourly":{"time":[1,2],"temperature_2m":[3,"x"]}}"#,
               reason: "expected a number, found a string", path: "hourly.temperature_2m[1]"),
        Broken(name: "a huge number in a column", json: #"{"latitude":1,"longitude":2,"timezone":"UTC","hourly":{"time":[1],"uv_index":[1e13]}}"#,
               reason: "10000000000000.0 is out of range", path: "hourly.uv_index[0]"),
        Broken(name: "a time before 1970", json: #"{"latitude":1,"longitude":2,"timezone":"UTC","daily":{"time":[1,-5]}}"#,
               reason: "expected a unix time in seconds, found -5.0", path: "daily.time[1]"),
        Broken(name: "a column that is not a list", json: #"{"latitude":1,"longitude":2,"timezone":"UTC","hourly":{"time":[1],"temperature_2m":3}}"#,
               reason: "expected an array, found a number", path: "hourly.temperature_2m"),
        Broken(name: "not an object", json: "[1, 2]", reason: "expected an object at the top level, found an array", path: nil),
    ])
    func aBrokenAnswerNamesTheField(_ broken: Broken) {
        #expect(throws: ForecastError.unusableBody(reason: broken.reason, path: broken.path)) {
            try decoder.decode(body(broken.json), units: broken.units)
        }
    }

    @Test(arguments: [
        (0.0, "Clear", "clear-day", nil), (3, "Overcast", "cloudy", nil), (45, "Fog", "fog", nil),
        (55, "Heavy Drizzle", "rain", "rain"), (67, "Freezing Rain", "sleet", "freezing_rain"),
        (56, "Light Freezing Drizzle", "sleet", "freezing_rain"), (75, "Heavy Snow", "snow", "snow"),
        (82, "Violent Rain Showers", "rain", "rain"), (99, "Thunderstorm with Heavy Hail", "thunderstorm", "hail"),
    ] as [(Double, String, String, String?)])
    func weatherCodesBecomeSummariesAndIcons(_ code: Double, _ summary: String, _ icon: String, _ type: String?) throws {
        let weather = try #require(WeatherCode(code))
        #expect(weather.summary == summary && weather.icon(isDay: true) == icon && weather.precipType == type)
    }

    @Test func unknownWeatherCodesAreNoGuess() {
        #expect(WeatherCode(4) == nil && WeatherCode(100) == nil && WeatherCode(2.5) == nil && WeatherCode(-1) == nil)
    }

    @Test func theRequestAsksForTheUnitsAndTheLocalTimeZone() throws {
        let endpoint = ForecastEndpoint(openMeteoURL: "https://api.open-meteo.com/v1/forecast",
                                        coordinate: Coordinate(latitude: -33.87, longitude: 151.2), units: .us)
        let url = endpoint.request.url
        #expect(url.hasPrefix("https://api.open-meteo.com/v1/forecast?latitude=-33.87&longitude=151.2&current=temperature_2m,"))
        for item in ["timezone=auto", "timeformat=unixtime", "temperature_unit=fahrenheit", "wind_speed_unit=mph", "precipitation_unit=inch"] {
            #expect(url.contains("&" + item), "\(item)")
        }
        #expect(endpoint.redactedURL == url && endpoint.host == "api.open-meteo.com")
    }
}
