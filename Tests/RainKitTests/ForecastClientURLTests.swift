import Foundation
import Testing
@testable import RainKit

@Suite struct ForecastClientURLTests {
    struct FormatCase: Sendable, CustomTestStringConvertible {
        var degrees: Double
        var text: String
        var testDescription: String { "\(degrees) -> \(text)" }
    }

    @Test(arguments: [
        FormatCase(degrees: 52.52, text: "52.52"),
        FormatCase(degrees: 13, text: "13.0"),
        FormatCase(degrees: -0.1278, text: "-0.1278"),
        FormatCase(degrees: 1.23456789, text: "1.234568"),
        FormatCase(degrees: -0.0000001, text: "0.0"),
        FormatCase(degrees: -180, text: "-180.0"),
    ])
    func formatsCoordinatesWithADot(_ test: FormatCase) {
        #expect(ForecastEndpoint.format(test.degrees) == test.text)
    }

    @Test func redactsTheKeyInThePath() {
        let endpoint = ForecastEndpoint(baseURL: "https://api.example/forecast/", key: APIKey("a/b c"), placement: .path,
                                        coordinate: Coordinate(latitude: 1, longitude: 2), units: .ca, language: "pt-BR")
        #expect(endpoint.request.url == "https://api.example/forecast/a%2Fb%20c/1.0,2.0?units=ca&lang=pt-BR&version=2")
        #expect(endpoint.redactedURL == "https://api.example/forecast/REDACTED/1.0,2.0?units=ca&lang=pt-BR&version=2")
        #expect(endpoint.request.headers.isEmpty)
        #expect(endpoint.host == "api.example")
    }

    struct HostCase: Sendable, CustomTestStringConvertible {
        var url: String
        var host: String
        var port: Int
        var testDescription: String { url }
    }

    @Test(arguments: [
        HostCase(url: "https://api.pirateweather.net/forecast/", host: "api.pirateweather.net", port: 443),
        HostCase(url: "http://127.0.0.1:8080/x", host: "127.0.0.1", port: 8080),
        HostCase(url: "http://[::1]:99/", host: "::1", port: 99),
        HostCase(url: "http://user:pw@example.org?q", host: "example.org", port: 80),
        HostCase(url: "not a url", host: "", port: 443),
        HostCase(url: "localhost:8080/forecast/", host: "", port: 443),
        HostCase(url: "HTTP://Example.org/", host: "Example.org", port: 80),
        HostCase(url: "http://a.example/go?to=https://b.example:81/", host: "a.example", port: 80),
        HostCase(url: "x:y://c.example:82", host: "c.example", port: 82),
    ])
    func findsHostAndPort(_ test: HostCase) {
        #expect(ForecastEndpoint.host(of: test.url) == test.host)
        #expect(ForecastEndpoint.port(of: test.url) == test.port)
    }

    @Test func openMeteoListsKeepTheirCommasAndEverythingElseIsEncoded() {
        let endpoint = ForecastEndpoint(openMeteoURL: "http://127.0.0.1:9/v1/forecast", coordinate: Coordinate(latitude: 52.52, longitude: -13.4), units: .us)
        #expect(endpoint.request.url == "http://127.0.0.1:9/v1/forecast?latitude=52.52&longitude=-13.4"
            + "&current=" + ForecastEndpoint.openMeteoCurrent.joined(separator: ",")
            + "&minutely_15=precipitation,rain,snowfall"
            + "&hourly=" + ForecastEndpoint.openMeteoHourly.joined(separator: ",")
            + "&daily=" + ForecastEndpoint.openMeteoDaily.joined(separator: ",")
            + "&timezone=auto&timeformat=unixtime&forecast_days=8&past_minutely_15=3&forecast_minutely_15=8"
            + "&temperature_unit=fahrenheit&wind_speed_unit=mph&precipitation_unit=inch")
        #expect(ForecastEndpoint.query([("name", "Saint-Étienne, FR/1"), ("count", "10")], keepingCommas: false)
            == "?name=Saint-%C3%89tienne%2C%20FR%2F1&count=10")
        #expect(ForecastEndpoint.query([("list", "a b,c~d")]) == "?list=a%20b,c~d")
    }
}
