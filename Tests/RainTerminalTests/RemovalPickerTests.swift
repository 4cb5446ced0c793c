import Foundation
import RainKit
@testable import RainTerminal
import Testing

@Suite struct RemovalPickerTests {
    static func place(_ number: Int, _ name: String) -> Location {
        let id = UUID(uuidString: String(format: "%08X-0000-4000-8000-000000000000", number))!
        return Location(id: id, name: name, coordinate: Coordinate(latitude: Double(number), longitude: -Double(number)))
    }

    static let home = place(1, "Home")
    static let berlin = place(2, "Berlin")
    static let oslo = place(3, "Oslo")
    static let lima = place(4, "Lima")
    static let tokyo = place(5, "Tokyo")
    /// Home is current and first.
    static let list = LocationList(locations: [home, berlin, oslo, lima, tokyo], currentID: home.id)

    static func longList(_ count: Int) -> LocationList {
        let places = (1...count).map { place($0, "Place \($0)") }
        return LocationList(locations: places, currentID: places[0].id)
    }

    private func picker(_ keys: [KeyPress], list: LocationList = list, height: Int = 24) -> RemovalPicker {
        var picker = RemovalPicker(list: list, height: height)
        for key in keys { _ = picker.handle(key) }
        return picker
    }

    private func plain(_ line: String) -> String {
        line.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
    }

    // MARK: - Moving

    struct Movement: Sendable, CustomTestStringConvertible {
        var keys: [KeyPress]
        var cursor: Int
        var testDescription: String { "\(keys) -> row \(cursor)" }
    }

    @Test(arguments: [
        Movement(keys: [], cursor: 0),
        Movement(keys: [.down], cursor: 1),
        Movement(keys: [.character("j"), .character("j")], cursor: 2),
        Movement(keys: [.down, .down, .character("k")], cursor: 1),
        Movement(keys: [.up], cursor: 4),                                   // wraps to the end
        Movement(keys: [.character("k")], cursor: 4),
        Movement(keys: [.end, .down], cursor: 0),                           // wraps to the start
        Movement(keys: [.end], cursor: 4),
        Movement(keys: [.character("G"), .character("g")], cursor: 0),
        Movement(keys: [.pageUp], cursor: 0),                               // paging clamps
        Movement(keys: [.pageDown, .pageDown, .pageDown], cursor: 4),
        Movement(keys: [.control("n"), .control("n"), .control("p")], cursor: 1),
        Movement(keys: [.left, .right, .tab, .character("z")], cursor: 0),  // keys that mean nothing
    ])
    func movesTheCursor(_ movement: Movement) {
        #expect(picker(movement.keys).cursor == movement.cursor)
    }

    // MARK: - Keys and actions

    struct KeyAction: Sendable, CustomTestStringConvertible {
        var keys: [KeyPress]
        var action: RemovalPicker.Action
        var testDescription: String { "\(keys) -> \(action)" }
    }

    @Test(arguments: [
        KeyAction(keys: [.character("q")], action: .cancel),
        KeyAction(keys: [.character("Q")], action: .cancel),
        KeyAction(keys: [.escape], action: .cancel),
        KeyAction(keys: [.down, .character(" "), .escape], action: .cancel),  // checked, then left
        KeyAction(keys: [.control("c")], action: .interrupt),
        KeyAction(keys: [.control("z")], action: .suspend),
        KeyAction(keys: [.enter], action: .redraw),                          // nothing checked
        KeyAction(keys: [.down, .character(" "), .enter], action: .confirm([berlin])),
        KeyAction(keys: [.end, .character(" "), .up, .up, .up, .character(" "), .enter], action: .confirm([berlin, tokyo])),
        KeyAction(keys: [.character("a"), .enter], action: .confirm([berlin, oslo, lima, tokyo])),
    ])
    func theLastKeyDecidesWhatHappens(_ testCase: KeyAction) {
        var picker = RemovalPicker(list: Self.list)
        var action = RemovalPicker.Action.redraw
        for key in testCase.keys { action = picker.handle(key) }
        #expect(action == testCase.action)
    }

    @Test func spaceChecksAndUnchecksTheRowUnderTheCursor() {
        var picker = picker([.down, .character(" "), .down, .character(" ")])
        #expect(picker.checkedIDs == [Self.berlin.id, Self.oslo.id])
        _ = picker.handle(.character(" "))
        #expect(picker.checkedIDs == [Self.berlin.id])
        #expect(picker.checkedLocations == [Self.berlin])
    }

    @Test func theCurrentLocationCannotBeCheckedAndTheFooterSaysWhy() throws {
        var picker = picker([.character(" ")])
        #expect(picker.checkedIDs.isEmpty)
        let message = try #require(picker.message)
        #expect(message.hasPrefix("Home is the current location; rain locations select --none frees it"))
        let screen = picker.render(width: 80, height: 24, useColor: false)
        #expect(screen[screen.count - 2] == message)
        // a checks every other place, never the current one.
        _ = picker.handle(.character("a"))
        #expect(picker.message == nil)
        #expect(picker.checkedIDs == Set([Self.berlin, Self.oslo, Self.lima, Self.tokyo].map(\.id)))
        #expect(picker.render(width: 80, height: 24, useColor: false)[1].hasPrefix(">  *  Home"))
    }

    @Test func aChecksAllRemovableRowsAndAgainChecksNone() {
        var picker = picker([.down, .character(" "), .character("a")])
        #expect(picker.checkedIDs.count == 4 && !picker.checkedIDs.contains(Self.home.id))
        _ = picker.handle(.character("a"))
        #expect(picker.checkedIDs.isEmpty)
    }

