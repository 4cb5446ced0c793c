import ForecastSimulator
import Testing

@Suite struct FailureModeTests {
    struct StatusCase: Sendable, CustomTestStringConvertible {
        var status: Int
        var retryAfter: Int?
        var bodyKey: String
        var expectedRetryAfter: String?
        var testDescription: String { "\(status) retryAfter \(retryAfter.map(String.init) ?? "nil")" }
    }

    @Test(arguments: [
        StatusCase(status: 400, bodyKey: "detail"),
        StatusCase(status: 401, bodyKey: "message"),
        StatusCase(status: 403, bodyKey: "message"),
        StatusCase(status: 404, bodyKey: "detail"),
        StatusCase(status: 429, retryAfter: 7, bodyKey: "message", expectedRetryAfter: "7"),
        StatusCase(status: 429, bodyKey: "message"),
        StatusCase(status: 500, bodyKey: "message"),
        StatusCase(status: 502, bodyKey: "message"),
        StatusCase(status: 503, bodyKey: "message"),
        StatusCase(status: 503, retryAfter: 30, bodyKey: "message", expectedRetryAfter: "30"),
    ])
    func statusAnswersCarryTheProvidersBodies(_ statusCase: StatusCase) throws {
        let simulator = try startedSimulator(.init(behaviour: .status(statusCase.status, retryAfter: statusCase.retryAfter)))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, Place.path(Place.berlin))
        #expect(response.status == statusCase.status)
        #expect(response.headers["content-type"] == "application/json")
        let body = try #require(response.jsonObject)
        #expect(body.keys.sorted() == [statusCase.bodyKey])
        #expect((body[statusCase.bodyKey] as? String)?.isEmpty == false)
        if statusCase.status == 429 {
            #expect(response.headers["ratelimit-remaining"] == "0")
            #expect(Int(response.headers["ratelimit-limit"] ?? "") ?? 0 > 0)
            // Without a proxy's Retry-After, Pirate Weather's gateway's (Kong's): the month's
            // headers, and Retry-After the same as RateLimit-Reset, at most 30 days.
            let reset = try #require(Int(response.headers["ratelimit-reset"] ?? ""))
            #expect(statusCase.retryAfter.map { $0 == reset } ?? (reset > 0 && reset <= 30 * 86_400), "\(reset)")
            #expect(response.headers["retry-after"] == statusCase.expectedRetryAfter ?? String(reset))
            #expect(response.headers["x-ratelimit-remaining-month"] == (statusCase.retryAfter == nil ? "0" : nil))
        } else {
            #expect(response.headers["retry-after"] == statusCase.expectedRetryAfter)
        }
    }

    @Test func openMeteoPathsGetOpenMeteoErrorBodies() throws {
        let simulator = try startedSimulator(.init(behaviour: .status(503)))
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, "/v1/forecast?latitude=52.52&longitude=13.41").jsonObject)
        #expect(body["error"] as? Bool == true)
        #expect(body["reason"] is String)
    }

    @Test func malformedBodyIsNotJSON() throws {
        let simulator = try startedSimulator(.init(behaviour: .malformedBody))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, Place.path(Place.berlin))
        #expect(response.status == 200)
        #expect(!response.body.isEmpty)
        #expect(!response.isValidJSON)
    }

    @Test func truncatedBodyIsHalfADocumentWithAMatchingLength() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        let whole = try fetch(simulator.port, Place.path(Place.berlin))
        simulator.setBehaviour(.truncatedBody)
        let response = try fetch(simulator.port, Place.path(Place.berlin))
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == String(response.body.count))
        #expect(!response.isValidJSON)
        #expect(response.text.hasPrefix("{\"latitude\":52.52,\"longitude\":13.405,"))
        #expect(abs(response.body.count - whole.body.count / 2) < whole.body.count / 10)
    }

    @Test func emptyBodyHasLengthZero() throws {
        let simulator = try startedSimulator(.init(behaviour: .emptyBody))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, Place.path(Place.berlin))
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == "0")
        #expect(response.body.isEmpty)
    }

    @Test func htmlBodyIsAnHTMLPage() throws {
        let simulator = try startedSimulator(.init(behaviour: .htmlBody))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, Place.path(Place.berlin))
        #expect(response.status == 200)
        #expect(response.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(response.text.contains("<html"))
        #expect(!response.isValidJSON)
    }

    @Test func wrongTypesIsValidJSONOfTheWrongShape() throws {
        let simulator = try startedSimulator(.init(behaviour: .wrongTypes))
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, Place.path(Place.berlin)).jsonObject)
        let currently = try #require(body["currently"] as? [String: Any])
        #expect(currently["temperature"] as? String == "warm")
        let hourly = try #require(body["hourly"] as? [String: Any])
        #expect(hourly["data"] is [String: Any])
        #expect(!(hourly["data"] is [Any]))
    }

    @Test(arguments: [3 * 1024 * 1024, 100])
    func hugeBodyHasExactlyTheRequestedSize(_ bytes: Int) throws {
        let simulator = try startedSimulator(.init(behaviour: .hugeBody(bytes: bytes)))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, Place.path(Place.berlin))
        #expect(response.status == 200)
        #expect(response.headers["content-length"] == String(bytes))
        #expect(response.body.count == bytes)
        if bytes > 100_000 {
            let document = try #require(response.jsonObject)
            #expect(document["currently"] != nil)
        }
    }

    struct HugeCase: Sendable, CustomTestStringConvertible {
        var target: String
        /// Members the provider's document has at its top level.
        var members: [String]
        var testDescription: String { target }
    }

    /// Each provider path is answered in its own provider's shape, padded to the size asked for.
    @Test(arguments: [
        HugeCase(target: Place.path(Place.berlin), members: ["currently", "hourly", "daily"]),
        HugeCase(target: "/v1/forecast?" + OpenMeteoTests.fixtureQuery, members: ["current", "hourly", "daily", "utc_offset_seconds"]),
        HugeCase(target: "/v1/forecast", members: ["current", "hourly", "daily", "utc_offset_seconds"]),
        HugeCase(target: "/v1/search?name=Berlin", members: ["results"]),
        HugeCase(target: "/json", members: ["latitude", "longitude", "city"]),
    ])
    func hugeBodyHasTheShapeOfThePathsProvider(_ hugeCase: HugeCase) throws {
        let bytes = 2 * 1024 * 1024
        let simulator = try startedSimulator(.init(behaviour: .hugeBody(bytes: bytes)))
        defer { simulator.stop() }
        let response = try fetch(simulator.port, hugeCase.target)
        #expect(response.status == 200)
        #expect(response.body.count == bytes)
        let document = try #require(response.jsonObject)
        #expect(hugeCase.members.allSatisfy { document[$0] != nil }, "\(document.keys.sorted())")
        let otherProviders: Set<String> = Set(["currently", "current", "results", "city"]).subtracting(hugeCase.members)
        #expect(otherProviders.allSatisfy { document[$0] == nil }, "\(document.keys.sorted())")
    }

    @Test func controlCharactersAppearInSummariesAndAlertTitles() throws {
        let simulator = try startedSimulator(.init(behaviour: .controlCharacters))
        defer { simulator.stop() }
        let body = try #require(try fetch(simulator.port, Place.path(Place.berlin)).jsonObject)
        let summary = try #require((body["currently"] as? [String: Any])?["summary"] as? String)
        #expect(summary.contains("\u{1B}["))
        #expect(summary.contains("\u{07}"))
        let hourly = try #require((body["hourly"] as? [String: Any])?["data"] as? [[String: Any]])
        #expect(hourly.allSatisfy { ($0["summary"] as? String)?.contains("\u{1B}") == true })
        let alerts = try #require(body["alerts"] as? [[String: Any]])
        let title = try #require(alerts.first?["title"] as? String)
        #expect(title.contains("\u{1B}[31m"))
        #expect(title.unicodeScalars.contains { $0.value == 0x9B })
    }

    @Test func disconnectClosesWithoutAnswering() throws {
        let simulator = try startedSimulator(.init(behaviour: .disconnect))
        defer { simulator.stop() }
        let connection = try TestConnection(port: simulator.port)
        try connection.sendRequest(Place.path(Place.berlin))
        #expect(connection.readToEnd().isEmpty)
        #expect(simulator.requestCount == 1)
    }

    @Test func hangNeverAnswersAndStopReleasesTheConnection() throws {
        let simulator = try startedSimulator(.init(behaviour: .hang))
        let connection = try TestConnection(port: simulator.port)
        try connection.sendRequest(Place.path(Place.berlin))
        waitUntil { simulator.requestCount == 1 }
        #expect(simulator.requestCount == 1)
        simulator.stop()
        #expect(connection.readToEnd().isEmpty)
    }

    @Test func latencyDelaysAndStopInterruptsIt() throws {
        let simulator = try startedSimulator(.init(latencyMilliseconds: 20))
        #expect(try fetch(simulator.port, Place.path(Place.berlin)).status == 200)
        simulator.setLatency(milliseconds: 3_600_000)
        let connection = try TestConnection(port: simulator.port)
        try connection.sendRequest(Place.path(Place.berlin))
        waitUntil { simulator.requestCount == 2 }
        simulator.stop()
        #expect(connection.readToEnd().isEmpty)
    }

    @Test func dripSendsTheNormalAnswerInPieces() throws {
        let simulator = try startedSimulator(.init(behaviour: .drip(bytesPerSecond: 2000)))
        defer { simulator.stop() }
        let connection = try TestConnection(port: simulator.port)
        try connection.sendRequest(Place.path(Place.berlin, query: "units=si&exclude=minutely,hourly,daily,flags"), close: true)
        var pieces: [[UInt8]] = []
        while let piece = connection.receiveChunk() { pieces.append(piece) }
        #expect(pieces.count > 1)
        let raw = String(decoding: pieces.joined(), as: UTF8.self)
        #expect(raw.hasPrefix("HTTP/1.1 200 OK\r\n"))
        #expect(raw.contains("\"currently\""))
        #expect(raw.hasSuffix("}"))
    }

    @Test func stopEndsADripMidway() throws {
        let simulator = try startedSimulator(.init(behaviour: .drip(bytesPerSecond: 10)))
        let connection = try TestConnection(port: simulator.port)
        try connection.sendRequest(Place.path(Place.berlin))
        let first = try #require(connection.receiveChunk())
        #expect(first.count < 100)
        simulator.stop()
        let rest = connection.readToEnd()
        #expect(first.count + rest.count < 1000)
    }

    @Test func failFirstThenNormal() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        simulator.failFirst(2, with: .status(503, retryAfter: 1))
        let statuses = try (0..<4).map { _ in try fetch(simulator.port, Place.path(Place.berlin)).status }
        #expect(statuses == [503, 503, 200, 200])
    }

    @Test func failFirstReturnsToTheBehaviourSetAtRuntime() throws {
        let simulator = try startedSimulator()
        defer { simulator.stop() }
        simulator.setBehaviour(.emptyBody)
        simulator.failFirst(1, with: .status(500))
        let first = try fetch(simulator.port, Place.path(Place.berlin))
        let second = try fetch(simulator.port, Place.path(Place.berlin))
        #expect(first.status == 500)
        #expect(second.status == 200 && second.body.isEmpty)
    }

    @Test func behaviourChangesOnARunningServerAndKeptConnection() throws {
        let simulator = try startedSimulator(.init(behaviour: .status(503)))
        defer { simulator.stop() }
        let connection = try TestConnection(port: simulator.port)
        #expect(try connection.request(Place.path(Place.berlin)).status == 503)
        simulator.setBehaviour(.normal)
        let response = try connection.request(Place.path(Place.berlin))
        #expect(response.status == 200)
        #expect(response.jsonObject?["currently"] != nil)
    }
}
