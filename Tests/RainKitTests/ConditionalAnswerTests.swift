import ForecastSimulator
import Foundation
import Testing
@testable import RainKit

/// What an alert feed's answer says of itself (`ResponseMetadata`), a `304 Not Modified` to a
/// conditional request, and the redirects the official services ask clients to follow, over
/// loopback HTTP.
@Suite struct ConditionalAnswerTests {
    private static let decodeText: @Sendable (Data) throws(ForecastError) -> String = { String(decoding: $0, as: UTF8.self) }

    @Test func anAnswerCarriesItsLastModifiedAndExpires() async throws {
        let server = try ScriptedServer(script: [.json(#"{"a":1}"#, headers: ["Last-Modified": "Tue, 16 Jun 2020 12:13:49 GMT",
                                                                               "Expires": "Tue, 16 Jun 2020 12:44:18 GMT"])])
        let client = NetTest.client(NetTest.configuration(server, key: nil))
        let answer = try await client.conditionalValue(from: ForecastEndpoint(alertsAt: server.baseURL + "alerts", []), decode: Self.decodeText)
        #expect(answer.value == #"{"a":1}"#)
        #expect(answer.metadata.lastModified == "Tue, 16 Jun 2020 12:13:49 GMT")
        #expect(answer.metadata.expires == Date(timeIntervalSince1970: 1_592_311_458))
    }

    @Test func a304IsAnAnswerOnlyToAConditionalRequest() async throws {
        let notModified = Reply.respond(status: 304, headers: ["Expires": "Tue, 16 Jun 2020 12:44:18 GMT"])
        let server = try ScriptedServer(script: [notModified, notModified])
        let client = NetTest.client(NetTest.configuration(server, key: nil))
        let plain = ForecastEndpoint(alertsAt: server.baseURL + "alerts", [])
        let conditional = plain.askingIfModified(since: "Tue, 16 Jun 2020 12:13:49 GMT")
        let answer = try await client.conditionalValue(from: conditional, decode: Self.decodeText)
        #expect(answer.value == nil && answer.metadata.isNotModified)
        #expect(answer.metadata.expires == Date(timeIntervalSince1970: 1_592_311_458))
        #expect(server.requests.first?.headers["if-modified-since"] == "Tue, 16 Jun 2020 12:13:49 GMT")
        await #expect(throws: ForecastError.self) { try await client.conditionalValue(from: plain, decode: Self.decodeText) }
    }

    /// Both official services ask clients to follow redirects; a forecast request (which may
    /// carry a key) never does.
    @Test func anAlertFeedFollowsARedirectAndAForecastRequestDoesNot() async throws {
        let moved = Reply.respond(status: 301, headers: ["Location": "/moved"])
        let server = try ScriptedServer(script: [moved, .json(#"{"b":2}"#), moved])
        let client = NetTest.client(NetTest.configuration(server, key: nil))
        let answer = try await client.value(from: ForecastEndpoint(alertsAt: server.baseURL + "alerts", []), decode: Self.decodeText)
        #expect(answer == #"{"b":2}"# && server.requests.map(\.path) == ["/alerts", "/moved"])
        let forecast = await NetTest.result(NetTest.client(NetTest.configuration(server)))
        guard case .failure(.http(status: 301, _)) = forecast else {
            Issue.record("a forecast request followed a redirect: \(forecast) \(server.requests.map(\.path))")
            return
        }
    }

    @Test func redirectsEndAfterThree() async throws {
        let server = try ScriptedServer(fallback: { _ in .respond(status: 302, headers: ["Location": "/again"]) })
        let client = NetTest.client(NetTest.configuration(server, key: nil, retry: RetryPolicy.never))
        await #expect(throws: ForecastError.self) {
            try await client.value(from: ForecastEndpoint(alertsAt: server.baseURL + "alerts", []), decode: Self.decodeText)
        }
        #expect(server.requests.count == 1 + HTTPRequest.maximumRedirects)
    }

    /// The simulator's api.weather.gov sends a point finer than 4 decimals to the rounded one
    /// (weather-gov/api `assets/openapi.yaml`, `/alerts/active` '301'); rain's feed follows it.
    @Test func theNWSFeedFollowsTheServicesRedirect() async throws {
        let simulator = ForecastSimulator()
        try simulator.start()
        defer { simulator.stop() }
        let client = NetTest.client(NetTest.configuration(try ScriptedServer(), key: nil))
        let fine = ForecastEndpoint(alertsAt: simulator.rootURL + "/alerts/active", [("point", "40.712812,-74.006015")], accept: "application/geo+json")
        let alerts = try await client.value(from: fine) { body throws(ForecastError) in try NWSAlertFeed().decode(body) }
        #expect(!alerts.isEmpty, "New York has an alert in the simulator")
        #expect(simulator.requests.map { $0.queryValue("point") } == ["40.712812,-74.006015", "40.7128,-74.0060"])
    }
}
