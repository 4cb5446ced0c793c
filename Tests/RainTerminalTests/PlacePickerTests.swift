import Foundation
import RainKit
@testable import RainTerminal
import Testing

/// The pick list of `rain locations add` when a name has several places.
@Suite struct PlacePickerTests {
    @Test func thePickerMovesPicksAndCancels() {
        let places = [PlaceMatch(name: "A", coordinate: Coordinate(latitude: 0, longitude: 0)),
                      PlaceMatch(name: "B", coordinate: Coordinate(latitude: 1, longitude: 1), population: 1234),
                      PlaceMatch(name: "C", coordinate: Coordinate(latitude: 2, longitude: 2))]
        var picker = PlacePicker(query: "x", places: places)
        #expect(picker.handle(.up) == .redraw && picker.cursor == 2, "up from the top wraps")
        #expect(picker.handle(.character("2")) == .redraw && picker.cursor == 1)
        #expect(picker.handle(.character("9")) == .redraw && picker.cursor == 1, "no ninth row: stays")
        #expect(picker.handle(.enter) == .pick(row: 1))
        #expect(picker.handle(.escape) == .cancel && picker.handle(.character("q")) == .cancel)
        #expect(picker.handle(.control("c")) == .interrupt)

        let screen = picker.render(width: 60, height: 6, useColor: false)
        #expect(screen.count == 6)
        #expect(screen[0].hasPrefix("Places named \"x\"") && screen[0].hasSuffix("3 places"))
        #expect(screen[2].hasPrefix("2  B") && screen[2].trimmingCharacters(in: .whitespaces).hasSuffix("pop. 1,234"), "the row under the cursor: \(screen)")
        #expect(screen.allSatisfy { $0.displayWidth <= 60 })
    }
}
