import Foundation
import RainKit
import Testing

/// Text from the network reaches neither a terminal nor JSON output with anything a terminal
/// or a JSON consumer would act on (issue 10, item 6).
@Suite struct EscapeTests {
    static let hostile = "Rain\u{9B}31m \u{1B}[2J\u{7}\u{7F} ends\u{2028}here \u{202E}evil\u{202C} \u{2066}x\u{2069}"

    @Test func jsonEscapesC0DelC1SeparatorsAndBidirectionalControls() {
        let text = JSONValue.object(["summary": .string(Self.hostile)]).serialized()
        for scalar in text.unicodeScalars {
            #expect(!(0x80...0x9F).contains(scalar.value) && !(0x2028...0x202E).contains(scalar.value)
                    && !(0x2066...0x2069).contains(scalar.value) && scalar.value != 0x1B && scalar.value != 0x7F,
                    "raw U+\(String(scalar.value, radix: 16)) in \(text)")
        }
        #expect(text.contains("\\u009b") && text.contains("\\u2028") && text.contains("\\u202e") && text.contains("\\u001b"))
    }

    @Test func terminalTextLosesControlsAndBidirectionalOverrides() {
        #expect(Self.hostile.strippingControlCharacters == "Rain  ends here evil x")
        #expect(Self.hostile.containsControlCharacters)
        #expect(!"Zürich – 東京".containsControlCharacters)
    }
}
