import RainKit

extension PlacePicker {
    /// The screen as lines, at most `height` of them, none wider than `width` display columns
    /// (below `NarrowWindow.minimumWidth`, only that the window is too narrow):
    /// a title, the visible rows (number, name, region and country, coordinates, population),
    /// the place under the cursor in full, and the keys.
    public func render(width: Int, height: Int, useColor: Bool) -> [String] {
        let width = max(1, width), height = max(1, height)
        if NarrowWindow.isTooNarrow(width) { return NarrowWindow.lines(width: width, height: height, localization: localization) }
        let style = TextStyle(usesColor: useColor)
        let shown = ScrollingList.visibleRows(cursor: cursor, scrollOffset: scrollOffset, count: places.count, height: height)
        let table = PlaceTable(places: places, localization: localization)
        let lines = shown.map { index in
            let line = table.line(index, width: width)
            return index == cursor ? style.inverse(line.padded(to: width)) : line.trimmingTrailingSpaces
        }
        let chosen = places.indices.contains(cursor) ? "\(places[cursor].qualifiedName) \(places[cursor].shortCoordinates)" : ""
        let title = purpose == .select ? localization.tr("Choose the current location")
            : localization.tr("Places named \"{name}\"", ["name": query.strippingControlCharacters])
        return ScrollingList.screen(title: title, rows: lines, shown: shown, localization: localization,
                                    count: places.count, status: chosen, emphasized: false,
                                    keys: keysHelp, width: width, height: height, useColor: useColor)
    }

    /// The keys, in full and short: "↑↓ j/k move · 1-9 jump · enter add this place · q cancel".
    var keysHelp: (String, String) {
        let words = localization
        return switch purpose {
        case .add: (words.tr("↑↓ j/k move · 1-9 jump · enter add this place · q cancel"), words.tr("enter add · q cancel"))
        case .show: (words.tr("↑↓ j/k move · 1-9 jump · enter show this place · q cancel"), words.tr("enter show · q cancel"))
        case .select: (words.tr("↑↓ j/k move · 1-9 jump · enter make it current · q cancel"), words.tr("enter select · q cancel"))
        }
    }
}

/// Matches as aligned columns: number, name, region and country, coordinates, population.
/// A line too wide for the window is cut at its end; a name too wide for a line of its own
/// (a single character wider than the window: a run of Hangul leading consonants is one) is
/// cut in its column and does not widen it, so it takes no other row's columns away.
struct PlaceTable: Sendable {
    private let columns: [[String]]
    private let widths: [Int]
    /// The names' widths, widest first.
    private let nameWidths: [Int]

    init(places: [PlaceMatch], localization: Localization = .english) {
        let columns = places.map { Self.columns($0, localization: localization) }
        self.columns = columns
        widths = (0..<4).map { column in columns.map { $0[column].displayWidth }.max() ?? 0 }
        nameWidths = columns.map { $0[0].displayWidth }.sorted(by: >)
    }

    func line(_ index: Int, width: Int) -> String {
        let row = columns[index]
        let number = String(index + 1).padded(to: String(columns.count).count, alignRight: true) + "  "
        let text = number + row[0].padded(to: nameWidth(room: width - number.count)) + "  " + row[1].padded(to: widths[1]) + "  "
            + row[2].padded(to: widths[2]) + "  " + row[3].padded(to: widths[3], alignRight: true)
        return text.truncated(toDisplayWidth: width)
    }

    /// The name column's width where `room` columns are left after the number: the widest
    /// name that fits there; at least one column, for the "…" of a name cut to nothing.
    private func nameWidth(room: Int) -> Int {
        max(1, nameWidths.first { $0 <= room } ?? 0)
    }

    private static func columns(_ place: PlaceMatch, localization: Localization) -> [String] {
        let area = Location.joined([place.region, place.country])
        let population = place.population.map { localization.tr("pop. {count}", ["count": grouped($0)]) } ?? ""
        return [place.name, area, place.shortCoordinates, population]
    }

    /// 2138551 -> "2,138,551".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(abs(number)))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (number < 0 ? "-" : "") + text
    }
}
