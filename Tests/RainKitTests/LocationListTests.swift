import Foundation
@testable import RainKit
import Testing

@Suite struct LocationListTests {
    static let berlin = Location(id: UUID(uuidString: "AB12CD34-0000-4000-8000-000000000001")!, name: "Berlin", coordinate: .init(latitude: 52.5, longitude: 13.4))
    static let oslo = Location(id: UUID(uuidString: "AB12EE00-0000-4000-8000-000000000002")!, name: "Oslo", coordinate: .init(latitude: 59.9, longitude: 10.7))
    static let paris1 = Location(id: UUID(uuidString: "0DDBA11C-0000-4000-8000-000000000003")!, name: "Paris", coordinate: .init(latitude: 48.9, longitude: 2.35))
    static let paris2 = Location(id: UUID(uuidString: "BEEF0000-0000-4000-8000-000000000004")!, name: "paris", coordinate: .init(latitude: 33.7, longitude: -95.6))
    static let beef = Location(id: UUID(uuidString: "C0FFEE00-0000-4000-8000-000000000005")!, name: "beef", coordinate: .init(latitude: 1, longitude: 1))
    static let list = LocationList(locations: [berlin, oslo, paris1, paris2, beef], currentID: berlin.id)

    struct Case: Sendable, CustomTestStringConvertible {
        var reference: String
        var expected: Location?
        var testDescription: String { "'\(reference)' -> \(expected?.name ?? "error")" }
    }

    @Test(arguments: [
        Case(reference: "ab12cd34-0000-4000-8000-000000000001", expected: berlin),
        Case(reference: "AB12CD34-0000-4000-8000-000000000001", expected: berlin),
        Case(reference: "2", expected: oslo),
        Case(reference: "ab12c", expected: berlin),
        Case(reference: "ab12e", expected: oslo),
        Case(reference: "ab12", expected: nil),       // prefix of two IDs: ambiguous
        Case(reference: "ab1", expected: nil),        // prefixes need 4 characters
        Case(reference: "OSLO", expected: oslo),
        Case(reference: " oslo ", expected: oslo),
        Case(reference: "Paris", expected: nil),      // two places named paris
        Case(reference: "0ddb", expected: paris1),
        Case(reference: "beef", expected: nil),       // an ID prefix of one place, the name of another
        Case(reference: "6", expected: nil),          // past the end of the list
        Case(reference: "0", expected: nil),
        Case(reference: "Lima", expected: nil),
        Case(reference: "", expected: nil),
    ])
    func resolvesLikeTheDesignSays(_ testCase: Case) throws {
        if let expected = testCase.expected {
            #expect(try Self.list.resolve(testCase.reference) == expected)
        } else {
            #expect(throws: LocationsError.self) { try Self.list.resolve(testCase.reference) }
        }
    }

    @Test func aNearMissOfASavedNameSaysWhichItNearlyIs() {
        #expect(throws: LocationsError.unknown(reference: "Berlni", nearest: "Berlin")) { try Self.list.resolve("Berlni") }
        #expect(throws: LocationsError.unknown(reference: " oslp ", nearest: "Oslo")) { try Self.list.resolve(" oslp ") }
        #expect(throws: LocationsError.unknown(reference: "Berln", nearest: "Berlin")) { try Self.list.resolve(["Oslo", "Berln", "Lima"]) }
        // Only close names, and not for a LOC of one or two characters.
        #expect(throws: LocationsError.unknown(reference: "Lima")) { try Self.list.resolve("Lima") }
        #expect(throws: LocationsError.unknown(reference: "Bx")) { try LocationList(locations: [Self.beef, Location(name: "Bo", coordinate: .init(latitude: 0, longitude: 0))]).resolve("Bx") }
        // A name that two places share is suggested once.
        #expect(throws: LocationsError.unknown(reference: "Pariss", nearest: "Paris")) { try Self.list.resolve("Pariss") }
        // The start of one name, but for its last letter or two; never of two names.
        #expect(throws: LocationsError.unknown(reference: "Berl", nearest: "Berlin")) { try Self.list.resolve("Berl") }
        #expect(throws: LocationsError.unknown(reference: "par", nearest: "Paris")) { try Self.list.resolve("par") }
        let twoStarts = LocationList(locations: ["Lindau", "Lindow"].map { Location(name: $0, coordinate: .init(latitude: 0, longitude: 0)) })
        #expect(throws: LocationsError.unknown(reference: "Lind")) { try twoStarts.resolve("Lind") }
        #expect(throws: LocationsError.unknown(reference: "Ber")) { try Self.list.resolve("Ber") }
        let error = LocationsError.unknown(reference: "Berlni", nearest: "Berlin")
        #expect(error.hint(in: .english) == "did you mean 'Berlin'?")
        let german = Localization(language: "de", catalogue: MessageCatalogue(messages: ["did you mean '{suggestion}'?": ["vielleicht '{suggestion}'?"]]))
        #expect(error.hint(in: german) == "vielleicht 'Berlin'?")
    }

    @Test func numbersOnAnEmptyListAreUnknownNotACrash() {
        #expect(throws: LocationsError.unknown(reference: "1")) { try LocationList().resolve("1") }
    }

    @Test func aPlaceNamedLikeANumberIsAmbiguousWithTheNumber() throws {
        let two = Location(name: "2", coordinate: .init(latitude: 0, longitude: 0))
        let list = LocationList(locations: [Self.berlin, Self.oslo, two])
        #expect(throws: LocationsError.ambiguous(reference: "2", candidates: [Self.oslo, two])) { try list.resolve("2") }
        #expect(try list.resolve("3") == two)
    }

    @Test func anAmbiguousNameListsEveryCandidateWithItsShortID() {
        #expect(throws: LocationsError.ambiguous(reference: "Paris", candidates: [Self.paris1, Self.paris2])) {
            try Self.list.resolve("Paris")
        }
        let message = LocationsError.ambiguous(reference: "Paris", candidates: [Self.paris1, Self.paris2]).description
        #expect(message.contains("Paris (\(Self.paris1.shortID)); paris (\(Self.paris2.shortID))"))
        #expect(!message.contains(Self.paris1.idString))
    }

    @Test func currentIsDecidedByIdentityNotCoordinates() {
        let twin = Location(name: "Berlin", coordinate: Self.berlin.coordinate)
        let list = LocationList(locations: [Self.berlin, twin], currentID: Self.berlin.id)
        #expect(list.isCurrent(Self.berlin))
        #expect(!list.isCurrent(twin))
    }

    /// What the ASCII screen shows finds the place: "Łódź" shows as "Lodz", "Straße" as "Strasse".
    @Test(arguments: [("lodz", "Łódź"), ("strasse", "Straße"), ("thorshofn", "Þórshöfn"), ("tromso", "Tromsø")])
    func theASCIISpellingOfANameFindsIt(_ reference: String, _ name: String) throws {
        let place = Location(name: name, coordinate: .init(latitude: 1, longitude: 2))
        let list = LocationList(locations: [Self.berlin, place], currentID: nil)
        #expect(try list.resolve(reference) == place)
    }
}
