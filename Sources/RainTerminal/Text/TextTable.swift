import RainKit

/// Columns of text aligned under each other and fitted to a width: a column that may shrink
/// and be dropped gives way first (cut with "…"), then columns are dropped, least important
/// first; a column that is never dropped (the places' names) is cut once the columns less
/// important than it are gone (`cutAfterRank`). Cells may carry colour; widths count what the
/// terminal shows.
struct TextTable {
    struct Column {
        var title: String
        var cells: [String]
        var alignment: ColumnAlignment = .left
        /// Columns with a lower rank are dropped first when the width is short; `nil`: never.
        var dropRank: Int?
        /// The narrowest a column may be cut to before it is dropped (or kept whole); `nil`: never cut.
        var minimumWidth: Int?
        /// For a column never dropped: it is cut only after the columns of this rank and lower
        /// are dropped; `nil`: before any is.
        var cutAfterRank: Int?

        var naturalWidth: Int { ([title] + cells).map(\.displayWidth).max() ?? 0 }
    }

    var columns: [Column]
    /// Text before every line (a margin or a mark column drawn by the caller).
    var separator = "  "
    /// Whether the title row is printed.
    var showsTitles = true

    /// The lines, none wider than `width`; with `width` nil, every column at its natural width.
    func render(width: Int?, style: TextStyle) -> [String] {
        let (columns, widths) = layout(width: width)
        let rows = (columns.first?.cells.indices ?? 0..<0).map { row in columns.map { $0.cells[row] } }
        var lines: [String] = []
        if showsTitles { lines.append(style.dim(line(columns.map(\.title), columns: columns, widths: widths))) }
        lines += rows.map { line($0, columns: columns, widths: widths) }
        return lines
    }

    /// The columns kept and their widths at `width`.
    private func layout(width: Int?) -> (columns: [Column], widths: [Int]) {
        var columns = columns
        var widths = columns.map(\.naturalWidth)
        if let width {
            func total() -> Int { widths.reduce(0, +) + separator.count * max(0, widths.count - 1) }
            // Cut the cuttable columns down to their minimums, the first to be dropped first.
            // Cut the cuttable columns down to their minimums, the first to be dropped first.
            func cut(_ indices: [Int]) {
                for index in indices.sorted(by: { columns[$0].dropRank! < columns[$1].dropRank! }) where total() > width {
                    widths[index] = max(min(columns[index].minimumWidth!, widths[index]), widths[index] - (total() - width))
                }
            }
            cut(columns.indices.filter { columns[$0].minimumWidth != nil && columns[$0].dropRank != nil })
            // Drop columns of at most `rank`, the least important first.
            func drop(upTo rank: Int) {
                while total() > width, let index = columns.indices.filter({ (columns[$0].dropRank ?? .max) <= rank })
                    .min(by: { columns[$0].dropRank! < columns[$1].dropRank! }) {
                    columns.remove(at: index)
                    widths.remove(at: index)
                }
            }
            let kept = columns.indices.filter { columns[$0].minimumWidth != nil && columns[$0].dropRank == nil }
            for rank in Set(kept.map { columns[$0].cutAfterRank ?? .min }).sorted() {
                if rank != .min { drop(upTo: rank) }
                for index in columns.indices where columns[index].minimumWidth != nil && columns[index].dropRank == nil
                    && (columns[index].cutAfterRank ?? .min) == rank && total() > width {
                    widths[index] = max(min(columns[index].minimumWidth!, widths[index]), widths[index] - (total() - width))
                }
            }
            drop(upTo: .max - 1)
            // What the dropped columns freed goes back to the columns cut before, the most
            // important (the last to be dropped) first.
            let regrown = columns.indices.filter { widths[$0] < columns[$0].naturalWidth }
                .sorted { columns[$0].dropRank ?? .max > columns[$1].dropRank ?? .max }
            for index in regrown where total() < width {
                widths[index] = min(columns[index].naturalWidth, widths[index] + (width - total()))
            }
        }
        return (columns, widths)
    }

    private func line(_ cells: [String], columns: [Column], widths: [Int]) -> String {
        zip(cells, zip(columns, widths)).map { cell, layout in
            cell.truncated(toDisplayWidth: layout.1).padded(toDisplayWidth: layout.1, alignment: layout.0.alignment)
        }.joined(separator: separator).trimmingTrailingSpaces
    }
}
