import ForecastSimulator
import Synchronization

/// The networking tests' loopback server: the simulator's `LoopbackServer` driven by a script.
typealias ScriptedServer = LoopbackServer<ScriptedHandler>

/// Answers each request with the next reply of its script, or with what `fallback` makes of the
/// request once the script is used up, and records every request.
final class ScriptedHandler: RequestHandler {
    private struct State {
        var script: [Reply]
        var requests: [ServerRequest] = []
    }

    private let state: Mutex<State>
    private let fallback: @Sendable (ServerRequest) -> Reply

    init(script: [Reply], fallback: @escaping @Sendable (ServerRequest) -> Reply) {
        state = Mutex(State(script: script))
        self.fallback = fallback
    }

    /// The requests received, oldest first.
    var requests: [ServerRequest] { state.withLock { $0.requests } }

    func reply(to request: ServerRequest, connection number: Int) -> Reply {
        state.withLock { state in
            state.requests.append(request)
            return state.script.isEmpty ? fallback(request) : state.script.removeFirst()
        }
    }
}

extension LoopbackServer where Handler == ScriptedHandler {
    /// Listens on 127.0.0.1:`port` (0: any free port). Requests get the `script`'s replies in
    /// turn, then what `fallback` makes of them.
    convenience init(port: UInt16 = 0, script: [Reply] = [],
                     fallback: @escaping @Sendable (ServerRequest) -> Reply = { _ in .ok }) throws {
        try self.init(port: port, handler: ScriptedHandler(script: script, fallback: fallback))
    }

    /// `http://127.0.0.1:PORT/`.
    var baseURL: String { rootURL + "/" }

    var requests: [ServerRequest] { handler.requests }

    /// A server stopped at once: while it lives, nothing listens on its port and no other
    /// server (of a test running alongside) is given it.
    static func closed() throws -> ScriptedServer {
        let server = try ScriptedServer()
        server.stop()
        return server
    }
}

extension Reply {
    static func respond(status: Int = 200, headers: KeyValuePairs<String, String> = [:], body: [UInt8] = [],
                        endsAtClose: Bool = false, after delay: Duration = .zero) -> Reply {
        let fields = headers.map { ($0.key, $0.value) }
        return Reply(.respond(ServerResponse(status: status, headers: fields, body: .bytes(body), endsAtClose: endsAtClose)), after: delay)
    }

    static func json(_ text: String, status: Int = 200, headers: KeyValuePairs<String, String> = [:],
                     after delay: Duration = .zero) -> Reply {
        let fields = [("Content-Type", "application/json")] + headers.map { ($0.key, $0.value) }
        return Reply(.respond(ServerResponse(status: status, headers: fields, body: .bytes(Array(text.utf8)))), after: delay)
    }

    static let ok = json(#"{"latitude": 1.5, "longitude": 2.5, "timezone": "UTC"}"#)
    static let hang = Reply(.hang)
    static let disconnect = Reply(.disconnect)

    /// A 200 whose body repeats the "lat,lon" of the request path, so answers can be told apart.
    static func echoingCoordinate(of request: ServerRequest, after delay: Duration = .zero) -> Reply {
        let parts = (request.path.split(separator: "/").last ?? "").split(separator: ",")
        let latitude = parts.first.flatMap { Double($0) } ?? 0
        let longitude = parts.dropFirst().first.flatMap { Double($0) } ?? 0
        return json(#"{"latitude": \#(latitude), "longitude": \#(longitude), "timezone": "UTC"}"#, after: delay)
    }
}
