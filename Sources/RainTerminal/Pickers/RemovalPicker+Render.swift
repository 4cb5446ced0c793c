import FoundationEssentials
import RainKit

extension RemovalPicker {
    /// The screen as lines, at most `height` of them, none wider than `width` display columns
    /// (ANSI styling, when `useColor`, adds no columns). A title, the visible rows, a status
    /// line (the message, or how many are checked) and the keys.
    public func render(width: Int, height: Int, useColor: Bool) -> [String] {
        let width = max(1, width), height = max(1, height)
        if NarrowWindow.isTooNarrow(width) { return NarrowWindow.lines(width: width, height: height, localization: localization) }
        let shown = ScrollingList.visibleRows(cursor: cursor, scrollOffset: scrollOffset, count: rows.count, height: height)
        let layout = RowLayout(rows: rows, width: width, localization: localization)
        let lines = shown.map { index in
            styledRow(layout.line(for: rows[index], isChecked: checkedIDs.contains(rows[index].id),
                                  isUnderCursor: index == cursor),
                      index: index, width: width, useColor: useColor)
        }
        return ScrollingList.screen(title: localization.tr("Remove saved places"), rows: lines, shown: shown, localization: localization, count: rows.count,
                                    status: message ?? checkedSummary, emphasized: message != nil,
                                    keys: (localization.tr(Self.keysHelp), localization.tr(Self.shortKeysHelp)), width: width, height: height, useColor: useColor)
    }

    static let keysHelp = N_("↑↓ j/k move · space check · a all/none · enter remove · q quit")
    static let shortKeysHelp = N_("space check · a all · enter remove · q quit")

    private var checkedSummary: String {
        checkedIDs.isEmpty ? localization.tr("Nothing checked.") : localization.trn("1 place checked.", "{count} places checked.", count: checkedIDs.count)
    }

    private func styledRow(_ text: String, index: Int, width: Int, useColor: Bool) -> String {
        let style = TextStyle(usesColor: useColor)
        if index == cursor { return style.inverse(text.padded(to: width)) }
        let trimmed = text.trimmingTrailingSpaces
        return rows[index].isCurrent ? style.dim(trimmed) : trimmed
    }
}

/// The columns of a picker row, fitted to the width: marker, box, name, short ID, and where
/// there is room the coordinates; the current location says so at the end. When room is short
/// the coordinates go first, then the current location's tag gets shorter, then the name.
private struct RowLayout {
    static let prefixWidth = 6           // "> [✓] "
    static let idWidth = 2 + 8
    static let coordinatesWidth = 2 + 8 + 2 + 9

    let width: Int
    let nameWidth: Int
    let showsCoordinates: Bool
    let currentTag: String

    init(rows: [RemovalPicker.Row], width: Int, localization: Localization) {
        self.width = width
        let longest = rows.map(\.displayName.displayWidth).max() ?? 0
        let wanted = min(30, max(4, longest))
        let hasCurrent = rows.contains(where: \.isCurrent)
        var showsCoordinates = true
        var currentTag = hasCurrent ? "  " + localization.tr("current location") : ""
        func fixedWidth() -> Int {
            Self.prefixWidth + Self.idWidth + (showsCoordinates ? Self.coordinatesWidth : 0) + currentTag.displayWidth
        }
        let leastName = min(wanted, 12)
        if fixedWidth() + leastName > width { showsCoordinates = false }
        if fixedWidth() + leastName > width && hasCurrent { currentTag = "  " + localization.tr("current") }
        self.showsCoordinates = showsCoordinates
        self.currentTag = currentTag
        nameWidth = max(1, min(wanted, width - fixedWidth()))
    }

    func line(for row: RemovalPicker.Row, isChecked: Bool, isUnderCursor: Bool) -> String {
        let box = row.isCurrent ? " * " : isChecked ? "[✓]" : "[ ]"
        var text = (isUnderCursor ? "> " : "  ") + box + " " + row.displayName.padded(to: nameWidth)
            + "  " + row.location.shortID
        if showsCoordinates {
            text += "  " + LocationTable.degrees(row.location.coordinate.latitude).padded(to: 8, alignRight: true)
                + "  " + LocationTable.degrees(row.location.coordinate.longitude).padded(to: 9, alignRight: true)
        }
        if row.isCurrent { text += currentTag }
        return text.truncated(toDisplayWidth: width)
    }
}
