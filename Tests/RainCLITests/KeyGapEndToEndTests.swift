import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 42, the tenth hostile trial and the class behind its leaks, through the real binary:
/// a server that echoes the key spaced out (a no-break, ideographic or thin space between its
/// characters), or split by an escape sequence between its characters, in a valid answer's
/// summaries and alert texts. Neither reaches standard output, a notification or any file rain
/// writes (the forecast cache, `notified.json`, the lookups, the saved places), read as a person
/// would: each file's strings decoded and stripped of escape sequences.
@Suite struct KeyGapEndToEndTests {
    private let key = ForecastWorld.apiKey   // sim-key-0123456789abcdef
    private let exec = #"cat >> "$RAIN_HOME/events.jsonl"; env | grep ^RAIN_NOTIFY_ >> "$RAIN_HOME/events.jsonl""#

    /// A JSON value's strings, its member names among them.
    private func strings(_ value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let items as [Any]: return items.flatMap(strings)
        case let members as [String: Any]: return members.flatMap { [$0.key] + strings($0.value) }
        default: return []
        }
    }

    /// Every text `text` holds as a reader sees it: a JSON document's strings (and member
    /// names) decoded, anything else as it is; each stripped by the one sanitiser.
    private func readings(of text: String) -> [String] {
        let documents = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) }
        let whole = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        return ([text] + (whole.map(strings) ?? []) + documents.flatMap(strings)).map(\.strippingControlCharacters)
    }

    /// Every file under `home` (but the test's own events file), by path.
    private func files(under home: String) throws -> [(path: String, text: String)] {
        let enumerator = try #require(FileManager.default.enumerator(atPath: home))
        return enumerator.compactMap { $0 as? String }.compactMap { path in
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: home + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: home + "/" + path) else { return nil }
            return (path, String(decoding: data, as: UTF8.self))
        }
    }

    @Test(arguments: [" ", "\u{A0}", "\u{3000}", "\u{2009}", "\u{200A}", "\u{A0}\u{A0}"])
    func aKeySpacedOutIsNotShownCachedOrNotified(_ gap: String) async throws {
        let disguise = key.map(String.init).joined(separator: gap)
        let redaction = try #require(KeyRedaction(APIKey(key)))
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true, disguisedAs: disguise))
            let refresh = try await world.rain(["refresh", "Berlin"])
            #expect(refresh.status == 0, "\(refresh)")
            let show = try await world.rain(["show", "Berlin"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            #expect(show.status == 0 && show.output.contains("(key REDACTED)"), "the answer echoed it: \(show)")
            let notify = try await world.rain(["notify", "Berlin", "--exec", exec])
            #expect(notify.status == 0, "\(notify)")
            var texts = [refresh.output, refresh.error, show.output, show.error, json.output, notify.output, notify.error]
            texts += try files(under: home).map(\.text)
            #expect(try files(under: home).contains { $0.path.hasSuffix("events.jsonl") }, "the alert was delivered")
            for text in texts {
                #expect(!text.contains(disguise) && !redaction.holdsKey(text), "\(gap.debugDescription): \(text.prefix(400))")
            }
        }
    }

    /// The forecast's cache and `--json` keep an answer's texts as they came (escape sequences
    /// written as `\u` escapes); a reader of them strips the sequences, and the key split by
    /// them was whole then. Every file and output is read so, the alert's notification too.
    @Test(arguments: ["\u{1B}]0;x\u{07}", "\u{1B}P1;2\u{1B}\\", "\u{9D}0;x\u{9C}", "\u{1B}]8;;http://x/\u{1B}\\"])
    func aKeySplitByEscapeSequencesIsInNoFileOrOutputOnceStripped(_ split: String) async throws {
        let disguise = key.map(String.init).joined(separator: split)
        let redaction = try #require(KeyRedaction(APIKey(key)))
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true, disguisedAs: disguise))
            let refresh = try await world.rain(["refresh", "Berlin", "--json"])
            #expect(refresh.status == 0, "\(refresh)")
            let show = try await world.rain(["show", "Berlin"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            let lookup = try await world.rain(["kolkata", "--json"])
            let add = try await world.rain(["locations", "add", "kolkata"])
            let notify = try await world.rain(["notify", "Berlin", "--exec", exec])
            #expect(show.status == 0 && lookup.status == 0 && add.status == 0 && notify.status == 0, "\(show) \(lookup) \(add) \(notify)")
            let outputs = [refresh, show, json, lookup, add, notify].flatMap { [$0.output, $0.error] }
            let written = try files(under: home)
            #expect(written.contains { $0.path.hasPrefix("cache/forecasts/") } && written.contains { $0.path.hasPrefix("cache/lookups/") }
                    && written.contains { $0.path.hasSuffix("events.jsonl") } && written.contains { $0.text.contains("Kolkata (key REDACTED)") },
                    "\(written.map(\.path))")
            for (name, text) in zip(outputs.indices.map { "output \($0)" }, outputs) + written.map({ ($0.path, $0.text) }) {
                for reading in readings(of: text) where redaction.holdsKey(reading) {
                    Issue.record("\(split.debugDescription) \(name): \(reading.prefix(400))")
                }
            }
        }
    }

    /// Trial 12: two kinds of gap taking turns, the key in groups, and a control inside an
    /// escape sequence (a terminal executes it and goes on with the sequence: `show --json`
    /// through `jq -r` showed the key whole). Every output and file is read as the sanitiser
    /// shows it and as a terminal does (the test's own sequences taken out whole), then with
    /// every gap taken out: the key is in none of them.
    @Test(arguments: [["\u{2009}", "\u{200B}"], ["\u{A0}", "\u{1B}[0m"], ["\u{2800}", "\u{3164}"], ["", "", " "],
                      ["\u{1B}[1\u{01}m"], ["\u{1B}\u{01}[0m"], ["\u{1B}]0;\u{01}t\u{07}", " "]])
    func aKeyWithMixedGapsOrControlsInsideSequencesIsInNoOutputOrFile(_ gaps: [String]) async throws {
        let disguise = key.enumerated().map { $0.offset == 0 ? String($0.element) : gaps[($0.offset - 1) % gaps.count] + String($0.element) }.joined()
        let sequences = gaps.filter { $0.unicodeScalars.first == "\u{1B}" }
        func flattened(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.filter {
                !$0.properties.isWhitespace && !["\u{200B}", "\u{2800}", "\u{3164}"].contains($0)
            }))
        }
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true, disguisedAs: disguise))
            let refresh = try await world.rain(["refresh", "Berlin"])
            let show = try await world.rain(["show", "Berlin"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            let notify = try await world.rain(["notify", "Berlin", "--exec", exec])
            #expect(refresh.status == 0 && show.status == 0 && json.status == 0 && notify.status == 0, "\(refresh) \(show) \(json) \(notify)")
            #expect(show.output.contains("(key REDACTED)"), "the answer echoed it: \(show)")
            let outputs = [refresh, show, json, notify].flatMap { [$0.output, $0.error] }
            let written = try files(under: home)
            #expect(written.contains { $0.path.hasPrefix("cache/forecasts/") } && written.contains { $0.path.hasSuffix("events.jsonl") }, "\(written.map(\.path))")
            for (name, text) in zip(outputs.indices.map { "output \($0)" }, outputs) + written.map({ ($0.path, $0.text) }) {
                let documents = text.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed) }
                let asTerminal = ([text] + documents.flatMap(strings)).map { sequences.reduce($0) { $0.replacingOccurrences(of: $1, with: "") } }
                for reading in readings(of: text) + asTerminal where flattened(reading).contains(key) {
                    Issue.record("\(gaps.map(\.debugDescription)) \(name): \(reading.prefix(400).debugDescription)")
                }
            }
        }
    }
}
