#if canImport(Glibc)
import Glibc
#endif
import RainKit

/// A full-screen session on the terminal of standard input and output: signals subscribed to,
/// raw input, the screen taken over. `finish()` gives everything back and is safe to call
/// twice; callers put it in a `defer` right after `start()`, so it runs on every way out, and
/// the subscription turns SIGINT, SIGTERM, SIGHUP and SIGQUIT into events so those ways out
/// pass there too (and `TerminalState` covers the rest: crashes, a stop).
final class TerminalSession {
    enum Event {
        case keys([KeyPress])
        /// The size may have changed, or the screen needs drawing again (after a stop).
        case redraw
        /// A signal that ends the process came; end it with `Signals.terminate(with:)`
        /// after `finish()`.
        case ended(signal: Int32)
        /// The terminal went away (end of input).
        case closed
    }

    /// The signals a session waits for beside the keys, as bytes on a pipe of its own.
    private final class SignalPipe {
        let readEnd: Int32
        private let writeEnd: Int32
        private var subscription: Signals.Subscription?

        init() throws(TerminalError) {
            guard let ends = Signals.makePipe(nonBlockingWrites: true, nonBlockingReads: true) else {
                throw .system("cannot create a pipe", errno)
            }
            readEnd = ends.read
            writeEnd = ends.write
            let writeEnd = writeEnd
            subscription = Signals.subscribe(Signals.ending + [SIGWINCH, SIGCONT]) { signal in
                var byte = UInt8(truncatingIfNeeded: signal)
                _ = write(writeEnd, &byte, 1)
            }
        }

        /// The signals that came since the last call, oldest first.
        func drain() -> [Int32] {
            var signals: [Int32] = []
            var buffer = [UInt8](repeating: 0, count: 32)
            while true {
                let count = read(readEnd, &buffer, buffer.count)
                guard count > 0 else { break }
                signals += buffer[..<count].map { Int32($0) }
            }
            return signals
        }

        /// Ends the subscription (no handler writes after it), then closes the pipe.
        func close() {
            guard let subscription else { return }
            subscription.cancel()
            self.subscription = nil
            Glibc.close(readEnd)
            Glibc.close(writeEnd)
        }

        deinit { close() }
    }

    let screen: TerminalScreen
    private let input: Int32
    private let environment: [String: String]
    private let rawMode: RawMode
    private var signals: SignalPipe?
    private var decoder = KeyDecoder()
    private var isInline = false

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, environment: [String: String], asciiOnly: Bool) throws(TerminalError) {
        guard let rawMode = RawMode(descriptor: input) else {
            throw .system("standard input is not a terminal", errno)
        }
        self.input = input
        self.environment = environment
        self.rawMode = rawMode
        screen = TerminalScreen(descriptor: output, environment: environment, asciiOnly: asciiOnly)
    }

    var size: (width: Int, height: Int) { screen.size(environment: environment) }

    /// Signals first, so none can end the process between the switch to raw mode and the handlers.
    func start() throws(TerminalError) {
        signals = try SignalPipe()
        try rawMode.enable()
        screen.enter()
    }

    /// Raw input and the signals, the screen left as it is: for a question answered with one
    /// key under what is already on the screen.
    func startInline() throws(TerminalError) {
        isInline = true
        signals = try SignalPipe()
        try rawMode.enable()
    }

    func finish() {
        if rawMode.isActive && !isInline { screen.leave() }
        rawMode.restore()
        signals?.close()
        signals = nil
    }

    /// Ctrl-Z: the whole process group stops as with Ctrl-Z in cooked mode; `Signals` gives the
    /// terminal back first and takes it again on `fg` (SIGCONT then asks for a redraw).
    func suspend() {
        Signals.stopProcessGroup()
    }

    func draw(_ lines: [String], height: Int) { screen.draw(lines, height: height) }

    /// Waits for the next keys or signal.
    func nextEvent() -> Event {
        while true {
            var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            if let signals { descriptors.append(pollfd(fd: signals.readEnd, events: Int16(POLLIN), revents: 0)) }
            // A lone ESC is the Esc key only when nothing follows it within 50 ms.
            let ready = poll(&descriptors, nfds_t(descriptors.count), decoder.isWaiting ? 50 : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return .closed
            }
            if ready == 0 {
                let keys = decoder.flush()
                if !keys.isEmpty { return .keys(keys) }
                continue
            }
            if descriptors.count > 1, descriptors[1].revents != 0, let event = signalEvent() {
                return event
            }
            if descriptors[0].revents != 0 {
                var buffer = [UInt8](repeating: 0, count: 256)
                let count = read(input, &buffer, buffer.count)
                if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                if count <= 0 { return .closed }
                let keys = decoder.feed(buffer[..<count])
                if !keys.isEmpty { return .keys(keys) }
            }
        }
    }

    private func signalEvent() -> Event? {
        let signals = signals?.drain() ?? []
        if let ending = signals.first(where: Signals.ending.contains) { return .ended(signal: ending) }
        if signals.contains(SIGCONT) && rawMode.isActive {
            // Stopped and continued: the shell may have changed the settings since
            // `TerminalState.retake()`; raw mode once more (the screen is redrawn whole).
            try? rawMode.enable()
        }
        return signals.isEmpty ? nil : .redraw
    }
}
