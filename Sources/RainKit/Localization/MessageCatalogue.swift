/// The messages of one GNU gettext `.mo` file: each original (a plural's singular) with its
/// translations (one per plural form). Read by rain itself rather than through glibc's
/// `gettext()`, which translates only when the language's locale is installed (`LANG=de_DE.UTF-8`
/// on a machine with only `C.UTF-8` gets English) and keeps its language process-wide.
public struct MessageCatalogue: Sendable, Equatable {
    /// msgid (for a plural, the singular) -> msgstr forms.
    let messages: [String: [String]]

    init(messages: [String: [String]]) { self.messages = messages }

    /// Reads the `.mo` format: a magic number that also gives the byte order, a revision, the
    /// count of messages and the offsets of two tables of (length, offset) pairs, originals and
    /// translations, each string NUL-terminated. A plural's original is "singular\0plural";
    /// its translation holds the forms separated by NUL. The hash table is not needed.
    /// - Throws: what is wrong, without the path (the caller names the file).
    public init(mo bytes: [UInt8]) throws(CatalogueError) {
        guard bytes.count >= 28 else { throw .damaged("shorter than a catalogue's header") }
        let littleEndian: Bool
        switch Self.word(bytes, 0, littleEndian: true) {
        case 0x9504_12de: littleEndian = true
        case 0xde12_0495: littleEndian = false
        default: throw .damaged("not a GNU gettext catalogue (wrong magic number)")
        }
        func word(_ offset: Int) -> Int { Int(Self.word(bytes, offset, littleEndian: littleEndian)) }
        guard word(4) >> 16 <= 1 else { throw .damaged("revision \(word(4) >> 16) is not one rain reads") }
        let count = word(8), originals = word(12), translations = word(16)
        guard count <= bytes.count / 16, originals <= bytes.count - count * 8, translations <= bytes.count - count * 8 else {
            throw .damaged("its tables lie outside the file")
        }
        func string(in table: Int, at index: Int) throws(CatalogueError) -> String {
            let length = word(table + index * 8), offset = word(table + index * 8 + 4)
            guard offset < bytes.count, length < bytes.count - offset, bytes[offset + length] == 0 else {
                throw .damaged("message \(index) lies outside the file")
            }
            guard let text = String(validating: bytes[offset..<offset + length], as: UTF8.self) else {
                throw .damaged("message \(index) is not UTF-8")
            }
            return text
        }
        var messages: [String: [String]] = [:]
        for index in 0..<count {
            let original = try string(in: originals, at: index)
            let translation = try string(in: translations, at: index)
            let key = original.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let keepsLines = key.contains("\n")
            messages[key] = translation.split(separator: "\0", omittingEmptySubsequences: false).map { Self.sanitised($0, keepingLines: keepsLines) }
        }
        self.messages = messages
    }

    /// The translation of `original` in plural form `form`; nil when the catalogue has none.
    func translation(of original: String, form: Int = 0) -> String? {
        guard let forms = messages[original], !original.isEmpty else { return nil }
        let text = forms.indices.contains(form) ? forms[form] : forms[0]
        return text.isEmpty ? nil : text
    }

    /// A translation through the one sanitiser (`strippingControlCharacters`), as all text
    /// from outside rain: a catalogue is a file anyone with the folder can replace, and its
    /// text reaches the terminal. Line breaks stay only where the original has them.
    private static func sanitised(_ form: Substring, keepingLines: Bool) -> String {
        guard keepingLines else { return String(form).strippingControlCharacters }
        return form.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).strippingControlCharacters }.joined(separator: "\n")
    }

    private static func word(_ bytes: [UInt8], _ offset: Int, littleEndian: Bool) -> UInt32 {
        guard offset + 4 <= bytes.count else { return 0 }
        let value = bytes[offset..<offset + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        return littleEndian ? value : value.byteSwapped
    }
}

/// A catalogue that is there but cannot be used.
public enum CatalogueError: Error, Sendable, Equatable {
    case damaged(String)
}
