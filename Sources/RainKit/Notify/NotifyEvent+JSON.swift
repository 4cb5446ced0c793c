import FoundationEssentials

/// An event as JSON (`docs/notify-json.md`): what `--exec` commands read and `--json` prints.
/// As in the forecast document, absent values are left out.
extension NotifyEvent {
    /// - Parameter status: "new", "sent" or "held" (`--json` only).
    public func json(status: String? = nil) -> JSONValue {
        var members: [String: JSONValue] = [
            "kind": .string(jsonKind), "id": .string(id),
            "place": .object(["id": .string(placeID.lowercasedString()), "name": .string(placeName)]),
            "summary": .string(summary), "body": .string(body), "regions": .array(regions.map(JSONValue.string)),
            "units": .string(units.rawValue),
        ]
        let times = [("starts", starts), ("ends", ends)]
        for (key, time) in times { if let time { members[key] = .string(UTCTimestamp.string(time)) } }
        let numbers = [("amount", amount), ("probability", probability)]
        for (key, number) in numbers { if let number { members[key] = .number((number * 10_000).rounded() / 10_000) } }
        let texts = [("precip_type", precipitationType), ("intensity", strength?.rawValue), ("severity", severity), ("uri", uri),
                     ("status", status)]
        for (key, text) in texts { if let text { members[key] = .string(text) } }
        return .object(members)
    }

    /// The kind as the JSON names it: precipitation starting by its type, `snow`, `sleet` or
    /// `freezing_rain` where it is not rain (a snow event read `"kind": "rain"`); its `id`
    /// stays `rain:<place>`.
    var jsonKind: String {
        guard kind == .rain, let type = precipitationType, Forecast.namedPrecipitationTypes.contains(type) else { return kind.rawValue }
        return type
    }

    /// One object on one line, for a command's standard input.
    public func jsonText(compactly: Bool) -> String {
        String(decoding: json().serializedBytes(compactly: compactly), as: UTF8.self)
    }
}
