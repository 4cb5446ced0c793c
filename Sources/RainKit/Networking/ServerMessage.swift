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
        if let key, !key.value.isEmpty {
            cleaned = hiding(key.value, in: cleaned)
            let encoded = ForecastEndpoint.percentEncoded(key.value)
            if encoded != key.value { cleaned = hiding(encoded, in: cleaned) }
        }
        cleaned = String(cleaned.drop(while: { $0 == " " }))
        while cleaned.last == " " { cleaned.removeLast() }
        guard !cleaned.isEmpty else { return nil }
        if cleaned.count > maxLength { cleaned = String(cleaned.prefix(maxLength - 1)) + "…" }
        return cleaned
    }

    /// A key this short can be part of any word by chance ("k" in "apikey").
    static let shortKeyLength = 8

    /// `text` with `key` replaced by `REDACTED` wherever it is. A key shorter than
    /// `shortKeyLength` is replaced only where no letter or digit touches it: inside a word it
    /// is a piece of that word, and replacing it would garble the text ("apiREDACTEDey")
    /// while telling a reader the key.
    static func hiding(_ key: String, in text: String) -> String {
        guard key.count < shortKeyLength else { return text.replacing(key, with: ForecastEndpoint.redactionMark) }
        let isWordCharacter: (Character) -> Bool = { $0.isLetter || $0.isNumber }
        var result = ""
        var rest = text[...]
        while let range = rest.firstRange(of: key) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
            let after = range.upperBound < text.endIndex ? text[range.upperBound] : nil
            result += rest[..<range.lowerBound]
            let inWord = before.map(isWordCharacter) == true || after.map(isWordCharacter) == true
            result += inWord ? String(rest[range]) : ForecastEndpoint.redactionMark
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
