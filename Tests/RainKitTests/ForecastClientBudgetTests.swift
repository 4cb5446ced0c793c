import Foundation
import Testing
@testable import RainKit

/// One fetch path for every request: offline stops a batch, Retry-After pauses it, one budget
/// bounds it, cancellation reaches libcurl.
@Suite struct ForecastClientBudgetTests {
    static let places = (0..<3).map { Coordinate(latitude: Double($0), longitude: 1) }

    @Test func anUnreachableHostStopsTheBatchAtOnce() async throws {
        let closed = try ScriptedServer.closed()
        defer { withExtendedLifetime(closed) {} }
        let port = Int(closed.port)
        let log = NetLog()
        var configuration = NetTest.configuration(try ScriptedServer(), maxConcurrent: 1, log: log)
        configuration.baseURL = "http://127.0.0.1:\(port)/"
        let results = await NetTest.client(configuration).weather(for: Self.places)
        #expect(results == Array(repeating: .failure(.offline(host: "127.0.0.1:\(port)")), count: 3))
        #expect(log.all.count == 1)
    }

    @Test func aRetryAfterLongerThanTheBudgetPausesTheOthersInsteadOfSendingThem() async throws {
        let server = try ScriptedServer(script: [.json("{}", status: 429, headers: ["Retry-After": "30"])])
        var retry = NetTest.quickRetry
        retry.totalBudget = .seconds(2)
        let results = await NetTest.client(NetTest.configuration(server, maxConcurrent: 1, retry: retry))
            .weather(for: Self.places)
        #expect(results == Array(repeating: .failure(.rateLimited(retryAfter: 30)), count: 3))
        #expect(server.requests.count == 1)
    }

    /// More digits than `Int` holds are a wait too (RFC 9110's delay-seconds is 1*DIGIT): one
    /// that outlasts the budget, not none, after which rain would retry on its own backoff.
    @Test func aRetryAfterOfMoreDigitsThanIntHoldsOutlastsTheBudget() async throws {
        let server = try ScriptedServer(script: [.json("{}", status: 429, headers: ["Retry-After": "99999999999999999999"])],
                                       fallback: { .echoingCoordinate(of: $0) })
        let results = await NetTest.client(NetTest.configuration(server, maxConcurrent: 1, retry: NetTest.quickRetry))
            .weather(for: Self.places)
        #expect(results == Array(repeating: .failure(.rateLimited(retryAfter: RetryAfter.longest)), count: 3))
        #expect(server.requests.count == 1)
    }

    @Test func aRetryAfterPausesTheOthersThenEverythingIsFetched() async throws {
        let server = try ScriptedServer(script: [.json("{}", status: 429, headers: ["Retry-After": "1"])],
                                       fallback: { .echoingCoordinate(of: $0) })
        let results = await NetTest.client(NetTest.configuration(server, maxConcurrent: 1)).weather(for: Self.places)
        #expect(results.allSatisfy { (try? $0.get()) != nil })
        // The paused requests went out after the retried one's wait, not during it: the first
        // retry is the second request the server saw.
        #expect(server.requests.count == 4)
        #expect(server.requests[1].target == server.requests[0].target)
    }

    @Test func theBudgetBoundsTheWholeFetch() async throws {
        let server = try ScriptedServer(script: [.hang, .hang, .hang])
        var retry = NetTest.quickRetry
        retry.totalBudget = .seconds(1)
        let configuration = NetTest.configuration(server, timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(30)),
                                                  retry: retry)
        let result = await NetTest.result(NetTest.client(configuration))
        #expect(result == .failure(.outOfTime(host: "127.0.0.1:\(server.port)", seconds: 1)))
        #expect(server.requests.count == 1)
        #expect(ForecastError.outOfTime(host: "127.0.0.1", seconds: 1).description
                == "gave up on 127.0.0.1 after 1 s (timeout_seconds)")
    }

    /// A transfer that stalls (slower than the low-speed limit) is a timed-out try, retried
    /// while the budget lasts, not the end of the budget.
    @Test func aStalledTransferIsRetriedNotTakenForTheEndOfTheBudget() async throws {
        let server = try ScriptedServer(script: [.hang, .hang, .hang])
        var configuration = NetTest.configuration(server, timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(10)))
        configuration.lowSpeed = LowSpeedLimit(bytesPerSecond: 100, duration: .seconds(1))
        let result = await NetTest.result(NetTest.client(configuration))
        #expect(result == .failure(.timedOut(host: "127.0.0.1:\(server.port)")))
        #expect(server.requests.count == 3)
    }

    @Test func cancellingTheTaskStopsTheTransferInLibcurl() async throws {
        let server = try ScriptedServer(script: [.hang])
        // Minutes of budget and low-speed limit: on a loaded machine the test's own task may
        // run late, and the transfer must still be under way when the cancel comes.
        var configuration = NetTest.configuration(server, timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(300)),
                                                  retry: RetryPolicy(maxAttempts: 1, totalBudget: .seconds(300)))
        configuration.lowSpeed = LowSpeedLimit(bytesPerSecond: 1, duration: .seconds(300))
        let client = NetTest.client(configuration)
        let task = Task { await client.weather(for: [NetTest.berlin]) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        task.cancel()
        let results = await task.value
        #expect(results == [.failure(.cancelled)], "\(results)")
    }

    @Test func theCompletionBlockFormIsABatchOfOne() async throws {
        let server = try ScriptedServer(fallback: { .echoingCoordinate(of: $0) })
        let client = NetTest.client(NetTest.configuration(server))
        let result = await withCheckedContinuation { continuation in
            client.requestWeather(for: Coordinate(latitude: 4.5, longitude: 5.5)) { continuation.resume(returning: $0) }
        }
        #expect((try? result.get())?.coordinate == Coordinate(latitude: 4.5, longitude: 5.5))
        #expect(server.requests.count == 1)
    }
}
