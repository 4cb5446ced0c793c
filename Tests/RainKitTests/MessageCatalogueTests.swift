import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// Issue 20: rain's own reader of GNU gettext `.mo` files, fed by Debian's msgfmt.
@Suite struct MessageCatalogueTests {
    /// `po` compiled by msgfmt (with `options`) into a catalogue file in `folder`.
    private func compile(_ po: String, in folder: String, options: [String] = []) throws -> [UInt8] {
        writeFile(folder + "/x.po", po)
        let result = Catalogues.msgfmt(["--check"] + options + ["-o", folder + "/x.mo", folder + "/x.po"])
        #expect(result.status == 0, "\(result.output)")
        return try #require(fileBytes(folder + "/x.mo"))
    }

    private static let russian = """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: \(PluralRule.headers["ru"]!)\\n"

        msgid "Today"
        msgstr "Сегодня"

        msgid "1 day ago"
        msgid_plural "{count} days ago"
        msgstr[0] "{count} день назад"
        msgstr[1] "{count} дня назад"
        msgstr[2] "{count} дней назад"

        msgid "Untranslated"
        msgstr ""

        """

    /// Values are filled in one pass: a place called "{time}" keeps its name, and a brace that
    /// opens no known name (a template's own, a JSON text) stays as it is.
    @Test func valuesAreFilledInOnePass() {
        let english = Localization.english
        #expect(english.tr("Rain in {place} at {time}", ["place": "{time}", "time": "10:00"]) == "Rain in {time} at 10:00")
        #expect(english.tr("{a} {b} {{ {c", ["a": "{b}", "b": "2"]) == "{b} 2 {{ {c")
        #expect(english.tr("{x}{x}", ["x": "1"]) == "11")
    }

    @Test(arguments: ["little", "big"])
    func readsWhatMsgfmtWritesInEitherByteOrder(_ endianness: String) async throws {
        try await withTemporaryDirectory { folder in
            let catalogue = try MessageCatalogue(mo: compile(Self.russian, in: folder, options: ["--endianness=\(endianness)"]))
            let russian = Localization(language: "ru", catalogue: catalogue)
            #expect(russian.tr("Today") == "Сегодня")
            #expect(russian.tr("Untranslated") == "Untranslated", "an empty translation falls back to the original")
            #expect(russian.tr("Not in it") == "Not in it")
            let forms = [1: "1 день назад", 2: "2 дня назад", 5: "5 дней назад", 11: "11 дней назад", 21: "21 день назад", 24: "24 дня назад"]
            for (count, expected) in forms {
                #expect(russian.trn("1 day ago", "{count} days ago", count: count) == expected)
            }
            #expect(Localization.english.trn("1 day ago", "{count} days ago", count: 3) == "3 days ago")
        }
    }

    @Test func namedValuesMayChangeOrder() {
        let catalogue = MessageCatalogue(messages: ["{weekday} {day}": ["{day}日({weekday})"]])
        let japanese = Localization(language: "ja", catalogue: catalogue)
        #expect(japanese.tr("{weekday} {day}", ["weekday": "木", "day": "20"]) == "20日(木)")
        #expect(Localization.english.tr("{weekday} {day}", ["weekday": "Thu", "day": "20"]) == "Thu 20")
    }

    /// A damaged catalogue is refused in one line naming what is wrong, never read past its end.
    @Test func aDamagedCatalogueIsRefused() async throws {
        try await withTemporaryDirectory { folder in
            let good = try compile(Self.russian, in: folder)
            var cases: [(String, [UInt8])] = [("empty", []), ("a header cut short", Array(good.prefix(20))),
                                             ("not a catalogue", Array("{\"json\": true}\n".utf8) + [UInt8](repeating: 0, count: 40))]
            var huge = good
            huge[8] = 0xff; huge[9] = 0xff  // the count of messages
            cases.append(("a count past the end", huge))
            var outside = good
            let table = Int(outside[16]) | Int(outside[17]) << 8
            outside[table + 4] = 0xff; outside[table + 5] = 0xff; outside[table + 6] = 0xff  // the first translation's offset
            cases.append(("an offset past the end", outside))
            cases.append(("cut in the middle of its strings", Array(good.prefix(good.count - 10))))
            var notUTF8 = good
            if let index = notUTF8.firstIndex(of: 0xd0) { notUTF8[index] = 0xff }  // the first byte of a Cyrillic letter
            cases.append(("not UTF-8", notUTF8))
            for (name, bytes) in cases {
                #expect(throws: CatalogueError.self, "\(name)") { try MessageCatalogue(mo: bytes) }
            }
        }
    }

    @Test func catalogueNamesAreTriedAsGettextDoes() {
        #expect(CatalogueLocation.candidates(for: "de_AT.UTF-8@euro") == ["de_AT", "de"])
        #expect(CatalogueLocation.candidates(for: "pt") == ["pt", "pt_BR"])
        #expect(CatalogueLocation.candidates(for: "zh") == ["zh", "zh_CN"])
        #expect(CatalogueLocation.candidates(for: "zh_TW.UTF-8") == ["zh_TW", "zh"], "Traditional Chinese is not served Simplified")
        #expect(CatalogueLocation.candidates(for: "pt-br") == ["pt_BR", "pt"])
        #expect(CatalogueLocation.folders(executable: "/opt/x/bin/rain") == ["/opt/x/share/locale", "/opt/x/bin/locale"])
    }

    @Test func loadingFindsTheBuildsCataloguesAndFallsBackToEnglish() async throws {
        let folder = try Catalogues.compiled()
        #expect(try Localization.load(locale: "de_DE.UTF-8", folders: [folder]).tr("Today") == "Heute")
        #expect(try Localization.load(locale: "ja_JP.UTF-8", folders: [folder]).tr("Today") == "今日")
        #expect(try Localization.load(locale: "pt_BR", folders: [folder]).language == "pt_BR")
        #expect(try Localization.load(locale: "sv_SE.UTF-8", folders: [folder]) == .english, "no catalogue: English, no error")
        #expect(try Localization.load(locale: "C", folders: [folder]) == .english)
        try await withTemporaryDirectory { other in
            try FileManager.default.createDirectory(atPath: other + "/de/LC_MESSAGES", withIntermediateDirectories: true)
            writeFile(other + "/de/LC_MESSAGES/rain.mo", "not a catalogue at all, but long enough to have a header")
            #expect(throws: LocalizationError.unreadable(path: other + "/de/LC_MESSAGES/rain.mo", reason: "not a GNU gettext catalogue (wrong magic number)")) {
                try Localization.load(locale: "de_DE.UTF-8", folders: [other, folder])
            }
            try FileManager.default.createDirectory(atPath: other + "/fr/LC_MESSAGES/rain.mo", withIntermediateDirectories: true)
            #expect(throws: LocalizationError.self, "a folder where the catalogue should be") {
                try Localization.load(locale: "fr", folders: [other])
            }
        }
    }
}
