import FoundationEssentials

/// The human-readable message in an API's error body: `{"detail": "..."}` (FastAPI, also a
/// list of `{"msg": ...}`), `{"message": "..."}`, or Open-Meteo's `{"error": true, "reason": "..."}`.
/// Control characters are stripped, the API key (if the server echoed it) is replaced by
/// `REDACTED`, and the text is cut to `maxLength` characters.
enum ServerMessage {
    static let maxLength = 200

    static func message(in body: Data, hiding key: APIKey?) -> String? {
        guard let root = try? JSONNode.document(Array(body)), root.kind == .object else { return nil }
        let detail = (try? root.member("detail")) ?? nil
        var text = (try? detail?.string()) ?? nil
        if text == nil, let details = try? detail?.elements() {
            text = details.lazy.compactMap { item in (try? item.string("msg")) ?? nil }.first
        }
        text = text ?? ["message", "reason", "error"].lazy.compactMap { key in (try? root.string(key)) ?? nil }.first
        guard let text else { return nil }
        return clean(text, hiding: key)
    }

    /// `text` made safe to show: no control characters, no key, at most `maxLength` characters.
    static func clean(_ text: String, hiding key: APIKey?) -> String? {
        var cleaned = text.strippingControlCharacters
        if let redaction = KeyRedaction(key) { cleaned = redaction.scrubbing(cleaned) }
        cleaned = String(cleaned.drop(while: { $0 == " " }))
        while cleaned.last == " " { cleaned.removeLast() }
        guard !cleaned.isEmpty else { return nil }
        if cleaned.count > maxLength { cleaned = String(cleaned.prefix(maxLength - 1)) + "…" }
        return cleaned
    }
}
