#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import RainKit

/// The keys typed while a screen is busy with other things (`rain watch`): the terminal of
/// standard input in raw mode, so nothing typed is echoed, and each key decoded on a thread of
/// its own and handed over as it comes. `stop()` ends the thread before it gives the terminal
/// its settings back; a stop and `fg` put raw mode back through `TerminalState.retake()`.
package final class KeyListener {
    private let input: Int32
    private let rawMode: RawMode
    private var wake: (read: Int32, write: Int32)?
    private let ended = DispatchSemaphore(value: 0)

    /// Nil when `input` is no terminal, or one this process does not have in the foreground
    /// (`rain watch &`: reading it or changing its settings would stop the process).
    package init?(input: Int32 = STDIN_FILENO) {
        guard isatty(input) == 1, tcgetpgrp(input) == getpgrp(), let rawMode = RawMode(descriptor: input) else { return nil }
        self.input = input
        self.rawMode = rawMode
    }

    /// Switches to raw mode and calls `onKeys` (on the listener's thread) with the keys of each
    /// read, until `stop()` or until the terminal goes away.
    package func start(_ onKeys: @escaping @Sendable ([KeyPress]) -> Void) throws(TerminalError) {
        guard let wake = Signals.makePipe(nonBlockingWrites: true) else { throw .system("cannot create a pipe", errno) }
        try rawMode.enable()
        self.wake = wake
        let input = input
        let ended = ended
        DetachedThread.start {
            Self.listen(to: input, until: wake.read, onKeys)
            ended.signal()
        }
    }

    /// Ends the thread, then puts the terminal's settings back; safe to call twice.
    package func stop() {
        guard let wake else { return }
        self.wake = nil
        var byte: UInt8 = 0
        _ = write(wake.write, &byte, 1)
        ended.wait()
        close(wake.read)
        close(wake.write)
        rawMode.restore()
    }

    private static func listen(to input: Int32, until wake: Int32, _ onKeys: ([KeyPress]) -> Void) {
        var decoder = KeyDecoder()
        var buffer = [UInt8](repeating: 0, count: 256)
        while true {
            var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
            // A lone ESC is the Esc key only when nothing follows it within 50 ms.
            let ready = poll(&descriptors, 2, decoder.isWaiting ? 50 : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if descriptors[1].revents != 0 { return }
            if ready == 0 {
                let keys = decoder.flush()
                if !keys.isEmpty { onKeys(keys) }
                continue
            }
            let count = read(input, &buffer, buffer.count)
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 { return }
            let keys = decoder.feed(buffer[..<count])
            if !keys.isEmpty { onKeys(keys) }
        }
    }
}
