import FoundationEssentials

/// The human-readable message in an API's error body: `{"detail": "..."}` (FastAPI, also a
/// list of `{"msg": ...}`), `{"message": "..."}`, or Open-Meteo's `{"error": true, "reason": "..."}`.
/// Control characters are stripped, the API key (if the server echoed it) is replaced by
/// `REDACTED`, and the text is cut to `maxLength` characters.
enum ServerMessage {
    static let maxLength = 200

    static func message(in body: Data, hiding key: APIKey?) -> String? {
        guard case .object(let members)? = try? JSONValue.parse(body) else { return nil }
        func string(_ value: JSONValue?) -> String? {
            if case .string(let text)? = value { return text }
            return nil
        }
        var text = string(members["detail"])
        if text == nil, case .array(let details)? = members["detail"] {
            text = details.lazy.compactMap { detail -> String? in
                guard case .object(let fields) = detail else { return nil }
                return string(fields["msg"])
            }.first
        }
        text = text ?? string(members["message"]) ?? string(members["reason"]) ?? string(members["error"])
        guard let text else { return nil }
        return clean(text, hiding: key)
    }

    /// `text` made safe to show: no control characters, no key, at most `maxLength` characters.
    static func clean(_ text: String, hiding key: APIKey?) -> String? {
        var cleaned = text.strippingControlCharacters
        if let key, !key.value.isEmpty {
            cleaned = cleaned.replacing(key.value, with: ForecastEndpoint.redactionMark)
            let encoded = ForecastEndpoint.percentEncoded(key.value)
            if encoded != key.value { cleaned = cleaned.replacing(encoded, with: ForecastEndpoint.redactionMark) }
        }
        cleaned = String(cleaned.drop(while: { $0 == " " }))
        while cleaned.last == " " { cleaned.removeLast() }
        guard !cleaned.isEmpty else { return nil }
        if cleaned.count > maxLength { cleaned = String(cleaned.prefix(maxLength - 1)) + "…" }
        return cleaned
    }
}
