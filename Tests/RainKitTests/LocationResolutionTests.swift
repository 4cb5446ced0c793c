import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// LOCs are resolved for a whole batch in one pass over the places (issue 9: removing 100 places
/// of 10,000 by number, ID prefix or name). That must mean exactly what resolving each LOC on its
/// own by the rules of DESIGN.md meant, ambiguities and messages included.
@Suite struct LocationResolutionTests {
    /// The rules as they were written before the batch: each way tried on every place, one LOC at
    /// a time. The batch must agree with it on every LOC.
    private static func resolvedOneByOne(_ reference: String, in list: LocationList) -> Result<Location, LocationsError> {
        let locations = list.locations
        let needle = reference.trimmingSpaces.lowercased()
        guard !needle.isEmpty else { return .failure(.unknown(reference: reference)) }
        if let id = UUID(canonical: needle), let exact = locations.first(where: { $0.id == id }) {
            return .success(exact)
        }
        var matches: [Location] = []
        if let number = Int(needle), needle.allSatisfy(\.isASCII), number >= 1, number <= locations.count {
            matches.append(locations[number - 1])
        }
        if needle.count >= 4 {
            matches += locations.filter { $0.idString.hasPrefix(needle) && !matches.contains($0) }
        }
        var named = locations.filter { $0.name.lowercased() == needle || $0.alias?.lowercased() == needle }
        if named.isEmpty, needle.allSatisfy(\.isASCII) {
            named = locations.filter { location in
                var folded = ""
                for character in location.name.lowercased() {
                    guard let ascii = character.foldedToASCII else { return false }
                    folded += ascii
                }
                return folded == needle
            }
        }
        matches += named.filter { !matches.contains($0) }
        switch matches.count {
        case 0: return .failure(.unknown(reference: reference))
        case 1: return .success(matches[0])
        default: return .failure(.ambiguous(reference: reference, candidates: matches))
        }
    }

    private static func place(_ id: String, _ name: String) -> Location {
        Location(id: UUID(uuidString: id)!, name: name, coordinate: Coordinate(latitude: 1, longitude: 2))
    }

    /// Names and IDs where the ways of naming a place meet: a name that is a number or an ID
    /// prefix, names told apart only by case or accents, accents encoded two ways, letters that
    /// lower-case outside ASCII or into it (the Kelvin sign), a character canonically equal to
    /// an ASCII one (the Greek question mark is ";"), names with nothing in ASCII.
    static let list = LocationList(locations: [
        place("AB12CD34-0000-4000-8000-000000000001", "Berlin"),
        place("AB12EE00-0000-4000-8000-000000000002", "Zürich"),
        place("AB12EE01-0000-4000-8000-000000000003", "Zu\u{308}rich"),
        place("0DDBA11C-0000-4000-8000-000000000004", "Paris"),
        place("BEEF0000-0000-4000-8000-000000000005", "paris"),
        place("C0FFEE00-0000-4000-8000-000000000006", "beef"),
        place("00000000-1111-4000-8000-000000000007", "2"),
        place("00000000-1112-4000-8000-000000000008", "\u{212A}iel"),
        place("00000000-1113-4000-8000-000000000009", "a\u{37E}b"),
        place("00000000-1114-4000-8000-00000000000A", "Straße"),
        place("00000000-1115-4000-8000-00000000000B", "東京"),
        place("00000000-1116-4000-8000-00000000000C", "São Paulo"),
        place("00000000-1117-4000-8000-00000000000D", "SAO PAULO"),
        place("00000000-1118-4000-8000-00000000000E", "Besançon"),
        place("00000000-1119-4000-8000-00000000000F", "0ddb"),
        place("00000000-1119-4000-8000-00000000000F", "Twin of the last ID"),
        place("00000000-111A-4000-8000-000000000010", "Semi;colon"),
    ], currentID: UUID(uuidString: "AB12CD34-0000-4000-8000-000000000001"))

