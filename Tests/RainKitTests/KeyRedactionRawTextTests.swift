import Foundation
import Testing
@testable import RainKit

/// Issue 42, the reviewer's finding and a fuzz find: JSON escapes (`\u0013`, `\n`, `\u200b`)
/// were read in any text, so a raw text was read otherwise than a terminal and the sanitiser
/// show it. `\u001` before the key's "3" read as one escape (`\u0013`) and took the "3", and a
/// literal `\n` inside an OSC ended it where the sanitiser goes on. JSON escapes are now read
/// only in a valid JSON document; any other text is read as it is written.
@Suite struct KeyRedactionRawTextTests {
    /// The fuzz find's key: its part "36S…S" is varied only with its "3".
    private let fuzzKey = "223372036SSSSSSSSS"

    /// The key's characters from `start` on, a thin space and a zero-width space taking turns.
    private func thinAndZeroWidth(_ key: String, from start: Int) -> String {
        let gaps = ["\u{2009}", "\u{200B}"]
        return Array(key)[start...].enumerated().map { ($0.offset == 0 ? "" : gaps[($0.offset - 1) % gaps.count]) + String($0.element) }.joined()
    }

    /// The fuzz find: a raw body with an OSC left open somewhere and `\u001` just before the
    /// part, which a terminal shows as written, the part's "3" with it.
    @Test func aPartAfterAnUnfinishedEscapeInRawTextIsHidden() throws {
        let redaction = try #require(KeyRedaction(APIKey(fuzzKey)))
        let part = thinAndZeroWidth(fuzzKey, from: 7)
        for (before, after) in [("\u{1B}]\\u001", ""), ("\\u001", "\u{1B}]"), (#"{"a": "\#u{1B}]", "s": "\u001"#, #""}"#),
                                (#"{"s": "\u001"#, #"", "a": "\#u{1B}]x"}"#), ("x \\u001", " y\n\u{1B}]0;"), ("\\u00a", "\u{1B}]")] {
            let text = before + part + after
            #expect(redaction.scrubbing(text) == before + "REDACTED" + after, "\(text.debugDescription)")
            let body = String(decoding: redaction.scrubbing(Data(text.utf8)), as: UTF8.self)
            #expect(body == before + "REDACTED" + after, "\(text.debugDescription)")
        }
    }

    /// In a JSON document `\u0013` is one character, a control: what a reader is shown is
    /// "6S…S", two characters repeated, no part of a key (`isVaried`). It is left, as the
    /// same text decoded is.
    @Test func aPartWhoseFirstCharacterAnEscapeTakesIsReadAsTheDecoderReadsIt() throws {
        let redaction = try #require(KeyRedaction(APIKey(fuzzKey)))
        let part = thinAndZeroWidth(fuzzKey, from: 7)
        let body = #"{"s": "\u001"# + part + #"", "t": "\u001b]0;x"}"#
        #expect(String(decoding: redaction.scrubbing(Data(body.utf8)), as: UTF8.self) == body)
        #expect(redaction.scrubbing("\u{13}" + part.dropFirst()) == "\u{13}" + part.dropFirst())
        let readAsThree = #"{"s": "\u0033"# + String(part.dropFirst()) + #""}"#
        #expect(String(decoding: redaction.scrubbing(Data(readAsThree.utf8)), as: UTF8.self) == #"{"s": "REDACTED"}"#)
    }

    private let key = "Kx7QpZ2mW9vL4tR8sN3b"

    /// The key in pieces of fewer than 8 characters (none hidden on its own), with an OSC
    /// between each two that holds a literal `\n` and ends at a line break: the sanitiser
    /// takes the OSC out up to the break and shows the break as a space ("Kx7QpZ2 mW9vL4t
    /// R8sN3b"), a terminal hides the rest after the OSC left open. Hidden as raw text, and
    /// in a JSON body whose string is that text (where the `\` is written `\\`).
    @Test func aLiteralBackslashNInsideAnOSCIsReadAsTheTerminalShowsIt() throws {
        let redaction = try #require(KeyRedaction(APIKey(key)))
        let split = "\u{1B}]0;\\nxy\n"
        let copy = String(key.prefix(7)) + split + String(key.dropFirst(7).prefix(7)) + split + String(key.dropFirst(14))
        #expect(copy.strippingControlCharacters == "Kx7QpZ2 mW9vL4t R8sN3b", "as the sanitiser shows it")
        #expect(redaction.scrubbing("a " + copy + " b") == "a REDACTED b")
        let escaped = copy.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\u{1B}", with: "\\u001b")
            .replacingOccurrences(of: "\n", with: "\\n")
        let body = Data(#"{"summary": "a \#(escaped) b"}"#.utf8)
        #expect(String(decoding: redaction.scrubbing(body), as: UTF8.self) == #"{"summary": "a REDACTED b"}"#)
    }

    /// What a terminal shows of JSON escapes in raw text is the escape as written: a key split
    /// by `\n` or `\u200b` written out is two parts there, each hidden on its own, and one copy
    /// in a JSON body, where they are a break and an invisible character.
    @Test(arguments: [#"\n"#, #"\u200b"#, #"\u2028"#, #"\t"#])
    func anEscapeIsACharacterOfTheKeysCopyOnlyInJSON(_ escape: String) throws {
        let redaction = try #require(KeyRedaction(APIKey(key)))
        let split = String(key.prefix(10)) + escape + String(key.dropFirst(10))
        #expect(redaction.scrubbing("a " + split + " b") == "a REDACTED" + escape + "REDACTED b")
        let body = Data(#"{"summary": "a \#(split) b"}"#.utf8)
        #expect(String(decoding: redaction.scrubbing(body), as: UTF8.self) == #"{"summary": "a REDACTED b"}"#)
    }
}
