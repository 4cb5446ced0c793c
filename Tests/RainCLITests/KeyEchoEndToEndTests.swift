import Foundation
import RainKit
import RainTestSupport
import Testing

/// A server that echoes the API key (issue 42): in the member names of a body the reader
/// refuses, and in a valid answer's summaries and alert texts. No output, cache file or
/// notification of rain carries the key, whichever path built the text: the answer's body
/// has it replaced by REDACTED before anything reads it.
@Suite struct KeyEchoEndToEndTests {
    private let key = ForecastWorld.apiKey

    @Test func aRefusedBodyThatQuotesTheKeyIsReportedWithoutIt() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: false))
            let refresh = try await world.rain(["refresh", "Berlin"])
            #expect(refresh.status == 69, "\(refresh)")
            #expect(refresh.error.contains("REDACTED"), "the reason quotes the body: \(refresh)")
            let json = try await world.rain(["refresh", "Berlin", "--json"])
            #expect(json.status == 69 && json.output.contains("REDACTED"), "\(json)")
            let show = try await world.rain(["show", "Tokyo"])
            for result in [refresh, json, show] {
                #expect(!result.output.contains(key) && !result.error.contains(key), "\(result)")
            }
        }
    }

    @Test func aKeyEchoedInAValidAnswerIsNotShownCachedOrNotified() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true))
            let refresh = try await world.rain(["refresh", "Berlin", "--json"])
            #expect(refresh.status == 0, "\(refresh)")
            let show = try await world.rain(["show", "Berlin"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            #expect(show.status == 0 && show.output.contains("(key REDACTED)"), "the answer echoed it: \(show)")
            let exec = #"cat >> "$RAIN_HOME/events.jsonl"; env | grep ^RAIN_NOTIFY_ >> "$RAIN_HOME/events.jsonl""#
            let notify = try await world.rain(["notify", "Berlin", "--exec", exec])
            #expect(notify.status == 0, "\(notify)")
            let events = try String(contentsOfFile: home + "/events.jsonl", encoding: .utf8)
            #expect(events.contains("REDACTED") && !events.contains(key), "\(events)")
            let cache = try String(contentsOfFile: world.cacheFile(world.berlin), encoding: .utf8)
            #expect(cache.contains("REDACTED") && !cache.contains(key))
            for result in [refresh, show, json, notify] {
                #expect(!result.output.contains(key) && !result.error.contains(key), "\(result)")
            }
        }
    }

    /// The ninth hostile trial: a key split by a string-type escape sequence (OSC, DCS, APC,
    /// ... ending in BEL or ST) is no copy of the key until the sequence is stripped, which the
    /// event's texts are when the event is made: `--exec`'s environment and standard input (and
    /// `notify-send`'s arguments) carried it whole. The event is redacted as it leaves.
    @Test func aKeySplitByAnEscapeSequenceIsNotDeliveredWhole() async throws {
        for split in ["\u{1B}]0;x\u{07}", "\u{1B}P1;2\u{1B}\\", "\u{1B}_app\u{1B}\\", "\u{9D}0;x\u{9C}"] {
            try await withTemporaryDirectory { home in
                // Between every two characters, so that no piece of it is long enough to tell.
                let disguise = key.map(String.init).joined(separator: split)
                let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true, disguisedAs: disguise))
                #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
                let exec = #"cat >> "$RAIN_HOME/events.jsonl"; env | grep ^RAIN_NOTIFY_ >> "$RAIN_HOME/events.jsonl""#
                let notify = try await world.rain(["notify", "Berlin", "--exec", exec])
                #expect(notify.status == 0, "\(notify)")
                let events = try String(contentsOfFile: home + "/events.jsonl", encoding: .utf8)
                #expect(events.contains("RAIN_NOTIFY_SUMMARY=") && !events.contains(key), "\(split.debugDescription): \(events)")
                #expect(!notify.output.contains(key) && !notify.error.contains(key), "\(notify)")
            }
        }
    }

    /// The tenth hostile trial: a geocoder's place name with an escape sequence between every
    /// character of the key was stripped as it was read, and the lookups' cache kept the key
    /// whole (the screen, redacted at the console, showed REDACTED).
    @Test func aKeySplitByEscapeSequencesInAPlaceNameIsNotCached() async throws {
        try await withTemporaryDirectory { home in
            let disguise = key.map(String.init).joined(separator: "\u{1B}]0;x\u{07}")
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true, disguisedAs: disguise))
            let shown = try await world.rain(["kolkata"])
            #expect(shown.status == 0 && shown.output.contains("REDACTED") && !shown.output.contains(key), "\(shown)")
            let folder = home + "/cache/lookups"
            let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
            #expect(files.count == 1, "\(files)")
            for file in files {
                let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
                #expect(text.contains("REDACTED") && !text.contains(key), "\(text.prefix(300))")
            }
        }
    }

    /// A server that writes the key in capitals (or any other case) still tells it: a key whose
    /// letters are of one case outright, a mixed-case one but for each letter's case.
    @Test func aKeyEchoedInCapitalsIsHiddenToo() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .echoedKey(validAnswer: true, inCapitals: true))
            let refresh = try await world.rain(["refresh", "Berlin"])
            #expect(refresh.status == 0, "\(refresh)")
            let show = try await world.rain(["show", "Berlin"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            #expect(show.status == 0 && show.output.contains("(key REDACTED)"), "the answer echoed it: \(show)")
            let cache = try String(contentsOfFile: world.cacheFile(world.berlin), encoding: .utf8)
            for text in [show.output, json.output, refresh.error, cache] {
                #expect(!text.lowercased().contains(key.lowercased()), "\(text)")
            }
        }
    }
}
