import RainKit

/// The geometry of a full-screen list with a title line above and two lines below (a status
/// and the keys): how many rows fit, how far to scroll to keep the cursor in view, and the
/// frame around the rows.
enum ScrollingList {
    /// Lines of the screen the list gets.
    static func listHeight(forScreenHeight height: Int) -> Int {
        height >= 4 ? height - 3 : max(1, height)
    }

    /// The first visible row after the least scrolling that keeps `cursor` in view.
    static func offset(keeping cursor: Int, visibleFrom offset: Int, rows visible: Int, of count: Int) -> Int {
        var offset = offset
        if cursor < offset { offset = cursor }
        if cursor >= offset + visible { offset = cursor - visible + 1 }
        return min(max(0, offset), max(0, count - visible))
    }

    /// The rows of `count` that a screen `height` lines high shows, scrolled as little as
    /// possible from `scrollOffset` to keep `cursor` in view.
    static func visibleRows(cursor: Int, scrollOffset: Int, count: Int, height: Int) -> Range<Int> {
        let visible = listHeight(forScreenHeight: height)
        let first = offset(keeping: cursor, visibleFrom: scrollOffset, rows: visible, of: count)
        return first..<min(count, first + visible)
    }

    /// The screen: `title` with the rows' range ("1–5 of 9", or "9 places") against the right
    /// edge, the `rows` (drawn for `shown`), the status line (bold when `emphasized`) and the
    /// keys (the short form when the long one does not fit). Only the rows when fewer than four
    /// lines fit.
    static func screen(title: String, rows: [String], shown: Range<Int>, localization: Localization, count: Int, status: String, emphasized: Bool,
                       keys: (long: String, short: String), width: Int, height: Int, useColor: Bool) -> [String] {
        guard height >= 4 else { return rows }
        let range = shown.count < count
            ? localization.tr("{first}–{last} of {count}", ["first": String(shown.lowerBound + 1), "last": String(shown.upperBound), "count": String(count)])
            : localization.trn("1 place", "{count} places", count: count)
        let gap = width - title.displayWidth - range.displayWidth
        let top = gap >= 2 ? title + String(repeating: " ", count: gap) + range : title.truncated(toDisplayWidth: width)
        let fitted = status.truncated(toDisplayWidth: width)
        let help = keys.long.displayWidth <= width ? keys.long : keys.short
        return [top] + rows + [emphasized ? TextStyle(usesColor: useColor).bold(fitted) : fitted, help.truncated(toDisplayWidth: width)]
    }
}
