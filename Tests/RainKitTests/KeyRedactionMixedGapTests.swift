import Foundation
import Testing
@testable import RainKit

/// Issue 42, the twelfth hostile trial: a key spaced with two kinds of gap taking turns (a
/// thin and a zero-width space, a no-break space and an escape sequence), in groups
/// ("KW zR i4"), with four gaps or more, or split by escape sequences with a control inside
/// (`ESC [ 1 SOH m`, which a terminal executes and goes on with) was shown, cached and
/// notified. Between any two of a long key's characters any run of gaps and hidden characters
/// now stands, and a copy is read both as the sanitiser and as a terminal reads sequences.
@Suite struct KeyRedactionMixedGapTests {
    private static let keys = ["KWzRi4d5ie6GdM1tUqoEPdPQgN", "32e8b7d12df213afc01a390e11213e61"]

    /// The key's characters with `gaps[i % gaps.count]` after the i-th.
    private func spaced(_ key: String, by gaps: [String]) -> String {
        key.enumerated().map { $0.offset == 0 ? String($0.element) : gaps[($0.offset - 1) % gaps.count] + String($0.element) }.joined()
    }

    /// The text as a JSON string's content: `\` and `"` escaped, and with `all`, each
    /// character outside ASCII and each control as a `\u` escape too.
    private func escaped(_ text: String, all: Bool) -> String {
        text.unicodeScalars.map { scalar in
            if scalar == "\\" || scalar == "\"" { return "\\" + String(scalar) }
            guard all, !scalar.isASCII || scalar.value < 0x20 || scalar.value == 0x7F else { return String(scalar) }
            return String(scalar).utf16.map { "\\u" + String(String(Int($0) | 0x10000, radix: 16).dropFirst()) }.joined()
        }.joined()
    }

