import Foundation
import RainKit
import Testing

/// What the shells offer for a LOC being typed: names matched ignoring case and accents, as
/// `rain zurich` resolves to Zürich, and short IDs; the current location left out for removal.
@Suite struct PlaceCompletionTests {
    static let zurich = Location(id: UUID(uuidString: "AB12CD34-0000-4000-8000-000000000001")!, name: "Zürich", coordinate: .init(latitude: 47.4, longitude: 8.5))
    static let zug = Location(id: UUID(uuidString: "CD340000-0000-4000-8000-000000000002")!, name: "Zug", coordinate: .init(latitude: 47.2, longitude: 8.5))
    static let strasse = Location(id: UUID(uuidString: "EF560000-0000-4000-8000-000000000003")!, name: "Straße\u{1B}[2J Ost", coordinate: .init(latitude: 1, longitude: 1))
    static let tokyo = Location(id: UUID(uuidString: "0A000000-0000-4000-8000-000000000004")!, name: "東京", coordinate: .init(latitude: 35.7, longitude: 139.7))
    static let list = LocationList(locations: [zurich, zug, strasse, tokyo], currentID: zug.id)

    @Test func namesMatchIgnoringCaseAndAccents() {
        #expect(Self.list.completions(of: "zur").map(\.text) == ["Zürich"])
        #expect(Self.list.completions(of: "ZÜR").map(\.text) == ["Zürich"])
        #expect(Self.list.completions(of: "zu").map(\.text) == ["Zürich", "Zug"])
        #expect(Self.list.completions(of: "strasse").map(\.text) == ["Straße Ost"], "control characters never reach the shell")
        #expect(Self.list.completions(of: "東").map(\.text) == ["東京"])
        #expect(Self.list.completions(of: "x").isEmpty)
    }

    /// A place saved in another script is offered by the word it was looked up by, as
    /// `rain munich` resolves to it; a name that matches comes first.
    @Test func theWordAPlaceWasLookedUpByIsOfferedWhereItsNameIsNot() {
        let munich = Location(name: "ミュンヘン", coordinate: .init(latitude: 48.1, longitude: 11.6), alias: "Munich")
        let list = LocationList(locations: [munich, Location(name: "Mumbai", coordinate: .init(latitude: 19, longitude: 72.9), alias: "mumbai")])
        #expect(list.completions(of: "mun").map(\.text) == ["Munich"])
        #expect(list.completions(of: "mu").map(\.text) == ["Munich", "Mumbai"])
        #expect(list.completions(of: "ミュ").map(\.text) == ["ミュンヘン"])
    }

    @Test func idsMatchByPrefixAndNothingTypedOffersEverything() {
        #expect(Self.list.completions(of: "AB12").map(\.text) == ["ab12cd34"])
        #expect(Self.list.completions(of: "").map(\.text) == ["Zürich", "Zug", "Straße Ost", "東京", "ab12cd34", "cd340000", "ef560000", "0a000000"])
    }

    @Test func removalLeavesOutTheCurrentLocation() {
        #expect(Self.list.completions(of: "zu", removable: true).map(\.text) == ["Zürich"])
        #expect(Self.list.completions(of: "cd34", removable: true).isEmpty)
    }

    /// For a shell that matches only up to case: the name without accents where only that matches.
    @Test func theUnaccentedFormIsTheNameWithoutAccentsWhereOnlyThatMatches() {
        #expect(Self.list.completions(of: "zur").map(\.unaccented) == ["Zurich"])
        #expect(Self.list.completions(of: "zür").map(\.unaccented) == ["Zürich"])
        #expect(Self.list.completions(of: "stras").map(\.unaccented) == ["Strasse Ost"])
    }
}
