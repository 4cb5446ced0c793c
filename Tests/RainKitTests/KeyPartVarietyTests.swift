import Foundation
import Testing
@testable import RainKit

/// A part of the key is hidden on its own only where it has three different characters or
/// more (`KeyRedaction.isVaried`): a key that is not random ("aaaaaaaaaaaaaaaa") made every
/// "aaaaaaaa" of a forecast REDACTED, though no random key has such a part. The whole key
/// is hidden as before, and a part of a random key too.
@Suite struct KeyPartVarietyTests {
    @Test(arguments: [("aaaaaaaaaaaaaaaa", "Rain aaaaaaaa later"), ("abababababababab", "ABABABABABAB."),
                      ("zzzzzzzzzzzz1234", "zzzzzzzzzz")])
    func aPartOfOneOrTwoCharactersRepeatedIsLeft(_ key: String, _ text: String) throws {
        let redaction = try #require(KeyRedaction(APIKey(key)))
        #expect(redaction.scrubbing(text) == text)
        #expect(redaction.scrubbing("key " + key + " is not valid") == "key REDACTED is not valid")
    }

    @Test func aVariedPartOfTheSameKeyIsHidden() throws {
        let redaction = try #require(KeyRedaction(APIKey("zzzzzzzzzzzz1234")))
        #expect(redaction.scrubbing("key zzzzzz1234...") == "key REDACTED...")
        #expect(redaction.scrubbing("key zzzzzzz12") == "key REDACTED")
    }
}
