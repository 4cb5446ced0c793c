import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 14 through the real binary. N2: the key in groups split by punctuation, in a
/// server's error and in a forecast's texts, is in no output or file, and `rain cron` refuses a
/// RAIN_BASE_URL holding it so (as it refuses one holding it whole: a crontab line with
/// REDACTED would not work). F2's rest: the key cut into summaries far apart is in no file or
/// output, read as `jq -r '.current.summary, .next_hour.summary'` prints them.
@Suite struct KeyScatteredAndPunctuatedEndToEndTests {
    private let key = ForecastWorld.apiKey   // sim-key-0123456789abcdef: it holds "-" itself

    /// The key in groups of `size` with `separator` between them.
    private func groups(of size: Int, by separator: String) -> String {
        let characters = Array(key)
        return stride(from: 0, to: characters.count, by: size).map { String(characters[$0..<min(characters.count, $0 + size)]) }
            .joined(separator: separator)
    }

    /// The value strings of a JSON document in document order, one a line (`jq -r '.. | strings'`).
    private func strings(_ value: Any) -> [String] {
        switch value {
        case let text as String: return [text]
        case let items as [Any]: return items.flatMap(strings)
        case let members as [String: Any]: return members.keys.sorted().flatMap { strings(members[$0]!) }
        default: return []
        }
    }

