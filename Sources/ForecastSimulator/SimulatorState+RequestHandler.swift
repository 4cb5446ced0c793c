import Foundation

/// The simulator's handler of its loopback server: each request is recorded, routed under the
/// behaviour in force, answered after the latency and logged.
extension SimulatorState: RequestHandler {
    func reply(to request: ServerRequest, connection number: Int) -> Reply {
        let (behaviour, latency) = admit(request.recorded)
        let router = Router(apiKey: apiKey, now: (fixedNow ?? Date().timeIntervalSince1970).rounded(.down))
        let action = router.action(for: request, behaviour: behaviour)
        log(request, action: action)
        return Reply(action, after: .milliseconds(latency))
    }

    private func log(_ request: ServerRequest, action: Reply.Action) {
        guard let logger else { return }
        let outcome: String
        switch action {
        case .hang: outcome = "hang"
        case .disconnect: outcome = "disconnect"
        case .cutOff(let response): outcome = "\(response.status) cut off"
        case .respond(let response): outcome = String(response.status)
        case .drip(let response, let rate): outcome = "\(response.status) drip \(rate) B/s"
        }
        logger("\(request.method) \(Router.redactedTarget(request)) \(outcome)")
    }
}
