import ForecastSimulator
import Testing
#if canImport(Glibc)
import Glibc
#endif

@Suite struct ConnectionTests {
    @Test func keepAliveServesSeveralRequestsOnOneConnection() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let connection = try TestConnection(port: simulator.port)
        let first = try connection.request(Place.path(Place.berlin))
        let second = try connection.request(Place.path(Place.tokyo))
        let third = try connection.request("/nope")
        #expect(first.status == 200 && second.status == 200 && third.status == 404)
        #expect(first.headers["connection"] == "keep-alive")
        #expect(second.jsonObject?["timezone"] as? String == "Asia/Tokyo")
        #expect(simulator.requestCount == 3)
    }

    @Test func connectionCloseIsHonoured() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let connection = try TestConnection(port: simulator.port)
        let response = try connection.request(Place.path(Place.berlin), close: true)
        #expect(response.status == 200)
        #expect(response.headers["connection"] == "close")
        #expect(connection.readToEnd().isEmpty)
    }

    @Test func http10ClosesUnlessAskedToKeepAlive() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let closing = try TestConnection(port: simulator.port)
        try closing.send("GET \(Place.path(Place.berlin)) HTTP/1.0\r\n\r\n")
        #expect(try closing.readResponse().headers["connection"] == "close")
        #expect(closing.readToEnd().isEmpty)
        let keeping = try TestConnection(port: simulator.port)
        try keeping.send("GET \(Place.path(Place.berlin)) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
        #expect(try keeping.readResponse().headers["connection"] == "keep-alive")
        #expect(try keeping.request(Place.path(Place.tokyo)).status == 200)
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let connection = try TestConnection(port: simulator.port)
        let request = "GET /nope HTTP/1.1\r\nHost: x\r\n\r\nGET \(Place.path(Place.tokyo)) HTTP/1.1\r\nHost: x\r\n\r\n"
        try connection.send(request)
        #expect(try connection.readResponse().status == 404)
        #expect(try connection.readResponse().jsonObject?["timezone"] as? String == "Asia/Tokyo")
    }

    @Test func manyConcurrentConnectionsAreServed() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        // 19 connections hang; the 20th is still answered, so they are served concurrently.
        simulator.failFirst(19, with: .hang)
        let hanging = try (0..<19).map { _ in try TestConnection(port: simulator.port) }
        for connection in hanging { try connection.sendRequest(Place.path(Place.berlin)) }
        waitUntil { simulator.requestCount == 19 }
        #expect(simulator.requestCount == 19)
        let last = try fetch(simulator.port, Place.path(Place.berlin))
        #expect(last.status == 200)
        // And 20 open connections answer in turn.
        let open = try (0..<20).map { _ in try TestConnection(port: simulator.port) }
        for connection in open { try connection.sendRequest(Place.path(Place.tokyo)) }
        for connection in open { #expect(try connection.readResponse().status == 200) }
    }

    @Test func stopThenRestartOnTheSamePort() throws {
        let simulator = try startedSimulator()
        let port = simulator.port
        let keptOpen = try TestConnection(port: port)
        #expect(try keptOpen.request(Place.path(Place.berlin)).status == 200)
        simulator.stop()
        #expect(!simulator.isRunning)
        #expect(keptOpen.readToEnd().isEmpty)
        #expect(throws: TestClientError.self) { try TestConnection(port: port) }
        simulator.stop() // twice is fine

        let again = try simulator.start()
        defer { simulator.stop() }
        #expect(again == port)
        #expect(try fetch(port, Place.path(Place.berlin)).status == 200)
    }

    /// A stopped simulator keeps its port bound, without listening, until it restarts or is
    /// gone: connections are refused, and the kernel gives the port to no other server asking
    /// for any free one (so a test of "nothing listens" never reaches another test's server).
    @Test func aStoppedSimulatorKeepsItsPortUntilItIsGone() throws {
        var simulator: ForecastSimulator? = try startedSimulator()
        let port = try #require(simulator?.port)
        simulator?.stop()
        #expect(throws: TestClientError.self) { try TestConnection(port: port) }
        #expect(Self.bindingAlone(port) == EADDRINUSE, "still bound while stopped")
        simulator = nil
        #expect(Self.bindingAlone(port) == 0, "free once the simulator is gone")
    }

    /// 0 when a socket without address reuse can bind 127.0.0.1:`port`, else the errno.
    private static func bindingAlone(_ port: UInt16) -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return result == 0 ? 0 : errno
    }

    @Test func fixedPortCanBeReusedBySeveralSimulatorsInTurn() throws {
        // A port below the kernel's ephemeral range (32768-60999): one the system handed out
        // could go, between two simulators, to another test asking for port 0.
        let probe = try #require((20_000..<32_768).shuffled().lazy
            .map { ForecastSimulator(configuration: .init(port: UInt16($0))) }
            .first { (try? $0.start()) != nil }, "no free port below 32768")
        let port = probe.port
        #expect(try fetch(port, Place.path(Place.berlin)).status == 200)
        probe.stop()
        for _ in 0..<2 {
            let simulator = ForecastSimulator(configuration: .init(port: port))
            #expect(try simulator.start() == port)
            #expect(try fetch(port, Place.path(Place.berlin)).status == 200)
            simulator.stop()
        }
    }

    @Test func startingTwiceOrOnABusyPortFails() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        #expect(throws: SimulatorError.alreadyRunning(port: simulator.port)) { try simulator.start() }
        let rival = ForecastSimulator(configuration: .init(port: simulator.port))
        let error = try #require(throws: SimulatorError.self) { try rival.start() }
        guard case .bindFailed(_, let port, let code, _) = error else {
            Issue.record("expected bindFailed, got \(error)")
            return
        }
        #expect(port == simulator.port)
        #expect(code == EADDRINUSE)
        #expect(error.description.contains("\(simulator.port)"))
    }

    @Test func baseURLNamesTheHostAndPort() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        #expect(simulator.baseURL == "http://127.0.0.1:\(simulator.port)/forecast/")
    }

    @Test(arguments: ["0.0.0.0", "192.168.1.10", "10.0.0.1", "::", "fe80::1", "example.com", "", "127.0.0.1.evil.com"])
    func nonLoopbackHostsAreRefused(_ host: String) throws {
        let simulator = ForecastSimulator(configuration: .init(host: host))
        #expect(throws: SimulatorError.nonLoopbackHost(host)) { try simulator.start() }
        #expect(!simulator.isRunning)
        #expect(SimulatorError.nonLoopbackHost(host).description.contains("loopback"))
    }

    @Test(.enabled(if: Self.ipv6LoopbackWorks(), "no IPv6 loopback on this machine"))
    func ipv6Loopback() throws {
        let simulator = try startedSimulator(.init(host: "::1"))
        defer { simulator.stop() }
        #expect(simulator.baseURL == "http://[::1]:\(simulator.port)/forecast/")
        let response = try fetch(simulator.port, Place.path(Place.berlin), host: "::1")
        #expect(response.status == 200)
        // Not this simulator on 127.0.0.1. The port picked on ::1 is not reserved there: another
        // test's simulator may hold it (make test saw a 404 from one), so what counts is that
        // this one never hears the question.
        let heard = simulator.requests.count
        _ = try? TestConnection(host: "127.0.0.1", port: simulator.port).request(Place.path(Place.berlin))
        #expect(simulator.requests.count == heard)
    }

    static func ipv6LoopbackWorks() -> Bool {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        _ = inet_pton(AF_INET6, "::1", &address.sin6_addr)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
        } == 0
    }
}