    static let references = [
        "ab12cd34-0000-4000-8000-000000000001", "AB12CD34-0000-4000-8000-000000000001", "ab12cd34000040008000000000000001",
        "00000000-1119-4000-8000-00000000000f", "ab12cd34-0000-4000-8000-000000000009",
        "1", "2", "3", "+3", "03", "16", "17", "0", "-1", "٣",
        "ab12", "ab12c", "ab12e", "ab12ee0", "ab12ee00", "ab12ee00-", "ab12ee00-0", "ab12ee00--", "AB12EE0", "ab1", "ab1 ",
        "0ddb", "0ddba", "beef", "BEEF0", "c0ff", "0000", "00000000-111", "00000000-1113", "0000\u{301}",
        "berlin", " Berlin ", "BERLIN", "zürich", "zu\u{308}rich", "ZÜRICH", "zurich", "Zurich",
        "paris", "PARIS", "kiel", "\u{212A}iel", "a;b", "a\u{37E}b", "strasse", "straße", "STRASSE", "東京",
        "sao paulo", "são paulo", "besancon", "Besançon", "twin of the last id", "semi;colon", "semi\u{37E}colon", "", " ", "\t", "nowhere",
    ]

    @Test(arguments: references)
    func eachLOCMeansWhatItMeantOnItsOwn(_ reference: String) {
        let expected = Self.resolvedOneByOne(reference, in: Self.list)
        #expect(Result { () throws(LocationsError) in try Self.list.resolve(reference) } == expected)
    }

    @Test func theCasesCoverEveryWayAndBothErrors() {
        let outcomes = Self.references.map { Self.resolvedOneByOne($0, in: Self.list) }
        #expect(outcomes.count { if case .failure(.ambiguous) = $0 { true } else { false } } >= 10)
        #expect(outcomes.count { if case .failure(.unknown) = $0 { true } else { false } } >= 10)
        #expect(outcomes.count { (try? $0.get()) != nil } >= 25)
    }

    @Test func aBatchOfEveryKindAgreesLOCByLOC() {
        let expected = Self.references.map { Self.resolvedOneByOne($0, in: Self.list) }
        #expect(Self.list.matches(for: Self.references) == expected)
        #expect(Self.list.matches(for: Self.references.reversed()) == expected.reversed())
    }

    /// `make bench`'s store: the first eight digits of an ID tell the places apart.
    private static func largeList(_ count: Int) -> LocationList {
        LocationList(locations: (1...count).map { number in
            place(id(number), "Place \(number)")
        }, currentID: UUID(uuidString: id(1)))
    }

    /// Starting with a letter, so that no number is also an ID prefix.
    private static func id(_ number: Int) -> String {
        let scrambled = String(number &* 2_654_435_761 & 0xFFF_FFFF, radix: 16)
        let tail = String(number)
        return "a" + String(repeating: "0", count: 7 - scrambled.count) + scrambled + "-0000-4000-8000-"
            + String(repeating: "0", count: 12 - tail.count) + tail
    }

    enum Form: String, CaseIterable, Sendable { case number, prefix, name, fullID }

    private static func reference(to number: Int, as form: Form) -> String {
        switch form {
        case .number: return String(number)
        case .prefix: return String(id(number).prefix(8))
        case .name: return "place \(number)"
        case .fullID: return id(number)
        }
    }

    @Test(arguments: Form.allCases)
    func aHundredLOCsOfTenThousandPlacesNameExactlyThosePlaces(_ form: Form) throws {
        let list = Self.largeList(10_000)
        let numbers = (0..<100).map { 2 + $0 * 97 }.reversed()
        let found = try list.resolve(numbers.map { Self.reference(to: $0, as: form) })
        #expect(found.map(\.name) == numbers.map { "Place \($0)" })
        // Named twice, in two ways: once in the result, where first named.
        let twice = try list.resolve([Self.reference(to: 500, as: form), "place 7", Self.id(500), "500"])
        #expect(twice.map(\.name) == ["Place 500", "Place 7"])
    }

