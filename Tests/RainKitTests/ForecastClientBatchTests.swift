import Foundation
import Synchronization
import Testing
@testable import RainKit

@Suite struct ForecastClientBatchTests {
    static let places = (0..<8).map { Coordinate(latitude: 10 + Double($0), longitude: -20.25 - Double($0)) }

    @Test func returnsResultsInOrderWithBoundedConcurrencyOverReusedConnections() async throws {
        let server = try ScriptedServer(fallback: { .echoingCoordinate(of: $0, after: .milliseconds(50)) })
        let client = NetTest.client(NetTest.configuration(server, maxConcurrent: 2))
        let results = await client.weather(for: Self.places)
        #expect(results.count == Self.places.count)
        for (result, place) in zip(results, Self.places) {
            #expect((try? result.get())?.coordinate == place)
        }
        #expect(server.requests.count == Self.places.count)
        #expect(server.mostRequestsAtOnce <= 2)
        #expect(server.connectionsAccepted <= 2)
    }

    @Test func retriesAndFailsEachRequestOnItsOwn() async throws {
        // The first two requests to arrive fail: one is retried (503), the other is final (404).
        let server = try ScriptedServer(
            script: [.json("{}", status: 503), .json(#"{"detail": "no"}"#, status: 404)],
            fallback: { .echoingCoordinate(of: $0) })
        let log = NetLog()
        let client = NetTest.client(NetTest.configuration(server, maxConcurrent: 1, log: log))
        let places = Array(Self.places.prefix(3))
        let results = await client.weather(for: places)
        // Which place's request meets the 404 depends on whether the 503's retry (after its
        // wait) or the next place's first request arrives first: on a loaded machine either.
        let failed = results.indices.filter { results[$0] == .failure(.http(status: 404, message: "no")) }
        #expect(failed.count == 1, "\(results)")
        for index in results.indices where !failed.contains(index) {
            #expect((try? results[index].get())?.coordinate == places[index], "\(results[index])")
        }
        #expect(server.requests.count == 4)
        #expect(log.all.count == 4)
        #expect(log.all.allSatisfy { !$0.contains(NetTest.key.value) })
    }

    @Test func anEmptyBatchAsksNothing() async throws {
        let server = try ScriptedServer()
        let results = await NetTest.client(NetTest.configuration(server)).weather(for: [])
        #expect(results.isEmpty)
        #expect(server.requests.isEmpty)
    }

    @Test func theCompletionFormIsCalledOnce() async throws {
        let server = try ScriptedServer()
        let client = NetTest.client(NetTest.configuration(server))
        await confirmation(expectedCount: 1) { called in
            let results = await withCheckedContinuation { continuation in
                client.requestWeather(for: Array(Self.places.prefix(3))) { results in
                    called()
                    continuation.resume(returning: results)
                }
            }
            #expect(results.count == 3)
        }
    }

    /// A consumer slower than the network holds the transfers back instead of letting answers
    /// pile up in memory: with the first result not yet taken, only the answers that fit in the
    /// decoder's waiting room and the transfers in flight are asked for, however long it waits.
    @Test func aSlowConsumerHoldsTheTransfersBack() async throws {
        let server = try ScriptedServer(fallback: { .echoingCoordinate(of: $0) })
        let client = NetTest.client(NetTest.configuration(server, maxConcurrent: 2))
        let places = (0..<40).map { Coordinate(latitude: Double($0), longitude: 1) }
        let release = DispatchSemaphore(value: 0)
        let delivered = Mutex(0)
        async let results = withCheckedContinuation { continuation in
            client.requestWeather(for: places, handingOn: { _, result in
                if case .success = result, delivered.withLock({ $0 += 1; return $0 }) == 1 { release.wait() }
            }, completion: { continuation.resume(returning: $0) })
        }
        try await Task.sleep(for: .seconds(1))
        // 1 held + 2 waiting to be decoded or handed on + 2 in flight, give or take one being handed over.
        #expect(server.requests.count <= 6, "\(server.requests.count) of 40 asked for while the first is not taken")
        release.signal()
        let all = await results
        #expect(all.count == places.count && all.allSatisfy { $0 == nil })
        #expect(delivered.withLock { $0 } == places.count)
    }
}
