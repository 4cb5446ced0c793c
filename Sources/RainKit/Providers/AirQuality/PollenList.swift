import FoundationEssentials

extension Localization {
    /// The pollens (the most first) as the screen's line and a notification say them: the
    /// first named as pollen, the rest by their plant, "Birch pollen high, grass medium"; its
    /// first letter a capital, as it starts a line or follows "Berlin: ".
    public func pollenList(_ items: [(kind: PollenKind, level: PollenLevel)]) -> String {
        guard let first = items.first else { return "" }
        let rest = items.dropFirst().map { tr(N_("{plant} {level}"), ["plant": tr($0.kind.word), "level": tr($0.level.word)]) }
        let list = ([tr(N_("{plant} pollen {level}"), ["plant": tr(first.kind.word), "level": tr(first.level.word)])] + rest)
            .joined(separator: tr(N_(", ")))
        guard let letter = list.first else { return list }
        return letter.uppercased() + list.dropFirst()
    }
}
