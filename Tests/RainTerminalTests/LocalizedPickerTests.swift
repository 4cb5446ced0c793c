import Foundation
@testable import RainKit
@testable import RainTerminal
import RainTestSupport
import Testing

/// Issue 20: the pickers and the `rain locations` table in every catalogue's language, at 80
/// and 50 columns: every line fits (a CJK character two columns), the keys are shown whole in
/// one of their two forms, and the titles, counts and headers are the language's.
@Suite struct LocalizedPickerTests {
    static let places = [
        PlaceMatch(name: "Springfield", coordinate: Coordinate(latitude: 37.22, longitude: -93.3), region: "Missouri",
                   country: "United States", population: 169_176),
        PlaceMatch(name: "Springfield", coordinate: Coordinate(latitude: 42.1, longitude: -72.59), region: "Massachusetts",
                   country: "United States", population: 155_929),
    ]

    static func list() -> LocationList {
        let berlin = Location(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.4), country: "Germany")
        let tokyo = Location(name: "東京", coordinate: Coordinate(latitude: 35.68, longitude: 139.69), country: "日本", alias: "Tokyo")
        return LocationList(locations: [berlin, tokyo], currentID: berlin.id)
    }

    static func expectFits(_ lines: [String], width: Int, keys: (String, String), _ language: String,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines {
            #expect(line.displayWidth <= width, "\(language) \(width): '\(line)'", sourceLocation: sourceLocation)
        }
        let shown = lines.last ?? ""
        #expect(shown == keys.0 || shown == keys.1, "\(language) \(width): the keys whole, not '\(shown)'", sourceLocation: sourceLocation)
        #expect(keys.1.displayWidth <= 50, "\(language): the short keys fit 50 columns: '\(keys.1)'", sourceLocation: sourceLocation)
        #expect(keys.0.displayWidth <= 80, "\(language): the keys fit 80 columns: '\(keys.0)'", sourceLocation: sourceLocation)
    }

    @Test(arguments: Catalogues.languages)
    func thePickersInEveryLanguage(_ language: String) throws {
        let words = try LocalizedScreenTests.localization(language)
        for width in [80, 50] {
            for purpose in [PlacePicker.Purpose.add, .show, .select] {
                let picker = PlacePicker(query: "Springfield", places: Self.places, purpose: purpose, localization: words)
                let lines = picker.render(width: width, height: 24, useColor: false)
                Self.expectFits(lines, width: width, keys: picker.keysHelp, language)
                #expect(!lines[0].contains("Places named") && !lines[0].contains("Choose the") && !lines[0].contains(" places"),
                        "\(language): '\(lines[0])'")
                #expect(lines.allSatisfy { !$0.contains("pop. ") }, "\(language): \(lines)")
            }
            let removal = RemovalPicker(list: Self.list(), localization: words)
            let lines = removal.render(width: width, height: 24, useColor: false)
            Self.expectFits(lines, width: width, keys: (words.tr(RemovalPicker.keysHelp), words.tr(RemovalPicker.shortKeysHelp)), language)
            #expect(!lines.joined().contains("Remove saved") && !lines.joined().contains("current") && !lines.joined().contains("Nothing checked"),
                    "\(language): \(lines)")
        }
    }

    @Test(arguments: Catalogues.languages)
    func theLocationsTableAndTheNarrowWindowInEveryLanguage(_ language: String) throws {
        let words = try LocalizedScreenTests.localization(language)
        for width in [120, 80, 50, 30] {
            let text = LocationTable(list: Self.list(), useColor: false, localization: words).render(width: width)
            for line in text.split(separator: "\n") { #expect(String(line).displayWidth <= width, "\(language) \(width): '\(line)'") }
            for english in ["NAME", "LATITUDE", "current location"] where words.tr(english) != english {
                #expect(!text.contains(english), "\(language) \(width): \(text)")
            }
        }
        for width in 1..<NarrowWindow.minimumWidth {
            let lines = NarrowWindow.lines(width: width, localization: words)
            for line in lines { #expect(line.displayWidth <= width, "\(language) \(width): '\(line)'") }
            if width >= 12 { #expect(!lines.joined().contains("Too narrow") && lines != ["…"], "\(language) \(width): \(lines)") }
        }
    }
}
