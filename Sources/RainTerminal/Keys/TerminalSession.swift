#if canImport(Glibc)
import Glibc
#endif
import RainKit

/// A full-screen session on the terminal of standard input and output: signals relayed, raw
/// input, the screen taken over. `finish()` gives everything back and is safe to call twice;
/// callers put it in a `defer` right after `start()`, so it runs on every way out, and the
/// relay turns SIGINT, SIGTERM, SIGHUP and SIGQUIT into events so those ways out pass there too.
final class TerminalSession {
    enum Event {
        case keys([KeyPress])
        /// The size may have changed, or the screen needs drawing again (after a stop).
        case redraw
        /// A signal that ends the process came; end it with `SignalRelay.terminate(with:)`
        /// after `finish()`.
        case ended(signal: Int32)
        /// The terminal went away (end of input).
        case closed
    }

    let screen: TerminalScreen
    private let input: Int32
    private let environment: [String: String]
    private let rawMode: RawMode
    private var relay: SignalRelay?
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
        relay = try SignalRelay()
        try rawMode.enable()
        screen.enter()
    }

    /// Raw input and the signals, the screen left as it is: for a question answered with one
    /// key under what is already on the screen.
    func startInline() throws(TerminalError) {
        isInline = true
        relay = try SignalRelay()
        try rawMode.enable()
    }

    func finish() {
        if rawMode.isActive && !isInline { screen.leave() }
        rawMode.restore()
        relay?.uninstall()
        relay = nil
    }

    /// Ctrl-Z: hands the terminal back as it was, stops, and takes it again on `fg`.
    func suspend() {
        screen.leave()
        rawMode.restore()
        // The whole process group stops, as with Ctrl-Z in cooked mode. Unblocked on this
        // thread (runtime threads block most signals), so it stops before kill() returns.
        var tstp = sigset_t()
        sigemptyset(&tstp)
        sigaddset(&tstp, SIGTSTP)
        pthread_sigmask(SIG_UNBLOCK, &tstp, nil)
        kill(0, SIGTSTP)
        try? rawMode.enable()
        screen.enter()
    }

    func draw(_ lines: [String], height: Int) { screen.draw(lines, height: height) }

    /// Waits for the next keys or signal.
    func nextEvent() -> Event {
        while true {
            var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
            if let relay { descriptors.append(pollfd(fd: relay.readEnd, events: Int16(POLLIN), revents: 0)) }
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
        let signals = relay?.drain() ?? []
        if let ending = signals.first(where: SignalRelay.ending.contains) { return .ended(signal: ending) }
        if signals.contains(SIGCONT) {
            // Stopped from outside and continued: the shell may have reset the terminal.
            try? rawMode.enable()
            screen.enter()
        }
        return signals.isEmpty ? nil : .redraw
    }
}
