import Glibc

/// One request to a provider: the request itself (with the key, where there is one), the same
/// URL with the key replaced by `REDACTED`, which is the only form ever logged or put in a
/// message, and the host as messages name it. Each provider builds its own (`Providers/`).
public struct ForecastEndpoint: Sendable, Equatable {
    static let redactionMark = "REDACTED"

    var request: HTTPRequest
    var redactedURL: String
    /// The URL's host as messages name it ("cannot reach api.pirateweather.net"), with the port
    /// unless it is the scheme's own.
    var host: String
    /// Whether a failed try is never tried again at once: a service whose terms space its
    /// requests minutes apart (MetAlerts' one poll every 10 minutes, ifconfig.co's one a
    /// minute) is asked again at its next turn, not within seconds by `RetryPolicy`.
    var triesOnce = false

    init(request: HTTPRequest, redactedURL: String, host: String) {
        self.request = request
        self.redactedURL = redactedURL
        self.host = host
    }

    /// The same request, never tried again at once (`triesOnce`).
    func triedOnce() -> ForecastEndpoint {
        var endpoint = self
        endpoint.triesOnce = true
        return endpoint
    }

    /// Whether the request carries an API key (in its path or its `apikey` header): only then
    /// is a 401 or 403 about a key. Open-Meteo, the geocoder and the IP service take none.
    var carriesKey: Bool { request.url != redactedURL || request.headers["apikey"] != nil }

    /// The host of an http(s) URL as messages name it: with the port unless it is the scheme's own.
    static func hostForMessages(of url: String) -> String {
        let defaultPort = url.lowercased().hasPrefix("http://") ? 80 : 443
        let (host, port) = (host(of: url), port(of: url))
        guard port != defaultPort else { return host }
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// True when the URL's host is this machine (`localhost`, an IPv4 address in 127.0.0.0/8,
    /// the IPv6 loopback `::1` in any of its spellings, or 127/8 mapped into IPv6): a server
    /// there has no quota to spend, however often it is asked. Only an address, parsed as one,
    /// counts: a name such as `127.remote.test` may be any machine.
    package static func isOnThisMachine(_ url: String) -> Bool {
        let host = host(of: url).lowercased()
        if host == "localhost" { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, host, &v6) == 1 else { return false }
        let bytes = withUnsafeBytes(of: v6) { Array($0) }
        let isLoopback = bytes[0..<15].allSatisfy { $0 == 0 } && bytes[15] == 1
        let isMappedLoopback = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF && bytes[12] == 127
        return isLoopback || isMappedLoopback
    }

    /// The host part of an http(s) URL, without user info, port or brackets; "" when there is none.
    static func host(of url: String) -> String {
        guard let (_, authority) = schemeAndAuthority(of: url) else { return "" }
        if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<close])
        }
        if let colon = authority.firstIndex(of: ":") { return String(authority[..<colon]) }
        return String(authority)
    }

    /// The port of an http(s) URL: the explicit one, else 443 for https and 80 for http.
    static func port(of url: String) -> Int {
        guard let (scheme, hostAndPort) = schemeAndAuthority(of: url) else { return 443 }
        var authority = hostAndPort
        if let close = authority.lastIndex(of: "]") { authority = authority[authority.index(after: close)...] }
        if let colon = authority.lastIndex(of: ":"), let port = Int(authority[authority.index(after: colon)...]),
           (1...65535).contains(port) {
            return port
        }
        return scheme.lowercased() == "http" ? 80 : 443
    }

    /// What comes before the URL's first "://", and what follows it up to the path, query or
    /// fragment without user info; nil when there is no "://". (Not `firstRange(of:)`: that
    /// brings the regex library's code into every refresh's memory for one search.)
    private static func schemeAndAuthority(of url: String) -> (Substring, Substring)? {
        var searched = url[...]
        while let colon = searched.firstIndex(of: ":") {
            let rest = url[colon...]
            if rest.hasPrefix("://") {
                var authority = rest.dropFirst(3).prefix { $0 != "/" && $0 != "?" && $0 != "#" }
                if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
                return (url[..<colon], authority)
            }
            searched = rest.dropFirst()
        }
        return nil
    }

    /// Degrees with up to 6 decimals, trailing zeros dropped (at least one decimal), always with
    /// "." as the separator whatever the locale: 52.52 -> "52.52", 13 -> "13.0".
    static func format(_ degrees: Double) -> String {
        guard degrees.isFinite else { return "0.0" }
        let millionths = Int64((degrees * 1_000_000).rounded())
        let magnitude = millionths.magnitude
        var fraction = String(magnitude % 1_000_000)
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
        return (millionths < 0 ? "-" : "") + "\(magnitude / 1_000_000).\(fraction)"
    }

    /// Percent-encodes everything but RFC 3986's unreserved characters (and `kept`).
    static func percentEncoded(_ text: String, keeping kept: UInt8? = nil) -> String {
        let hex: StaticString = "0123456789ABCDEF"
        var encoded: [UInt8] = []
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"):
                encoded.append(byte)
            case kept:
                encoded.append(byte)
            default:
                encoded.append(UInt8(ascii: "%"))
                encoded.append(hex.utf8Start[Int(byte >> 4)])
                encoded.append(hex.utf8Start[Int(byte & 0x0F)])
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }
}
