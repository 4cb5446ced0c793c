import Foundation
@testable import RainKit
import Testing

@Suite struct ASCIIConsoleTests {
    /// The whole forecast view in ASCII: nothing else, and every line as wide as in UTF-8, so
    /// the columns still line up.
    @Test(arguments: UnitSystem.allCases)
    func theForecastViewBecomesASCIIOfTheSameWidth(_ units: UnitSystem) {
        let text = ForecastView(width: 80, now: ForecastSamples.start).render(ForecastSamples.full(units: units, name: "Zürich"))
        let ascii = ASCIIConsole.transliterate(text)
        #expect(ascii.allSatisfy { $0.isASCII })
        let original = text.split(separator: "\n", omittingEmptySubsequences: false)
        let converted = ascii.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(original.count == converted.count)
        for (before, after) in zip(original, converted) {
            #expect(String(before).displayWidth == String(after).displayWidth, "\(before)\n\(after)")
        }
        #expect(ascii.contains("Zurich"))
    }

    @Test func theConsoleWritesBothStreamsInASCII() {
        let buffer = BufferConsole()
        let console = ASCIIConsole(buffer)
        console.write("24 °C ☂ Zürich 東京\n")
        console.writeError("⠋ Fetching…\n")
        #expect(buffer.output == "24 C  / Zurich ??\n")
        #expect(buffer.error == "| Fetching~\n")
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
