#if canImport(Glibc)
import Glibc
#endif
@testable import RainTerminal
import Testing

/// The frames `TerminalScreen` writes on an ANSI terminal, read back through a pipe.
@Suite struct TerminalScreenFrameTests {
    @Test func rowsBelowTheLastLineAreErasedAtOnce() throws {
        let frame = try drawn(["Berlin", "12°"], height: 65535)
        #expect(frame == "\u{1B}[1;1H\u{1B}[2KBerlin\u{1B}[2;1H\u{1B}[2K12°\u{1B}[3;1H\u{1B}[J",
                "a window of 65535 lines is a frame of its two lines, not a row written per line")
    }

    @Test func aFullWindowEndsOnItsLastLine() throws {
        let frame = try drawn(["a", "b", "c"], height: 2)
        #expect(frame == "\u{1B}[1;1H\u{1B}[2Ka\u{1B}[2;1H\u{1B}[2Kb", "lines past the window are left out; nothing erased after the last row")
    }

    @Test func anEmptyFrameErasesTheWholeWindow() throws {
        #expect(try drawn([], height: 24) == "\u{1B}[1;1H\u{1B}[J")
    }

    private func drawn(_ lines: [String], height: Int) throws -> String {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        TerminalScreen(descriptor: ends[1], environment: ["TERM": "xterm-256color"], asciiOnly: false).draw(lines, height: height)
        close(ends[1])
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while case let count = read(ends[0], &buffer, buffer.count), count > 0 { bytes += buffer.prefix(count) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
