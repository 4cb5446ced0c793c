import Foundation
import Testing
@testable import RainKit

/// Hostile trial 13 (F2): a server cut the key into consecutive JSON strings, each shorter
/// than `partLength` (an alert's `regions: ["Zq7Kp2", "Xw9Lm4", "Rt6Vb"]`, a title and its
/// description), and `jq -r '.. | strings'` printed it with only line breaks between the
/// pieces. A document's strings are read in order as one text, the JSON between two of them a
/// visible gap; each part of the copy is hidden in the string that holds it.
@Suite struct KeyRedactionSplitStringsTests {
    private static let key = "Zq7Kp2Xw9Lm4Rt6Vb"
    private let redaction = KeyRedaction(APIKey(key))!

    private func scrubbed(_ document: String) throws -> String {
        let scrubbed = String(decoding: redaction.scrubbing(Data(document.utf8)), as: UTF8.self)
        #expect((try? JSONSerialization.jsonObject(with: Data(scrubbed.utf8), options: .fragmentsAllowed)) != nil, "\(scrubbed)")
        return scrubbed
    }

    /// `count` pieces of the key, as even as they come (each shorter than `partLength`).
    private static func pieces(_ text: String, _ count: Int) -> [String] {
        let characters = Array(text)
        let size = (characters.count + count - 1) / count
        return stride(from: 0, to: characters.count, by: size).map { String(characters[$0..<min(characters.count, $0 + size)]) }
    }

    private static func quoted(_ pieces: [String]) -> String {
        pieces.map { "\"\($0)\"" }.joined(separator: ", ")
    }

    @Test func theTrialsRegionsAreHidden() throws {
        let document = #"{"alerts": [{"title": "Storm", "regions": ["Zq7Kp2","Xw9Lm4","Rt6Vb"], "severity": "warning", "time": 1}]}"#
        #expect(try scrubbed(document)
                == #"{"alerts": [{"title": "Storm", "regions": ["REDACTED","REDACTED","REDACTED"], "severity": "warning", "time": 1}]}"#)
    }

