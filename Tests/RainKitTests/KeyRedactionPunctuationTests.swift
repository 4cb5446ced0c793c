import Foundation
import Testing
@testable import RainKit

/// Hostile trial 14 (N2): the key in groups split by punctuation ("Zq7K-p2Xw-9Lm4-Rt6V-b", with
/// `.`, `/`, `_`, `:` or `·` instead, "Zq7Kp2, Xw9Lm4, Rt6Vb" in one string, "; " and " - ") was
/// shown whole in an error and written into a crontab line. A short run of punctuation between
/// groups of a long key's characters is now a gap, as a space is.
@Suite struct KeyRedactionPunctuationTests {
    private static let keys = ["Zq7Kp2Xw9Lm4Rt6Vb", "KWzRi4d5ie6GdM1tUqoEPdPQgN", "32e8b7d12df213afc01a390e11213e61"]

    private func groups(_ text: String, of size: Int, by separator: String) -> String {
        let characters = Array(text)
        return stride(from: 0, to: characters.count, by: size).map { String(characters[$0..<min(characters.count, $0 + size)]) }
            .joined(separator: separator)
    }

    /// Hidden in a server's message, as text and in a JSON body (raw and as `\u` escapes).
    private func expectHidden(_ copy: String, of key: String, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let redaction = try #require(KeyRedaction(APIKey(key)))
        #expect(redaction.scrubbing("bad key " + copy + " here") == "bad key REDACTED here", "\(comment)", sourceLocation: sourceLocation)
        let escaped = copy.unicodeScalars.map { $0.isASCII ? String($0) : String($0).utf16.map { String(format: "\\u%04x", $0) }.joined() }.joined()
        for written in [copy, escaped] {
            let body = Data(#"{"message": "bad key \#(written)", "n": 1}"#.utf8)
            let scrubbed = String(decoding: redaction.scrubbing(body), as: UTF8.self)
            #expect(scrubbed == #"{"message": "bad key REDACTED", "n": 1}"#, "\(comment): \(scrubbed)", sourceLocation: sourceLocation)
        }
        let inURL = redaction.holdsKey("http://127.0.0.1:1/" + copy + "/")
        #expect(inURL, "\(comment) in a URL", sourceLocation: sourceLocation)
    }

    @Test(arguments: ["-", ".", "/", "_", ":", "\u{B7}", "; ", " - ", ", ", ",", " / ", "\u{2010}", "\u{2013}", " \u{B7} ", "\u{30FB}",
                      "\u{FF0F}", "\u{2022}", "-\u{200B}", "\u{A0}-\u{A0}", "...", " :: "])
    func theKeyInGroupsSplitByPunctuationIsHidden(_ separator: String) throws {
        for key in Self.keys {
            for size in [2, 4, 5, 6] {
                try expectHidden(groups(key, of: size, by: separator), of: key, "groups of \(size) by \(separator.debugDescription)")
            }
            // A part of it, cut short by the server, in groups too.
            try expectHidden(groups(String(key.dropFirst(3).prefix(9)), of: 3, by: separator), of: key, "part by \(separator.debugDescription)")
        }
    }

    /// Hostile trial 16 (K1): any other ASCII mark, and Unicode's punctuation and symbols
    /// (`§`, `†`, `°`, `→`, `…`, box drawing, an emoji), were no gap; nor was a run mixing
    /// marks of both kinds.
    @Test(arguments: ["#", "@", "*", "%", "+", "&", "!", "?", "|", "=", "~", "^", "$", "`", "<", ">", "\\", "'", "(", ")",
                      "[", "]", "{", "}", "\u{A6}", "\u{A7}", "\u{2020}", "\u{B0}", "\u{2192}", "\u{2026}", "\u{FF0B}", "\u{2500}",
                      "\u{1F327}", " # ", "-_.", "+*|", "/+*"])
    func theKeyInGroupsSplitByAnyMarkOrSymbolIsHidden(_ separator: String) throws {
        for key in Self.keys {
            for size in [2, 4, 5] {
                try expectHidden(groups(key, of: size, by: separator), of: key, "groups of \(size) by \(separator.debugDescription)")
            }
        }
        try expectHidden("Zq7K-_.p2Xw/+*9Lm4|Rt6Vb", of: Self.keys[0], "a mixed run")
    }

    /// Hostile trial 17 (K17-2): separators that read as marks but are letters or nothing by
    /// Unicode's category left the key shown: modifier letters of no script (the primes "ʺ"
    /// and "ˮ", the kana length mark "ー"), the bar "ǀ" (a click letter, a lookalike of "l"),
    /// private use, unassigned code points and noncharacters (drawn as nothing or a box), and
    /// two flags (4 scalars, 2 graphemes: marks are counted as a person sees them).
    @Test(arguments: ["\u{2BA}", "\u{2EE}", "\u{1C0}", "\u{30FC}", "\u{E000}", "\u{100000}", "\u{378}", "\u{2FFFF}", "\u{FFFE}",
                      "\u{FFFF}", "\u{1F1E9}\u{1F1EA}\u{1F1EB}\u{1F1F7}", "\u{1F44D}\u{1F3FD}-\u{1F1E9}\u{1F1EA}"])
    func theKeyInGroupsSplitByMarksOfNoLetterIsHidden(_ separator: String) throws {
        for key in Self.keys {
            for size in [2, 4, 5] {
                try expectHidden(groups(key, of: size, by: separator), of: key, "groups of \(size) by \(separator.debugDescription)")
            }
        }
        // More than three marks, counted by grapheme, are still a rule between texts: four flags.
        let redaction = try #require(KeyRedaction(APIKey(Self.keys[0])))
        let flags = groups(Self.keys[0], of: 4, by: "\u{1F1E9}\u{1F1EA}\u{1F1EB}\u{1F1F7}\u{1F1EE}\u{1F1F9}\u{1F1EA}\u{1F1F8}")
        #expect(redaction.scrubbing(flags) == flags)
    }

    /// Hostile trial 18 (K18-1): letters whose lookalike by Unicode's confusables data is
    /// marks alone left the key shown: the sinological dot "ꞏ" and the syllabics' "ᐧ" (read as
    /// "·"), the Lisu "ꓺ" and "ꓻ" (".." and ".,"), the Hangul "ㅡ" and "ᅳ" (a length mark
    /// "ー"), the CJK stroke "丶" (a backslash); and letters drawn as strokes or dots that the
    /// data misses: the clicks "ǁ" and "ǂ", "ᐨ", "ㆍ", "丨", the Lisu "ꓼ", the Tamil "ஃ", Thai's
    /// "ฯ" and "ๆ", the Vai "ꘌ".
    @Test(arguments: ["\u{A78F}", "\u{1427}", "\u{A4FA}", "\u{A4FB}", "\u{3161}", "\u{1173}", "\u{4E36}", " \u{A78F} ",
                      "\u{01C1}", "\u{01C2}", "\u{1428}", "\u{318D}", "\u{4E28}", "\u{A4FC}", "\u{0B83}", "\u{0E2F}",
                      "\u{0E46}", "\u{A60C}"])
    func theKeyInGroupsSplitByLettersThatReadAsMarksIsHidden(_ separator: String) throws {
        for key in Self.keys {
            for size in [2, 4, 5] {
                try expectHidden(groups(key, of: size, by: separator), of: key, "groups of \(size) by \(separator.debugDescription)")
            }
        }
    }

    /// Hostile trial 17 (K17-1): backslashes between the groups, as a JSON answer writes them
    /// (`\\`), were no gap there.
    @Test(arguments: [#"\\"#, #"\\\\"#, #"\\\\\\"#, #"-\\-"#])
    func theKeyInGroupsSplitByEscapedBackslashesIsHidden(_ separator: String) throws {
        for key in Self.keys {
            let redaction = try #require(KeyRedaction(APIKey(key)))
            let body = Data(#"{"summary": "\#(groups(key, of: 4, by: separator))", "n": 1}"#.utf8)
            let scrubbed = String(decoding: redaction.scrubbing(body), as: UTF8.self)
            #expect(scrubbed == #"{"summary": "REDACTED", "n": 1}"#, "\(scrubbed)")
        }
    }

    /// The trial's forms as it sent them.
    @Test func theTrialsFormsAreHidden() throws {
        let key = Self.keys[0]
        for copy in ["Zq7K-p2Xw-9Lm4-Rt6V-b", "Zq7K.p2Xw.9Lm4.Rt6V.b", "Zq7K/p2Xw/9Lm4/Rt6V/b", "Zq7K_p2Xw_9Lm4_Rt6V_b",
                     "Zq7K:p2Xw:9Lm4:Rt6V:b", "Zq7K\u{B7}p2Xw\u{B7}9Lm4\u{B7}Rt6V\u{B7}b", "Zq7Kp2, Xw9Lm4, Rt6Vb",
                     "Zq7Kp2; Xw9Lm4; Rt6Vb", "Zq7Kp2 - Xw9Lm4 - Rt6Vb"] {
            try expectHidden(copy, of: key, copy)
        }
        let redaction = try #require(KeyRedaction(APIKey(key)))
        let inURL = redaction.holdsKey("http://127.0.0.1:1/Zq7K/p2Xw/9Lm4/Rt6V/b/")
        #expect(inURL)
    }

    /// A key that holds a mark itself (a configured key may) is read with it as its own
    /// character: written as it is, or in groups split by another mark, it is hidden.
    @Test func aKeyHoldingPunctuationReadsAsItself() throws {
        for key in ["sim-key-0123456789abcdef", "1ac826a6-fce4-8478-dcb7-4f21345d2cce", "ab.cd_ef:gh.ij_kl:mn"] {
            try expectHidden(key, of: key, key)
            let other = [".", "/", "-", "_"].first { !key.contains($0) } ?? " "
            try expectHidden(groups(key, of: 4, by: other), of: key, "\(key) by \(other)")
        }
    }

    /// Punctuated ordinary text is left: dates, times, coordinates, lists, versions and rules,
    /// for each key and for random keys of each kind.
    @Test func punctuatedOrdinaryTextIsLeft() throws {
        let texts = ["2026-12-07T11:42:46Z", "12:00, 13:00, 14:00, 15:00, 16:00", "52.52,13.41", "a-b-c-d-e-f-g-h-i-j", "0.1.2.3.4.5.6.7.8.9",
                     "v2.5.3-beta.1", "1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12", "a; b; c; d; e; f; g; h", "-----", "...", "Zq7 - Kp2",
                     "https://api.pirateweather.net/forecast/", "N 52°31′ E 13°24′", "Light rain, heavy at times; 3-5 mm."]
        for key in Self.keys + ["oHBvRPOIvGrv5iFlbCBFNOgmBj", "1ac826a6fce48478dcb74f21345d2cce", "f64f7fd633dbdde131ca3766e4d58e72"] {
            let redaction = try #require(KeyRedaction(APIKey(key)))
            for text in texts {
                #expect(redaction.scrubbing(text) == text, "\(key) changed \(text)")
            }
        }
    }
}
