import Testing
@testable import RainKit

/// The sanitiser takes out a whole escape sequence, not ESC alone (issue 42: `S[0mEKRIT…` in
/// a hint): a control sequence, a control string up to its terminator, a two-byte sequence,
/// in their ESC and C1 forms; the text around them stays.
@Suite struct EscapeSequenceStrippingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let stripped: String
        var testDescription: String { text.debugDescription }
    }

    @Test(arguments: [
        Case(text: "S\u{1B}[0mEKRIT", stripped: "SEKRIT"),
        Case(text: "a\u{1B}[38;5;196mred\u{1B}[0m b", stripped: "ared b"),
        Case(text: "a\u{1B}[?1049hb", stripped: "ab"),
        Case(text: "a\u{9B}2Jb", stripped: "ab"),
        Case(text: "a\u{1B}]0;pwned\u{07}b", stripped: "ab"),
        Case(text: "a\u{1B}]8;;http://x.test/\u{1B}\\link\u{1B}]8;;\u{1B}\\b", stripped: "alinkb"),
        Case(text: "a\u{9D}0;title\u{9C}b", stripped: "ab"),
        Case(text: "a\u{1B}Pq#0\u{1B}\\b", stripped: "ab"),
        Case(text: "a\u{1B}(Bb", stripped: "ab"),
        Case(text: "a\u{1B}7b\u{1B}8c", stripped: "abc"),
        Case(text: "a\u{1B}]0;open\nnext line", stripped: "a next line"),
        Case(text: "end\u{1B}", stripped: "end"),
        Case(text: "end\u{1B}[", stripped: "end"),
        Case(text: "Zürich\u{1B}[1m 東京", stripped: "Zürich 東京"),
    ])
    func aWholeSequenceIsTakenOut(_ example: Case) {
        #expect(example.text.strippingControlCharacters == example.stripped)
    }
}