    /// A title and its description, with numbers and member names between them; two
    /// summaries, with a block's data between them: what `jq -r` or a screen shows together.
    @Test func piecesWithNumbersAndNamesBetweenAreHidden() throws {
        let alert = #"{"title": "Zq7Kp2X", "time": 1790000000, "expires": 1790003600.5, "urgent": true, "note": null, "description": "w9Lm4Rt"}"#
        #expect(try scrubbed(alert)
                == #"{"title": "REDACTED", "time": 1790000000, "expires": 1790003600.5, "urgent": true, "note": null, "description": "REDACTED"}"#)
        let summaries = """
            {"currently": {"summary": "Zq7Kp2X", "temperature": -1.5e0},
             "minutely": {"data": [{"time": 1, "precipIntensity": 0}], "summary": "w9Lm4Rt6"}}
            """
        #expect(try scrubbed(summaries) == """
            {"currently": {"summary": "REDACTED", "temperature": -1.5e0},
             "minutely": {"data": [{"time": 1, "precipIntensity": 0}], "summary": "REDACTED"}}
            """)
    }

    /// The key cut in 3 to 6 pieces, in an array or as members, with and without other gaps
    /// (a space, a line break, a zero-width space, an escape sequence) inside the pieces; the
    /// key in capitals; a part of the key (`partLength` of its characters) cut so too.
    @Test(arguments: 3...6)
    func aKeyCutInPiecesIsHidden(_ count: Int) throws {
        let pieces = Self.pieces(Self.key, count)
        #expect(pieces.count == count && pieces.allSatisfy { $0.count < KeyRedaction.partLength })
        let hidden = Self.quoted(Array(repeating: "REDACTED", count: count))
        #expect(try scrubbed("[" + Self.quoted(pieces) + "]") == "[" + hidden + "]")
        #expect(try scrubbed("[" + Self.quoted(pieces.map { $0.uppercased() }) + "]") == "[" + hidden + "]")
        let members = pieces.enumerated().map { "\"m\($0.offset)\": \"\($0.element)\"" }.joined(separator: ",\n  ")
        let scrubbedMembers = try scrubbed("{" + members + "}")
        #expect(!scrubbedMembers.contains(pieces[1]) && scrubbedMembers.components(separatedBy: "REDACTED").count == count + 1, "\(scrubbedMembers)")
        for gap in [" ", #"\n"#, #"\u200b"#, #"\u001b[0m"#, "\u{A0}"] {
            let gapped = pieces.map { $0.count > 2 ? String($0.prefix(2)) + gap + String($0.dropFirst(2)) : $0 }
            #expect(try scrubbed("[" + Self.quoted(gapped) + "]") == "[" + hidden + "]", "\(gap.debugDescription)")
        }
        let part = String(Self.key.dropFirst(2).prefix(10))
        let partPieces = Self.pieces(part, min(count, 5))
        #expect(try scrubbed(#"{"a": "before ", "b": ["# + Self.quoted(partPieces) + "]}")
                == #"{"a": "before ", "b": ["# + Self.quoted(Array(repeating: "REDACTED", count: partPieces.count)) + "]}")
    }

    /// Only what holds the key is hidden: the text before its first piece and after its last
    /// stays in those strings, and so does a string between that is no piece (the pieces
    /// around it chain by their place in the key, `hidingScatteredPieces`).
    @Test func theTextAroundAPieceStays() throws {
        #expect(try scrubbed(#"["wind in Zq7Kp2", "Xw9Lm4Rt and rain"]"#) == #"["wind in REDACTED", "REDACTED and rain"]"#)
        #expect(try scrubbed(#"["Zq7Kp2", "rain", "Xw9Lm4Rt6Vb"]"#) == #"["REDACTED", "rain", "REDACTED"]"#)
    }

    /// Hostile trial 17 (A17-3): a copy read across strings took the next string's first
    /// letter ("Zq7Kp2X" then "warning": "REDACTEDarning"), an alert's severity. Across
    /// strings, a copy's part in the first and in the last is a word of that string or a
    /// piece of `pieceLength`: the severity stays, and the key in the regions is hidden.
    @Test func aCopyAcrossStringsCutsNoWordOfTheNext() throws {
        let storms = #"{"alerts": [{"title": "Storm", "regions": ["Zq7Kp2X"], "severity": "warning", "expires": 1},"#
            + #" {"title": "Storm", "regions": ["w9Lm4Rt6Vb"], "severity": "warning", "expires": 1}]}"#
        #expect(try scrubbed(storms) == #"{"alerts": [{"title": "Storm", "regions": ["REDACTED"], "severity": "warning", "expires": 1},"#
            + #" {"title": "Storm", "regions": ["REDACTED"], "severity": "warning", "expires": 1}]}"#)
        // A word before: its last letters are no piece either.
        #expect(try scrubbed(#"["xZ", "q7Kp2Xw9Lm"]"#) == #"["xZ", "REDACTED"]"#)
        // A piece, or a whole word, of the next string is still the copy's.
        #expect(try scrubbed(#"["Zq7Kp2X", "w9L and rain"]"#) == #"["REDACTED", "REDACTED and rain"]"#)
        #expect(try scrubbed(#"["Zq7Kp2X", "w, rain"]"#) == #"["REDACTED", "REDACTED, rain"]"#)
    }

    /// Fewer than `partLength` of the key's characters across strings, a short key cut so (a
    /// list), and text that is no valid document (its quotes are only characters) are left.
    @Test func whatIsNoCopyAcrossStringsIsLeft() throws {
        for document in [#"["Zq7Kp", "2X"]"#, #"["Zq7K", "rain", "p2X"]"#, #"{"Zq7K": 1, "p2Xw": 2}"#] {
            #expect(try scrubbed(document) == document)
        }
        let short = try #require(KeyRedaction(APIKey("Zq7Kp2X")))
        #expect(short.scrubbing(#"["Zq7", "Kp2X"]"#) == #"["Zq7", "Kp2X"]"#)
        let notJSON = #"regions: "Zq7Kp2", "Xw9Lm4", "Rt6Vb" and"#
        #expect(redaction.scrubbing(notJSON) == notJSON)
    }
}
