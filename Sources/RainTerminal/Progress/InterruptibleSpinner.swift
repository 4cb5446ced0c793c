import Glibc
import Dispatch
import FoundationEssentials
import RainKit
import Synchronization

/// A `Spinner` whose line is erased when Ctrl-C, SIGTERM or SIGHUP ends the process while it
/// turns; the signal then ends the process as it would have (status 128 + signal).
package final class InterruptibleSpinner: Sendable {
    private static let endingSignals = [SIGINT, SIGTERM, SIGHUP]

    private let spinner: Spinner
    private let sources = Mutex<[any DispatchSourceSignal]>([])

    package init(console: any Console, message: String) {
        spinner = Spinner(console: console, message: message)
    }

    package func start() {
        spinner.start()
        guard spinner.isRunning else { return }
        let spinner = self.spinner
        // Made inside the lock: the sources are not Sendable and never leave it.
        sources.withLock { sources in
            sources = Self.endingSignals.map { number in
                signal(number, SIG_IGN)  // the source handles it now
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    spinner.stop()
                    signal(number, SIG_DFL)
                    kill(getpid(), number)
                }
                source.resume()
                return source
            }
        }
    }

    /// Changes the text next to the spinner ("Refreshing 2 of 5…").
    package func update(message: String) { spinner.update(message: message) }

    package func stop() {
        sources.withLock { sources in
            for source in sources { source.cancel() }
            if !sources.isEmpty { for number in Self.endingSignals { signal(number, SIG_DFL) } }
            sources = []
        }
        spinner.stop()
    }
}
