/// The key to hide in what rain writes (an error or a setting that quotes it) where the
/// configuration gives none to send: read from the files rain refuses as a person reads them,
/// never to send it. Each refusal stands; this only keeps the refused key out of sight.
extension SettingsLoader {
    /// The key `load(_:)` would read, read even where it refuses: RAIN_API_KEY; else the key
    /// file's (`keyAsWritten(inFile:)`), whoever can read the file; else `api_key`. Without a
    /// checked file (the configuration is not a JSON object rain can read: a syntax error,
    /// `api_key` twice), the first string each setting has in the file's text. Nil when what is
    /// found cannot be a key (too short, characters a key cannot have): hiding it would garble
    /// rain's own text.
    public func keyToHide(_ checked: CheckedFile?) -> APIKey? {
        if let key = environment["RAIN_API_KEY"], !key.isEmpty { return try? Self.validKey(key, source: "RAIN_API_KEY") }
        let keyFile: String?
        let inlineKey: String?
        if let checked {
            keyFile = try? checked.file.path("api_key_file")
            inlineKey = try? checked.file.string("api_key")
        } else {
            let path = paths.configFile
            let text = RegularFile.prefix(of: path, limit: .configuration) ?? []
            keyFile = Self.firstString(named: "api_key_file", in: text).map { ConfigValues.file($0, namedIn: path) }
            inlineKey = Self.firstString(named: "api_key", in: text)
        }
        return keyFile.flatMap(Self.keyAsWritten(inFile:)) ?? inlineKey.flatMap { try? Self.validKey($0, source: "api_key") }
    }

    /// The key a person reads in a key file rain may refuse: its first line that is neither
    /// blank nor a `#` comment, in its first 4 KB (the most rain reads of a key file), a
    /// byte-order mark dropped.
    static func keyAsWritten(inFile path: String) -> APIKey? {
        guard let bytes = RegularFile.prefix(of: path, limit: .apiKey) else { return nil }
        var text = Substring(String(decoding: bytes, as: UTF8.self))
        if text.first == "\u{FEFF}" { text = text.dropFirst() }
        let line = text.split(whereSeparator: \.isNewline).lazy.map { String($0).trimmed }.first { !$0.isEmpty && !$0.hasPrefix("#") }
        return line.flatMap { try? validKey($0, source: path) }
    }

    /// The first `"name": "value"` in JSON text that need not be valid, without escapes (a key
    /// has none); nil when there is none.
    static func firstString(named name: String, in text: [UInt8]) -> String? {
        let quotedName = Array("\"\(name)\"".utf8)
        let quote = UInt8(ascii: "\"")
        func skippingSpace(_ index: Int) -> Int {
            var index = index
            while index < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[index]) { index += 1 }
            return index
        }
        var start = 0
        while let found = text[start...].firstRange(of: quotedName) {
            start = found.upperBound
            let colon = skippingSpace(found.upperBound)
            guard colon < text.count, text[colon] == UInt8(ascii: ":") else { continue }
            let opening = skippingSpace(colon + 1)
            guard opening < text.count, text[opening] == quote else { continue }
            guard let closing = text[(opening + 1)...].firstIndex(where: { $0 == quote || $0 == UInt8(ascii: "\\") || $0 < 0x20 }),
                  text[closing] == quote else { continue }
            return String(decoding: text[(opening + 1)..<closing], as: UTF8.self)
        }
        return nil
    }
}
