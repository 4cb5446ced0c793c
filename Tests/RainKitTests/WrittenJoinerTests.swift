import Foundation
import Testing
@testable import RainKit

/// Hostile trial 18 (N18-1): a typed name with a joiner its script writes was refused (the
/// Sinhala "ශ්‍රී ජයවර්ධනපුර කෝට්ටේ" with U+200D, the Persian "خرم‌آباد" with U+200C), and the
/// geocoder's joiners were dropped (an emoji family became four people). A joiner is let by
/// where a script writes it, between two of its letters or marks or inside an emoji sequence,
/// and refused or dropped anywhere else.
@Suite struct WrittenJoinerTests {
    private static let written = ["\u{0DC1}\u{0DCA}\u{200D}\u{0DBB}\u{0DD3} \u{0DA2}\u{0DBA}\u{0DC0}\u{0DBB}\u{0DCA}\u{0DB0}\u{0DB1}\u{0DB4}\u{0DD4}\u{0DBB}",
                                  "\u{062E}\u{0631}\u{0645}\u{200C}\u{0622}\u{0628}\u{0627}\u{062F}",
                                  "\u{0915}\u{094D}\u{200D}\u{0937}", "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} fam",
                                  "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308} Pride", "\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB} Dev"]

    /// At an edge, doubled, between Latin letters or digits, or after a letter of a script that
    /// writes none: still refused, and dropped from a server's text.
    private static let elsewhere = ["Ber\u{200D}lin", "Ber\u{200C}lin", "\u{200D}\u{0DC1}\u{0DCA}", "\u{062E}\u{0631}\u{0645}\u{200C}",
                                    "\u{062E}\u{0631}\u{200C}\u{200C}\u{0645}", "\u{062E}\u{200D} \u{0631}", "12\u{200D}34",
                                    "\u{1F468}\u{200D} fam", "\u{0DC1}\u{200D}a", "\u{65E5}\u{200D}\u{672C}"]

    @Test(arguments: written)
    func aJoinerIsKeptOnlyWhereAScriptWritesIt(_ name: String) throws {
        #expect(try LocationValidation.validNewName(name) == name)
        #expect(name.strippingControlCharacters == name)
        for name in Self.elsewhere {
            #expect(throws: LocationsError.self) { try LocationValidation.validNewName(name) }
            let stripped = name.strippingControlCharacters
            #expect(!stripped.unicodeScalars.contains { $0.value == 0x200C || $0.value == 0x200D }, "\(stripped.unicodeScalars.map(\.codePoint))")
        }
        // The key's hiding reads a joiner as before: between the key's groups, a gap.
        let redaction = try #require(KeyRedaction(APIKey("Zq7Kp2Xw9Lm4Rt6Vb")))
        for joiner in ["\u{200C}", "\u{200D}"] {
            #expect(redaction.scrubbing("key Zq7K\(joiner)p2Xw\(joiner)9Lm4\(joiner)Rt6Vb here") == "key REDACTED here")
        }
    }

    /// Hostile trial 19 (J19-1): a joiner that changes nothing on the screen ("ب‍ب" draws as
    /// "بب") made a second place look like the first, and typing the name as shown found
    /// neither. Names are matched without their joiners: the name as typed finds the place,
    /// and the two are one place at one point.
    @Test func aNameIsFoundAndComparedWithoutItsJoiners() throws {
        let pairs = [("\u{0628}\u{200D}\u{0628}", "\u{0628}\u{0628}"), ("\u{0627}\u{200C}\u{0628}", "\u{0627}\u{0628}"),
                     ("\u{0915}\u{200D}\u{0916}", "\u{0915}\u{0916}"), ("\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}", "\u{1F468}\u{1F469}\u{1F467}")]
        for (saved, typed) in pairs {
            let place = Location(name: saved, coordinate: Coordinate(latitude: 35.69, longitude: 51.39))
            let list = LocationList(locations: [place], currentID: place.id)
            #expect(try list.resolve(typed) == place, "\(typed.unicodeScalars.map(\.codePoint))")
            let twin = Location(name: typed, coordinate: place.coordinate)
            #expect(place.isSamePlace(as: twin) && twin.isSamePlace(as: place))
        }
    }
}
