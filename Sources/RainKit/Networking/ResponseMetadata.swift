import FoundationEssentials

/// What an answer says about itself beyond its body: whether it is a `304 Not Modified` to a
/// conditional request, whether the service marked it `203` (api.met.no: the product version
/// is deprecated or in beta, metno/weatherapi-docs `doc/StatusCodes.md`), its `Last-Modified`
/// (to be sent back unchanged as `If-Modified-Since`) and its `Expires` (not to be asked again
/// before; `doc/TermsOfService.md`, "Traffic" and "Caching and proxy").
public struct ResponseMetadata: Sendable, Equatable {
    public var status: Int
    /// `Last-Modified` exactly as the server wrote it ("Tue, 16 Jun 2020 12:13:49 GMT").
    public var lastModified: String?
    public var expires: Date?

    public init(status: Int, lastModified: String? = nil, expires: Date? = nil) {
        self.status = status
        self.lastModified = lastModified
        self.expires = expires
    }

    init(_ response: HTTPResponse) {
        self.init(status: response.status, lastModified: response.header("last-modified").flatMap { $0.isEmpty ? nil : $0 },
                  expires: response.header("expires").flatMap { RetryAfter.httpDate($0) })
    }

    /// The server has nothing newer than what the request's `If-Modified-Since` named.
    public var isNotModified: Bool { status == 304 }
    /// `203 Non-Authoritative Information`: api.met.no's sign of a deprecated or beta product.
    public var isNonAuthoritative: Bool { status == 203 }
}

/// The answer to a request that may be conditional: the decoded body, or nil when the server
/// answered `304 Not Modified`, with what the answer said about itself.
public struct ConditionalAnswer<Value: Sendable>: Sendable {
    /// Nil when the answer was `304 Not Modified`: what the caller has is still current.
    public var value: Value?
    public var metadata: ResponseMetadata
}

extension HTTPRequest {
    /// Whether the request asks whether something changed (`If-Modified-Since`): only then is a
    /// 304 an answer.
    var isConditional: Bool { headers.keys.contains { $0.lowercased() == "if-modified-since" } }
}
