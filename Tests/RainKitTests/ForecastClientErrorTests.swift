import ForecastSimulator
import Foundation
import Testing
@testable import RainKit

/// A hostile or failing server, and what the client makes of it.
struct FailureCase: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var script: [Reply]
    var expected: ForecastError
    /// How many requests the server should see.
    var attempts: Int
    var bodyLimit = TransferOptions.defaultBodyLimit
    /// Each try's time: short only where running out of it is the case. (A load that slowed
    /// an answer past 300 ms made the client try again and take the script's next reply.)
    var total: Duration = .seconds(30)
}

@Suite struct ForecastClientErrorTests {
    static let cases: [FailureCase] = [
        FailureCase(testDescription: "401 with a message",
                    script: [.json(#"{"message": "Invalid API key"}"#, status: 401)],
                    expected: .keyRefused(status: 401, message: "Invalid API key"), attempts: 1),
        FailureCase(testDescription: "403 with a message",
                    script: [.json(#"{"message": "Forbidden"}"#, status: 403)],
                    expected: .keyRefused(status: 403, message: "Forbidden"), attempts: 1),
        FailureCase(testDescription: "401 echoing the key",
                    script: [.json(#"{"message": "key \#(NetTest.key.value) unknown"}"#, status: 401)],
                    expected: .keyRefused(status: 401, message: "key REDACTED unknown"), attempts: 1),
        FailureCase(testDescription: "400 with a detail",
                    script: [.json(#"{"detail": "Invalid latitude"}"#, status: 400)],
                    expected: .http(status: 400, message: "Invalid latitude"), attempts: 1),
        FailureCase(testDescription: "422 with a FastAPI detail list",
                    script: [.json(#"{"detail": [{"loc": ["path"], "msg": "bad place"}]}"#, status: 422)],
                    expected: .http(status: 422, message: "bad place"), attempts: 1),
        FailureCase(testDescription: "404 without a body",
                    script: [.respond(status: 404)],
                    expected: .http(status: 404, message: nil), attempts: 1),
        FailureCase(testDescription: "400 with control characters",
                    script: [.json(#"{"detail": "bad\u001b[31m red\u0007"}"#, status: 400)],
                    expected: .http(status: 400, message: "bad red"), attempts: 1),
        FailureCase(testDescription: "400 with a long message",
                    script: [.json(#"{"detail": "\#(String(repeating: "x", count: 500))"}"#, status: 400)],
                    expected: .http(status: 400, message: String(repeating: "x", count: 199) + "…"), attempts: 1),
        FailureCase(testDescription: "429 with Retry-After in seconds beyond the budget",
                    script: [.json("{}", status: 429, headers: ["Retry-After": "120"])],
                    expected: .rateLimited(retryAfter: 120), attempts: 1),
        FailureCase(testDescription: "429 with ratelimit-reset",
                    script: [.json("{}", status: 429, headers: ["ratelimit-reset": "3600"])],
                    expected: .rateLimited(retryAfter: 3600), attempts: 1),
        FailureCase(testDescription: "429 with an HTTP-date Retry-After in the past, three times",
                    script: Array(repeating: .json("{}", status: 429, headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"]), count: 3),
                    expected: .rateLimited(retryAfter: 0), attempts: 3),
        FailureCase(testDescription: "503 three times",
                    script: Array(repeating: .json(#"{"message": "down"}"#, status: 503), count: 3),
                    expected: .http(status: 503, message: "down"), attempts: 3),
        FailureCase(testDescription: "Open-Meteo 500 three times",
                    script: Array(repeating: .json(#"{"error": true, "reason": "Cannot compute"}"#, status: 500), count: 3),
                    expected: .http(status: 500, message: "Cannot compute"), attempts: 3),
        FailureCase(testDescription: "200 with a body that is not JSON",
                    script: [.respond(body: Array("<html>".utf8))],
                    expected: .unusableBody(reason: "not a JSON object", path: nil), attempts: 1),
        FailureCase(testDescription: "a body over the cap",
                    script: [.json("[" + String(repeating: "1,", count: 1000) + "1]")],
                    expected: .tooLarge(limit: 100), attempts: 1, bodyLimit: 100),
        FailureCase(testDescription: "a server that never answers",
                    script: [.hang, .hang, .hang],
                    expected: .timedOut(host: "127.0.0.1:{port}"), attempts: 3, total: .milliseconds(300)),
    ]

    @Test(arguments: cases)
    func mapsFailures(_ test: FailureCase) async throws {
        let server = try ScriptedServer(script: test.script)
        let log = NetLog()
        let configuration = NetTest.configuration(
            server, timeouts: HTTPTimeouts(connect: .seconds(5), total: test.total),
            bodyLimit: test.bodyLimit, log: log)
        let result = await NetTest.result(NetTest.client(configuration))
        var expected = test.expected
        if case .timedOut(let host) = expected {
            // Messages name the host with its port unless it is the scheme's own.
            expected = .timedOut(host: host.replacingOccurrences(of: "{port}", with: "\(server.port)"))
        }
        #expect(result == .failure(expected))
        #expect(server.requests.count == test.attempts)
        #expect(log.all.count == test.attempts)
        #expect(!test.expected.description.contains(NetTest.key.value))
        for line in log.all {
            #expect(!line.contains(NetTest.key.value))
            #expect(line.hasPrefix("GET \(server.baseURL)REDACTED/52.52,13.405?units=si&lang=en&version=2 -> "))
        }
    }

    struct RecoveryCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var failures: [Reply]
    }

    @Test(arguments: [
        RecoveryCase(testDescription: "500 then success", failures: [.json("{}", status: 500)]),
        RecoveryCase(testDescription: "502 then success", failures: [.json("{}", status: 502)]),
        RecoveryCase(testDescription: "503, 504 then success", failures: [.json("{}", status: 503), .json("{}", status: 504)]),
        RecoveryCase(testDescription: "408 then success", failures: [.json("{}", status: 408)]),
        RecoveryCase(testDescription: "429 with Retry-After: 0 then success",
                     failures: [.json("{}", status: 429, headers: ["Retry-After": "0"])]),
        RecoveryCase(testDescription: "closed without answer then success", failures: [.disconnect]),
    ])
    func retriesTemporaryFailures(_ test: RecoveryCase) async throws {
        let server = try ScriptedServer(script: test.failures)
        let log = NetLog()
        let forecast = try await NetTest.client(NetTest.configuration(server, log: log)).weather(for: NetTest.berlin)
        #expect(forecast.coordinate == Coordinate(latitude: 1.5, longitude: 2.5))
        #expect(server.requests.count == test.failures.count + 1)
        #expect(log.all.count == test.failures.count + 1)
        #expect(log.all.last?.contains(" -> 200 (") == true)
    }

    @Test func nothingListeningIsOfflineAtTheFirstTry() async throws {
        let closed = try ScriptedServer.closed()
        defer { withExtendedLifetime(closed) {} }
        let port = Int(closed.port)
        let log = NetLog()
        var configuration = NetTest.configuration(try ScriptedServer(), log: log)
        configuration.baseURL = "http://127.0.0.1:\(port)/"
        let result = await NetTest.result(NetTest.client(configuration))
        #expect(result == .failure(.offline(host: "127.0.0.1:\(port)")))
        #expect(log.all.count == 1)
        #expect(log.all.allSatisfy { $0.contains(" -> error: ") && !$0.contains(NetTest.key.value) })
    }

    @Test func theRetryBudgetStopsRetries() async throws {
        let server = try ScriptedServer(script: Array(repeating: .json("{}", status: 503, headers: ["Retry-After": "5"]), count: 3))
        var retry = NetTest.quickRetry
        retry.totalBudget = .seconds(2)
        let result = await NetTest.result(NetTest.client(NetTest.configuration(server, retry: retry)))
        #expect(result == .failure(.http(status: 503, message: nil)))
        #expect(server.requests.count == 1)
    }

    @Test func neverRetriesWithAPolicyOfOneAttempt() async throws {
        let server = try ScriptedServer(script: [.json("{}", status: 503)])
        let result = await NetTest.result(NetTest.client(NetTest.configuration(server, retry: .never)))
        #expect(result == .failure(.http(status: 503, message: nil)))
        #expect(server.requests.count == 1)
    }

    @Test func verboseLinesShowStatusAndTime() async throws {
        let server = try ScriptedServer(script: [.json("{}", status: 500)])
        let log = NetLog()
        _ = try await NetTest.client(NetTest.configuration(server, log: log)).weather(for: NetTest.berlin)
        let prefix = "GET \(server.baseURL)REDACTED/52.52,13.405?units=si&lang=en&version=2 -> "
        #expect(log.all.count == 2)
        for (line, status) in zip(log.all, [500, 200]) {
            #expect(line.hasPrefix(prefix + "\(status) ("))
            #expect(line.hasSuffix(" ms)"))
        }
    }
}
