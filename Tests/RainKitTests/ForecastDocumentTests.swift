import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// The forecast document written straight from the model is exactly what the general JSON
/// writer makes of the same document (keys sorted, the same numbers, strings and layout).
@Suite struct ForecastDocumentTests {
    /// Every field of every block present, every kind of absent value, text that needs escapes.
    static func everything() throws -> CachedForecast {
        var forecast = try ForecastFixtures.berlinForecast()
        forecast.nextHour = .init(summary: "Rain \"soon\"", minutes: [
            .init(time: Date(timeIntervalSince1970: 1_787_229_420), precipIntensity: 0.2, precipProbability: 0.6, precipType: "rain"),
            .init(time: Date(timeIntervalSince1970: 1_787_229_480)),
        ])
        forecast.current?.precipType = "snow"
        forecast.current?.windGust = .nan
        forecast.current?.cloudCover = 0.125
        forecast.current?.dewPoint = -3.25
        forecast.current?.pressure = 1013.7
        forecast.current?.visibility = 16.093
        forecast.hourly[0].precipType = "sleet"
        forecast.hourly[0].uvIndex = 1_234_567_890.5   // written by the general number form
        forecast.daily[0].precipAccumulation = 0.0001
        forecast.daily[0].precipType = "snow"
        forecast.daily[1].sunrise = nil
        forecast.alerts.append(.init(title: "Bare"))
        forecast.alerts.append(.init(title: "Gale \u{2028} warning", severity: "watch", regions: ["Küste", "Tab\there"],
                                     time: Date(timeIntervalSince1970: 1_787_229_000), expires: Date(timeIntervalSince1970: 1_787_300_000),
                                     description: "Line\nbreak \\ and \u{07}", uri: "https://example.org/a?b=c&d"))
        forecast.alerts.append(.init(title: "Heavy rain, yellow level", id: "alert-1", feed: .metAlerts))
        var location = ForecastFixtures.berlin
        location.name = "Berlin \"Mitte\" ☂"
        return CachedForecast(location: location, fetchedAt: Date(timeIntervalSince1970: 1_787_229_000.75),
                              source: "darksky", forecast: forecast)
    }

    static func cases() throws -> [CachedForecast] {
        var empty = try everything()
        empty.forecast = Forecast(coordinate: empty.forecast.coordinate, timeZone: "UTC", units: .ca)
        var bareNextHour = try everything()
        bareNextHour.forecast.nextHour = .init(summary: nil, minutes: [])
        return [try everything(), try ForecastFixtures.berlinCached(), empty, bareNextHour]
    }

    @Test(arguments: [true, false])
    func agreesWithTheGeneralWriter(compactly: Bool) throws {
        for cached in try Self.cases() {
            let direct = ForecastDocument.bytes(of: cached, compactly: compactly)
            let general = try JSONValue.parse(direct).serializedBytes(compactly: compactly)
            #expect(String(decoding: direct, as: UTF8.self) == String(decoding: general, as: UTF8.self))
            #expect(try ForecastCache.decode(direct, path: "x").forecast.hourly.count == cached.forecast.hourly.count)
        }
    }

    @Test func anArrayOfDocumentsAgreesToo() throws {
        let forecasts = try Self.cases()
        for list in [forecasts, [forecasts[0]], []] {
            let direct = ForecastDocument.bytes(of: list)
            #expect(direct == (try JSONValue.parse(direct).serializedBytes()))
            guard case .array(let items) = try JSONValue.parse(direct) else { Issue.record("not an array"); return }
            #expect(items.count == list.count)
        }
    }

    @Test func everyValueComesBack() throws {
        let cached = try Self.everything()
        var expected = cached
        expected.fetchedAt = Date(timeIntervalSince1970: 1_787_229_000)
        expected.forecast.current?.windGust = nil   // not a number JSON can hold: left out
        expected.forecast.hourly[0].uvIndex = nil   // written, but no sky gives it: left out on reading (`UVIndex`)
        #expect(try ForecastCache.decode(ForecastDocument.bytes(of: cached, compactly: true), path: "x") == expected)
    }

    /// A cache written before alerts named their `source` is read as that rain told a feed's
    /// alerts (MET's CAP identifier, the NWS's alert URL); a marked alert is read by its mark only.
    @Test func alertsWithoutASourceAreReadAsTheRainThatWroteThemToldThem() throws {
        var cached = try Self.everything()
        cached.forecast.alerts = [
            .init(title: "Rain", id: "2.49.0.1.578.0.20230724084526.007"),
            .init(title: "Flood Watch", uri: "https://api.weather.gov/alerts/urn:oid:2.49.0.1.840.0.a.001.1"),
            .init(title: "Wind", uri: "https://x/1", id: "2.49.0.1.578.0.20230724084526.008"),
        ]
        let marked = String(decoding: ForecastDocument.bytes(of: cached, compactly: true), as: UTF8.self)
        #expect(try ForecastCache.decode(Array(marked.utf8), path: "x").forecast.alerts.map(\.feed) == [nil, nil, nil], "marked: the provider's")
        let unmarked = marked.replacingOccurrences(of: #","source":"provider""#, with: "")
        #expect(unmarked != marked)
        #expect(try ForecastCache.decode(Array(unmarked.utf8), path: "x").forecast.alerts.map(\.feed) == [.metAlerts, .nws, .metAlerts])
    }
}
