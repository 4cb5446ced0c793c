import Foundation
import Synchronization
import Testing
@testable import RainKit

@Suite struct ForecastClientTests {
    @Test func putsTheKeyInThePathByDefault() async throws {
        let server = try ScriptedServer()
        let forecast = try await NetTest.client(NetTest.configuration(server)).weather(for: NetTest.berlin)
        #expect(forecast.timeZone == "UTC")
        let request = try #require(server.requests.first)
        #expect(request.target == "/\(NetTest.key.value)/52.52,13.405?units=si&lang=en&version=2")
        #expect(request.headers["apikey"] == nil)
        #expect(request.headers["accept"] == "application/json")
        #expect(request.headers["user-agent"] == "rain/\(RainVersion.current)")
    }

    @Test func sendsTheKeyInAHeaderWhenToldTo() async throws {
        let server = try ScriptedServer()
        _ = try await NetTest.client(NetTest.configuration(server, placement: .header)).weather(for: NetTest.berlin)
        let request = try #require(server.requests.first)
        #expect(request.target == "/header/52.52,13.405?units=si&lang=en&version=2", "Pirate Weather needs a segment where the key would be")
        #expect(request.headers["apikey"] == NetTest.key.value)
        #expect(!request.target.contains(NetTest.key.value))
    }

    @Test func addsTheMissingSlashToTheBaseURL() async throws {
        let server = try ScriptedServer()
        var configuration = NetTest.configuration(server)
        configuration.baseURL = server.baseURL + "forecast"
        configuration.units = .us
        configuration.language = "de"
        _ = try await NetTest.client(configuration).weather(for: Coordinate(latitude: -33.8688, longitude: 151.2093))
        #expect(server.requests.first?.target == "/forecast/\(NetTest.key.value)/-33.8688,151.2093?units=us&lang=de&version=2")
    }

    @Test func withoutAKeyNothingIsSent() async throws {
        let server = try ScriptedServer()
        let result = await NetTest.result(NetTest.client(NetTest.configuration(server, key: nil)))
        #expect(result == .failure(.missingKey))
        let batch = await NetTest.client(NetTest.configuration(server, key: nil)).weather(for: [NetTest.berlin, NetTest.berlin])
        #expect(batch == [.failure(.missingKey), .failure(.missingKey)])
        #expect(server.requests.isEmpty)
    }

    @Test func callsTheCompletionExactlyOnceOffTheMainThread() async throws {
        let server = try ScriptedServer(script: [.json("{}", status: 503), .json("{}", status: 503)])
        let client = NetTest.client(NetTest.configuration(server))
        let calls = Mutex(0)
        let onMainThread = Mutex(false)
        let result = await withCheckedContinuation { continuation in
            client.requestWeather(for: NetTest.berlin) { result in
                calls.withLock { $0 += 1 }
                onMainThread.withLock { $0 = $0 || Thread.isMainThread }
                continuation.resume(returning: result)
            }
        }
        #expect((try? result.get()) != nil)
        // A later request through the same client finishing shows no second call was pending.
        _ = try await client.weather(for: NetTest.berlin)
        #expect(calls.withLock { $0 } == 1)
        #expect(onMainThread.withLock { $0 } == false)
        #expect(server.requests.count == 4)
    }

    @Test func theSettingsConfigureTheClient() {
        var settings = Settings(paths: RainPaths(configFile: "/c", defaultsFile: "/d", forecastsDirectory: "/f"))
        settings.baseURL = "https://example.invalid/forecast/"
        settings.apiKey = NetTest.key
        settings.apiKeyPlacement = .header
        settings.units = .uk
        settings.timeoutSeconds = 12
        settings.connectTimeoutSeconds = 3
        settings.maxConcurrentRequests = 7
        settings.caFile = "/etc/ca.pem"
        let client = ForecastClient(settings: settings, decoder: NetTestDecoder())
        let configuration = client.configuration
        #expect(configuration.baseURL == settings.baseURL)
        #expect(configuration.apiKey == NetTest.key)
        #expect(configuration.keyPlacement == .header)
        #expect(configuration.units == .uk)
        #expect(configuration.timeouts == HTTPTimeouts(connect: .seconds(3), total: .seconds(12)))
        #expect(configuration.maxConcurrentRequests == 7)
        #expect(configuration.caFile == "/etc/ca.pem")
        #expect(configuration.bodyLimit == 8 * 1024 * 1024)
        #expect(configuration.retry.maxAttempts == 3)
        #expect(client.redactedURL(for: NetTest.berlin) == "https://example.invalid/forecast/header/52.52,13.405?units=uk&lang=en&version=2")
    }
}
