/// One request as the simulator received it.
public struct RecordedRequest: Sendable, Equatable, CustomStringConvertible {
    public struct QueryItem: Sendable, Equatable {
        public var name: String
        public var value: String?

        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    public var method: String
    /// The path as sent, without the query, not percent-decoded (the key stays in it).
    public var path: String
    /// The query items, percent-decoded, in order.
    public var queryItems: [QueryItem]
    /// Header fields with lower-cased names; repeated fields are joined with ", ".
    public var headers: [String: String]

    public init(method: String, path: String, queryItems: [QueryItem], headers: [String: String]) {
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
    }

    /// The first value of the query item `name`.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value
    }

    /// The header field `name` (any case).
    public func header(_ name: String) -> String? {
        headers[name.lowercased()]
    }

    public var description: String {
        let query = queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&")
        return "\(method) \(path)\(query.isEmpty ? "" : "?" + query)"
    }
}

extension ServerRequest {
    var recorded: RecordedRequest {
        RecordedRequest(method: method, path: path, queryItems: queryItems, headers: headers)
    }
}
