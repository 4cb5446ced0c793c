import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A response as read off the socket.
struct TestResponse {
    var status: Int
    /// Lower-cased names.
    var headers: [String: String]
    var body: [UInt8]

    var text: String { String(decoding: body, as: UTF8.self) }

    /// The body as a JSON object, or nil when it is not one.
    var jsonObject: [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) as? [String: Any]
    }

    var isValidJSON: Bool {
        (try? JSONSerialization.jsonObject(with: Data(body), options: [.fragmentsAllowed])) != nil
    }
}

struct TestClientError: Error, CustomStringConvertible {
    var description: String
}

/// A tiny blocking HTTP/1.1 client over a raw loopback socket: enough to send requests,
/// reuse the connection and read exactly one response at a time. A receive timeout keeps a
/// broken server from hanging the test run; it is a safety net, not an assertion.
final class TestConnection {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    init(host: String = "127.0.0.1", port: UInt16, receiveTimeoutSeconds: Int = 30) throws {
        let isIPv6 = host.contains(":")
        descriptor = socket(isIPv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestClientError(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result: Int32
        if isIPv6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            _ = inet_pton(AF_INET6, host, &address.sin6_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            _ = inet_pton(AF_INET, host, &address.sin_addr)
            result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        guard result == 0 else {
            // No close here: deinit runs for a class whose init throws once it is fully
            // initialised, and a second close could hit a descriptor reused by another test.
            let message = String(cString: strerror(errno))
            throw TestClientError(description: "connect to \(host):\(port): \(message)")
        }
    }

    deinit {
        close(descriptor)
    }

    func send(_ text: String) throws {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { throw TestClientError(description: "send: \(String(cString: strerror(errno)))") }
            bytes = bytes.dropFirst(count)
        }
    }

    func sendRequest(_ target: String, method: String = "GET", headers: [(String, String)] = [], close: Bool = false) throws {
        var text = "\(method) \(target) HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if close { text += "Connection: close\r\n" }
        text += "\r\n"
        try send(text)
    }

    /// Sends a request and reads its response.
    func request(_ target: String, method: String = "GET", headers: [(String, String)] = [], close: Bool = false) throws -> TestResponse {
        try sendRequest(target, method: method, headers: headers, close: close)
        return try readResponse()
    }

    /// Reads one response (head, then exactly Content-Length bytes).
    func readResponse() throws -> TestResponse {
        var headEnd: Int?
        while headEnd == nil {
            headEnd = Self.find([13, 10, 13, 10], in: buffer)
            if headEnd == nil {
                guard let bytes = receiveChunk() else {
                    throw TestClientError(description: "connection closed before a complete head (\(buffer.count) bytes)")
                }
                buffer += bytes
            }
        }
        let head = String(decoding: buffer[..<headEnd!], as: UTF8.self)
        buffer.removeFirst(headEnd! + 4)
        let lines = head.components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ")
        guard statusParts.count >= 2, statusParts[0] == "HTTP/1.1", let status = Int(statusParts[1]) else {
            throw TestClientError(description: "bad status line '\(lines[0])'")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw TestClientError(description: "bad header line '\(line)'") }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        guard let lengthText = headers["content-length"], let length = Int(lengthText) else {
            throw TestClientError(description: "no Content-Length")
        }
        while buffer.count < length {
            guard let bytes = receiveChunk() else {
                throw TestClientError(description: "connection closed after \(buffer.count) of \(length) body bytes")
            }
            buffer += bytes
        }
        let body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return TestResponse(status: status, headers: headers, body: body)
    }

    /// Everything until the server closes the connection.
    func readToEnd() -> [UInt8] {
        var all = buffer
        buffer = []
        while let bytes = receiveChunk() { all += bytes }
        return all
    }

    /// One `recv`: nil on end of stream, error or timeout.
    func receiveChunk() -> [UInt8]? {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Array(chunk[..<count])
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}

/// One request on a fresh connection that is closed afterwards.
func fetch(_ port: UInt16, _ target: String, host: String = "127.0.0.1", method: String = "GET", headers: [(String, String)] = []) throws -> TestResponse {
    let connection = try TestConnection(host: host, port: port)
    return try connection.request(target, method: method, headers: headers, close: true)
}

/// Waits (politely) until `condition` holds; a fail-safe bound keeps a broken server from
/// hanging the run. Not a timing assertion: the callers check the condition afterwards.
func waitUntil(_ condition: () -> Bool) {
    for _ in 0..<2_000 where !condition() {
        usleep(5_000)
    }
}
