import FoundationEssentials

/// One GET request: the URL and the headers to send besides the ones every request carries
/// (`Accept: application/json`, `User-Agent: rain/<version>`).
public struct HTTPRequest: Sendable, Equatable {
    public var url: String
    /// Extra request headers, by name.
    public var headers: [String: String]
    /// Whether a redirect (3xx with `Location`) is followed, up to `maximumRedirects` times and
    /// never from https to http; otherwise it is the answer. Only for requests that carry no
    /// key: the headers go along to wherever the redirect points.
    public var followsRedirects: Bool

    static let maximumRedirects = 3

    public init(url: String, headers: [String: String] = [:], followsRedirects: Bool = false) {
        self.url = url
        self.headers = headers
        self.followsRedirects = followsRedirects
    }
}

/// What the server answered. Any status counts as an answer; only the transport can fail.
public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header names lower-cased; a repeated header's values joined with ", ".
    public var headers: [String: String]
    public var body: Data
    /// How long the transfer took, from start to the last byte (libcurl's total time).
    public var duration: Duration
    /// True when libcurl reused an open connection instead of making a new one.
    public var reusedConnection: Bool

    public init(status: Int, headers: [String: String] = [:], body: Data = Data(),
                duration: Duration = .zero, reusedConnection: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.duration = duration
        self.reusedConnection = reusedConnection
    }

    /// The value of a header; `name` in any case.
    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}
