/// The geometry of a full-screen list with a title line above and two lines below (a status
/// and the keys): how many rows fit, and how far to scroll to keep the cursor in view.
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

    /// "Title        1–5 of 9": `left`, and `right` against the right edge when both fit.
    static func title(_ left: String, _ right: String, width: Int) -> String {
        let gap = width - left.displayWidth - right.displayWidth
        return gap >= 2 ? left + String(repeating: " ", count: gap) + right : left.truncated(toDisplayWidth: width)
    }
}
