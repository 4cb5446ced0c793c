extension KeyRedaction {
    /// The fields whose value is one word of a fixed vocabulary (a Dark Sky icon, a
    /// precipitation type, an alert's severity, CAP's status words an alert feed is judged
    /// by), as an answer names them, and their words, lower-cased (they are read in any case).
    /// Such a value is never edited by the hiding but where it is the whole key (issue 42): a
    /// piece of the key in it ("war" of "warning" for a key ending "Rt6war") is an ordinary
    /// word that tells a reader nothing, while an edited one changes what rain shows and
    /// decides ("REDACTEDning", an icon no symbol stands for, a "Cancel" no longer read).
    /// A value outside the vocabulary is text like any other: the decoders keep it as sent.
    static let vocabularies: [String: Set<String>] = {
        let severities = Set(Forecast.Alert.severities.keys).union(["advisory", "watch", "warning"])
        let precipitationTypes = Set(Forecast.namedPrecipitationTypes).union(["none", "ice", "mixed", "hail"])
        return [
            "icon": Set(IconCondition.names.keys),
            "precipType": precipitationTypes,
            "precip_type": precipitationTypes,
            "severity": severities,
            "units": Set(UnitSystem.allCases.map(\.rawValue)).union(["uk2"]),
            // CAP's, as the NWS and MET Norway feeds send them (`NWSAlertDecoder`, `MetAlertsDecoder`).
            "status": ["actual", "exercise", "system", "test", "draft"],
            "messageType": ["alert", "update", "cancel", "ack", "error"],
            "type": ["alert", "update", "cancel"],
            "response": ["shelter", "evacuate", "prepare", "execute", "avoid", "monitor", "assess", "allclear", "none"],
            "geographicDomain": ["land", "marine"],
            "riskMatrixColor": ["green", "yellow", "orange", "red"],
        ]
    }()

    /// Whether the string whose opening quote is at `opening` is the value of a vocabulary's
    /// field and one of its words, as plainly written (`"severity": "warning"`): told from the
    /// bytes around it alone, as the member name before it and the colon between are written.
    static func isVocabularyValue(_ bytes: [UInt8], opening: Int) -> Bool {
        guard opening >= 0, opening < bytes.count, bytes[opening] == UInt8(ascii: "\"") else { return false }
        var index = opening - 1
        while index >= 0, StringBoundaries.isWhitespace(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: ":") else { return false }
        index -= 1
        while index >= 0, StringBoundaries.isWhitespace(bytes[index]) { index -= 1 }
        guard index >= 0, bytes[index] == UInt8(ascii: "\"") else { return false }
        let nameEnd = index
        guard let nameStart = bytes[..<nameEnd].lastIndex(of: UInt8(ascii: "\"")), nameEnd - nameStart - 1 <= longestName,
              let words = vocabularies[String(decoding: bytes[(nameStart + 1)..<nameEnd], as: UTF8.self)],
              let closing = StringBoundaries.closingQuote(in: bytes, after: opening), closing - opening - 1 <= longestWord else { return false }
        return words.contains(String(decoding: bytes[(opening + 1)..<closing].map(lowercased), as: UTF8.self))
    }

    private static let longestWord = vocabularies.values.flatMap { $0 }.map(\.utf8.count).max() ?? 0
    private static let longestName = vocabularies.keys.map(\.utf8.count).max() ?? 0
}
