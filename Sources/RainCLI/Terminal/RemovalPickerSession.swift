#if canImport(Glibc)
import Glibc
#endif
import RainKit

/// Runs the removal picker on the terminal: draws the `RemovalPicker`, feeds it keys, redraws
/// on resize, and returns what the user chose with the terminal already given back.
enum RemovalPickerSession {
    enum Outcome: Equatable {
        case remove([Location])
        case cancelled
        /// Ended by a signal (or Ctrl-C); the caller ends the process with it.
        case interrupted(signal: Int32)
    }

    static func run(list: LocationList, useColor: Bool, environment: [String: String]) throws(TerminalError) -> Outcome {
        let session = try TerminalSession(environment: environment)
        defer { session.finish() }
        try session.start()
        var size = session.size
        var picker = RemovalPicker(list: list, height: size.height)
        while true {
            session.draw(
                picker.render(width: session.screen.renderWidth(for: size.width), height: size.height, useColor: useColor),
                height: size.height)
            switch session.nextEvent() {
            case .redraw:
                size = session.size
                picker.resize(height: size.height)
            case .ended(let signal):
                return .interrupted(signal: signal)
            case .closed:
                return .cancelled
            case .keys(let keys):
                for key in keys {
                    switch picker.handle(key) {
                    case .redraw:
                        continue
                    case .confirm(let locations):
                        return .remove(locations)
                    case .cancel:
                        return .cancelled
                    case .interrupt:
                        return .interrupted(signal: SIGINT)
                    case .suspend:
                        session.suspend()
                        size = session.size
                        picker.resize(height: size.height)
                    }
                }
            }
        }
    }
}
