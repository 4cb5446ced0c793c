import Foundation
@testable import RainKit
@testable import RainTerminal
import Testing

@Suite struct ASCIIConsoleTests {
    /// The whole forecast view in ASCII: nothing else, and every line with columns as wide as
    /// in UTF-8, so the columns still line up (a degree sign ending a line just goes).
    @Test(arguments: UnitSystem.allCases)
    func theForecastViewBecomesASCIIWithItsColumnsInPlace(_ units: UnitSystem) {
        let text = ForecastView(width: 80, now: ForecastSamples.start).render(ForecastSamples.full(units: units, name: "Zürich"))
        let ascii = ASCIIConsole.transliterate(text)
        #expect(ascii.allSatisfy { $0.isASCII })
        let original = text.split(separator: "\n", omittingEmptySubsequences: false)
        let converted = ascii.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(original.count == converted.count)
        for (before, after) in zip(original, converted) where !before.contains(#/°[CF]|° [NSEW]/#) {
            let columns = before.hasSuffix("°") ? before.dropLast() : before
            #expect(String(columns).displayWidth == String(after).displayWidth, "\(before)\n\(after)")
        }
        #expect(ascii.contains("Zurich"))
    }

    /// JSON keeps its text exact in ASCII: escapes, a surrogate pair beyond U+FFFF, and the
    /// same data when read back.
    /// 41: each weather and moon symbol is its own in ASCII, and none is a mark a screen
    /// uses beside them (the current place's `*`, an alert's `!`, a cut word's `~`, the
    /// wind's arrows); the wind's ASCII arrows point four ways, one each.
    @Test func eachSymbolHasAnASCIIGlyphOfItsOwn() {
        let symbols = ["☀", "☾", "◒", "☁", "☂", "❄", "✱", "↯", "≡", "≋", "◑", "◐", "●", "○"]
        let glyphs = symbols.map(ASCIIConsole.transliterate)
        #expect(Set(glyphs).count == symbols.count, "\(glyphs)")
        #expect(Set(glyphs).isDisjoint(with: ["*", "!", "~", "^", ">", "v", "<", "\\", "-", ".", "?"]), "\(glyphs)")
        let arrows = stride(from: 0.0, to: 360, by: 22.5).map { Compass.arrow(forBearing: $0, ascii: true) }
        #expect(Set(arrows) == ["^", ">", "v", "<"], "\(arrows)")
        // A wind from the south-west blows north-east: to the nearest quarter, never a "/".
        #expect(Compass.arrow(forBearing: 180, ascii: true) == "^" && Compass.arrow(forBearing: 270, ascii: true) == ">")
    }

    @Test func jsonKeepsItsTextAsEscapes() throws {
        let json = #"{"name": "Zürich 🌧 café", "plain": "Paris"}"#
        let escaped = ASCIIConsole.escapingJSON(json)
        #expect(escaped == #"{"name": "Z\u00fcrich \ud83c\udf27 caf\u00e9", "plain": "Paris"}"#)
        #expect(try JSONValue.parse(Array(escaped.utf8)) == JSONValue.parse(Array(json.utf8)))
        #expect(ASCIIConsole.escapingJSON(#"{"plain": "Paris"}"#) == #"{"plain": "Paris"}"#)
    }

    @Test func theConsoleWritesBothStreamsInASCII() {
        let buffer = BufferConsole()
        let console = ASCIIConsole(buffer)
        console.write("24 °C ☂ Zürich 東京, 52.52° N, 7 °C\n")
        console.writeError("⠋ Fetching…\n")
        #expect(buffer.output == "24 C / Zurich ????, 52.52 N, 7 C\n")
        #expect(buffer.error == "| Fetching~\n")
    }

    /// In a column the degree sign leaves a space, also behind a colour code; in text it goes.
    @Test(arguments: [
        ("  7°    8°", "  7     8"), ("  7°\u{1B}[0m    8°", "  7 \u{1B}[0m    8"), ("24 °C  Clear", "24 C   Clear"),
        ("24 °C Clear", "24 C Clear"), ("up to 16°C.", "up to 16C."), ("-3° ·━━", "-3  .=="),
    ])
    func theDegreeSign(_ text: String, _ expected: String) {
        #expect(ASCIIConsole.transliterate(text) == expected)
    }

    /// Letters that lose no accent get their usual ASCII spelling, not '?'.
    @Test(arguments: [
        ("Œuvre œil ŒUVRE Œ", "Oeuvre oeil OEUVRE OE"), ("Straße ẞ", "Strasse SS"), ("Æbeltoft æble Æ", "Aebeltoft aeble AE"),
        ("Ørsta København", "Orsta Kobenhavn"), ("Łódź Wrocław", "Lodz Wroclaw"), ("Đakovo đ Ð ð", "Dakovo d D d"),
        ("Þórshöfn þorp ÞÓR", "Thorshofn thorp THOR"), ("Ǿ ǿ", "O o"), ("Ħamrun Sığacık", "Hamrun Sigacik"), ("東京", "????"),
    ])
    func lettersWithoutAccentsToRemoveAreSpelledOut(_ text: String, _ expected: String) {
        #expect(ASCIIConsole.transliterate(text) == expected)
    }

    /// A character with no ASCII form is a '?' for each column it takes, so what is padded
    /// after it stays aligned (issue 23, row 9): wide ones two, invisible ones none.
    @Test(arguments: [("東京", "????"), ("☀️ Home", "?? Home"), ("a\u{0301}", "a"), ("Ａ", "??")])
    func aCharacterWithoutAnASCIIFormKeepsItsColumns(_ text: String, _ expected: String) {
        #expect(ASCIIConsole.transliterate(text) == expected)
        #expect(ASCIIConsole.transliterate(text).count == text.displayWidth)
    }

    /// A name that is wider in ASCII takes its extra columns from the padding after it, so
    /// the columns to its right stay in place; a single space between words stays.
    @Test func aWiderNameTakesItsColumnsFromThePadding() {
        let table = TextTable(columns: [
            TextTable.Column(title: "Place", cells: ["Großbeeren", "Þórshöfn", "Berlin"]),
            TextTable.Column(title: "Now", cells: ["7 °C", "-2 °C", "9 °C"]),
        ], showsTitles: true)
        let lines = table.render(width: nil, style: TextStyle(usesColor: false)).map(ASCIIConsole.transliterate)
        #expect(lines == [
            "Place       Now",
            "Grossbeeren 7 C",
            "Thorshofn   -2 C",
            "Berlin      9 C",
        ], "\(lines)")
        #expect(ASCIIConsole.transliterate("Straße 5, Köln") == "Strasse 5, Koln")
        #expect(ASCIIConsole.transliterate("Straße   |\nBerlin   |") == "Strasse  |\nBerlin   |")
    }

    @Test(arguments: [
        ([:], true), (["LANG": "C.UTF-8"], true), (["LANG": "en_US.utf8"], true), (["LANG": "C"], false),
        (["LANG": "en_US.UTF-8", "LC_ALL": "POSIX"], false), (["LANG": "C", "LC_CTYPE": "de_DE.UTF-8"], true),
        (["LANG": "en_GB.ISO-8859-1"], false), (["LC_ALL": "", "LANG": "C.UTF-8"], true),
    ])
    func theLocaleDecidesWhetherOutputMayBeUTF8(_ environment: [String: String], _ expected: Bool) {
        #expect(OutputCharset.isUTF8(environment: environment) == expected)
    }
}
