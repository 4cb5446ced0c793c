@testable import RainKit
@testable import RainTerminal
import Testing

@Suite struct SpinnerTests {
    @Test func drawsNothingWithoutATerminal() {
        let console = BufferConsole(isOutputTerminal: true, isErrorTerminal: false)
        let spinner = Spinner(console: console, message: "Refreshing Berlin…")
        spinner.start()
        #expect(!spinner.isRunning)
        spinner.stop()
        #expect(console.error.isEmpty)
        #expect(console.output.isEmpty)
    }

    @Test func drawsOnStandardErrorAndErasesOnStop() {
        let console = BufferConsole(isErrorTerminal: true)
        let spinner = Spinner(console: console, message: "Refreshing \u{1B}[2JBerlin…", interval: .milliseconds(1))
        spinner.start()
        #expect(spinner.isRunning)
        spinner.update(message: "Refreshing 2 of 3…")
        spinner.stop()
        #expect(!spinner.isRunning)
        let drawn = console.error
        #expect(drawn.hasPrefix("\r\(Spinner.frames[0]) Refreshing Berlin…"), "the first frame is drawn at once, stripped")
        #expect(drawn.hasSuffix(Spinner.erase), "the line is erased last: nothing is drawn after stop")
        #expect(console.output.isEmpty)
        spinner.stop()
        #expect(console.error == drawn, "a second stop does nothing")
    }

    @Test func canRunAgainAfterStopping() {
        let console = BufferConsole(isErrorTerminal: true)
        let spinner = Spinner(console: console, message: "a")
        spinner.start()
        spinner.start()
        spinner.stop()
        spinner.start()
        spinner.stop()
        #expect(console.error.components(separatedBy: Spinner.erase).count == 3, "two runs, two erasures")
    }
}
