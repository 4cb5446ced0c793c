import Foundation

extension Character {
    /// The character in ASCII without its accents ("ü" -> "u", "Å" -> "A"); itself when it is
    /// ASCII; nil when nothing of it is ASCII ("ß", "東").
    var foldedToASCII: String? {
        if isASCII { return String(self) }
        let folded = String(self).decomposedStringWithCanonicalMapping.unicodeScalars.filter(\.isASCII)
        return folded.isEmpty ? nil : String(String.UnicodeScalarView(folded))
    }
}
