import Foundation
@testable import RainKit
import RainTestSupport
import Testing

@Suite struct DarkSkyDecoderTests {
    let decoder = DarkSkyDecoder()

    @Test func mapsEveryFieldOfTheSharedFixture() throws {
        let forecast = try DarkSkyDecoder().decode(ForecastFixtures.berlinBody(), units: .si)
        #expect(forecast.timeZone == "Europe/Berlin")
        #expect(forecast.coordinate == Coordinate(latitude: 52.52, longitude: 13.405))
        #expect(forecast.units == .si)

        let current = try #require(forecast.current)
        #expect(current.time == Date(timeIntervalSince1970: 1_787_229_420))
        #expect(current.summary == "Partly Cloudy")
        #expect(current.icon == "partly-cloudy-day")
        #expect(current.temperature == 24.3)
        #expect(current.apparentTemperature == 24.9)
        #expect(current.humidity == 0.53)
        #expect(current.windSpeed == 3.9)
        #expect(current.windGust == 7.8)
        #expect(current.windBearing == 250)
        #expect(current.precipProbability == 0.08)
        #expect(current.precipIntensity == 0)
        #expect(current.precipType == nil, "Pirate Weather's \"none\" means no type")
        #expect(current.uvIndex == 5.2)
        #expect(current.pressure == 1014.6)
        #expect(current.visibility == 16)
        #expect(current.cloudCover == 0.46)
        #expect(current.dewPoint == 14.1)

        #expect(forecast.nextHour == nil, "the fixture has no minutely block")
        #expect(forecast.hourlySummary == "Thunderstorms this evening.")
        #expect(forecast.hourly.count == 3)
        let third = forecast.hourly[2]
        #expect(third.time == Date(timeIntervalSince1970: 1_787_234_400))
        #expect(third.summary == "Light Rain")
        #expect(third.icon == "rain")
        #expect(third.temperature == 24.6)
        #expect(third.apparentTemperature == 25.3)
        #expect(third.precipProbability == 0.48)
        #expect(third.precipIntensity == 1.35)
        #expect(third.precipType == "rain")
        #expect(third.windSpeed == 5.2)
        #expect(third.windBearing == 258)
        #expect(third.humidity == 0.58)
        #expect(third.uvIndex == 2.9)

        #expect(forecast.dailySummary == "Thunderstorms today, then dry with highs near 23°C.")
        #expect(forecast.daily.count == 2)
        let today = forecast.daily[0]
        #expect(today.time == Date(timeIntervalSince1970: 1_787_176_800))
        #expect(today.summary == "Thunderstorms in the evening.")
        #expect(today.icon == "thunderstorm")
        #expect(today.temperatureLow == 15.1, "the calendar day's temperatureMin wins over the overnight temperatureLow (14.2)")
        #expect(today.temperatureHigh == 25.3)
        #expect(today.precipProbability == 0.72)
        #expect(today.precipAccumulation == 0.74)
        #expect(today.precipType == "rain")
        #expect(today.windSpeed == 3.6)
        #expect(today.uvIndex == 5.4)
        #expect(today.sunrise == nil && today.sunset == nil, "the day's sun is rain's own (Forecast.withAstronomy), not read")

        #expect(forecast.alerts == [Forecast.Alert(
            title: "Thunderstorm warning", severity: "Moderate", regions: ["Berlin"],
            time: Date(timeIntervalSince1970: 1_787_220_300), expires: Date(timeIntervalSince1970: 1_787_259_600),
            description: "Thunderstorms with heavy rain of up to 20 l/m2 per hour and gusts near 65 km/h are expected.",
            uri: "https://severeweather.wmo.int/v2/cap-alerts/example.xml"
        )])
    }

    @Test func unitsComeFromFlagsOverTheRequestedOnes() throws {
        #expect(try decoder.decode(ForecastFixtures.berlinBody(), units: .us).units == .si)
        #expect(try decoder.decode(body(#""flags": {"sources": []}"#), units: .ca).units == .ca)
        #expect(try decoder.decode(body(#""flags": {"units": "uk"}"#), units: .si).units == .uk)
    }

    @Test func minutelyBecomesTheNextHour() throws {
        let forecast = try decoder.decode(body(#"""
            "minutely": {"summary": "Light rain in 5 min.", "data": [
              {"time": 1000, "precipIntensity": 0, "precipProbability": 0},
              {"time": 1060, "precipIntensity": 0.4, "precipProbability": 0.7, "precipType": "rain"},
              {"time": 1120, "precipIntensity": -999, "precipProbability": -999.0}
            ]}
            """#), units: .si)
        let nextHour = try #require(forecast.nextHour)
        #expect(nextHour.summary == "Light rain in 5 min.")
        #expect(nextHour.minutes == [
            .init(time: Date(timeIntervalSince1970: 1000), precipIntensity: 0, precipProbability: 0),
            .init(time: Date(timeIntervalSince1970: 1060), precipIntensity: 0.4, precipProbability: 0.7, precipType: "rain"),
            .init(time: Date(timeIntervalSince1970: 1120)),
        ])
    }

    /// Pirate Weather's minutes are a model's own only from HRRR's sub-hourly run, which
    /// `flags.sources` names; elsewhere they are interpolated from hourly models and tell the hour.
    @Test func theMinutesKnowTheMinuteOnlyFromHRRRsSubHourlyRun() throws {
        let minutely = #""minutely": {"data": [{"time": 1000, "precipIntensity": 0}]}"#
        func precision(_ flags: String) throws -> Forecast.NextHour.Precision? {
            try #require(try decoder.decode(body(minutely + (flags.isEmpty ? "" : ", " + flags)), units: .si).nextHour).precision
        }
        #expect(try precision(#""flags": {"sources": ["ETOPO1", "hrrrsubh", "hrrr_0-18", "nbm", "gfs"]}"#) == nil)
        #expect(try precision(#""flags": {"sources": ["ETOPO1", "dwd_mosmix", "ecmwf_ifs", "gfs", "gefs"]}"#) == .hour)
        #expect(try precision(#""flags": {"units": "si"}"#) == .hour)
        #expect(try precision("") == .hour)
        #expect(throws: ForecastError.self) { try decoder.decode(body(minutely + #", "flags": {"sources": "hrrrsubh"}"#), units: .si) }
    }

    /// An alert's `source` is rain's own mark: a server cannot pass its alerts off as an
    /// official feed's (kept between that feed's polls).
    @Test func aServerCannotMarkItsAlertsAsAFeeds() throws {
        let forecast = try decoder.decode(body(#""alerts": [{"title": "Wind", "source": "metalerts"}]"#), units: .si)
        #expect(forecast.alerts.map(\.title) == ["Wind"] && forecast.alerts.map(\.feed) == [nil])
    }

    @Test func minusNineNineNineIsMissingEverywhere() throws {
        let forecast = try decoder.decode(body(#"""
            "currently": {"time": 1000, "temperature": -999, "humidity": -999.0, "windSpeed": 3},
            "hourly": {"data": [{"time": 1000, "temperature": -999, "uvIndex": 2}]},
            "daily": {"data": [{"time": 1000, "temperatureLow": -999, "temperatureMin": 4, "temperatureHigh": -999, "sunriseTime": -999}]},
            "alerts": [{"title": "Wind", "time": -999, "expires": -999.0}]
            """#), units: .si)
        #expect(forecast.current?.temperature == nil)
        #expect(forecast.current?.humidity == nil)
        #expect(forecast.current?.windSpeed == 3)
        #expect(forecast.hourly.first?.temperature == nil)
        #expect(forecast.hourly.first?.uvIndex == 2)
        #expect(forecast.daily.first?.temperatureLow == 4, "a missing low falls back to the minimum")
        #expect(forecast.daily.first?.temperatureHigh == nil)
        #expect(forecast.alerts.first?.time == nil)
        #expect(forecast.alerts.first?.expires == nil)
    }

    @Test func absentBlocksAreEmpty() throws {
        let forecast = try decoder.decode(body(""), units: .si)
        #expect(forecast.current == nil)
        #expect(forecast.nextHour == nil)
        #expect(forecast.hourly.isEmpty && forecast.hourlySummary == nil)
        #expect(forecast.daily.isEmpty && forecast.dailySummary == nil)
        #expect(forecast.alerts.isEmpty)
        let nulls = try decoder.decode(body(#""currently": null, "hourly": {"summary": null}, "alerts": null"#), units: .si)
        #expect(nulls.current == nil && nulls.hourly.isEmpty && nulls.alerts.isEmpty)
    }

    @Test func integersUnknownKeysAndLongStrings() throws {
        let long = String(repeating: "x", count: 5000)
        let forecast = try decoder.decode(body(#""currently": {"time": 1000, "temperature": 21, "newThing": {"a": [1]}, "summary": "\#(long)"}, "extra": true"#), units: .si)
        #expect(forecast.current?.temperature == 21)
        let summary = try #require(forecast.current?.summary)
        #expect(summary.count == JSONNode.maximumStringLength + 1)
        #expect(summary.hasSuffix("…"))
    }

    /// One character of a million scalars (a letter under as many accents, emoji joined into
    /// one) is cut too: counting characters alone kept it whole (hostile trial 18, C18-1).
    @Test(arguments: ["a" + String(repeating: "\u{0301}", count: 1_000_000),
                      String(repeating: "\u{1F468}\u{200D}", count: 200_000) + "\u{1F468}"])
    func oneHugeCharacterIsCutToTheScalarsKept(_ huge: String) throws {
        let forecast = try decoder.decode(body(#""currently": {"time": 1000, "summary": "\#(huge)"}"#), units: .si)
        let summary = try #require(forecast.current?.summary)
        #expect(summary.unicodeScalars.count == JSONNode.maximumStringScalars + 1)
        #expect(summary.hasSuffix("…") && huge.unicodeScalars.starts(with: summary.unicodeScalars.dropLast()))
    }

    @Test func hostileStringsAreKeptForTheRendererToStrip() throws {
        let forecast = try decoder.decode(body(#""currently": {"time": 1000, "summary": "Sunny\u001b[2J"}"#), units: .si)
        #expect(forecast.current?.summary == "Sunny\u{1B}[2J")
    }

    @Test(arguments: BadBody.all)
    func rejectsBadBodies(_ bad: BadBody) {
        #expect(throws: ForecastError.unusableBody(reason: bad.reason, path: bad.path)) {
            try decoder.decode(Data(bad.body.utf8), units: .si)
        }
    }

    @Test func htmlIsRecognised() {
        #expect(throws: ForecastError.unusableBody(reason: "not valid JSON: line 1, column 1:\nit looks like an HTML page, not JSON", path: nil)) {
            try decoder.decode(Data("<html><body>502 Bad Gateway</body></html>".utf8), units: .si)
        }
    }

    @Test func notJSONSaysWhy() throws {
        for text in ["<html><body>502 Bad Gateway</body></html>", #"{"latitude": 52.5, "timez"#, "{]"] {
            do {
                _ = try decoder.decode(Data(text.utf8), units: .si)
                Issue.record("decoded \(text)")
            } catch {
                guard case .unusableBody(let problem, let path) = error else { Issue.record("\(error)"); continue }
                let reason = problem.description
                #expect(reason.hasPrefix("not valid JSON: line 1, column "), "\(reason)")
                #expect(path == nil)
                // The parser's problem on a line of its own, under its place.
                #expect(reason.split(separator: "\n").count == 2 && !reason.replacingOccurrences(of: "\n", with: " ").containsControlCharacters)
            }
        }
    }

    /// A minimal valid body with `members` added.
    private func body(_ members: String) -> Data {
        Data(BadBody.wrap(members).utf8)
    }
}

/// A body the decoder must refuse, and the error it must give.
struct BadBody: Sendable, CustomTestStringConvertible {
    let name: String
    let body: String
    let reason: String
    let path: String?

    var testDescription: String { name }

    static func wrap(_ members: String) -> String {
        #"{"latitude": 52.52, "longitude": 13.405, "timezone": "Europe/Berlin""# + (members.isEmpty ? "" : ", " + members) + "}"
    }

    static func wrongType(_ name: String, _ members: String, path: String, expected: String, found: String) -> BadBody {
        BadBody(name: name, body: wrap(members), reason: "expected \(expected), found \(found)", path: path)
    }

    static let all: [BadBody] = [
        BadBody(name: "empty body", body: "", reason: "it was empty", path: nil),
        BadBody(name: "only whitespace", body: " \n", reason: "it was empty", path: nil),
        BadBody(name: "top level is an array", body: "[]", reason: "expected an object at the top level, found an array", path: nil),
        BadBody(name: "top level is a string", body: #""hello""#, reason: "expected an object at the top level, found a string", path: nil),
        BadBody(name: "missing timezone", body: #"{"latitude": 1, "longitude": 2}"#, reason: "missing \"timezone\"", path: nil),
        BadBody(name: "empty timezone", body: #"{"latitude": 1, "longitude": 2, "timezone": ""}"#,
                reason: "expected a time zone name, found an empty string", path: "timezone"),
        BadBody(name: "timezone is a number", body: #"{"latitude": 1, "longitude": 2, "timezone": 2}"#,
                reason: "expected a string, found a number", path: "timezone"),
        BadBody(name: "missing latitude", body: #"{"longitude": 2, "timezone": "UTC"}"#, reason: "missing \"latitude\"", path: nil),
        BadBody(name: "latitude out of range", body: #"{"latitude": 91, "longitude": 2, "timezone": "UTC"}"#,
                reason: "expected a latitude between -90 and 90, found 91.0", path: "latitude"),
        wrongType("currently is an array", #""currently": []"#, path: "currently", expected: "an object", found: "an array"),
        wrongType("currently.temperature is a string", #""currently": {"time": 1, "temperature": "warm"}"#,
                  path: "currently.temperature", expected: "a number", found: "a string"),
        wrongType("currently.summary is a number", #""currently": {"time": 1, "summary": 3}"#,
                  path: "currently.summary", expected: "a string", found: "a number"),
        BadBody(name: "currently.time missing", body: wrap(#""currently": {"temperature": 3}"#), reason: "missing \"time\"", path: "currently"),
        BadBody(name: "currently.time absurd", body: wrap(#""currently": {"time": 1e300}"#),
                reason: "1e+300 is out of range", path: "currently.time"),
        BadBody(name: "daily temperatureLow overflows", body: wrap(#""daily": {"data": [{"time": 1, "temperatureLow": -1.7e308, "temperatureHigh": 1.7e308}]}"#),
                reason: "-1.7e+308 is out of range", path: "daily.data[0].temperatureLow"),
        wrongType("minutely.data is an object", #""minutely": {"data": {}}"#, path: "minutely.data", expected: "an array", found: "an object"),
        wrongType("minutely precipIntensity is a boolean", #""minutely": {"data": [{"time": 1, "precipIntensity": true}]}"#,
                  path: "minutely.data[0].precipIntensity", expected: "a number", found: "a boolean"),
        wrongType("hourly.data[2].temperature is a string",
                  #""hourly": {"data": [{"time": 1}, {"time": 2}, {"time": 3, "temperature": "24"}]}"#,
                  path: "hourly.data[2].temperature", expected: "a number", found: "a string"),
        wrongType("hourly.summary is an object", #""hourly": {"summary": {}}"#, path: "hourly.summary", expected: "a string", found: "an object"),
        wrongType("hourly element is a number", #""hourly": {"data": [1]}"#, path: "hourly.data[0]", expected: "an object", found: "a number"),
        wrongType("daily.data[1].temperatureHigh is a string", #""daily": {"data": [{"time": 1}, {"time": 2, "temperatureHigh": "hot"}]}"#,
                  path: "daily.data[1].temperatureHigh", expected: "a number", found: "a string"),
        wrongType("alerts is an object", #""alerts": {"title": "x"}"#, path: "alerts", expected: "an array", found: "an object"),
        wrongType("alerts[0].expires is a string", #""alerts": [{"title": "x", "expires": "soon"}]"#,
                  path: "alerts[0].expires", expected: "a number", found: "a string"),
        wrongType("alerts[0].regions[1] is a number", #""alerts": [{"title": "x", "regions": ["a", 2]}]"#,
                  path: "alerts[0].regions[1]", expected: "a string", found: "a number"),
        wrongType("flags.units is a number", #""flags": {"units": 1}"#, path: "flags.units", expected: "a string", found: "a number"),
        BadBody(name: "flags.units unknown", body: wrap(#""flags": {"units": "kelvin"}"#),
                reason: #"expected one of si, us, ca, uk, found "kelvin""#, path: "flags.units"),
    ]
}
