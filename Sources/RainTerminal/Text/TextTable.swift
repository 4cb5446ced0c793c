import RainKit

/// Columns of text aligned under each other and fitted to a width: a column that may shrink
/// gives way first (cut with "…"), then columns are dropped, least important first. Cells may
/// carry colour; widths count what the terminal shows.
struct TextTable {
    struct Column {
        var title: String
        var cells: [String]
        var alignment: ColumnAlignment = .left
        /// Columns with a lower rank are dropped first when the width is short; `nil`: never.
        var dropRank: Int?
        /// The narrowest a column may be cut to before it is dropped (or kept whole); `nil`: never cut.
        var minimumWidth: Int?

        var naturalWidth: Int { ([title] + cells).map(\.displayWidth).max() ?? 0 }
    }

    var columns: [Column]
    /// Text before every line (a margin or a mark column drawn by the caller).
    var separator = "  "
    /// Whether the title row is printed.
    var showsTitles = true

    /// The lines, none wider than `width`; with `width` nil, every column at its natural width.
    func render(width: Int?, style: TextStyle) -> [String] {
        var columns = columns
        var widths = columns.map(\.naturalWidth)
        if let width {
            func total() -> Int { widths.reduce(0, +) + separator.count * max(0, widths.count - 1) }
            // Cut the cuttable columns down to their minimums, the first to be dropped first.
            let cuttable = columns.indices.filter { columns[$0].minimumWidth != nil }
                .sorted { columns[$0].dropRank ?? .max < columns[$1].dropRank ?? .max }
            for index in cuttable where total() > width {
                widths[index] = max(min(columns[index].minimumWidth!, widths[index]), widths[index] - (total() - width))
            }
            while total() > width, let index = columns.indices.filter({ columns[$0].dropRank != nil })
                .min(by: { columns[$0].dropRank! < columns[$1].dropRank! }) {
                columns.remove(at: index)
                widths.remove(at: index)
            }
        }
        let rows = (columns.first?.cells.indices ?? 0..<0).map { row in columns.map { $0.cells[row] } }
        var lines: [String] = []
        if showsTitles { lines.append(style.dim(line(columns.map(\.title), columns: columns, widths: widths))) }
        lines += rows.map { line($0, columns: columns, widths: widths) }
        return lines
    }

    private func line(_ cells: [String], columns: [Column], widths: [Int]) -> String {
        zip(cells, zip(columns, widths)).map { cell, layout in
            cell.truncated(toDisplayWidth: layout.1).padded(toDisplayWidth: layout.1, alignment: layout.0.alignment)
        }.joined(separator: separator).trimmingTrailingSpaces
    }
}
