/// Reads requests off one connection, keeping bytes that arrive early (pipelining) for the
/// next request.
struct RequestReader {
    enum Outcome {
        case request(ServerRequest)
        /// The request could not be read; answer with this status and close.
        case invalid(status: Int, message: String)
        /// The peer closed, the socket failed or the server is stopping.
        case closed
    }

    static let maximumHeadBytes = 64 * 1024
    static let maximumBodyBytes = 1024 * 1024

    let descriptor: Int32
    /// Readable when the server stops.
    let wakeDescriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32, wakeDescriptor: Int32) {
        self.descriptor = descriptor
        self.wakeDescriptor = wakeDescriptor
    }

    mutating func next() -> Outcome {
        var headEnd: (head: Int, body: Int)?
        while true {
            headEnd = Self.findHeadEnd(buffer)
            if headEnd != nil { break }
            if buffer.count > Self.maximumHeadBytes {
                return .invalid(status: 431, message: "Request header fields too large")
            }
            guard fill() else { return .closed }
        }
        guard let (headLength, bodyStart) = headEnd else { return .closed }
        guard var request = Self.parseHead(buffer[..<headLength]) else {
            return .invalid(status: 400, message: "Malformed request")
        }
        if request.headers["transfer-encoding"] != nil {
            return .invalid(status: 501, message: "Transfer-Encoding is not supported")
        }
        var bodyLength = 0
        if let field = request.headers["content-length"] {
            guard let length = Int(field.trimmingSpaces()), length >= 0 else {
                return .invalid(status: 400, message: "Invalid Content-Length")
            }
            guard length <= Self.maximumBodyBytes else {
                return .invalid(status: 413, message: "Request body too large")
            }
            bodyLength = length
        }
        while buffer.count < bodyStart + bodyLength {
            guard fill() else { return .closed }
        }
        request.body = Array(buffer[bodyStart..<(bodyStart + bodyLength)])
        buffer.removeFirst(bodyStart + bodyLength)
        return .request(request)
    }

    /// Waits for more bytes; false on end of stream, error or stop.
    private mutating func fill() -> Bool {
        let ready = Socket.waitReadable([descriptor, wakeDescriptor], timeout: -1)
        guard ready.contains(0), !ready.contains(1), let bytes = Socket.receive(descriptor) else { return false }
        buffer.append(contentsOf: bytes)
        return true
    }

    /// The length of the head and where the body starts (after CRLF CRLF, or LF LF).
    static func findHeadEnd(_ bytes: [UInt8]) -> (Int, Int)? {
        guard bytes.count >= 2 else { return nil }
        let lf = UInt8(ascii: "\n"), cr = UInt8(ascii: "\r")
        for index in 1..<bytes.count where bytes[index] == lf {
            if bytes[index - 1] == lf { return (index - 1, index + 1) }
            if index >= 3, bytes[index - 1] == cr, bytes[index - 2] == lf, bytes[index - 3] == cr {
                return (index - 3, index + 1)
            }
        }
        return nil
    }

    static func parseHead(_ head: ArraySlice<UInt8>) -> ServerRequest? {
        // Split on LF bytes (a String would treat CR LF as one character).
        var lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line -> String in
            let bytes = line.last == UInt8(ascii: "\r") ? line.dropLast() : line
            return String(decoding: bytes, as: UTF8.self)
        }
        // Tolerate empty lines before the request line (RFC 9112 §2.2).
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        guard let requestLine = lines.first else { return nil }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1."), parts[1].hasPrefix("/") || parts[1] == "*" else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            if line.first == " " || line.first == "\t" { return nil } // obsolete line folding
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = line[..<colon].lowercased()
            guard !name.isEmpty, !name.contains(" ") else { return nil }
            let value = line[line.index(after: colon)...].trimmingSpaces()
            if let existing = headers[name] {
                headers[name] = existing + ", " + value
            } else {
                headers[name] = value
            }
        }
        return ServerRequest(method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), headers: headers, body: [])
    }
}
