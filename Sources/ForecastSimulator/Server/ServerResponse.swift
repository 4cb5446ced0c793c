/// An answer a `LoopbackServer` writes. `Server`, `Content-Length` and `Connection` are added
/// when it is sent.
public struct ServerResponse: Sendable {
    public enum Body: Sendable {
        case bytes([UInt8])
        /// `prefix`, then `padding` spaces, then `suffix`; generated while sending.
        case padded(prefix: [UInt8], padding: Int, suffix: [UInt8])

        var count: Int {
            switch self {
            case .bytes(let bytes): return bytes.count
            case .padded(let prefix, let padding, let suffix): return prefix.count + padding + suffix.count
            }
        }

        /// Every byte, padding included.
        var contents: [UInt8] {
            switch self {
            case .bytes(let bytes): return bytes
            case .padded(let prefix, let padding, let suffix): return prefix + [UInt8](repeating: 0x20, count: padding) + suffix
            }
        }
    }

    public var status: Int
    public var headers: [(String, String)]
    public var body: Body
    /// Close the connection after this answer, whatever the client asked.
    public var closesConnection: Bool
    /// No `Content-Length`: the body ends where the connection closes (it closes after this answer).
    public var endsAtClose: Bool

    public init(status: Int, headers: [(String, String)] = [], body: Body = .bytes([]),
                closesConnection: Bool = false, endsAtClose: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.closesConnection = closesConnection || endsAtClose
        self.endsAtClose = endsAtClose
    }

    static func json(_ status: Int, _ value: JSONValue, headers: [(String, String)] = []) -> ServerResponse {
        ServerResponse(
            status: status,
            headers: [("Content-Type", "application/json")] + headers,
            body: .bytes(Array(value.serialized().utf8))
        )
    }

    static func text(_ status: Int, contentType: String, _ text: String, headers: [(String, String)] = []) -> ServerResponse {
        ServerResponse(status: status, headers: [("Content-Type", contentType)] + headers, body: .bytes(Array(text.utf8)))
    }

    func head(server: String, keepAlive: Bool) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(Self.reasonPhrase(status))\r\n"
        text += "Server: \(server)\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        if !endsAtClose { text += "Content-Length: \(body.count)\r\n" }
        text += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
        text += "\r\n"
        return Array(text.utf8)
    }

    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 204: return "No Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 304: return "Not Modified"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 413: return "Content Too Large"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return "Status \(status)"
        }
    }
}
