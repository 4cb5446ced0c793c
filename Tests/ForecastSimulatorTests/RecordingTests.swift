import ForecastSimulator
import Synchronization
import Testing

@Suite struct RecordingTests {
    @Test func requestsAreRecordedAsSent() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        _ = try fetch(simulator.port, "/forecast/my-key/52.52,13.405?units=si&lang=de&exclude=minutely%2Calerts", headers: [("X-Trace", "abc"), ("User-Agent", "rain/1.0")])
        _ = try fetch(simulator.port, "/forecast/52.52,13.405", headers: [("apikey", "header-key")])
        _ = try fetch(simulator.port, "/elsewhere")
        #expect(simulator.requestCount == 3)
        let requests = simulator.requests
        try #require(requests.count == 3)
        let first = requests[0]
        #expect(first.method == "GET")
        #expect(first.path == "/forecast/my-key/52.52,13.405")
        #expect(first.queryValue("units") == "si")
        #expect(first.queryValue("lang") == "de")
        #expect(first.queryValue("exclude") == "minutely,alerts")
        #expect(first.queryItems.map(\.name) == ["units", "lang", "exclude"])
        #expect(first.headers["x-trace"] == "abc")
        #expect(first.header("User-Agent") == "rain/1.0")
        #expect(first.headers.keys.allSatisfy { $0 == $0.lowercased() })
        #expect(requests[1].headers["apikey"] == "header-key")
        #expect(requests[2].path == "/elsewhere")

        simulator.resetRecordedRequests()
        #expect(simulator.requestCount == 0)
        #expect(simulator.requests.isEmpty)
    }

    @Test func failedAndHangingRequestsCountToo() throws {
        let simulator = try startedSimulator(.init(behaviour: .status(500)))
        defer { simulator.stop() }
        _ = try fetch(simulator.port, Place.path(Place.berlin))
        _ = try fetch(simulator.port, "/nope")
        #expect(simulator.requestCount == 2)
    }

    @Test func theLoggerGetsOneRedactedLinePerRequest() throws {
        let lines = Mutex<[String]>([])
        let simulator = try startedSimulator(.init(apiKey: "top-secret", requestLogger: { line in lines.withLock { $0.append(line) } }))
        defer { simulator.stop() }
        _ = try fetch(simulator.port, "/forecast/top-secret/52.52,13.405?units=si")
        _ = try fetch(simulator.port, "/forecast/wrong/52.52,13.405")
        _ = try fetch(simulator.port, "/v1/forecast?latitude=1&longitude=2&apikey=top-secret")
        let logged = lines.withLock { $0 }
        #expect(logged == [
            "GET /forecast/REDACTED/52.52,13.405?units=si 200",
            "GET /forecast/REDACTED/52.52,13.405 403",
            "GET /v1/forecast?latitude=1&longitude=2&apikey=REDACTED 200",
        ])
    }
}
