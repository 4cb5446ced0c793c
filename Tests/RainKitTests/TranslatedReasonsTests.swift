import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// Issue 20, "in the user's language": every reason the JSON reader and the file readers give is
/// a marked message the catalogues translate (values that are data aside), so a translated line
/// has no English reason left in it. Broken documents are walked through the scanner, the store's
/// reader, the cache's and the providers'; each reason's messages, nested ones too, must have a
/// translation in every catalogue. A reason built as a plain string again fails here.
@Suite struct TranslatedReasonsTests {
    /// Loaded once: every expectation reads all of them.
    static func catalogues() throws -> [Localization] { try loaded.get() }

    private static let loaded = Result {
        let folder = try Catalogues.compiled()
        return try Catalogues.languages.map { language throws in try Localization.load(locale: language, folders: [folder]) }
    }

    /// The messages of `text` that `localization` has no translation of; a text that is data
    /// where a message should be counts as one.
    static func untranslated(_ text: LocalizedText, in localization: Localization, isValue: Bool = false) -> [String] {
        switch text.content {
        case .verbatim(let data): return isValue ? [] : ["(data, not a message) " + data]
        // Texts one after the other: a tag or a server's words between messages are data.
        case .joined(let texts): return texts.flatMap { untranslated($0, in: localization, isValue: true) }
        case .plural(let singular, _, _, let values):
            let own = localization.catalogue?.translation(of: singular, form: 0) == nil ? [singular] : []
            return own + values.flatMap { untranslated($0.value, in: localization, isValue: true) }
        case .message(let message, let values):
            let own = localization.catalogue?.translation(of: message) == nil ? [message] : []
            return own + values.flatMap { untranslated($0.value, in: localization, isValue: true) }
        }
    }

    static func expectTranslated(_ text: LocalizedText, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for localization in try catalogues() {
            let missing = untranslated(text, in: localization)
            #expect(missing.isEmpty, "\(localization.language), \(what): '\(text)' has \(missing)", sourceLocation: sourceLocation)
            #expect(localization.tr(text) != text.description, "\(localization.language), \(what): '\(text)'", sourceLocation: sourceLocation)
        }
    }

    /// A document for each mistake the scanner names.
    static let brokenDocuments: [String] = [
        "", " \n", "<html>", #"{"a": 1} x"#, "[", "['a']", "// note", "[?]", "[tru]", "{", #"{"a": 1,}"#, "{1: 2}", #"{"a" 1}"#,
        #"{"a""#, #"{"a": 1 "b": 2}"#, "[1,]", "[1", "[1 2]", #"{"a": 1, "a": 2}"#, String(repeating: "[", count: 300),
        "-", "01", "1.", "1e", "1e999", #""abc"#, "\"a\u{01}\"", #""\"#, #""\u12""#, #""\x""#, #""\ ""#, "[\u{01}]",
    ]

