import Foundation

/// Serves one accepted connection: reads requests, asks the handler what to do with each, waits
/// the reply's delay and acts it out, keeping the connection open between requests unless asked
/// to close.
struct Connection {
    let descriptor: Int32
    let number: Int
    let listener: Listener

    static let streamChunk = 64 * 1024

    private var wakeDescriptor: Int32 { listener.wakeDescriptor }

    func serve() {
        if let reply = listener.handler.replyOnAccept(connection: number) {
            _ = act(reply, received: .now, keepAlive: false)
            return
        }
        var reader = RequestReader(descriptor: descriptor, wakeDescriptor: wakeDescriptor)
        while true {
            switch reader.next() {
            case .closed:
                return
            case .invalid(let status, let message):
                let response = ServerResponse.json(status, .object([("detail", .string(message))]))
                _ = send(response, keepAlive: false)
                return
            case .request(let request):
                let received = ContinuousClock.now
                listener.requestStarted()
                let reply = listener.handler.reply(to: request, connection: number)
                let keepsOpen = act(reply, received: received, keepAlive: request.keepsAlive)
                listener.requestFinished()
                guard keepsOpen else { return }
            }
        }
    }

    /// Waits out the reply's delay from `received`, then acts it out; true when the connection
    /// stays open for another request.
    private func act(_ reply: Reply, received: ContinuousClock.Instant, keepAlive: Bool) -> Bool {
        let left = reply.delay - (ContinuousClock.now - received)
        if left > .zero, !pause(milliseconds: Int(left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)) {
            return false
        }
        switch reply.action {
        case .hang:
            hang()
            return false
        case .disconnect:
            return false
        case .cutOff(let response):
            guard case .bytes(let body) = response.body, send(response.head(server: listener.name, keepAlive: false)) else { return false }
            _ = send(Array(body[..<(body.count / 2)]))
            return false
        case .respond(let response):
            let keepAlive = keepAlive && !response.closesConnection
            return send(response, keepAlive: keepAlive) && keepAlive
        case .drip(let response, let rate):
            let keepAlive = keepAlive && !response.closesConnection
            return drip(response.head(server: listener.name, keepAlive: keepAlive) + response.body.contents, bytesPerSecond: max(1, rate)) && keepAlive
        }
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

    private func send(_ response: ServerResponse, keepAlive: Bool) -> Bool {
        guard send(response.head(server: listener.name, keepAlive: keepAlive)) else { return false }
        switch response.body {
        case .bytes(let body):
            return send(body)
        case .padded(let prefix, let padding, let suffix):
            guard send(prefix) else { return false }
            let spaces = [UInt8](repeating: 0x20, count: min(padding, Self.streamChunk))
            var left = padding
            while left > 0 {
                let count = min(left, spaces.count)
                let sent = spaces.withUnsafeBytes { Socket.sendAll(descriptor, UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                guard sent else { return false }
                left -= count
            }
            return send(suffix)
        }
    }

    private func send(_ bytes: [UInt8]) -> Bool {
        Socket.sendAll(descriptor, bytes)
    }

    /// Sends `bytes` slowly, in chunks of a tenth of the rate (at least one byte) spaced so the
    /// average is `bytesPerSecond`.
    private func drip(_ bytes: [UInt8], bytesPerSecond: Int) -> Bool {
        let chunk = max(1, bytesPerSecond / 10)
        let interval = max(1, 1000 * chunk / bytesPerSecond)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunk)
            guard send(Array(bytes[offset..<end])) else { return false }
            offset = end
            if offset < bytes.count, !pause(milliseconds: interval) { return false }
        }
        return true
    }
}
