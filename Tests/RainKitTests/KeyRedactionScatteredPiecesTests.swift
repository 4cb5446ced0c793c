import Foundation
import Testing
@testable import RainKit

/// Hostile trial 14 (F2's rest): pieces of the key in strings of one answer that are not next
/// to each other (`currently.summary` and `minutely.summary`, two alerts' titles, the current
/// and a day's summary) were kept, and `jq -r '.currently.summary, .minutely.summary'` prints
/// them side by side. Pieces are now chained by their place in the key, wherever they stand.
@Suite struct KeyRedactionScatteredPiecesTests {
    private static let keys = ["Zq7Kp2Xw9Lm4Rt6Vb", "KWzRi4d5ie6GdM1tUqoEPdPQgN", "32e8b7d12df213afc01a390e11213e61"]

    /// A Pirate Weather answer with `texts` in its current, next hour's, an hour's and a
    /// day's summaries and in two alerts' titles (each `CURRENT`, `MINUTE`, `HOUR`, `DAY`,
    /// `ALERT1`, `ALERT2` there; "Clear" where not given).
    private func answer(_ texts: [String: String]) -> String {
        var body = """
            {"latitude":52.52,"longitude":13.405,"timezone":"Europe/Berlin","offset":1,
            "currently":{"time":1787229420,"summary":"CURRENT","icon":"clear-day","temperature":4.5,"precipType":"rain"},
            "minutely":{"summary":"MINUTE","icon":"rain","data":[{"time":1787229420,"precipIntensity":0,"precipProbability":0.1}]},
            "hourly":{"summary":"Rain this evening.","icon":"rain","data":[{"time":1787229000,"summary":"HOUR","icon":"cloudy"},
            {"time":1787232600,"summary":"Cloudy","icon":"cloudy"}]},
            "daily":{"summary":"Rain all week.","icon":"rain","data":[{"time":1787176800,"summary":"DAY","icon":"rain"}]},
            "alerts":[{"title":"ALERT1","severity":"warning","regions":["Berlin"],"time":1787229420,"expires":1787260000,
            "description":"Strong wind.","uri":"https://example.invalid/a"},{"title":"ALERT2","severity":"advisory","regions":["Brandenburg"],
            "time":1787229420,"expires":1787260000,"description":"Fog.","uri":"https://example.invalid/b"}],
            "flags":{"sources":["gfs"],"units":"si","version":"2.0"}}
            """
        for name in ["CURRENT", "MINUTE", "HOUR", "DAY", "ALERT1", "ALERT2"] {
            let text = texts[name] ?? "Clear"
            let json = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
            body = body.replacingOccurrences(of: "\"\(name)\"", with: json)
        }
        return body
    }

