extension KeyRedaction {
    /// The fields whose value is one word of a fixed vocabulary (a Dark Sky icon, a
    /// precipitation type, an alert's severity, CAP's status words an alert feed is judged
    /// by, an official alert's event name), as an answer names them, and their words, lower-cased (they are read in any case).
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
            // An alert's event, its title (hostile trial 19, E19-1: "REDACTEDod Warning"): the
            // NWS's names and MET's event types, both closed lists.
            "event": nwsEvents.union(metEvents),
        ]
    }()

    /// The NWS's event names, as the NWS's own site lists them
    /// (weather-gov/weather.gov `api-interop-layer/data/alerts/kinds.js`).
    private static let nwsEvents: Set<String> = [
        "tsunami warning", "tornado warning", "extreme wind warning", "severe thunderstorm warning", "flash flood warning",
        "flash flood statement", "severe weather statement", "shelter in place warning", "evacuation immediate",
        "civil danger warning", "nuclear power plant warning", "radiological hazard warning", "hazardous materials warning",
        "fire warning", "civil emergency message", "law enforcement warning", "storm surge warning", "hurricane force wind warning",
        "hurricane warning", "typhoon warning", "special marine warning", "blizzard warning", "snow squall warning",
        "ice storm warning", "heavy freezing spray warning", "winter storm warning", "lake effect snow warning",
        "dust storm warning", "blowing dust warning", "high wind warning", "tropical storm warning", "storm warning",
        "tsunami advisory", "tsunami watch", "avalanche warning", "earthquake warning", "volcano warning", "ashfall warning",
        "flood warning", "coastal flood warning", "lakeshore flood warning", "ashfall advisory", "high surf warning",
        "excessive heat warning", "tornado watch", "severe thunderstorm watch", "flash flood watch", "gale warning",
        "flood statement", "extreme cold warning", "freeze warning", "red flag warning", "storm surge watch", "hurricane watch",
        "hurricane force wind watch", "typhoon watch", "tropical storm watch", "storm watch", "tropical cyclone local statement",
        "winter weather advisory", "avalanche advisory", "cold weather advisory", "heat advisory", "flood advisory",
        "coastal flood advisory", "lakeshore flood advisory", "high surf advisory", "dense fog advisory", "dense smoke advisory",
        "small craft advisory", "brisk wind advisory", "hazardous seas warning", "dust advisory", "blowing dust advisory",
        "lake wind advisory", "wind advisory", "frost advisory", "freezing fog advisory", "freezing spray advisory",
        "low water advisory", "local area emergency", "winter storm watch", "rip current statement", "beach hazards statement",
        "gale watch", "avalanche watch", "hazardous seas watch", "heavy freezing spray watch", "flood watch", "coastal flood watch",
        "lakeshore flood watch", "high wind watch", "excessive heat watch", "extreme cold watch", "freeze watch",
        "fire weather watch", "extreme fire danger", "911 telephone outage", "coastal flood statement",
        "lakeshore flood statement", "special weather statement", "marine weather statement", "air quality alert",
        "air stagnation advisory", "hazardous weather outlook", "hydrologic outlook", "short term forecast",
        "administrative message", "test", "child abduction emergency", "blue alert",
    ]

    /// MET Norway's event types, its alerts' `event` (metno/weatherapi-docs
    /// `doc/metalerts/CAP-v2-profile.md`, `<eventCode>` eventType), lower-cased.
    private static let metEvents: Set<String> = [
        "wind", "gale", "rain", "snow", "ice", "rainflood", "blowingsnow", "stormsurge", "polarlow", "forestfire", "icing", "lightning",
    ]

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
