#if canImport(Glibc)
import Glibc
#endif
import RainKit

/// A full-screen list the user answers with keys (`remove -i`, the place picker of `add`).
package protocol TerminalPicker {
    associatedtype Choice
    mutating func resize(height: Int)
    func render(width: Int, height: Int, useColor: Bool) -> [String]
    /// What a key means: draw again, an answer, or leave.
    mutating func step(for key: KeyPress) -> PickerStep<Choice>
}

package enum PickerStep<Choice> {
    case redraw
    case answer(Choice)
    case cancel
    case interrupt
    case suspend
}

/// Runs a `TerminalPicker` on the terminal: draws it, feeds it keys, redraws on resize, and
/// returns what the user chose with the terminal already given back.
package enum PickerSession {
    package enum Outcome<Choice> {
        case answer(Choice)
        case cancelled
        /// Ended by a signal (or Ctrl-C); the caller ends the process with it.
        case interrupted(signal: Int32)
    }

    package static func run<Picker: TerminalPicker>(
        _ makePicker: (_ height: Int) -> Picker, useColor: Bool, asciiOnly: Bool, environment: [String: String]
    ) throws(TerminalError) -> Outcome<Picker.Choice> {
        let session = try TerminalSession(environment: environment, asciiOnly: asciiOnly)
        defer { session.finish() }
        try session.start()
        var size = session.size
        var picker = makePicker(size.height)
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
                    switch picker.step(for: key) {
                    case .redraw:
                        continue
                    case .answer(let choice):
                        return .answer(choice)
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

extension RemovalPicker: TerminalPicker {
    package mutating func step(for key: KeyPress) -> PickerStep<[Location]> {
        switch handle(key) {
        case .redraw: return .redraw
        case .confirm(let locations): return .answer(locations)
        case .cancel: return .cancel
        case .interrupt: return .interrupt
        case .suspend: return .suspend
        }
    }
}

extension PlacePicker: TerminalPicker {
    package mutating func step(for key: KeyPress) -> PickerStep<Int> {
        switch handle(key) {
        case .redraw: return .redraw
        case .pick(let row): return .answer(row)
        case .cancel: return .cancel
        case .interrupt: return .interrupt
        case .suspend: return .suspend
        }
    }
}