    @Test func enterWithNothingCheckedExplainsAndStays() {
        var picker = RemovalPicker(list: Self.list)
        #expect(picker.handle(.enter) == .redraw)
        #expect(picker.message?.hasPrefix("Nothing checked yet") == true)
        _ = picker.handle(.down)
        #expect(picker.message == nil)
    }

    @Test func aListWithOnlyTheCurrentLocationHasNothingToCheck() {
        var picker = RemovalPicker(list: LocationList(locations: [Self.home], currentID: Self.home.id))
        _ = picker.handle(.character("a"))
        #expect(picker.checkedIDs.isEmpty)
        #expect(picker.message?.hasPrefix("Nothing can be removed") == true)
    }

    // MARK: - Scrolling

    @Test func scrollingKeepsTheCursorVisibleInAShortWindow() {
        // 8 lines: a title, 5 rows, a status and the keys.
        var picker = RemovalPicker(list: Self.longList(30), height: 8)
        #expect(picker.visibleRowCount == 5)
        for step in 1...29 {
            _ = picker.handle(.down)
            let screen = picker.render(width: 80, height: 8, useColor: false)
            #expect(screen.count == 8)
            #expect(screen.contains { $0.hasPrefix("> [ ] Place \(step + 1) ") }, "step \(step): \(screen)")
        }
        #expect(picker.scrollOffset == 25)
        #expect(picker.render(width: 80, height: 8, useColor: false)[0].hasSuffix("26–30 of 30"))
        // Moving up inside the window does not scroll.
        _ = picker.handle(.up)
        #expect(picker.scrollOffset == 25)
        // Wrapping to the top scrolls back.
        _ = picker.handle(.end)
        _ = picker.handle(.down)
        #expect(picker.cursor == 0 && picker.scrollOffset == 0)
    }

    @Test func resizingKeepsTheCursorVisible() {
        var picker = RemovalPicker(list: Self.longList(30), height: 24)
        for _ in 0..<15 { _ = picker.handle(.down) }
        #expect(picker.scrollOffset == 0)
        picker.resize(height: 6)
        #expect(picker.scrollOffset == 13)
        #expect(picker.render(width: 40, height: 6, useColor: false).contains { $0.hasPrefix("> [ ] Place 16") })
        picker.resize(height: 40)
        #expect(picker.scrollOffset == 0)
    }

    // MARK: - Rendering

    @Test func at80x24TheScreenHasTitleRowsStatusAndKeys() {
        let picker = picker([.down, .character(" ")])
        let screen = picker.render(width: 80, height: 24, useColor: false)
        #expect(screen == [
            "Remove saved places                                                     5 places",
            "   *  Home    00000001    1.0000    -1.0000  current location",
            "> [✓] Berlin  00000002    2.0000    -2.0000" + String(repeating: " ", count: 80 - 43),  // the cursor bar
            "  [ ] Oslo    00000003    3.0000    -3.0000",
            "  [ ] Lima    00000004    4.0000    -4.0000",
            "  [ ] Tokyo   00000005    5.0000    -5.0000",
            "1 place checked.",
            "↑↓ j/k move · space check · a all/none · enter remove · q quit",
        ])
    }

    static let awkwardNames = [
        "東京タワーの近くのとても長い名前の場所", "Zürich", "🌧️ Regenstadt", "e\u{301}te\u{301}",
        "A very long place name that goes on and on past any sensible column width",
        "Evil\u{1B}]0;pwned\u{07}name",
    ]

    @Test(arguments: [10, 20, 33, 40, 80, 132], [2, 4, 8, 24])
    func linesNeverExceedTheWidthOrTheHeight(width: Int, height: Int) {
        let places = Self.awkwardNames.enumerated().map { Self.place($0.offset + 10, $0.element) }
        let list = LocationList(locations: [Self.home] + places, currentID: Self.home.id)
        for useColor in [false, true] {
            for keys in [[], [KeyPress.character(" ")], [.down, .character(" "), .end, .character(" ")]] {
                var picker = RemovalPicker(list: list, height: height)
                for key in keys { _ = picker.handle(key) }
                let screen = picker.render(width: width, height: height, useColor: useColor)
                #expect(screen.count <= height)
                for line in screen {
                    #expect(plain(line).displayWidth <= width, "\(width)x\(height): '\(line)'")
                }
            }
        }
    }

    @Test func withoutColourThereIsNoEscapeAtAll() {
        let evil = Self.place(9, "Evil\u{1B}]0;pwned\u{07}\u{9B}31m")
        let list = LocationList(locations: [Self.home, evil, Self.oslo], currentID: Self.home.id)
        var picker = RemovalPicker(list: list)
        for key: KeyPress in [.character(" "), .down, .character(" "), .enter] { _ = picker.handle(key) }
        let screen = picker.render(width: 80, height: 24, useColor: false).joined(separator: "\n")
        #expect(!screen.contains("\u{1B}") && !screen.contains("\u{07}") && !screen.contains("\u{9B}"))
        #expect(screen.contains("Evil") && !screen.contains("pwned") && !screen.contains("31m"))
    }

    @Test func withColourOnlyTheCursorRowTheCurrentRowAndTheMessageAreStyled() {
        let picker = picker([.character(" ")])
        let screen = picker.render(width: 80, height: 24, useColor: true)
        #expect(screen[1].hasPrefix("\u{1B}[7m>  *  Home") && screen[1].hasSuffix("\u{1B}[0m"))
        #expect(!screen[2].contains("\u{1B}"))
        #expect(screen[6].hasPrefix("\u{1B}[1mHome is the current location"))
    }
}