    /// The texts of `fields` once the answer is scrubbed, joined as `jq -r` prints them.
    private func shown(_ body: String, _ fields: [String], key: String) throws -> (scrubbed: String, joined: String) {
        let redaction = try #require(KeyRedaction(APIKey(key)))
        let scrubbed = String(decoding: redaction.scrubbing(Data(body.utf8)), as: UTF8.self)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(scrubbed.utf8)) as? [String: Any], "still a document: \(scrubbed)")
        func value(_ path: String) -> String? {
            var current: Any? = object
            for step in path.split(separator: ".") {
                if let index = Int(step) { current = (current as? [Any]).flatMap { index < $0.count ? $0[index] : nil } }
                else { current = (current as? [String: Any])?[String(step)] }
            }
            return current as? String
        }
        return (scrubbed, fields.compactMap(value).joined(separator: "\n"))
    }

    /// Hostile trial 16 (K2): an answer of many strings, each a piece of the key, took time
    /// growing with the square of their number to hide (28 s at 320 KB, hours at the 8 MB an
    /// answer may be), with the refresh lock held. A piece now finds the chains it continues by
    /// its place in the key, not by reading every other piece. 60,000 such strings (took the
    /// old reading well over ten minutes): each hidden, the document still valid.
    @Test func aGreatManyPiecesAreEachHidden() throws {
        let key = Array(Self.keys[0])
        let pieces = (0...(key.count - KeyRedaction.pieceLength)).map { String(key[$0..<($0 + KeyRedaction.pieceLength)]) }
        let strings = (0..<60_000).map { pieces[$0 * 7 % pieces.count] }
        let body = try JSONEncoder().encode(["junk": strings])
        let redaction = try #require(KeyRedaction(APIKey(Self.keys[0])))
        let scrubbed = try JSONDecoder().decode([String: [String]].self, from: redaction.scrubbing(body))
        #expect(scrubbed["junk"]?.count == strings.count)
        #expect(scrubbed["junk"]?.allSatisfy { $0 == "REDACTED" } == true, "\(scrubbed["junk"]?.filter { $0 != "REDACTED" }.prefix(5) ?? [])")
    }

    /// Hostile trial 17 (K17-3): 8 MB of strings, each 4 of the key's characters from a random
    /// place, took 21 s and 243 MB to hide, every piece kept and sorted to find the chains.
    /// The chains are now found from at most `keptStrings` pieces of each kind, however many
    /// strings hold them; every piece is still hidden.
    @Test func thePiecesKeptForChainsAreBoundedByTheKey() throws {
        let key = Array(Self.keys[0])
        let lowered = Array(Self.keys[0].lowercased().utf8)
        let grams = try #require(KeyRedaction.grams(of: lowered))
        func strings(_ count: Int) -> [String] {
            (0..<count).map { String(key[($0 * 5 % (key.count - 3))...].prefix(4)) }
        }
        func found(_ count: Int) throws -> KeyRedaction.FoundPieces {
            try #require(KeyRedaction.foundPieces(in: Array(JSONEncoder().encode(["junk": strings(count)])), of: lowered, grams: grams))
        }
        let few = try found(1_000), many = try found(20_000)
        #expect(many.count >= 20_000)
        #expect(many.kept.count == few.kept.count, "\(few.kept.count) kept of 1,000 strings, \(many.kept.count) of 20,000")
        #expect(many.kept.count <= KeyRedaction.FoundPieces.keptStrings * many.kinds.count)
        let redaction = try #require(KeyRedaction(APIKey(Self.keys[0])))
        let scrubbed = try JSONDecoder().decode([String: [String]].self, from: redaction.scrubbing(JSONEncoder().encode(["junk": strings(20_000)])))
        #expect(scrubbed["junk"]?.allSatisfy { $0 == "REDACTED" } == true, "\(scrubbed["junk"]?.filter { $0 != "REDACTED" }.prefix(5) ?? [])")
    }

    /// The trial's three shapes, a piece in each of two strings apart, either way round.
    @Test(arguments: [(["CURRENT", "MINUTE"], ["currently.summary", "minutely.summary"]),
                      (["ALERT1", "ALERT2"], ["alerts.0.title", "alerts.1.title"]),
                      (["CURRENT", "DAY"], ["currently.summary", "daily.data.0.summary"]),
                      (["HOUR", "ALERT2"], ["hourly.data.0.summary", "alerts.1.title"])])
    func twoPiecesApartAreHidden(_ names: [String], _ fields: [String]) throws {
        for key in Self.keys {
            for size in [3, 4, 7] {
                let first = String(key.prefix(size)), second = String(key.dropFirst(size).prefix(max(size, KeyRedaction.partLength - size)))
                for (a, b) in [(0, 1), (1, 0)] {
                    let texts = [names[a]: first, names[b]: second]
                    let (scrubbed, joined) = try shown(answer(texts), [fields[a], fields[b]], key: key)
                    #expect(joined == "REDACTED\nREDACTED", "\(key) \(size) \(names): \(joined)")
                    #expect(!scrubbed.contains(first) && !scrubbed.contains(second))
                }
            }
        }
    }

    /// The key cut into pieces of 3 across four strings, in no order of the document's.
    @Test func manyPiecesInAnyOrderAreHidden() throws {
        for key in Self.keys {
            let pieces = stride(from: 0, to: 12, by: 3).map { String(Array(key)[$0..<($0 + 3)]) }
            let texts = ["ALERT2": pieces[0], "HOUR": pieces[1], "CURRENT": pieces[2], "DAY": pieces[3]]
            let (_, joined) = try shown(answer(texts), ["alerts.1.title", "hourly.data.0.summary", "currently.summary", "daily.data.0.summary"], key: key)
            #expect(joined == "REDACTED\nREDACTED\nREDACTED\nREDACTED", "\(key): \(joined)")
        }
    }

    /// A string that ends with a piece (its last word) before one that starts with the next,
    /// gaps and punctuation around them, and pieces with gaps inside.
    @Test func piecesAtTheEdgesOfStringsAreHidden() throws {
        for key in Self.keys {
            let first = String(key.prefix(5)), second = String(key.dropFirst(5).prefix(6))
            let texts = ["CURRENT": "Light rain, key " + first, "MINUTE": second + " for the hour.", "ALERT1": " " + first + ". ",
                         "DAY": second.prefix(3) + " " + second.dropFirst(3)]
            let (_, joined) = try shown(answer(texts), ["currently.summary", "minutely.summary", "alerts.0.title", "daily.data.0.summary"], key: key)
            #expect(joined == "Light rain, key REDACTED\nREDACTED for the hour.\n REDACTED. \nREDACTED", "\(key): \(joined)")
        }
    }

    /// What reads on into the next piece is at the edge of its string: a piece inside a
    /// sentence, or a chain that covers fewer than `partLength`, is left.
    @Test func piecesThatDoNotChainAreLeft() throws {
        for key in Self.keys {
            let first = String(key.prefix(4)), second = String(key.dropFirst(4).prefix(4))
            let inside = answer(["CURRENT": "rain " + first + " later", "MINUTE": second])
            #expect(try shown(inside, ["currently.summary"], key: key).joined == "rain " + first + " later")
            let short = answer(["CURRENT": first, "MINUTE": String(second.prefix(3))])
            #expect(try shown(short, ["currently.summary"], key: key).joined == first)
            // The second before the first in the key: no chain.
            let reversed = answer(["CURRENT": second + first])
            #expect(try shown(reversed, ["currently.summary"], key: key).joined == second + first)
        }
    }

    /// The key cut into pieces of `size` that each start again with the last `overlap` of the
    /// piece before (5 and 1: "Zq7Kp", "p2Xw9", "9Lm4R", "Rt6Vb").
    private func overlappingPieces(_ key: String, size: Int, overlap: Int) -> [String] {
        let characters = Array(key)
        return stride(from: 0, to: characters.count - overlap, by: size - overlap).map {
            String(characters[$0..<min(characters.count, $0 + size)])
        }
    }

    /// Hostile trial 19 (K19-1): pieces that overlap by one or two characters were all shown,
    /// in one string (a summary, a 401 body rain quotes) and across strings (the current,
    /// next hour's and a day's summaries and an alert's title): a piece went on only from
    /// the character right after the one before. Each is now hidden, in its string. Trial 20
    /// (K20-1): overlaps of three or more, up to every 4 characters in a row in turn
    /// ("Zq7K q7Kp 7Kp2 …"), were shown whole; a piece goes on from any one it starts inside.
    @Test(arguments: [(5, 1), (4, 1), (5, 2), (6, 2), (3, 1), (6, 3), (7, 4), (6, 4), (5, 3), (4, 3), (7, 3), (7, 5)])
    func overlappingPiecesAreHidden(_ size: Int, _ overlap: Int) throws {
        for key in Self.keys {
            let pieces = overlappingPieces(key, size: size, overlap: overlap)
            let shownPieces = pieces.filter { $0.count >= KeyRedaction.pieceLength }
            let redaction = try #require(KeyRedaction(APIKey(key)))
            for joiner in [" ", "-", ""] {
                let body = "bad key " + pieces.joined(separator: joiner)
                let scrubbed = redaction.scrubbing(body)
                #expect(scrubbed.hasPrefix("bad key REDACTED") && shownPieces.allSatisfy { !scrubbed.contains($0) }, "\(key) \(size)/\(overlap): \(scrubbed)")
                let inAnswer = try shown(answer(["CURRENT": pieces.joined(separator: joiner)]), ["currently.summary"], key: key).joined
                #expect(inAnswer.hasPrefix("REDACTED") && shownPieces.allSatisfy { !inAnswer.contains($0) }, "\(key) \(size)/\(overlap): \(inAnswer)")
            }
            // Across strings apart, the first four pieces or more, 8 or more of the key's
            // characters.
            let names = ["CURRENT", "MINUTE", "DAY", "ALERT1", "HOUR", "ALERT2"]
            let fields = ["currently.summary", "minutely.summary", "daily.data.0.summary", "alerts.0.title", "hourly.data.0.summary", "alerts.1.title"]
            let covering = (1...).first { size + ($0 - 1) * (size - overlap) >= KeyRedaction.partLength }!
            let texts = Dictionary(uniqueKeysWithValues: zip(names, pieces.prefix(max(4, covering))))
            let (scrubbed, joined) = try shown(answer(texts), Array(fields.prefix(texts.count)), key: key)
            #expect(joined == Array(repeating: "REDACTED", count: texts.count).joined(separator: "\n"), "\(key) \(size)/\(overlap): \(joined)")
            #expect(pieces.prefix(texts.count).allSatisfy { !scrubbed.contains("\"\($0)\"") })
        }
    }

    /// A piece that starts again inside the one before may hold gaps and hidden characters,
    /// in its repeat and after it, as any piece may ("Zq7Kp2 K\u{200B}p2Xw9", spaced out): the
    /// repeat was read without them, and the key shown once the sanitiser took them out.
    @Test(arguments: ["\u{200B}", " "])
    func overlappingPiecesWithGapsAreHidden(_ gap: String) throws {
        for key in Self.keys {
            let pieces = overlappingPieces(key, size: 6, overlap: 3)
            let redaction = try #require(KeyRedaction(APIKey(key)))
            let spaced = pieces.map { $0.map(String.init).joined(separator: gap) }
            for text in ["bad key " + spaced.joined(separator: "   "), "bad key " + pieces.map { String($0.prefix(1)) + gap + $0.dropFirst() }.joined(separator: " ")] {
                let scrubbed = redaction.scrubbing(text)
                let shown = scrubbed.replacingOccurrences(of: gap, with: "")
                #expect(scrubbed.hasPrefix("bad key REDACTED") && pieces.allSatisfy { !shown.contains($0) }, "\(key): \(scrubbed.debugDescription)")
            }
        }
    }

    /// Hostile trial 21 (K21-1): a piece that repeats the end of what was read and goes no
    /// further ("Zq7Kp2 p2X p2Xw9L", "Zq7K q7K q7Kp2Xw") stood between two pieces, and the key
    /// was shown whole: the piece after it could start again only inside it.
    @Test(arguments: [" ", "-", "/", ", "])
    func aPieceRepeatingTheEndBetweenTwoIsHidden(_ joiner: String) throws {
        for key in Self.keys {
            let characters = Array(key)
            func piece(_ range: Range<Int>) -> String { String(characters[range]) }
            let shapes = [[piece(0..<6), piece(4..<7), piece(4..<10)], [piece(1..<4), piece(3..<6), piece(3..<9)],
                          [piece(0..<4), piece(1..<4), piece(1..<8)], [piece(0..<6), piece(4..<6), piece(4..<10)]]
            let redaction = try #require(KeyRedaction(APIKey(key)))
            for pieces in shapes {
                let scrubbed = redaction.scrubbing("bad key " + pieces.joined(separator: joiner) + " here")
                #expect(scrubbed.hasPrefix("bad key REDACTED") && scrubbed.hasSuffix(" here") && pieces.allSatisfy { $0.count < 3 || !scrubbed.contains($0) },
                        "\(key) \(pieces): \(scrubbed)")
            }
        }
    }

    /// Hostile trial 19 (K19-1's second shape): a piece at the edge of a string beside an
    /// ordinary word ("Rain Zq7K", "Zq7K Snow") or glued to one ("rainZq7K") went on no chain:
    /// a piece after a word could only come first, one before a word only last. Each now
    /// chains both ways, and only the piece is hidden, not the word beside it.
    @Test(arguments: [("Rain ", ""), ("Clear ", ""), ("", " Snow"), ("", ", later")])
    func piecesBesideWordsAreHidden(_ before: String, _ after: String) throws {
        for key in Self.keys {
            let pieces = stride(from: 0, to: 16, by: 4).map { String(Array(key)[$0..<($0 + 4)]) }
            let joined = try framed(pieces, before, after, key: key)
            let hidden = Array(repeating: before + "REDACTED" + after, count: pieces.count).joined(separator: "\n")
            #expect(joined == hidden, "\(key) \(before.debugDescription) \(after.debugDescription): \(joined)")
        }
    }

    /// Glued to a word, a piece is hidden with the word's last (or first) letters where they
    /// are the key's own characters next to it in order ("warningdM1t" for a key holding
    /// "GdM1t"): which letters are the word's no reader can tell. The rest of the word stays.
    @Test(arguments: [("xyz", ""), ("warning", ""), ("rain", ""), ("", "snow"), ("", "xyz")])
    func piecesGluedToWordsAreHidden(_ before: String, _ after: String) throws {
        for key in Self.keys {
            let pieces = stride(from: 0, to: 16, by: 4).map { String(Array(key)[$0..<($0 + 4)]) }
            for text in try framed(pieces, before, after, key: key).split(separator: "\n") {
                let parts = text.components(separatedBy: "REDACTED")
                #expect(parts.count == 2 && before.hasPrefix(parts[0]) && after.hasSuffix(parts[1]) && parts[0] + parts[1] != "",
                        "\(key) \(before.debugDescription) \(after.debugDescription): \(text)")
            }
        }
    }

    /// The summaries of the current conditions, the next hour, an hour and a day, each a piece
    /// of `pieces` between `before` and `after`, once scrubbed (none of the pieces left).
    private func framed(_ pieces: [String], _ before: String, _ after: String, key: String) throws -> String {
        let names = ["CURRENT", "MINUTE", "HOUR", "DAY"], fields = ["currently.summary", "minutely.summary", "hourly.data.0.summary", "daily.data.0.summary"]
        let texts = Dictionary(uniqueKeysWithValues: zip(names, pieces.map { before + $0 + after }))
        let (scrubbed, joined) = try shown(answer(texts), fields, key: key)
        #expect(pieces.allSatisfy { !scrubbed.contains($0) }, "\(key): \(joined)")
        return joined
    }

    /// One piece glued to a word in a chain otherwise plain: the chain was cut there, and the
    /// first 8 of the key's 17 characters were shown.
    @Test func aPieceGluedToAWordInAChainIsHidden() throws {
        let key = Self.keys[0]
        let texts = ["CURRENT": "rainZq7K", "MINUTE": "p2Xwsnow", "HOUR": "9Lm4", "DAY": "Rt6Vb"]
        let fields = ["currently.summary", "minutely.summary", "hourly.data.0.summary", "daily.data.0.summary"]
        let (_, joined) = try shown(answer(texts), fields, key: key)
        #expect(joined == "rainREDACTED\nREDACTEDsnow\nREDACTED\nREDACTED", "\(joined)")
        // A word that ends with a piece and one that starts with the next, fewer than
        // `partLength` of the key's characters between them, are left.
        let short = ["CURRENT": "Rain Zq7", "MINUTE": "Kp2 later"]
        #expect(try shown(answer(short), ["currently.summary", "minutely.summary"], key: key).joined == "Rain Zq7\nKp2 later")
    }

    /// Only a valid document's strings are read so: a text that is no JSON keeps its quotes'
    /// pieces (its quotes stand for nothing).
    @Test func onlyADocumentIsReadSo() throws {
        let key = Self.keys[0]
        let redaction = try #require(KeyRedaction(APIKey(key)))
        let text = #"{"a": "Zq7K", "b": 1, "c": "p2Xw" "#
        #expect(redaction.scrubbing(text) == text)
    }
}
