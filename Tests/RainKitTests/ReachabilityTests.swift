import Foundation
import Synchronization
import Testing
@testable import RainKit

@Suite struct ReachabilityTests {
    @Test func aListeningPortIsReachable() throws {
        let server = try ScriptedServer()
        #expect(ReachabilityMonitor.probe(host: "127.0.0.1", port: Int(server.port)))
        #expect(ReachabilityMonitor.probe(host: "localhost", port: Int(server.port)))
        #expect(ReachabilityMonitor(baseURL: server.baseURL + "forecast/").probe())
    }

    @Test func aClosedPortIsNot() throws {
        let closed = try ScriptedServer.closed()
        defer { withExtendedLifetime(closed) {} }
        let port = Int(closed.port)
        #expect(!ReachabilityMonitor.probe(host: "127.0.0.1", port: port))
        #expect(!ReachabilityMonitor(baseURL: "http://127.0.0.1:\(port)/").probe())
    }

    /// Names the resolver refuses without asking a name server: no test sends anything but to loopback.
    @Test(arguments: ["", "not a host name"])
    func aNameThatDoesNotResolveIsNot(_ host: String) {
        #expect(!ReachabilityMonitor.probe(host: host, port: 80, timeout: .milliseconds(500)))
    }

    @Test func theMonitorReportsTheFirstStateAndEachChange() async throws {
        var server: ScriptedServer? = try ScriptedServer()
        let port = try #require(server?.port)
        let monitor = ReachabilityMonitor(host: "127.0.0.1", port: Int(port), timeout: .milliseconds(500),
                                          onlineInterval: .milliseconds(20), offlineInterval: .milliseconds(20))
        let (states, continuation) = AsyncStream.makeStream(of: Reachability.self)
        // An upper bound so a broken monitor fails the test instead of hanging it.
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(30))
            continuation.finish()
        }
        defer { watchdog.cancel() }
        monitor.start { continuation.yield($0) }
        var iterator = states.makeAsyncIterator()

        #expect(await iterator.next() == .online)
        // Let it probe a few more times while nothing changes: those must not be reported.
        try await Self.waitUntil { (server?.connectionsAccepted ?? 0) >= 4 }
        server?.stop()
        server = nil
        #expect(await iterator.next() == .offline)
        server = try ScriptedServer(port: port)
        #expect(await iterator.next() == .online)
        monitor.stop()
    }

    /// Waits (30 s at most) until `condition` holds.
    static func waitUntil(_ condition: () -> Bool) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(30))
        while !condition() {
            try #require(clock.now < deadline, "condition not met within 30 s")
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    @Test func noCallbackAfterStopReturns() async throws {
        let server = try ScriptedServer()
        let monitor = ReachabilityMonitor(host: "127.0.0.1", port: Int(server.port),
                                          onlineInterval: .milliseconds(10), offlineInterval: .milliseconds(10))
        let stopped = Mutex(false)
        let lateCalls = Mutex(0)
        await withCheckedContinuation { (first: CheckedContinuation<Void, Never>) in
            let resumed = Mutex(false)
            monitor.start { _ in
                if stopped.withLock({ $0 }) { lateCalls.withLock { $0 += 1 } }
                if !resumed.withLock({ let was = $0; $0 = true; return was }) { first.resume() }
            }
        }
        monitor.stop()
        stopped.withLock { $0 = true }
        server.stop()   // a change the monitor would report if it still ran
        try await Task.sleep(for: .milliseconds(200))
        #expect(lateCalls.withLock { $0 } == 0)
        #expect(!monitor.probe())
    }
}
