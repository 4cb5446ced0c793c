import Foundation

/// Serves one accepted connection: reads requests, waits the latency, answers according to
/// the plan, and keeps the connection open between requests unless asked to close.
struct Connection {
    let descriptor: Int32
    let wakeDescriptor: Int32
    let state: SimulatorState

    static let streamChunk = 64 * 1024

    mutating func serve() {
        var reader = HTTPRequestReader(descriptor: descriptor, wakeDescriptor: wakeDescriptor)
        while true {
            let request: HTTPRequest
            switch reader.next() {
            case .closed:
                return
            case .invalid(let status, let message):
                let response = HTTPResponse.json(status, .object([("detail", .string(message))]))
                _ = send(response, keepAlive: false, dripBytesPerSecond: nil)
                return
            case .request(let parsed):
                request = parsed
            }
            let (behaviour, latency) = state.admit(request.recorded)
            // The latency is the time from the request to its answer: the answer is made while
            // it passes, so making it never adds to it (and a client's limit stays reachable).
            let received = ContinuousClock.now
            let router = Router(apiKey: state.apiKey, now: (state.fixedNow ?? Date().timeIntervalSince1970).rounded(.down))
            let plan = router.plan(for: request, behaviour: behaviour)
            let left = Duration.milliseconds(latency) - (ContinuousClock.now - received)
            if left > .zero, !pause(milliseconds: Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)) {
                return
            }
            log(request, plan: plan)
            switch plan {
            case .hang:
                hang()
                return
            case .disconnect:
                return
            case .cutOff(let response):
                guard case .bytes(let body) = response.body, Socket.sendAll(descriptor, response.head(keepAlive: false)) else { return }
                _ = Socket.sendAll(descriptor, Array(body[..<(body.count / 2)]))
                return
            case .respond(let response, let rate):
                let keepAlive = request.keepsAlive && !response.closesConnection
                guard send(response, keepAlive: keepAlive, dripBytesPerSecond: rate), keepAlive else { return }
            }
        }
    }

    private func log(_ request: HTTPRequest, plan: Plan) {
        guard let logger = state.logger else { return }
        let outcome: String
        switch plan {
        case .hang: outcome = "hang"
        case .disconnect: outcome = "disconnect"
        case .cutOff(let response): outcome = "\(response.status) cut off"
        case .respond(let response, let rate): outcome = String(response.status) + (rate.map { " drip \($0) B/s" } ?? "")
        }
        logger("\(request.method) \(Router.redactedTarget(request)) \(outcome)")
    }

    /// Sleeps; false when the server is stopping.
    private func pause(milliseconds: Int) -> Bool {
        Socket.waitReadable([wakeDescriptor], timeout: Int32(clamping: milliseconds)).isEmpty
    }

    /// Keeps the connection open without answering until the peer closes or the server stops.
    private func hang() {
        while true {
            let ready = Socket.waitReadable([descriptor, wakeDescriptor], timeout: -1)
            if ready.contains(1) || ready.isEmpty { return }
            guard Socket.receive(descriptor) != nil else { return }
        }
    }

    private func send(_ response: HTTPResponse, keepAlive: Bool, dripBytesPerSecond: Int?) -> Bool {
        let head = response.head(keepAlive: keepAlive)
        if let rate = dripBytesPerSecond {
            var bytes = head
            switch response.body {
            case .bytes(let body): bytes += body
            case .padded(let prefix, let padding, let suffix): bytes += prefix + [UInt8](repeating: 0x20, count: padding) + suffix
            }
            return drip(bytes, bytesPerSecond: rate)
        }
        guard Socket.sendAll(descriptor, head) else { return false }
        switch response.body {
        case .bytes(let body):
            return Socket.sendAll(descriptor, body)
        case .padded(let prefix, let padding, let suffix):
            guard Socket.sendAll(descriptor, prefix) else { return false }
            let spaces = [UInt8](repeating: 0x20, count: min(padding, Self.streamChunk))
            var left = padding
            while left > 0 {
                let count = min(left, spaces.count)
                let sent = spaces.withUnsafeBytes { Socket.sendAll(descriptor, UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                guard sent else { return false }
                left -= count
            }
            return Socket.sendAll(descriptor, suffix)
        }
    }

    /// Sends `bytes` slowly, in chunks of a tenth of the rate (at least one byte) spaced so the
    /// average is `bytesPerSecond`.
    private func drip(_ bytes: [UInt8], bytesPerSecond: Int) -> Bool {
        let chunk = max(1, bytesPerSecond / 10)
        let interval = max(1, 1000 * chunk / bytesPerSecond)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            guard Socket.sendAll(descriptor, Array(bytes[offset..<end])) else { return false }
            offset = end
            if offset < bytes.count, !pause(milliseconds: interval) { return false }
        }
        return true
    }
}
