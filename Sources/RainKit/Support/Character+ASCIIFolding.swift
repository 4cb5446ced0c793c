// The standard library's own canonical decomposition (what Foundation uses underneath).
@_spi(_Unicode) import Swift

extension Character {
    /// The character in ASCII without its accents ("ü" -> "u", "Å" -> "A"); itself when it is
    /// ASCII; nil when nothing of it is ASCII ("ß", "東").
    var foldedToASCII: String? {
        if isASCII { return String(self) }
        let folded = String(self)._nfd.filter(\.isASCII)
        return folded.isEmpty ? nil : String(String.UnicodeScalarView(folded))
    }
}