    @Test func everyMistakeOfSyntaxIsTranslated() throws {
        var documents = Self.brokenDocuments.map { Array($0.utf8) }
        documents.append([UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")])  // not UTF-8
        var reasons = Set<String>()
        for bytes in documents {
            do {
                _ = try JSONNode.document(bytes)
                Issue.record("scanned \(bytes)")
            } catch {
                reasons.insert(error.problem.description)
                try Self.expectTranslated(error.problem, "\(String(decoding: bytes.prefix(20), as: UTF8.self))")
                try Self.expectTranslated(error.notValidJSON(), "not valid JSON")
            }
        }
        #expect(reasons.count >= Self.brokenDocuments.count - 2, "\(reasons.sorted())")
    }

    /// Saved places of every wrong shape the store's reader names.
    static let brokenStores: [String] = [
        "[]", #"{"locations": {}}"#, #"{"locations": [1]}"#, #"{"locations": [{"id": 5}]}"#,
        #"{"locations": [{"id": "nope", "name": "A", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "name": "", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "name": "A", "latitude": 91, "longitude": 2}]}"#,
        #"{"locations": [{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "name": "A", "latitude": 1e13, "longitude": 2}]}"#,
        #"{"locations": [{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "name": true, "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "name": "A", "latitude": 1, "longitude": 2}, "#
            + #"{"id": "6f1c1e0e-8f55-4b9a-9d43-7c6b3b1a2f10", "name": "B", "latitude": 1, "longitude": 2}]}"#,
        #"{"locations": [], "current_location_id": "zzz"}"#,
    ]

    @Test(arguments: brokenStores)
    func everyMistakeInTheSavedPlacesIsTranslated(_ document: String) throws {
        do {
            _ = try LocationsStore.contents(of: JSONNode.document(Array(document.utf8)))
            Issue.record("read \(document)")
        } catch {
            try Self.expectTranslated(error.problem, document)
            try Self.expectTranslated(error.text, document)
        }
    }

    @Test(arguments: CorruptFile.all)
    func everyMistakeInACachedForecastIsTranslated(_ corrupt: CorruptFile) throws {
        let bytes = Array(try corrupt.content().utf8)
        do {
            _ = try ForecastCache.decode(bytes, path: "/cache/x.json")
            Issue.record("read \(corrupt.name)")
        } catch {
            guard case .corrupt(_, let reason, _) = error else { Issue.record("\(error)"); return }
            try Self.expectTranslated(reason, corrupt.name)
        }
    }

    /// The providers' own reasons: a Dark Sky server's and Open-Meteo's bodies.
    static let brokenAnswers: [(provider: String, body: String)] = BadBody.all.map { ("darksky", $0.body) } + [
        ("openmeteo", #"{"error": true, "reason": "Latitude must be in range of -90 to 90°."}"#),
        ("openmeteo", #"{"error": true}"#),
        ("openmeteo", #"{"latitude":1,"longitude":2,"timezone":" "}"#),
        ("openmeteo", #"{"latitude":91,"longitude":2,"timezone":"UTC"}"#),
        ("openmeteo", #"{"latitude":1,"longitude":2,"timezone":"UTC","utc_offset_seconds":1.5}"#),
        ("openmeteo", #"{"latitude":1,"longitude":2,"timezone":"UTC","hourly":{"time":[1,2],"temperature_2m":[3]}}"#),
        ("openmeteo", #"{"latitude":1,"longitude":2,"timezone":"UTC","current_units":{"temperature_2m":"°F"},"current":{"time":1,"temperature_2m":70}}"#),
        ("openmeteo", #"{"latitude":1,"longitude":2,"timezone":"UTC","daily":{"time":[null]}}"#),
        ("openmeteo", #"{"latitude":1,"longitude":2,"timezone":"UTC","daily":{"time":[1,-5]}}"#),
        ("openmeteo", #"{"latitude":1,"longitude":2,"timezone":"UTC","current":{"time":1,"precipitation":1,"interval":0}}"#),
        ("geocoding", #"{"results": [{"name": "X", "latitude": 91, "longitude": 1}]}"#),
    ]

    @Test func everyMistakeInAProvidersAnswerIsTranslated() throws {
        for (provider, body) in Self.brokenAnswers {
            do {
                let data = Data(body.utf8)
                switch provider {
                case "darksky": _ = try DarkSkyDecoder().decode(data, units: .si)
                case "openmeteo": _ = try OpenMeteoDecoder().decode(data, units: .si)
                default: _ = try GeocodingDecoder.decode(data)
                }
                Issue.record("decoded \(body)")
            } catch {
                guard case .unusableBody(let reason, _) = error else { Issue.record("\(error)"); continue }
                try Self.expectTranslated(reason, body)
            }
        }
    }

    /// A file's problems: its kind, its size, and the common errno texts, marked in glibc's
    /// exact English (glibc translates them only with its locale data, which Debian's C.UTF-8
    /// does not have).
    @Test func aFilesProblemsAreTranslated() throws {
        for mode in [S_IFDIR, S_IFIFO, S_IFCHR, S_IFBLK, S_IFSOCK, S_IFLNK] {
            let kind = try #require(RegularFile.notRegular(mode))
            try Self.expectTranslated(FileError.notRegular("/x", kind).problem, "mode \(mode)")
        }
        for limit in [RegularFile.Limit.configuration, .apiKey, .places, .forecast, .timeZone, .processName, .certificates,
                      .messageCatalogue, NotifiedLog.limit] {
            try Self.expectTranslated(limit.kind, "a limit's kind")
            // A size's unit is translated where the language writes it otherwise ("1 Mo").
            for localization in try Self.catalogues() {
                #expect(Self.untranslated(RegularFile.sizeText(limit.bytes), in: localization).isEmpty, "\(localization.language)")
                #expect(Self.untranslated(RegularFile.sizeText(1000), in: localization).isEmpty, "\(localization.language)")
            }
        }
        for (code, english) in SystemErrorText.marked {
            #expect(english == String(cString: strerror(code)), "errno \(code)")
            try Self.expectTranslated(FileError(path: "/x", errno: code).problem, english)
            try Self.expectTranslated(FileError(path: "/x", errno: code).text, english)
        }
        // Any other stays the system's English, as data.
        #expect(FileError(path: "/x", errno: EXDEV).reason == String(cString: strerror(EXDEV)))
    }

    /// A value that is a text of its own is translated in its place; data stays as it is, and
    /// a value is put in once (a path holding "{found}" is not filled again).
    @Test func aTextIsRenderedInOnePassWithItsValues() throws {
        let german = try Localization.load(locale: "de", folders: [Catalogues.compiled()])
        let text = LocalizedText("expected {expected}, found {found}",
                                 ["expected": LocalizedText("a number"), "found": .verbatim("{expected}")])
        #expect(text.description == "expected a number, found {expected}")
        #expect(german.tr(text) == "erwartet: eine Zahl, gefunden: {expected}")
        #expect(text == LocalizedText(verbatim: "expected a number, found {expected}"))
    }
}