    /// The cached forecasts' texts.
    private func cached(_ home: String) throws -> [String] {
        let folder = home + "/cache/forecasts"
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }.map {
            try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)
        }
    }

    @Test(arguments: [".", "/", ", ", " \u{B7} ", "_", "; "])
    func aKeyInGroupsSplitByPunctuationIsInNoOutputOrFile(_ separator: String) async throws {
        let disguise = groups(of: 4, by: separator)
        let redaction = try #require(KeyRedaction(APIKey(key)))
        try await withTemporaryDirectory { home in
            // In a server's error: a 200 body the reader refuses, quoted in the error.
            let refused = try ForecastWorld(home: home + "/refused", behaviour: .echoedKey(validAnswer: false, disguisedAs: disguise))
            let failed = try await refused.rain(["refresh", "Berlin"])
            #expect(failed.status != 0 && failed.error.contains("REDACTED"), "\(failed)")
            #expect(!failed.error.contains(disguise) && !redaction.holdsKey(failed.error), "\(failed)")
            // In a valid answer's summaries and alert texts.
            let world = try ForecastWorld(home: home + "/valid", behaviour: .echoedKey(validAnswer: true, disguisedAs: disguise))
            let refresh = try await world.rain(["refresh", "Berlin"])
            let show = try await world.rain(["show", "Berlin"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            #expect(refresh.status == 0 && show.status == 0 && json.status == 0, "\(refresh) \(show) \(json)")
            #expect(show.output.contains("(key REDACTED)"), "the answer echoed it: \(show)")
            let document = try JSONSerialization.jsonObject(with: Data(json.output.utf8))
            let texts = try [refresh.output, refresh.error, show.output, json.output, strings(document).joined(separator: "\n")] + cached(home + "/valid")
            for text in texts {
                #expect(!text.contains(disguise) && !redaction.holdsKey(text), "\(separator.debugDescription): \(text.prefix(400))")
            }
        }
    }

    /// Hostile trial 20 (K20-1): pieces that each start again three or more characters inside
    /// the one before ("sim-ke -key-0 y-0123 …", or every 4 in a row in turn) were shown whole,
    /// on the error line that quotes a server's body and in a valid answer's texts.
    @Test(arguments: [(6, 3), (4, 3), (7, 4)])
    func aKeyInPiecesOverlappingByThreeOrMoreIsInNoOutputOrFile(_ size: Int, _ overlap: Int) async throws {
        let characters = Array(key)
        let pieces = stride(from: 0, to: characters.count - overlap, by: size - overlap).map {
            String(characters[$0..<min(characters.count, $0 + size)])
        }
        let disguise = pieces.joined(separator: " ")
        let redaction = try #require(KeyRedaction(APIKey(key)))
        try await withTemporaryDirectory { home in
            let refused = try ForecastWorld(home: home + "/refused", behaviour: .echoedKey(validAnswer: false, disguisedAs: disguise))
            let failed = try await refused.rain(["refresh", "Berlin"])
            #expect(failed.status != 0 && failed.error.contains("REDACTED"), "\(failed)")
            let world = try ForecastWorld(home: home + "/valid", behaviour: .echoedKey(validAnswer: true, disguisedAs: disguise))
            let refresh = try await world.rain(["refresh", "Berlin"])
            let show = try await world.rain(["show", "Berlin"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            #expect(refresh.status == 0 && show.status == 0 && json.status == 0, "\(refresh) \(show) \(json)")
            let texts = try [failed.error, refresh.output, refresh.error, show.output, json.output] + cached(home + "/valid")
            // Four digits in a row ("3456") are in the answer's numbers by chance.
            let telling = pieces.filter { $0.contains(where: \.isLetter) }
            for text in texts {
                let shown = telling.filter { text.contains($0) }
                #expect(shown.isEmpty && !redaction.holdsKey(text), "\(size)/\(overlap): \(shown) in \(text.prefix(400))")
            }
        }
    }

    @Test(arguments: ["/", ".", "_"])
    func cronRefusesABaseURLHoldingTheKeyInGroups(_ separator: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let url = world.simulator.baseURL + groups(of: 4, by: separator) + "/"
            for command in [["cron"], ["timer"]] {
                let result = try await world.rain(command, environment: ["RAIN_BASE_URL": url])
                #expect(result.status == 78 && result.error.hasPrefix("rain: error: RAIN_BASE_URL holds the API key"), "\(command) \(result)")
                #expect(!result.output.contains(groups(of: 4, by: separator)), "\(result)")
            }
        }
    }

    /// Pieces of 3, 4 and 7 characters, each shorter than a part hidden alone: 9, 12 and 21
    /// of the key's characters in three summaries.
    @Test(arguments: [3, 4, 7])
    func aKeyCutIntoSummariesFarApartIsInNoOutputOrFile(_ length: Int) async throws {
        let redaction = try #require(KeyRedaction(APIKey(key)))
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .keyInSummaries(length: length))
            let refresh = try await world.rain(["refresh", "Berlin"])
            let show = try await world.rain(["show", "Berlin"], environment: ["COLUMNS": "200"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            #expect(refresh.status == 0 && show.status == 0 && json.status == 0, "\(refresh) \(show) \(json)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let current = (document["current"] as? [String: Any])?["summary"] as? String
            let nextHour = (document["next_hour"] as? [String: Any])?["summary"] as? String
            // `jq -r '.current.summary, .next_hour.summary'`
            let sideBySide = [current, nextHour].compactMap { $0 }.joined(separator: "\n")
            #expect(sideBySide == "REDACTED\nREDACTED", "\(sideBySide)")
            let texts = try [refresh.output, refresh.error, show.output, json.output, strings(document).joined(separator: "\n"),
                             sideBySide.replacingOccurrences(of: "\n", with: "")] + cached(home)
            #expect(texts.count == 7, "one cached forecast")
            for text in texts {
                let joined = text.replacingOccurrences(of: "\n", with: "")
                #expect(!redaction.holdsKey(text) && !redaction.holdsKey(joined), "\(text.prefix(600))")
            }
        }
    }

    /// Hostile trial 19 (K19-1's second shape): the key's pieces beside ordinary words in the
    /// summaries ("Rain sim-", "Rain key-", "Rain 0123"), or glued to them ("rainsim-"),
    /// were shown: a piece after a word went on no chain. Only the pieces are hidden now, in
    /// the cache, `show` and `show --json`; the words stay.
    @Test(arguments: [("Rain ", ""), ("", " Snow"), ("rain", ""), ("Clear ", "")])
    func aKeyCutIntoSummariesBesideWordsIsInNoOutputOrFile(_ before: String, _ after: String) async throws {
        let pieces = stride(from: 0, to: 12, by: 4).map { String(Array(key)[$0..<($0 + 4)]) }
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .keyInSummaries(length: 4, before: before, after: after))
            let refresh = try await world.rain(["refresh", "Berlin"])
            let show = try await world.rain(["show", "Berlin"], environment: ["COLUMNS": "200"])
            let json = try await world.rain(["show", "Berlin", "--json"])
            #expect(refresh.status == 0 && show.status == 0 && json.status == 0, "\(refresh) \(show) \(json)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let current = (document["current"] as? [String: Any])?["summary"] as? String
            let nextHour = (document["next_hour"] as? [String: Any])?["summary"] as? String
            #expect(current == before + "REDACTED" + after && nextHour == current, "\(current ?? "-") \(nextHour ?? "-")")
            #expect(show.output.contains(before + "REDACTED" + after), "\(show.output)")
            let texts = try [refresh.output, refresh.error, show.output, json.output, strings(document).joined(separator: "\n")] + cached(home)
            #expect(texts.count == 6, "one cached forecast")
            for text in texts {
                #expect(pieces.allSatisfy { !text.contains(before + $0 + after) }, "\(text.prefix(600))")
            }
        }
    }
}