    @Test func oneUnknownOrAmbiguousLOCAmongAHundredIsTheErrorAndNothingIsResolved() throws {
        var locations = Self.largeList(10_000).locations
        // A second place whose ID starts as place 600's does, and a second "Place 700".
        locations.append(Self.place(String(Self.id(600).prefix(8)) + "-9999-4000-8000-000000000000", "Extra"))
        locations.append(Self.place("FFFFFFFF-0000-4000-8000-000000000000", "PLACE 700"))
        let list = LocationList(locations: locations)
        let prefix = String(Self.id(600).prefix(8))
        var references = (2...101).map { Self.reference(to: $0, as: .prefix) }
        references.insert(prefix, at: 50)
        #expect(throws: LocationsError.ambiguous(reference: prefix, candidates: [locations[599], locations[10_000]])) {
            try list.resolve(references)
        }
        references[50] = "place 700"
        #expect(throws: LocationsError.ambiguous(reference: "place 700", candidates: [locations[699], locations[10_001]])) {
            try list.resolve(references)
        }
        references[50] = "10003"
        references.append("nowhere")
        #expect(throws: LocationsError.unknown(reference: "10003")) { try list.resolve(references) }
    }

    @Test(arguments: [Form.number, .prefix, .name])
    func removingAHundredOfTenThousandSavedPlacesRemovesExactlyThose(_ form: Form) async throws {
        try await withTemporaryDirectory { folder throws in
            let store = LocationsStore(file: DefaultsFile(path: folder + "/defaults.json", lockTimeout: .seconds(5)))
            let places = Self.largeList(10_000)
            let entries = places.locations.map { "{\"id\": \"\($0.idString)\", \"name\": \"\($0.name)\", \"latitude\": 1, \"longitude\": 2}" }
            writeFile(folder + "/defaults.json", "{\"locations\": [\(entries.joined(separator: ","))], \"current_location_id\": \"\(Self.id(1))\"}\n")
            let numbers = Set((0..<100).map { 2 + $0 * 100 })
            let list = try store.load()
            let chosen = try store.resolveForRemoval(numbers.map { Self.reference(to: $0, as: form) }, in: list)
            let removal = try store.remove(ids: chosen.map(\.id))
            #expect(removal.removed.count == 100 && removal.vanished.isEmpty)
            let kept = try store.load().locations
            #expect(kept.map(\.name) == (1...10_000).filter { !numbers.contains($0) }.map { "Place \($0)" })
        }
    }

    /// A place the geocoder named in the user's language answers to the word it was looked up
    /// by (issue 20: "Tokyo" finds "東京"), as a name does: letter case aside, and ambiguous
    /// with another place of that name.
    @Test func theWordAPlaceWasLookedUpByFindsIt() throws {
        let tokyo = Location(name: "東京", coordinate: Coordinate(latitude: 35.69, longitude: 139.69), alias: "Tokyo")
        let munich = Location(name: "München", coordinate: Coordinate(latitude: 48.14, longitude: 11.58), alias: "Munich")
        var list = LocationList(locations: [tokyo, munich])
        for reference in ["tokyo", "TOKYO", "東京"] { #expect(try list.resolve(reference) == tokyo, "\(reference)") }
        #expect(try list.resolve(["munich", "tokyo"]) == [munich, tokyo])
        #expect(try list.resolve("munchen") == munich, "a name without its accents still")
        list.locations.append(Location(name: "Tokyo", coordinate: Coordinate(latitude: 35.68, longitude: 139.65)))
        #expect(throws: LocationsError.self) { try list.resolve("tokyo") }
        #expect(tokyo.isSamePlace(as: Location(name: "tokyo", coordinate: tokyo.coordinate)), "the same place saved in English")
    }
}
