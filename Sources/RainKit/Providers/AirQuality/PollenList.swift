import FoundationEssentials

extension Localization {
    /// The pollens as the screen's line and a notification say them, the most first, each
    /// level once with its plants: "Pollen high (birch, grass), medium (olive)"; its first
    /// letter a capital, as it starts a line or follows "Berlin: ".
    public func pollenList(_ items: [(kind: PollenKind, level: PollenLevel)]) -> String {
        guard !items.isEmpty else { return "" }
        let list = tr(N_("Pollen {levels}"), ["levels": pollenLevels(items)])
        guard let letter = list.first else { return list }
        return letter.uppercased() + list.dropFirst()
    }

    /// "high (birch, grass), medium (olive)", the most first. A level is said of the pollen,
    /// never of a plant: its word agrees with the language's word for pollen (Polish "wysokie"
    /// had followed "brzoza", French "élevé" "graminées"), and three plants at two levels
    /// take two level words, not three.
    public func pollenLevels(_ items: [(kind: PollenKind, level: PollenLevel)]) -> String {
        let separator = tr(N_(", "))
        return PollenLevel.allCases.reversed().compactMap { level in
            let plants = items.filter { $0.level == level }.map { tr($0.kind.word) }
            guard !plants.isEmpty else { return nil }
            return tr(N_("{level} ({plants})"), ["level": tr(level.word), "plants": plants.joined(separator: separator)])
        }.joined(separator: separator)
    }
}
