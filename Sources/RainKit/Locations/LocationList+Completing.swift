/// What a shell offers for a LOC being typed: the saved places whose name (or else the word
/// they were looked up by) begins with the typed word, ignoring case and accents ("zur" offers
/// "Zürich", as `rain zurich` resolves to it), and the short IDs that begin with it.
public struct PlaceCompletion: Sendable, Equatable {
    /// The saved name (without control characters), or a short ID.
    public var text: String
    /// The name without its accents ("Zurich", which names the same place) where the typed word
    /// matches only that way, for a shell that keeps only candidates beginning with the word up
    /// to case (fish); `text` where the saved name already begins with it.
    public var unaccented: String
}

extension LocationList {
    /// The places a word being completed can mean, names first, then IDs. With `removable`,
    /// the current location is left out: removing it is refused.
    public func completions(of typed: String, removable: Bool = false) -> [PlaceCompletion] {
        let places = removable ? locations.filter { !isCurrent($0) } : locations
        let typedKey = Self.completionKey(typed)
        let typedLowercased = typed.lowercased()
        func completion(_ word: String) -> PlaceCompletion? {
            guard !word.isEmpty else { return nil }
            if word.lowercased().hasPrefix(typedLowercased) { return PlaceCompletion(text: word, unaccented: word) }
            let folded = Self.foldedToASCII(word)
            return folded.lowercased().hasPrefix(typedKey) ? PlaceCompletion(text: word, unaccented: folded) : nil
        }
        var result: [PlaceCompletion] = []
        for location in places {
            // The word it was looked up by names it too ("Munich" for ミュンヘン), where its name does not match.
            if let found = completion(location.name.strippingControlCharacters)
                ?? location.alias.flatMap({ completion($0.strippingControlCharacters) }) {
                result.append(found)
            }
        }
        for location in places where location.shortID.hasPrefix(typedLowercased) {
            result.append(PlaceCompletion(text: location.shortID, unaccented: location.shortID))
        }
        return result
    }

    /// Lower case without accents: what two spellings of a name share.
    static func completionKey(_ text: String) -> String { foldedToASCII(text).lowercased() }

    /// Each character in ASCII where it has an ASCII form ("Zürich" -> "Zurich"), else itself.
    private static func foldedToASCII(_ text: String) -> String {
        var folded = ""
        for character in text { folded += character.foldedToASCII ?? String(character) }
        return folded
    }
}
