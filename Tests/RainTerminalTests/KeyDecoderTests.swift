import RainKit
@testable import RainTerminal
import Testing

@Suite struct KeyDecoderTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var bytes: [UInt8]
        var keys: [KeyPress]
        var testDescription: String { bytes.map { $0 < 0x20 || $0 > 0x7E ? "\\x\(String($0, radix: 16))" : String(UnicodeScalar($0)) }.joined() }
    }

    @Test(arguments: [
        Case(bytes: Array("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D".utf8), keys: [.up, .down, .right, .left]),
        Case(bytes: Array("\u{1B}OA\u{1B}OB".utf8), keys: [.up, .down]),                       // application cursor keys
        Case(bytes: Array("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~".utf8), keys: [.pageUp, .pageDown, .home, .end, .home, .end]),
        Case(bytes: Array("\u{1B}[1;5A".utf8), keys: [.up]),                                   // Ctrl-Up
        Case(bytes: Array("\u{1B}[3~".utf8), keys: []),                                        // Delete means nothing here
        Case(bytes: Array("jk a\r\n".utf8), keys: [.character("j"), .character("k"), .character(" "), .character("a"), .enter, .enter]),
        Case(bytes: [0x03, 0x1A, 0x7F, 0x09], keys: [.control("c"), .control("z"), .backspace, .tab]),
        Case(bytes: Array("ü東".utf8), keys: [.character("ü"), .character("東")]),
        Case(bytes: Array("\u{1B}\u{1B}[A".utf8), keys: [.escape, .up]),
        Case(bytes: Array("\u{1B}q".utf8), keys: []),                                          // Alt-q: nothing, never Esc
    ])
    func decodesWholeSequences(_ testCase: Case) {
        var decoder = KeyDecoder()
        #expect(decoder.feed(testCase.bytes) == testCase.keys)
        #expect(!decoder.isWaiting)
    }

    @Test func aSequenceSplitAcrossReadsWaitsForTheRest() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.feed(Array("[".utf8)) == [])
        #expect(decoder.feed(Array("Bj".utf8)) == [.down, .character("j")])
        #expect(decoder.feed([0xE6, 0x9D]) == [])
        #expect(decoder.feed([0xB1]) == [.character("東")])
    }

    @Test func aLoneEscapeIsTheEscKeyOnceNothingFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
        #expect(decoder.feed(Array("q".utf8)) == [.character("q")])
    }
}
