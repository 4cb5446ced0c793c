import RainKit

/// The state of the list `rain locations add NAME` (and a show of a name not saved) shows on a
/// terminal when several places have that name, and `rain locations select` the saved places:
/// numbered rows and a cursor. Keys go in through
/// `handle(_:)`, lines come out of `render(width:height:useColor:)`; no terminal I/O here.
public struct PlacePicker: Sendable, Equatable {
    /// What the caller does after a key.
    public enum Action: Sendable, Equatable {
        case redraw
        /// Enter: the row picked (an index of `places`). The row, not the place: two saved places
        /// may be alike in everything shown (`locations add --again`).
        case pick(row: Int)
        /// q or Esc: leave without saving anything.
        case cancel
        /// Ctrl-C.
        case interrupt
        /// Ctrl-Z.
        case suspend
    }

    /// What Enter does with the place under the cursor.
    public enum Purpose: Sendable, Equatable {
        case add, show, select
    }

    public let query: String
    public let places: [PlaceMatch]
    public let purpose: Purpose
    public private(set) var cursor = 0
    public private(set) var scrollOffset = 0
    public private(set) var visibleRowCount: Int
    /// The language of the title and the keys.
    public let localization: Localization

    /// - Parameter cursor: the row the cursor starts on (the current location, to select another).
    public init(query: String, places: [PlaceMatch], height: Int = 24, purpose: Purpose = .add, cursor: Int = 0,
                localization: Localization = .english) {
        self.query = query
        self.places = places
        self.purpose = purpose
        self.localization = localization
        visibleRowCount = ScrollingList.listHeight(forScreenHeight: height)
        move(to: cursor, wrapping: false)
    }

    public mutating func resize(height: Int) {
        visibleRowCount = ScrollingList.listHeight(forScreenHeight: height)
        scrollOffset = ScrollingList.offset(keeping: cursor, visibleFrom: scrollOffset, rows: visibleRowCount, of: places.count)
    }

    public mutating func handle(_ key: KeyPress) -> Action {
        switch key {
        case .up, .character("k"), .control("p"): move(to: cursor - 1, wrapping: true)
        case .down, .character("j"), .control("n"): move(to: cursor + 1, wrapping: true)
        case .pageUp, .control("b"): move(to: cursor - max(1, visibleRowCount - 1), wrapping: false)
        case .pageDown, .control("f"): move(to: cursor + max(1, visibleRowCount - 1), wrapping: false)
        case .home, .character("g"): move(to: 0, wrapping: false)
        case .end, .character("G"): move(to: places.count - 1, wrapping: false)
        case .character(let digit) where digit.isASCII && digit.isNumber:
            // 1-9 go to that row, 0 to the tenth.
            let row = digit == "0" ? 9 : Int(String(digit))! - 1
            if places.indices.contains(row) { move(to: row, wrapping: false) }
        case .enter:
            guard places.indices.contains(cursor) else { return .cancel }
            return .pick(row: cursor)
        case .character("q"), .character("Q"), .escape: return .cancel
        case .control("c"): return .interrupt
        case .control("z"): return .suspend
        default: break
        }
        return .redraw
    }

    private mutating func move(to target: Int, wrapping: Bool) {
        guard !places.isEmpty else { return }
        cursor = wrapping ? (target % places.count + places.count) % places.count : min(max(target, 0), places.count - 1)
        scrollOffset = ScrollingList.offset(keeping: cursor, visibleFrom: scrollOffset, rows: visibleRowCount, of: places.count)
    }
}
