import ForecastSimulator
import Foundation
import Testing
@testable import RainKit

@Suite struct CurlTransportTests {
    @Test func sendsAcceptAndUserAgentAndExtraHeaders() throws {
        let server = try ScriptedServer()
        let transport = CurlTransport()
        let response = try transport.perform(HTTPRequest(url: server.baseURL + "x", headers: ["X-Extra": "1"])).get()
        #expect(response.status == 200)
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.target == "/x")
        #expect(request.headers["accept"] == "application/json")
        #expect(request.headers["user-agent"] == RainVersion.userAgent)
        #expect(request.headers["x-extra"] == "1")
    }

    @Test func lowerCasesResponseHeaderNamesAndKeepsTheBody() throws {
        let server = try ScriptedServer(script: [.json(#"{"a":1}"#, status: 418, headers: ["X-Rate-Thing": "7"])])
        let response = try CurlTransport().perform(HTTPRequest(url: server.baseURL)).get()
        #expect(response.status == 418)
        #expect(response.headers["x-rate-thing"] == "7")
        #expect(response.header("Content-Type") == "application/json")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"a":1}"#)
    }

    struct CapCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var response: Reply
        var expected: Result<Int, TransferFailure>
    }

    static let limit = 1000
    @Test(arguments: [
        CapCase(testDescription: "Content-Length over the limit",
                response: .respond(body: Array(repeating: 65, count: 5000)),
                expected: .failure(.tooLarge(limit: limit))),
        CapCase(testDescription: "no Content-Length, body over the limit",
                response: .respond(body: Array(repeating: 65, count: 5000), endsAtClose: true),
                expected: .failure(.tooLarge(limit: limit))),
        CapCase(testDescription: "exactly the limit",
                response: .respond(body: Array(repeating: 65, count: limit), endsAtClose: true),
                expected: .success(limit)),
    ])
    func capsTheBody(_ test: CapCase) throws {
        let server = try ScriptedServer(script: [test.response])
        let transport = CurlTransport(options: TransferOptions(bodyLimit: Self.limit))
        let outcome = transport.perform(HTTPRequest(url: server.baseURL)).map(\.body.count)
        #expect(outcome == test.expected)
    }

    @Test func aServerThatNeverAnswersTimesOut() throws {
        let server = try ScriptedServer(script: [.hang])
        let transport = CurlTransport(options: TransferOptions(timeouts: HTTPTimeouts(connect: .seconds(5), total: .milliseconds(300))))
        let outcome = transport.perform(HTTPRequest(url: server.baseURL))
        guard case .failure(.timedOut) = outcome else {
            Issue.record("expected a timeout, got \(outcome)")
            return
        }
    }

    @Test func aBodySlowerThanTheLowSpeedLimitTimesOut() throws {
        // 5 bytes a second: one byte every 200 ms.
        let slow = Reply(.drip(ServerResponse(status: 200, body: .bytes(Array(repeating: 65, count: 200))), bytesPerSecond: 5))
        let server = try ScriptedServer(script: [slow])
        let options = TransferOptions(timeouts: HTTPTimeouts(connect: .seconds(5), total: .seconds(30)),
                                      lowSpeed: LowSpeedLimit(bytesPerSecond: 1000, duration: .seconds(1)))
        let outcome = CurlTransport(options: options).perform(HTTPRequest(url: server.baseURL))
        guard case .failure(.timedOut) = outcome else {
            Issue.record("expected a low-speed timeout, got \(outcome)")
            return
        }
    }

    @Test func nothingListeningIsUnreachable() throws {
        let closed = try ScriptedServer.closed()
        defer { withExtendedLifetime(closed) {} }
        let port = Int(closed.port)
        let outcome = CurlTransport().perform(HTTPRequest(url: "http://127.0.0.1:\(port)/"))
        guard case .failure(.unreachable) = outcome else {
            Issue.record("expected unreachable, got \(outcome)")
            return
        }
    }

    @Test func aConnectionClosedWithoutAnswerIsLost() throws {
        let server = try ScriptedServer(script: [.disconnect])
        let outcome = CurlTransport().perform(HTTPRequest(url: server.baseURL))
        guard case .failure(.connectionLost) = outcome else {
            Issue.record("expected a lost connection, got \(outcome)")
            return
        }
    }

    @Test(arguments: ["file:///etc/passwd", "ftp://127.0.0.1:1/x", "gopher://127.0.0.1:1/"])
    func onlyHTTPAndHTTPSAreAllowed(_ url: String) {
        let outcome = CurlTransport().perform(HTTPRequest(url: url))
        guard case .failure(.transport) = outcome else {
            Issue.record("expected a refused protocol, got \(outcome)")
            return
        }
    }

    @Test func redirectsAreNotFollowed() throws {
        let server = try ScriptedServer(script: [.respond(status: 302, headers: ["Location": "file:///etc/passwd"])])
        let response = try CurlTransport().perform(HTTPRequest(url: server.baseURL)).get()
        #expect(response.status == 302)
        #expect(server.requests.count == 1)
    }

    @Test func manyRequestsShareOneConnectionWhenOneAtATime() throws {
        let server = try ScriptedServer()
        let transport = CurlTransport(maxConcurrentRequests: 1)
        let requests = (0..<5).map { HTTPRequest(url: server.baseURL + "r\($0)") }
        let responses = transport.perform(requests).map { try? $0.get() }
        let statuses = responses.map { $0?.status }
        let reused = responses.filter { $0?.reusedConnection == true }.count
        #expect(statuses == Array(repeating: 200, count: 5))
        #expect(server.connectionsAccepted == 1)
        #expect(reused == 4)
        #expect(server.requests.map(\.target) == ["/r0", "/r1", "/r2", "/r3", "/r4"])
    }

    @Test func theMultiLoopBoundsConcurrency() throws {
        let server = try ScriptedServer(fallback: { _ in .json("{}", after: .milliseconds(100)) })
        let transport = CurlTransport(maxConcurrentRequests: 2)
        let requests = (0..<6).map { HTTPRequest(url: server.baseURL + "r\($0)") }
        let done = transport.perform(requests).filter { (try? $0.get().status) == 200 }.count
        #expect(done == 6)
        #expect(server.mostRequestsAtOnce <= 2)
        #expect(server.mostRequestsAtOnce >= 1)
        #expect(server.connectionsAccepted <= 2)
    }

    @Test func theMultiLoopSendsARequestAgainWhenAsked() throws {
        let server = try ScriptedServer(script: [.json("{}", status: 503)])
        var statuses: [Int] = []
        CurlTransport().perform([HTTPRequest(url: server.baseURL)], deadline: .now + .seconds(10)) { _, outcome, _ in
            let status = (try? outcome.get().status) ?? -1
            statuses.append(status)
            return status == 503 ? .retry(after: .milliseconds(20), pausingOthers: false) : .finished
        }
        #expect(statuses == [503, 200])
        #expect(server.requests.count == 2)
    }

    @Test func theMultiLoopStopsEverythingWhenAsked() throws {
        let server = try ScriptedServer()
        let transport = CurlTransport(maxConcurrentRequests: 1)
        let requests = (0..<4).map { HTTPRequest(url: server.baseURL + "r\($0)") }
        var outcomes: [Int: Result<HTTPResponse, TransferFailure>] = [:]
        transport.perform(requests, deadline: .now + .seconds(10)) { index, outcome, _ in
            outcomes[index] = outcome
            return index == 0 ? .stopBatch : .finished
        }
        #expect(server.requests.count == 1)
        #expect((try? outcomes[0]?.get().status) == 200)
        for index in 1..<4 { #expect(outcomes[index] == .failure(.cancelled)) }
    }

    @Test func nothingStartsAfterTheDeadline() throws {
        let server = try ScriptedServer()
        var outcome: Result<HTTPResponse, TransferFailure>?
        CurlTransport().perform([HTTPRequest(url: server.baseURL)], deadline: .now - .seconds(1)) { _, result, _ in
            outcome = result
            return .finished
        }
        #expect(outcome == .failure(.outOfTime))
        #expect(server.requests.count == 0)
    }

    @Test func aCancelledBatchSendsNothing() throws {
        let server = try ScriptedServer()
        let cancellation = TransferCancellation()
        cancellation.cancel()
        var outcome: Result<HTTPResponse, TransferFailure>?
        CurlTransport().perform([HTTPRequest(url: server.baseURL)], deadline: .now + .seconds(10),
                                cancellation: cancellation) { _, result, _ in
            outcome = result
            return .finished
        }
        #expect(outcome == .failure(.cancelled))
        #expect(server.requests.count == 0)
    }
}
