import FoundationEssentials
import RainKit

/// The state of `rain locations remove --interactive`: the saved places as rows, a cursor, the
/// checked places, how far the list is scrolled and a one-line message. Keys go in through
/// `handle(_:)`, lines come out of `render(width:height:useColor:)`; no terminal I/O here.
public struct RemovalPicker: Sendable, Equatable {
    public struct Row: Sendable, Equatable, Identifiable {
        public var location: Location
        /// The current location: shown, never checkable.
        public var isCurrent: Bool
        public var id: UUID { location.id }
        /// The name as it may be printed: control characters removed.
        public var displayName: String { location.name.strippingControlCharacters }
    }

    /// What the caller does after a key.
    public enum Action: Sendable, Equatable {
        /// Draw again and read the next key.
        case redraw
        /// Enter with places checked: ask, then remove these (in list order).
        case confirm([Location])
        /// q or Esc: leave without changing anything.
        case cancel
        /// Ctrl-C: leave as if interrupted.
        case interrupt
        /// Ctrl-Z: give the terminal back to the shell for a while.
        case suspend
    }

    public private(set) var rows: [Row]
    public private(set) var cursor = 0
    public private(set) var checkedIDs: Set<UUID> = []
    /// Index of the first row shown.
    public private(set) var scrollOffset = 0
    /// Shown in the footer until the next key.
    public private(set) var message: String?
    /// Rows of the list that fit on the screen (set by `resize(height:)`).
    public private(set) var visibleRowCount: Int
    /// The language of the title, the messages and the keys.
    public let localization: Localization

    public init(list: LocationList, height: Int = 24, localization: Localization = .english) {
        self.localization = localization
        rows = list.locations.map { Row(location: $0, isCurrent: list.isCurrent($0)) }
        visibleRowCount = ScrollingList.listHeight(forScreenHeight: height)
    }

    /// The checked places in list order.
    public var checkedLocations: [Location] {
        rows.filter { checkedIDs.contains($0.id) }.map(\.location)
    }

    public var removableRows: [Row] { rows.filter { !$0.isCurrent } }

    /// The screen now has `height` lines: keep the cursor in view.
    public mutating func resize(height: Int) {
        visibleRowCount = ScrollingList.listHeight(forScreenHeight: height)
        scrollOffset = ScrollingList.offset(keeping: cursor, visibleFrom: scrollOffset, rows: visibleRowCount, of: rows.count)
    }

    public mutating func handle(_ key: KeyPress) -> Action {
        message = nil
        switch key {
        case .up, .character("k"), .control("p"): move(by: -1, wrapping: true)
        case .down, .character("j"), .control("n"): move(by: 1, wrapping: true)
        case .pageUp, .control("b"): move(by: -max(1, visibleRowCount - 1), wrapping: false)
        case .pageDown, .control("f"): move(by: max(1, visibleRowCount - 1), wrapping: false)
        case .home, .character("g"): move(by: -rows.count, wrapping: false)
        case .end, .character("G"): move(by: rows.count, wrapping: false)
        case .character(" "), .character("x"): toggleCursorRow()
        case .character("a"): toggleAll()
        case .enter:
            let checked = checkedLocations
            guard !checked.isEmpty else {
                message = localization.tr("Nothing checked yet: space checks the place under the cursor, q leaves.")
                return .redraw
            }
            return .confirm(checked)
        case .character("q"), .character("Q"), .escape: return .cancel
        case .control("c"): return .interrupt
        case .control("z"): return .suspend
        default: break
        }
        return .redraw
    }

    private mutating func move(by delta: Int, wrapping: Bool) {
        guard !rows.isEmpty else { return }
        let target = cursor + delta
        if wrapping {
            cursor = (target % rows.count + rows.count) % rows.count
        } else {
            cursor = min(max(target, 0), rows.count - 1)
        }
        scrollOffset = ScrollingList.offset(keeping: cursor, visibleFrom: scrollOffset, rows: visibleRowCount, of: rows.count)
    }

    private mutating func toggleCursorRow() {
        guard rows.indices.contains(cursor) else { return }
        let row = rows[cursor]
        if row.isCurrent {
            message = localization.tr("{name} is the current location; rain locations select --none frees it.",
                                       ["name": row.displayName.truncated(toDisplayWidth: 20)])
        } else if checkedIDs.contains(row.id) {
            checkedIDs.remove(row.id)
        } else {
            checkedIDs.insert(row.id)
        }
    }

    /// Checks every removable row; when all of them are checked already, unchecks them.
    private mutating func toggleAll() {
        let removable = Set(removableRows.map(\.id))
        guard !removable.isEmpty else {
            message = localization.tr("Nothing can be removed: the current location is the only saved place.")
            return
        }
        checkedIDs = checkedIDs.isSuperset(of: removable) ? [] : removable
    }
}
