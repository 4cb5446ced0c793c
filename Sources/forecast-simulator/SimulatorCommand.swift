import Dispatch
import ForecastSimulator
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Runs the simulator until SIGINT or SIGTERM.
enum SimulatorCommand {
    static func main(arguments: [String]) -> Never {
        let options: CommandLineOptions
        do {
            options = try CommandLineOptions.parse(arguments, environmentKey: getenv("SIMULATOR_API_KEY").map { String(cString: $0) })
        } catch {
            writeLine("forecast-simulator: error: \(error.message) (see 'forecast-simulator --help')", to: 2)
            exit(64)
        }
        if options.showHelp {
            write(CommandLineOptions.usage, to: 1)
            exit(0)
        }
        if options.listPlaces {
            write(ForecastSimulator.geocoderPlaceLines.map { $0 + "\n" }.joined(), to: 1)
            exit(0)
        }
        var logDescriptor: Int32 = 2
        if let file = options.logFile {
            logDescriptor = open(file, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            guard logDescriptor >= 0 else {
                writeLine("forecast-simulator: error: cannot open \(file): \(String(cString: strerror(errno)))", to: 2)
                exit(73)
            }
        }

        signal(SIGPIPE, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)

        var configuration = options.configuration
        configuration.requestLogger = { [logDescriptor] line in writeLine(line, to: logDescriptor) }
        let simulator = ForecastSimulator(configuration: configuration)
        if let count = options.failFirst { simulator.failFirst(count, with: options.behaviour) }
        let port: UInt16
        do {
            port = try simulator.start()
        } catch {
            // One line, loud, on stderr, whatever the request lines' log (a port already taken).
            var message = "\(error)"
            if message.hasPrefix("forecast simulator: ") { message.removeFirst("forecast simulator: ".count) }
            writeLine("forecast-simulator: error: \(message)", to: 2)
            exit((error as? SimulatorError).map(isBadHost) == true ? 64 : 69)
        }
        // The one stdout line, unbuffered, so `read PORT` in a script returns at once.
        writeLine(String(port), to: 1)

        let queue = DispatchQueue(label: "forecast-simulator.signals")
        let sources = [SIGINT, SIGTERM].map { signalNumber -> DispatchSourceSignal in
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler {
                simulator.stop()
                exit(0)
            }
            source.resume()
            return source
        }
        while true {
            withExtendedLifetime(sources) { _ = pause() }
        }
    }

    private static func isBadHost(_ error: SimulatorError) -> Bool {
        if case .nonLoopbackHost = error { return true }
        return false
    }

    static func writeLine(_ line: String, to descriptor: Int32) {
        write(line + "\n", to: descriptor)
    }

    static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            bytes = bytes.dropFirst(count)
        }
    }
}
