/// A request as a `LoopbackServer` read it (HTTP/1.x).
public struct ServerRequest: Sendable {
    public var method: String
    /// The request target as sent (path and query).
    public var target: String
    public var version: String
    /// Lower-cased names; repeated fields joined with ", ".
    public var headers: [String: String]
    public var body: [UInt8]

    /// The target without the query, not percent-decoded.
    public var path: String { String(target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]) }

    var rawQuery: String {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count > 1 ? String(parts[1]) : ""
    }

    /// The query items, percent-decoded, in order.
    public var queryItems: [RecordedRequest.QueryItem] {
        rawQuery.split(separator: "&").map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = PercentDecoding.decode(String(parts[0]), plusAsSpace: true)
            let value = parts.count > 1 ? PercentDecoding.decode(String(parts[1]), plusAsSpace: true) : nil
            return RecordedRequest.QueryItem(name: name, value: value)
        }
    }

    /// The first value of the query item `name`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// Percent-decoded path segments, without empty ones.
    var pathSegments: [String] {
        path.split(separator: "/").map { PercentDecoding.decode(String($0), plusAsSpace: false) }
    }

    /// Whether the connection stays open after the answer.
    var keepsAlive: Bool {
        let connection = (headers["connection"] ?? "").lowercased()
        let tokens = connection.split(separator: ",").map { $0.trimmingSpaces() }
        if tokens.contains("close") { return false }
        if version == "HTTP/1.0" { return tokens.contains("keep-alive") }
        return true
    }
}

enum PercentDecoding {
    static func decode(_ string: String, plusAsSpace: Bool) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(string.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let high = hexValue(utf8[utf8.startIndex]), let low = hexValue(utf8[utf8.startIndex + 1]) {
                bytes.append(high << 4 | low)
                utf8.removeFirst(2)
            } else if plusAsSpace, byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
