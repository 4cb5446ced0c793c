import Foundation
import Glibc
import Synchronization

/// One canned answer of `NetTestServer`.
struct NetScriptedResponse: Sendable {
    enum Action: Sendable {
        /// Status line, headers, body, then keep the connection open for the next request.
        case respond
        /// Read the request and never answer (until the client gives up or the server stops).
        case hang
        /// Close the connection without a byte of answer.
        case close
        /// Send the head (with Content-Length), then the body `bytes` at a time every `interval`.
        case drip(bytes: Int, interval: Duration)
        /// Send the head without Content-Length, then the body, then close (body ends at EOF).
        case respondUntilClose
    }

    var status: Int = 200
    var headers: [String: String] = [:]
    var body: [UInt8] = []
    var delay: Duration = .zero
    var action: Action = .respond

    static func json(_ text: String, status: Int = 200, headers: [String: String] = [:],
                     delay: Duration = .zero) -> NetScriptedResponse {
        var all = headers
        all["Content-Type"] = "application/json"
        return NetScriptedResponse(status: status, headers: all, body: Array(text.utf8), delay: delay)
    }

    static let ok = json(#"{"latitude": 1.5, "longitude": 2.5, "timezone": "UTC"}"#)
    static let hang = NetScriptedResponse(action: .hang)

    /// A 200 whose body repeats the "lat,lon" of the request path, so answers can be told apart.
    static func echoingCoordinate(of request: NetRecordedRequest, delay: Duration = .zero) -> NetScriptedResponse {
        let path = request.target.split(separator: "?").first ?? ""
        let parts = (path.split(separator: "/").last ?? "").split(separator: ",")
        let latitude = parts.first.flatMap { Double($0) } ?? 0
        let longitude = parts.dropFirst().first.flatMap { Double($0) } ?? 0
        return json(#"{"latitude": \#(latitude), "longitude": \#(longitude), "timezone": "UTC"}"#, delay: delay)
    }
    static let close = NetScriptedResponse(action: .close)
}

/// A request as `NetTestServer` saw it.
struct NetRecordedRequest: Sendable {
    var method: String
    var target: String
    /// Names lower-cased.
    var headers: [String: String]
    /// Which accepted connection it came on (0, 1, ...).
    var connection: Int
}

/// A loopback HTTP/1.1 server for the networking tests: it answers each request with the next
/// scripted response (or `fallback` when the script is used up), keeps connections alive,
/// and counts connections and the most requests it was answering at once.
final class NetTestServer: Sendable {
    let port: Int
    private let listener: Int32
    private let state: Mutex<State>

    private struct State {
        var script: [NetScriptedResponse]
        var fallback: @Sendable (NetRecordedRequest) -> NetScriptedResponse
        var requests: [NetRecordedRequest] = []
        var connections = 0
        var open: Set<Int32> = []
        var inFlight = 0
        var maxInFlight = 0
        var stopped = false
        var listenerClosed = false
    }

    var baseURL: String { "http://127.0.0.1:\(port)/" }
    var requests: [NetRecordedRequest] { state.withLock { $0.requests } }
    var connectionsAccepted: Int { state.withLock { $0.connections } }
    var maxConcurrentRequests: Int { state.withLock { $0.maxInFlight } }

    /// Listens on 127.0.0.1:`port` (0: any free port). Requests get the `script`'s responses in
    /// turn, then what `fallback` makes of them.
    init(port: Int = 0, script: [NetScriptedResponse] = [],
         fallback: @escaping @Sendable (NetRecordedRequest) -> NetScriptedResponse = { _ in .ok }) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw NetTestServerError(call: "socket", code: errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = Self.loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let code = errno
            close(descriptor)
            throw NetTestServerError(call: "bind/listen", code: code)
        }
        self.listener = descriptor
        self.port = Self.localPort(of: descriptor)
        self.state = Mutex(State(script: script, fallback: fallback))
        // The accept thread holds the server weakly, so a server nobody holds stops (deinit).
        Thread.detachNewThread { [weak self] in
            Self.acceptLoop(listener: descriptor) { [weak self] connection in self?.adopt(connection) ?? false }
            // Only this thread closes the listener, after its last accept(), so the descriptor
            // number cannot be reused under it.
            close(descriptor)
            self?.state.withLock { $0.listenerClosed = true }
        }
    }

    deinit { shutDown() }

    func enqueue(_ responses: NetScriptedResponse...) {
        state.withLock { $0.script.append(contentsOf: responses) }
    }

    /// Stops listening and breaks every open connection; returns once the port is released.
    func stop() {
        shutDown()
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(10))
        while !state.withLock({ $0.listenerClosed }) && clock.now < deadline {
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    private func shutDown() {
        state.withLock { state in
            guard !state.stopped else { return }
            state.stopped = true
            shutdown(listener, Int32(SHUT_RDWR))
            for descriptor in state.open { shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }

    /// A loopback port on which nothing listens (bound, read, released).
    static func unusedPort() throws -> Int {
        let server = try NetTestServer()
        let port = server.port
        server.stop()
        return port
    }

    // MARK: - Connections

    private static func acceptLoop(listener: Int32, adopt: @Sendable (Int32) -> Bool) {
        while true {
            let connection = accept(listener, nil, nil)
            if connection < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return   // the listener was shut down
            }
            guard adopt(connection) else {
                close(connection)
                return
            }
        }
    }

    /// Serves a new connection on a thread of its own; false once the server has stopped.
    private func adopt(_ connection: Int32) -> Bool {
        let number: Int? = state.withLock { state in
            guard !state.stopped else { return nil }
            state.open.insert(connection)
            state.connections += 1
            return state.connections - 1
        }
        guard let number else { return false }
        Thread.detachNewThread { [self] in serve(connection, number: number) }
        return true
    }

    private func serve(_ descriptor: Int32, number: Int) {
        defer {
            state.withLock { state in
                state.open.remove(descriptor)
                close(descriptor)
            }
        }
        var buffer: [UInt8] = []
        while let request = readRequest(descriptor, buffer: &buffer, connection: number) {
            let response: NetScriptedResponse = state.withLock { state in
                state.requests.append(request)
                state.inFlight += 1
                state.maxInFlight = max(state.maxInFlight, state.inFlight)
                return state.script.isEmpty ? state.fallback(request) : state.script.removeFirst()
            }
            let keepOpen = answer(response, on: descriptor)
            state.withLock { $0.inFlight -= 1 }
            if !keepOpen { return }
        }
    }

    /// Acts out `response`; returns whether the connection stays open.
    private func answer(_ response: NetScriptedResponse, on descriptor: Int32) -> Bool {
        if response.delay > .zero { Thread.sleep(forTimeInterval: response.delay.testSeconds) }
        switch response.action {
        case .close:
            return false
        case .hang:
            waitUntilPeerCloses(descriptor)
            return false
        case .respond:
            return send(descriptor, head(response, contentLength: true) + response.body)
        case .respondUntilClose:
            _ = send(descriptor, head(response, contentLength: false, closing: true) + response.body)
            return false
        case .drip(let bytes, let interval):
            guard send(descriptor, head(response, contentLength: true)) else { return false }
            var offset = 0
            while offset < response.body.count {
                Thread.sleep(forTimeInterval: interval.testSeconds)
                let end = min(offset + max(1, bytes), response.body.count)
                guard send(descriptor, Array(response.body[offset..<end])) else { return false }
                offset = end
            }
            return true
        }
    }

    private func head(_ response: NetScriptedResponse, contentLength: Bool, closing: Bool = false) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) Status\r\n"
        for (name, value) in response.headers { text += "\(name): \(value)\r\n" }
        if contentLength { text += "Content-Length: \(response.body.count)\r\n" }
        if closing { text += "Connection: close\r\n" }
        return Array((text + "\r\n").utf8)
    }

    private func send(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private func waitUntilPeerCloses(_ descriptor: Int32) {
        var scratch = [UInt8](repeating: 0, count: 1024)
        while !state.withLock({ $0.stopped }) {
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, 50)
            if ready < 0 && errno != EINTR { return }
            if ready > 0 {
                let count = scratch.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
                if count <= 0 { return }
            }
        }
    }

    /// The next request head on the connection, or nil when it closed.
    private func readRequest(_ descriptor: Int32, buffer: inout [UInt8], connection: Int) -> NetRecordedRequest? {
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let range = buffer.firstRange(of: end) {
                let head = String(decoding: buffer[..<range.lowerBound], as: UTF8.self)
                buffer.removeSubrange(..<range.upperBound)
                return Self.parse(head, connection: connection)
            }
            let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress!, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    private static func parse(_ head: String, connection: Int) -> NetRecordedRequest {
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ") ?? []
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        return NetRecordedRequest(
            method: requestLine.count > 0 ? String(requestLine[0]) : "",
            target: requestLine.count > 1 ? String(requestLine[1]) : "",
            headers: headers, connection: connection)
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
        return address
    }

    private static func localPort(of descriptor: Int32) -> Int {
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

struct NetTestServerError: Error, CustomStringConvertible {
    var call: String
    var code: Int32
    var description: String { "\(call): \(String(cString: strerror(code)))" }
}

extension Duration {
    var testSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
