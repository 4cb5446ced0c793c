import Testing
@testable import RainKit

/// The text helpers that replace Foundation's: the same answers Foundation gave.
@Suite struct TextHelpersTests {
    @Test(arguments: [
        (52.52, 2, "52.52"), (13.405, 2, "13.40"), (0.125, 2, "0.12"), (0.375, 2, "0.38"), (-0.00001, 4, "-0.0000"),
        (139.65, 4, "139.6500"), (-33.8688, 2, "-33.87"), (1e20, 1, "100000000000000000000.0"),
    ])
    func fixedDecimalsRoundAsPrintfDoes(_ value: Double, _ digits: Int, _ expected: String) {
        #expect(value.fixed(digits) == expected)
    }

    @Test func trimmingRemovesWhiteSpaceAtBothEndsOnly() {
        #expect(" \t Berlin Mitte \n\u{2028}".trimmed == "Berlin Mitte")
        #expect("\u{00A0}\tBerlin\u{3000} ".trimmingSpaces == "Berlin")
        #expect("Berlin\n".trimmingSpaces == "Berlin\n", "line breaks are not spaces")
        #expect(" \n ".trimmed == "")
        #expect("..example.com.".trimmed { $0 == "." } == "example.com")
    }

    @Test func replacingAllReplacesEveryOccurrence() {
        #expect("it's Bob's".replacingAll("'", with: "'\\''") == "it'\\''s Bob'\\''s")
        #expect("no-dash".replacingAll("x", with: "y") == "no-dash")
    }

    @Test(arguments: [("ü", "u"), ("Å", "A"), ("é", "e"), ("ß", "ss"), ("Ø", "O"), ("Ǿ", "O"), ("ﬁ", "fi"), ("東", nil), ("\u{301}", nil), ("a", "a")] as [(Character, String?)])
    func accentsFoldToASCII(_ character: Character, _ expected: String?) {
        #expect(character.foldedToASCII == expected)
    }
}
