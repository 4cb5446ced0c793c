import Foundation
import Testing
@testable import RainKit

/// Issue 42, the tenth hostile trial: a server that echoes the key spaced out, with a no-break,
/// ideographic, thin or hair space (or a plain one) between its characters, had it shown,
/// cached and notified: the redaction passed over hidden characters, not visible gaps. A
/// spaced-out copy of a long key, or of `partLength` of its characters, is hidden (in groups
/// and with gaps of any width too, since trial 12); a short key's letters in a list are not.
@Suite struct KeyRedactionGapTests {
    private let key = "Kx7QpZ2mW9vL4tR8sN3b"
    private var redaction: KeyRedaction { KeyRedaction(APIKey(key))! }

    private func spaced(_ text: String, by gap: String) -> String {
        text.map(String.init).joined(separator: gap)
    }

    @Test(arguments: [" ", "\u{A0}", "\u{3000}", "\u{2009}", "\u{200A}", "\u{202F}", "\u{2002}", "\u{2800}", "\u{303F}",
                      "  ", " \u{A0} ", "\u{3000}\u{3000}", " \u{200B}"])
    func aKeySpacedOutIsHidden(_ gap: String) {
        let scrubbed = redaction.scrubbing("summary: " + spaced(key, by: gap) + " today")
        #expect(scrubbed == "summary: REDACTED today", "\(scrubbed.unicodeScalars.map(\.codePoint))")
        let part = spaced(String(key.dropFirst(3).prefix(9)), by: gap)
        #expect(redaction.scrubbing("key …" + part + "… is not valid") == "key …REDACTED… is not valid", "\(gap.debugDescription)")
        #expect(redaction.holdsKey("http://h/" + spaced(key, by: gap).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!))
        #expect(redaction.holdsKey(spaced(key.uppercased(), by: gap)))
    }

    /// In a JSON body, the gap written as a `\u` escape: the copy goes, the document stays valid.
    @Test(arguments: [#"\u00a0"#, #"\u3000"#, #"\u2009"#, " ", #"\u200a\u200a"#])
    func aKeySpacedOutInAJSONBodyIsHidden(_ gap: String) throws {
        let body = Data(#"{"summary": "key \#(spaced(key, by: gap)) echoed", "n": 1}"#.utf8)
        let scrubbed = String(decoding: redaction.scrubbing(body), as: UTF8.self)
        #expect(scrubbed == #"{"summary": "key REDACTED echoed", "n": 1}"#, "\(scrubbed)")
        #expect(try JSONSerialization.jsonObject(with: Data(scrubbed.utf8)) is [String: Any])
    }

    /// Fewer than `partLength` spaced out and a short key's letters in a list are no copy:
    /// they are ordinary text.
    @Test func whatIsNoSpacedCopyIsLeft() throws {
        let texts = [spaced(String(key.prefix(7)), by: " ") + " and more", "a b c d e f g h i j k l m n o p q r s t u v w x y z",
                     "12 13 14 15 16 17 18 19 20", "Kx7QpZ2 and K x 7 Q p Z 2"]
        for text in texts {
            #expect(redaction.scrubbing(text) == text, "\(text)")
        }
        // Once left as words of a few of the key's characters, or gaps too wide: a person
        // reads the whole key from each, so since trial 12 each is hidden as a spaced copy is.
        for text in [spaced(key, by: "    "), "Kx7QpZ2 mW9vL4t R8sN3b", "Kx7Q pZ2m W9vL 4tR8 sN3b", "K x 7 Q p Z 2m W 9 v L 4 t"] {
            #expect(redaction.scrubbing(text) == "REDACTED", "\(text)")
        }
        for short in ["abcd", "abcdefg", "1234567"] {
            let redaction = try #require(KeyRedaction(APIKey(short)))
            for text in ["a b c d e f g h", "a, b, c, d", "1 2 3 4 5 6 7 8 9", "a\u{A0}b\u{A0}c\u{A0}d\u{A0}e\u{A0}f\u{A0}g"] {
                #expect(redaction.scrubbing(text) == text, "\(short): \(text)")
            }
        }
    }

    /// Ordinary text with spaced-out letters and digits (an acronym written wide, a table's
    /// columns, Japanese with ideographic spaces) is left for random keys. (A key that is not
    /// random, "sim-key-0123456789abcdef", is told by "1 2 3 4 5 6 7 8" as by "12345678".)
    @Test func ordinaryTextWithGapsIsNotRedacted() throws {
        let text = """
            W A R N I N G: S T O R M  ·  1 2 3 4 5 6 7 8 9 0  ·  大雨　注意報　発表中  ·  Mo Di Mi Do Fr Sa So  ·
             3  4  5  6  7  8  9 10 11 12 13 14  ·  N NE E SE S SW W NW  ·  0 1 2 3 4 5 6 7 8 9 a b c d e f
            """
        for key in ["Kx7QpZ2mW9vL4tR8sN3b", "3fa85f6457174562b3fc2c963f66afa6", "e1d9c2b7a4f06385"] {
            let redaction = try #require(KeyRedaction(APIKey(key)))
            #expect(redaction.scrubbing(text) == text, "\(key)")
        }
    }

    /// A key split by string-type escape sequences in a JSON body, each written as JSON
    /// escapes (`\u001b]0;x\u0007`): the sequence ends at the escaped BEL, as it does once the
    /// text is decoded, so the body's redaction finds the key the sanitiser would make whole.
    @Test(arguments: [#"\u001b]0;x\u0007"#, #"\u001bP1;2\u001b\\"#, #"\u001b_app\u001b\\"#, #"\u009d0;x\u009c"#,
                      #"\u001b[31m"#, #"\u001b]8;;http://x/\u001b\\"#])
    func aKeySplitByEscapedSequencesInAJSONBodyIsHidden(_ split: String) throws {
        let body = Data(#"{"summary": "key \#(spaced(key, by: split)) echoed", "title": "\#(spaced(String(key.prefix(9)), by: split))"}"#.utf8)
        let scrubbed = redaction.scrubbing(body)
        let decoded = try #require(try JSONSerialization.jsonObject(with: scrubbed) as? [String: String], "\(String(decoding: scrubbed, as: UTF8.self))")
        for (name, text) in decoded {
            #expect(!redaction.holdsKey(text.strippingControlCharacters), "\(name): \(text.strippingControlCharacters)")
            #expect(text.contains("REDACTED"), "\(name): \(text.debugDescription)")
        }
    }
}
