/// What a `LoopbackServer` asks about each connection and request. Called on the connection's
/// own thread, so several calls may run at once.
public protocol RequestHandler: Sendable {
    /// What to do with connection `number` (0, 1, ... in the order accepted) as soon as it is
    /// accepted, before a byte is read; nil (the default) reads requests from it.
    func replyOnAccept(connection number: Int) -> Reply?

    /// What to do with a request read on connection `number`.
    func reply(to request: ServerRequest, connection number: Int) -> Reply
}

extension RequestHandler {
    public func replyOnAccept(connection number: Int) -> Reply? { nil }
}

/// What the server does with a request (or a connection just accepted).
public struct Reply: Sendable {
    public enum Action: Sendable {
        /// Write the answer; keep the connection open when the client and the answer allow.
        case respond(ServerResponse)
        /// Write the answer, head and body, `bytesPerSecond` bytes a second.
        case drip(ServerResponse, bytesPerSecond: Int)
        /// Write the head and the first half of the body, then close.
        case cutOff(ServerResponse)
        /// Never answer; hold the connection until the client goes or the server stops.
        case hang
        /// Close the connection without a byte of answer.
        case disconnect
    }

    public var action: Action
    /// The time from the request to the action (the handler's own time included).
    public var delay: Duration

    public init(_ action: Action, after delay: Duration = .zero) {
        self.action = action
        self.delay = delay
    }
}