    /// The copy hidden in a text and in a JSON body (raw and as `\u` escapes), the body valid.
    private func expectHidden(_ copy: String, of key: String, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let redaction = try #require(KeyRedaction(APIKey(key)))
        // Raw text is read as it is written: the string terminator `ESC \` before a key's
        // "b", "f", "n", "r" or "t" is no escaped control.
        #expect(redaction.scrubbing("summary: " + copy + " today") == "summary: REDACTED today", "\(comment)", sourceLocation: sourceLocation)
        for written in [escaped(copy, all: false), escaped(copy, all: true)] {
            let body = Data(#"{"summary": "key \#(written) echoed", "n": 1}"#.utf8)
            let scrubbed = String(decoding: redaction.scrubbing(body), as: UTF8.self)
            // A raw control makes the body no JSON (rain's decoder refuses it), read as it is
            // written: `ESC \` ends a string there and the `\` after it is shown, a visible
            // character between two of the key's: no copy is shown.
            if written.contains("\u{1B}\\\\") {
                expectNoPartShown(scrubbed, of: key, comment, sourceLocation: sourceLocation)
                continue
            }
            #expect(scrubbed == #"{"summary": "key REDACTED echoed", "n": 1}"#, "\(comment): \(scrubbed.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    /// No `partLength` of the key's characters in a row where `text` is shown sanitised, its
    /// blanks taken out.
    private func expectNoPartShown(_ text: String, of key: String, _ comment: String, sourceLocation: SourceLocation) {
        let shown = String(text.strippingControlCharacters.filter { !$0.isWhitespace && $0 != "\u{200B}" }).lowercased()
        let characters = Array(key.lowercased())
        for start in 0...(characters.count - KeyRedaction.partLength) {
            let part = String(characters[start..<(start + KeyRedaction.partLength)])
            #expect(!shown.contains(part), "\(comment): \(part) in \(shown.debugDescription)", sourceLocation: sourceLocation)
        }
    }

    /// Visible gaps (trial 12's first class) and hidden characters, line breaks and escape
    /// sequences (its second): every pair of one of each, taking turns between the key's characters.
    private static let visible = [" ", "\u{A0}", "\u{3000}", "\u{2009}", "\u{200A}", "\u{202F}", "\u{2800}", "\u{1D159}"]
    private static let hidden = ["\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{3164}", "\u{200B}",
                                 "\u{01}", "\u{FEFF}", "\u{AD}", "\u{1B}[0m", "\u{1B}]0;x\u{07}", "\u{9B}0m", "\u{1B}7"]

    @Test(arguments: visible)
    func twoKindsOfGapTakingTurnsHideTheKey(_ gap: String) throws {
        for other in Self.hidden {
            for key in Self.keys {
                try expectHidden(spaced(key, by: [gap, other]), of: key, "\(gap.debugDescription) \(other.debugDescription)")
                try expectHidden(spaced(key, by: [other, gap]), of: key, "\(other.debugDescription) \(gap.debugDescription)")
            }
        }
        for key in Self.keys {
            try expectHidden(spaced(key, by: [gap, "\u{200B}", gap + gap, "", "\u{1B}[0m" + gap]), of: key, "\(gap.debugDescription) in turns")
        }
    }

    /// The trial's three pairs, as it sent them.
    @Test func theTrialsPairsHideTheKey() throws {
        for pair in [["\u{2009}", "\u{200B}"], ["\u{A0}", "\u{1B}[0m"], ["\u{2800}", "\u{3164}"]] {
            try expectHidden(spaced(Self.keys[0], by: pair), of: Self.keys[0], "\(pair)")
        }
    }

    /// The key in groups of 2, 3, 4 or 7 with one gap after each (what a reader sees once the
    /// hidden kind of two taking turns is dropped) reads as the key: a person types it from them.
    @Test(arguments: [2, 3, 4, 7])
    func theKeyInGroupsIsHidden(_ size: Int) throws {
        for key in Self.keys {
            for gap in [" ", "\u{A0}", "\u{3000}", " \u{200B}", "\u{2800}"] {
                let groups = stride(from: 0, to: key.count, by: size).map { String(Array(key)[$0..<min(key.count, $0 + size)]) }
                try expectHidden(groups.joined(separator: gap), of: key, "groups of \(size) by \(gap.debugDescription)")
                let part = String(key.dropFirst(3).prefix(9))
                let partGroups = stride(from: 0, to: part.count, by: size).map { String(Array(part)[$0..<min(part.count, $0 + size)]) }
                try expectHidden(partGroups.joined(separator: gap), of: key, "part in groups of \(size)")
            }
        }
    }

    /// Four gaps or more between two characters (trial 12's third finding) read as well as one.
    @Test(arguments: ["    ", "\u{A0}\u{A0}\u{A0}\u{A0}", "          ", "\u{3000}\u{3000}\u{3000}\u{3000}\u{3000}", " \u{A0} \u{2009} \u{200B}  "])
    func aWideGapHidesTheKey(_ gap: String) throws {
        for key in Self.keys {
            try expectHidden(spaced(key, by: [gap]), of: key, "\(gap.debugDescription)")
            try expectHidden(spaced(key, by: [gap, "", " "]), of: key, "\(gap.debugDescription) mixed")
        }
    }

    /// Trial 12's second finding: a control inside an escape sequence. A terminal executes it
    /// (or ignores DEL, or a C0 inside a control string) and goes on with the sequence, so the
    /// key split by them shows whole there; the sanitiser ends the sequence at the control and
    /// shows the rest (`KmWm…`). Hidden either way, raw and as JSON `\u` escapes.
    @Test(arguments: ["\u{1B}[1\u{01}m", "\u{1B}[1\u{7F}m", "\u{1B}[1\u{00}m", "\u{1B}[\u{01}m", "\u{1B}]0;\u{01}t\u{07}",
                      "\u{1B}P\u{01}q\u{1B}\\", "\u{1B}\u{01}[0m", "\u{1B}(\u{01}B", "\u{1B}[?\u{1F}25l"])
    func aControlInsideAnEscapeSequenceHidesNoKey(_ split: String) throws {
        for key in Self.keys {
            try expectHidden(spaced(key, by: [split]), of: key, "\(split.debugDescription)")
            try expectHidden(spaced(String(key.dropFirst(2).prefix(9)), by: [split]), of: key, "\(split.debugDescription) part")
            try expectHidden(spaced(key, by: [split, " "]), of: key, "\(split.debugDescription) and a space")
        }
    }

    /// A control string with a control inside, ended by BEL: xterm ends only an OSC at BEL and
    /// goes on with a DCS (hiding what follows up to `ESC \\`), tmux ends an APC at BEL too.
    /// Hidden for terminals of either kind and once sanitised.
    @Test(arguments: ["\u{1B}P\u{01}x\u{07}", "\u{1B}_\u{01}x\u{07}", "\u{1B}P\u{07}x\u{1B}\\", "\u{9F}\u{01}x\u{07}", "\u{1B}^\u{07}x\u{9C}"])
    func aControlStringEndedByBellOrNotHidesNoKey(_ split: String) throws {
        for key in Self.keys {
            try expectHidden(spaced(key, by: [split]), of: key, "\(split.debugDescription)")
            try expectHidden(spaced(key, by: [split, " "]), of: key, "\(split.debugDescription) and a space")
        }
    }

    /// Each reading finds what the other does not show: an OSC left open before a line break
    /// ends there once sanitised (the terminal goes on and shows nothing after it), and a
    /// control inside a CSI ends it once sanitised (the terminal goes on and hides the `m`).
    @Test func eachReadingOfASequenceIsKept() throws {
        let key = Self.keys[0]
        try expectHidden(spaced(key, by: ["\u{1B}]0;x\n"]), of: key, "open OSC, shown by the sanitiser")
        try expectHidden(spaced(key, by: ["\u{1B}[1\u{02}m"]), of: key, "C0 in CSI, shown by a terminal")
    }

    /// Ordinary text is left, however its spaces stand: the README, the translations, the
    /// documents, the screens drawn in the tests, the fixtures, and lists of letters and
    /// numbers, for random keys of each kind a service issues and the trial's keys.
    @Test func ordinaryTextIsUntouched() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        var paths = ["README.md", "ARCHITECTURE.md"]
        for folder in ["po", "docs", "Tests/RainTerminalTests/Meteograms", "Tests/RainKitTests/Fixtures"] {
            paths += try FileManager.default.contentsOfDirectory(atPath: root.path + "/" + folder).map { folder + "/" + $0 }
        }
        var texts = try paths.map { try String(contentsOf: root.appending(path: $0), encoding: .utf8) }
        #expect(texts.count > 20 && texts[0].contains("REDACTED"), "\(paths)")
        texts += ["a b c d e f g h", "a  b  c  d  e  f  g  h", "0 1 2 3 4 5 6 7 8 9 a b c d e f", "K W z R i 4 d",
                  "KW zR i4 d", "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20"]
        // Random keys drawn once, as Pirate Weather (26 letters and digits) and hex keys are.
        let keys = Self.keys + ["oHBvRPOIvGrv5iFlbCBFNOgmBj", "MtpsiaOclRz3AwzKsbVRJN9wVG", "FYGW2WmQzCudiH7YFjS1on43Xk",
                                "MtECqOxSF2O3GYRdo1XKXWNqRs", "7rpEmoKiuPKdYR7osjOrU1xxDO", "1ac826a6fce48478dcb74f21345d2cce",
                                "8038a39d5e0853964b50af03b971722f", "244f58d669cbee3772a077021721a278",
                                "f64f7fd633dbdde131ca3766e4d58e72", "e310275dff6c15c0c8e9df469611a11f"]
        let names = paths + texts.dropFirst(paths.count)
        for key in keys {
            let redaction = try #require(KeyRedaction(APIKey(key)))
            for (name, text) in zip(names, texts) where redaction.scrubbing(text) != text {
                Issue.record("\(key) changed \(name)")
            }
        }
    }
}
