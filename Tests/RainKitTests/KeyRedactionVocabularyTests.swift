import Foundation
import Testing
@testable import RainKit

/// Hostile trial 18 (E18-1): where the key's first or last characters spell part of an icon,
/// a precipitation type or a severity, and a string beside holds the rest, the hiding edited
/// the word ("REDACTEDning", "REDACTEDn"); a key starting "rain" made every hour's summary
/// "Rain" a piece of it. A vocabulary's word is never edited but where it is the whole key,
/// and a chain hides the copy of a piece next to the rest of the key, not every copy.
@Suite struct KeyRedactionVocabularyTests {
    private func scrubbed(_ document: String, key: String) throws -> [String: Any] {
        let redaction = try #require(KeyRedaction(APIKey(key)))
        let scrubbed = redaction.scrubbing(Data(document.utf8))
        return try #require(try JSONSerialization.jsonObject(with: scrubbed) as? [String: Any], "\(String(decoding: scrubbed, as: UTF8.self))")
    }

    /// Every value string of a document, in no particular order.
    private func strings(_ value: Any) -> [String] {
        if let text = value as? String { return [text] }
        if let list = value as? [Any] { return list.flatMap(strings) }
        if let object = value as? [String: Any] { return object.values.flatMap(strings) }
        return []
    }

    /// Whether any `partLength` of the key's characters in a row are in `texts`.
    private func showsKey(_ texts: [String], _ key: String) -> Bool {
        let characters = Array(key.lowercased())
        return (0...(characters.count - KeyRedaction.partLength)).contains { start in
            let part = String(characters[start..<(start + KeyRedaction.partLength)])
            return texts.contains { $0.lowercased().contains(part) }
        }
    }

    private func alert(region: String, severity: String) -> String {
        #"{"alerts": [{"title": "Storm", "regions": ["\#(region)"], "severity": "\#(severity)", "time": 1, "expires": 2, "description": "d"}]}"#
    }

    @Test(arguments: [("Zq7Kp2Xw9Lm4Rt6war", "warning"), ("Zq7Kp2Xw9Lm4Rt6advi", "advisory"), ("Zq7Kp2Xw9Lm4Rt6Extreme", "Extreme"),
                      ("Zq7Kp2Xw9Lm4Rt6watch", "watch")])
    func aSeverityIsNeverEdited(_ key: String, _ severity: String) throws {
        let document = try scrubbed(alert(region: "Zq7Kp2Xw9Lm4Rt6", severity: severity), key: key)
        let alert = try #require((document["alerts"] as? [[String: Any]])?.first)
        #expect(alert["severity"] as? String == severity)
        #expect(alert["regions"] as? [String] == ["REDACTED"])
        #expect(!showsKey(strings(document), key))
    }

    /// Hostile trial 19 (E19-1): an NWS alert whose areas echo the key's start, for a key
    /// ending "Flo", was told as "REDACTEDod Warning": the event, the alert's title, was edited.
    /// The NWS's event names and MET's event types are a closed list, spared as severities are.
    @Test(arguments: [("Zq7Kp2Xw9Lm4Rt6Flo", "Flood Warning"), ("Zq7Kp2Xw9Lm4Rt6Win", "Winter Storm Watch"),
                      ("Zq7Kp2Xw9Lm4Rt6Hyd", "Hydrologic Outlook"), ("Zq7Kp2Xw9Lm4Rt6gal", "gale"), ("Zq7Kp2Xw9Lm4Rt6forest", "forestFire")])
    func anOfficialEventNameIsNeverEdited(_ key: String, _ event: String) throws {
        func properties(event: String) throws -> [String: Any] {
            let feature = #"{"type": "Feature", "properties": {"areaDesc": "Zq7Kp2Xw9Lm4Rt6", "severity": "Severe", "event": "\#(event)", "#
                + #""headline": "Storm", "description": "d"}}"#
            let document = try scrubbed(#"{"type": "FeatureCollection", "features": [\#(feature)]}"#, key: key)
            #expect(!showsKey(strings(document), key))
            return try #require(((document["features"] as? [[String: Any]])?.first)?["properties"] as? [String: Any])
        }
        let named = try properties(event: event)
        #expect(named["event"] as? String == event)
        #expect(named["areaDesc"] as? String == "REDACTED")
        // An event that is no name of the list is text like any other: its piece is hidden.
        let other = try properties(event: event + "s")
        #expect((other["event"] as? String)?.hasPrefix("REDACTED") == true, "\(other)")
    }

    private func forecast(summary: String, icon: String, precipType: String, hours: Int) -> String {
        let hour = #"{"time": 1, "summary": "Rain", "icon": "rain", "precipType": "rain"}"#
        return #"{"currently": {"summary": "\#(summary)", "icon": "\#(icon)", "precipType": "\#(precipType)", "temperature": 5},"#
            + #" "hourly": {"data": [\#(Array(repeating: hour, count: hours).joined(separator: ", "))]}}"#
    }

    @Test(arguments: [("Zq7Kp2Xw9Lm4Rt6rai", "rain", "rain"), ("Zq7Kp2Xw9Lm4Rt6sno", "snow", "snow"), ("Zq7Kp2Xw9Lm4Rt6sle", "sleet", "sleet"),
                      ("Zq7Kp2Xw9Lm4Rt6par", "partly-cloudy-day", "rain"), ("Zq7Kp2Xw9Lm4Rt6clear", "clear-day", "none")])
    func anIconAndAPrecipitationTypeAreNeverEdited(_ key: String, _ icon: String, _ precipType: String) throws {
        let document = try scrubbed(forecast(summary: "Zq7Kp2Xw9Lm4Rt6", icon: icon, precipType: precipType, hours: 3), key: key)
        let now = try #require(document["currently"] as? [String: Any])
        #expect(now["icon"] as? String == icon)
        #expect(now["precipType"] as? String == precipType)
        #expect(now["summary"] as? String == "REDACTED")
        #expect(!showsKey(strings(document), key))
    }

    /// The key's first piece a word of every hour's summary: the copy next to the rest of the
    /// key is hidden, the others stay; the icons and types are never edited. Pieces that
    /// continue each other are still hidden in every copy (the copies left could be read on
    /// from one to the next), even laid out so that some are the nearest to no other piece.
    @Test func anOrdinaryWordIsNoPieceInEveryCopy() throws {
        let key = "rainZq7Kp2Xw9Lm4"
        let document = try scrubbed(forecast(summary: "Zq7Kp2Xw9Lm4", icon: "rain", precipType: "rain", hours: 48), key: key)
        let now = try #require(document["currently"] as? [String: Any])
        #expect(now["summary"] as? String == "REDACTED")
        #expect(now["icon"] as? String == "rain")
        let hours = try #require((document["hourly"] as? [String: Any])?["data"] as? [[String: Any]])
        #expect(hours.allSatisfy { $0["icon"] as? String == "rain" && $0["precipType"] as? String == "rain" })
        let summaries = hours.compactMap { $0["summary"] as? String }
        #expect(summaries.filter { $0 == "Rain" }.count >= 47, "\(summaries)")
        #expect(!showsKey(strings(document), key))

        let pieces = ["Zq7K", "p2Xw", "9Lm4", "Rt6Vb"]
        let copies = pieces.flatMap { Array(repeating: $0, count: 4) }
        let junk = try scrubbed(#"{"junk": [\#(copies.map { "\"\($0)\"" }.joined(separator: ", "))]}"#, key: "Zq7Kp2Xw9Lm4Rt6Vb")
        #expect((junk["junk"] as? [String])?.allSatisfy { $0 == "REDACTED" } == true, "\(junk)")
    }
}
