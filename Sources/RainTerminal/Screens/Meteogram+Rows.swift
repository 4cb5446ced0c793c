import FoundationEssentials
import RainKit

extension MeteogramPlot {
    /// "Temperature °C  max 25° Thu 16:00  min 12° Fri 05:00", or the compact form's heading.
    func title() -> String {
        let unit = ascii ? format.temperatureLabel.replacingAll("°", with: "") : format.temperatureLabel
        let localization = format.localization
        var text = style.bold(isCompact ? localization.trn("Next hour", "Next {count} hours", count: points.count)
            : localization.trn("Next hour, temperature {unit}", "Next {count} hours, temperature {unit}", count: points.count, ["unit": unit]))
        let known = points.filter { $0.temperature?.isFinite == true }
        if let high = known.max(by: { $0.temperature! < $1.temperature! }), let low = known.min(by: { $0.temperature! < $1.temperature! }) {
            let degree = ascii ? "" : "°"
            // Each only where the line has room for it.
            for part in [localization.tr("max {temperature} {time}", ["temperature": MeasureFormat.whole(high.temperature) + degree,
                                                                       "time": clock.weekdayAndTime(high.time)]),
                         localization.tr("min {temperature} {time}", ["temperature": MeasureFormat.whole(low.temperature) + degree,
                                                                       "time": clock.weekdayAndTime(low.time)])]
                where 2 + text.displayWidth + 2 + part.displayWidth <= columns + Meteogram.gutter {
                text += "  " + part
            }
        }
        return "  " + text
    }

    /// The y-axis: the range of the temperatures (and feels-like) widened to round values, with
    /// the smallest round step that labels at most one value a row. The compact form's two rows
    /// are labelled at the top and the bottom only, so its range takes up to a step a dot row.
    func scale() -> (top: Double, bottom: Double, step: Double) {
        let values = points.flatMap { [$0.temperature, showsFeelsLike ? $0.apparentTemperature : nil] }.compactMap { $0 }.filter(\.isFinite)
            + bandValues
        let low = values.min() ?? 0, high = values.max() ?? 0
        let steps = isCompact ? temperatureRows * 4 : temperatureRows - 1
        for step in [1.0, 2, 5, 10, 20, 50, 100] {
            let bottom = (low / step).rounded(.down) * step
            let top = max((high / step).rounded(.up) * step, bottom + step)
            if (top - bottom) / step <= Double(steps) { return (top, bottom, step) }
        }
        return (high + 1, low - 1, high - low + 2)
    }

    /// The dot row (0 at the top) of `value`.
    func dotRow(_ value: Double, top: Double, bottom: Double) -> Int {
        let row = Int(((top - value) / (top - bottom) * Double(temperatureRows * 4 - 1)).rounded())
        return min(max(row, 0), temperatureRows * 4 - 1)
    }

    func temperatureLines() -> [String] {
        let (top, bottom, step) = scale()
        var labels: [Int: String] = [:]
        for multiple in isCompact ? [top, bottom] : Array(stride(from: bottom, through: top, by: step)) {
            let row = dotRow(multiple, top: top, bottom: bottom) / 4
            if labels[row] == nil { labels[row] = MeasureFormat.whole(multiple) + (ascii ? "" : "°") }
        }
        let dots = 2 * columns
        var line = [Int?](repeating: nil, count: dots), feels = [Int?](repeating: nil, count: dots)
        for dot in 0..<dots {
            let time = time(atDot: dot)
            line[dot] = interpolated({ $0.temperature }, at: time).map { dotRow($0, top: top, bottom: bottom) }
            feels[dot] = showsFeelsLike ? interpolated({ $0.apparentTemperature }, at: time).map { dotRow($0, top: top, bottom: bottom) } : nil
        }
        // Which dots of each cell are set: the line, joined up between dot columns; feels-like
        // every other dot column, not joined (fainter).
        var lineBits = [[UInt8]](repeating: [UInt8](repeating: 0, count: columns), count: temperatureRows)
        var feelsBits = lineBits
        func set(_ bits: inout [[UInt8]], dot: Int, row: Int) {
            bits[row / 4][dot / 2] |= Braille.bit(column: dot % 2, row: row % 4)
        }
        for dot in 0..<dots {
            if let row = line[dot] {
                let previous = dot > 0 ? (line[dot - 1] ?? row) : row
                for filled in min(row, previous)...max(row, previous) where filled == row || abs(filled - row) < abs(previous - row) {
                    set(&lineBits, dot: dot, row: filled)
                }
            }
            if dot % 2 == 0, let row = feels[dot], line[dot] != row { set(&feelsBits, dot: dot, row: row) }
        }
        let separators = Set(midnights().map(\.column))
        let band = bandCells(top: top, bottom: bottom)
        let bandEnds = bandEndBits(top: top, bottom: bottom)
        return (0..<temperatureRows).map { row in
            var text = gutter(labels[row] ?? "", axis: labels[row] == nil ? (ascii ? "|" : "│") : (ascii ? "|" : "┤"))
            for column in 0..<columns {
                let time = time(atColumn: column)
                var cell: String
                // ASCII's feels-like line is every other column: between, the band shows. Its `,`
                // is no bar's shade (`Shade`) and not the night's `.` on the axis.
                let feels = feelsBits[row][column] != 0 && !(ascii && column % 2 == 1 && band[row].contains(column))
                if lineBits[row][column] != 0 || feels {
                    if ascii {
                        cell = lineBits[row][column] != 0 ? Braille.asciiLine(lineBits[row][column]) : (column % 2 == 0 ? "," : " ")
                    } else {
                        cell = Braille.character(lineBits[row][column] | feelsBits[row][column] | bandEnds[row][column])
                    }
                    if lineBits[row][column] != 0 {
                        cell = style.temperature(cell, celsius: format.celsius(interpolated({ $0.temperature }, at: time)))
                    } else {
                        cell = style.dim(cell)
                    }
                } else if separators.contains(column) {
                    cell = style.dim(ascii ? "|" : "│")
                } else if band[row].contains(column) {
                    cell = style.dim(ascii ? "~" : MeteogramPlot.bandCell)
                } else {
                    cell = " "
                }
                text += isNight(time) && usesNightDimming ? style.dim(cell) : cell
            }
            return text
        }
    }

    /// The feels-like line is drawn where the legend names it: not in the compact form, which
    /// has no legend (and whose two rows it would squeeze the temperature into).
    var showsFeelsLike: Bool { !isCompact }

    /// Dimming is a colour attribute: without colour the axis's dots say where night is.
    var usesNightDimming: Bool { style.usesColor }

    /// The time axis: a line by day, dots by night, a cross at each midnight, now marked.
    func axisLine() -> String {
        let separators = Set(midnights().map(\.column))
        let nowColumn = column(of: now)
        var text = gutter("", axis: ascii ? "+" : "┼")
        for column in 0..<columns {
            text += axisCell(column: column, separators: separators, isNow: column == nowColumn)
        }
        return text
    }

    /// One column of the time axis: now, a cross at a midnight, else a line by day and dots by night.
    func axisCell(column: Int, separators: Set<Int>, isNow: Bool = false) -> String {
        let night = isNight(time(atColumn: column))
        let cell = isNow ? style.bold(ascii ? "A" : "▲")
            : separators.contains(column) ? (ascii ? "+" : "┼") : night ? (ascii ? "." : "·") : (ascii ? "-" : "─")
        return night ? style.dim(cell) : cell
    }

    /// The precipitation scale's top: the largest intensity ahead rounded up to a round
    /// number, at least 1 mm/h (0.04 in/h).
    func precipitationTop() -> Double {
        let largest = points.compactMap(\.precipIntensity).filter(\.isFinite).max() ?? 0
        let least = format.units.precipitation == .inches ? 0.04 : 1
        for top in [least, 2 * least, 3 * least, 5 * least, 10 * least, 20 * least, 50 * least] where largest <= top { return top }
        return largest
    }

    /// The scale's top as a label: two decimals below 1 where one would round it ("0.04" and
    /// "0.12" in/h, never "0"), else as short numbers are.
    static func scaleLabel(_ top: Double) -> String {
        let hundredths = Int((top * 100).rounded())
        guard top < 1, hundredths % 10 != 0 else { return MeasureFormat.short(top) }
        return "0." + (hundredths < 10 ? "0" : "") + String(hundredths)
    }

    func precipitationLines() -> [String] {
        let top = precipitationTop()
        let unit = format.precipitationLabel + "/h"
        let eighths = precipitationRows * 8
        let separators = Set(midnights().map(\.column))
        return (0..<precipitationRows).map { row in
            let label = row == 0 ? format.localization.decimal(Self.scaleLabel(top)) : unit
            var text = gutter(isCompact ? unit : label, axis: isCompact ? (ascii ? "+" : "┼") : (ascii ? "|" : "┤"))
            for column in 0..<columns {
                let hour = hour(at: time(atColumn: column))
                let intensity = max(hour.precipIntensity ?? 0, 0)
                var level = Int((intensity / top * Double(eighths)).rounded(.up))
                if intensity > 0 { level = max(level, 1) }
                // Eighths in this row, counted from its bottom.
                var inRow = min(max(level - (precipitationRows - 1 - row) * 8, 0), 8)
                // An ASCII cell is whole (`Shade`): above the bottom row, a bar shows where it
                // fills half the cell or more; in the bottom row any rain shows.
                if ascii && inRow < 4 && row < precipitationRows - 1 { inRow = 0 }
                if isCompact && inRow == 0 {
                    text += axisCell(column: column, separators: separators)
                } else {
                    text += Shade(probability: rainShare(hour)).cell(eighths: inRow, style: style, ascii: ascii)
                }
            }
            return text
        }
    }

    /// Hours worth a label, every `every` hours on the place's clock.
    func labelledHours(every: Int) -> [(column: Int, hour: Forecast.Hour)] {
        points.filter { point in
            let hourOfDay = clock.hourOfDay(point.time)
            return hourOfDay % every == 0 && point.time >= start
        }.map { (column(of: $0.time), $0) }
    }

    /// How many hours apart labels `width` wide can stand with a space between.
    func spacing(forLabelsOf width: Int) -> Int {
        let columnsPerHour = Double(columns) / (span / 3_600)
        return [1, 2, 3, 6, 12, 24].first { Double($0) * columnsPerHour >= Double(width + 1) } ?? 24
    }

    /// Texts placed at their columns, each skipped where it would touch the one before; `paint`
    /// styles each placed text (its cells stay as wide).
    func placed(_ items: [(column: Int, text: String)], label: String, paint: (String) -> String = { $0 }) -> String {
        var cells = [String](repeating: " ", count: columns)
        var free = 0
        for item in items where item.column >= free && item.column + item.text.displayWidth <= columns {
            var column = item.column
            // A wide character (CJK) fills two columns: its cell, and the next one left empty.
            for character in item.text {
                cells[column] = String(character)
                if character.displayWidth == 2 { cells[column + 1] = "" }
                column += character.displayWidth
            }
            let painted = paint(item.text)
            if painted != item.text {
                for cell in item.column..<column { cells[cell] = "" }
                cells[item.column] = painted
            }
            free = column + 1
        }
        return gutter(label) + cells.joined()
    }

    /// Arrows where the wind blows to, with its speed, and `g` with the strongest gust of the
    /// hours a label stands for where it exceeds the speed markedly (`WindGust`): `↘9g21`.
    func windLine() -> String {
        let every = spacing(forLabelsOf: 3)
        let items = labelledHours(every: every).compactMap { column, hour -> (column: Int, text: String)? in
            guard let speed = hour.windSpeed, speed.isFinite else { return nil }
            let arrow = hour.windBearing.map { Compass.arrow(forBearing: $0, ascii: ascii) } ?? ""
            let gust = gust(from: hour.time, hours: every).map { "g" + MeasureFormat.whole($0) } ?? ""
            return (column, arrow + MeasureFormat.whole(speed) + gust)
        }
        return placed(items, label: format.windLabel)
    }

    /// The strongest marked gust (the points carry only those) of `hours` hours from `time`.
    func gust(from time: Date, hours: Int) -> Double? {
        let end = time.addingTimeInterval(Double(hours) * 3_600)
        return points.filter { $0.time >= time && $0.time < end }.compactMap(\.windGust).filter(\.isFinite).max()
    }

    /// Whether the wind row shows a gust anywhere (the legend then says what `g` is).
    var showsGusts: Bool {
        !isCompact && windLine().contains { $0 == "g" }
    }

    /// The UV index where the sun gives one.
    /// The UV index where the sun gives one: the highest of the hours a label stands for, so
    /// the day's peak is never passed over between two labels.
    func uvLine() -> String {
        let every = spacing(forLabelsOf: 2)
        let items = labelledHours(every: every).compactMap { column, hour -> (column: Int, text: String)? in
            let end = hour.time.addingTimeInterval(Double(every) * 3_600)
            guard let uv = points.filter({ $0.time >= hour.time && $0.time < end }).compactMap(\.uvIndex).filter(\.isFinite).max(),
                  uv >= 0.5 else { return nil }
            return (column, MeasureFormat.whole(uv))
        }
        return placed(items, label: "UV")
    }

    /// The air-quality index in the place's scale (`aqi_scale`), the highest of the hours a
    /// label stands for, coloured by its category; nil where the forecast has no air ahead.
    func airLine() -> String? {
        guard let air = forecast.air, !air.hourly.isEmpty else { return nil }
        let scale = airQualityScale
        let every = spacing(forLabelsOf: 3)
        let items = labelledHours(every: every).compactMap { column, hour -> (column: Int, text: String)? in
            let end = hour.time.addingTimeInterval(Double(every) * 3_600)
            guard let index = air.hourly.filter({ $0.time >= hour.time && $0.time < end }).compactMap({ $0.index(on: scale) })
                .filter(\.isFinite).max() else { return nil }
            return (column, MeasureFormat.whole(index))
        }
        guard !items.isEmpty else { return nil }
        return placed(items, label: format.localization.tr("AQI"), paint: { text in
            guard let index = Double(text) else { return text }
            return self.airColor(AirQualityCategory(index: index, on: scale), text)
        })
    }

    /// Green while the air is good (or fair), yellow at moderate, red beyond.
    func airColor(_ category: AirQualityCategory, _ text: String) -> String {
        switch category {
        case .good, .fair: return style.green(text)
        case .moderate: return style.yellow(text)
        default: return style.red(text)
        }
    }

    /// Each local midnight on the axis.
    func midnights() -> [(column: Int, time: Date)] {
        points.dropFirst().filter { clock.hourOfDay($0.time) == 0 && clock.hourOfDay($0.time.addingTimeInterval(-3_600)) != 0 }
            .map { (column(of: $0.time), $0.time) }
    }

    /// The hour labels on the place's clock, the day's name at each midnight. A day's name
    /// wins over the hours it would touch, and one whose midnight is too near the right edge
    /// for it ends at the edge: the small graph of 24 hours, drawn after 01:00, left out the
    /// new day's name, its midnight 3 columns from the edge. A graph that starts at midnight
    /// (drawn in the hour after it) names its day where "00" would stand.
    func labelLine() -> String {
        let every = spacing(forLabelsOf: clock.hour(start).displayWidth)
        let startsDay = clock.hourOfDay(start) == 0 && clock.hourOfDay(start.addingTimeInterval(-3_600)) != 0
        let days = Dictionary(((startsDay ? [(column: 0, time: start)] : []) + midnights()).map { ($0.column, clock.weekdayAndDay($0.time)) },
                              uniquingKeysWith: { first, _ in first })
        let dayItems = days.map { column, name in (column: max(0, min(column, columns - name.displayWidth)), text: name) }
        func touches(_ a: (column: Int, text: String), _ b: (column: Int, text: String)) -> Bool {
            a.column <= b.column + b.text.displayWidth && b.column <= a.column + a.text.displayWidth
        }
        let hourItems = labelledHours(every: max(every, isCompact ? 3 : 1))
            .filter { days[$0.column] == nil }
            .map { (column: $0.column, text: clock.shortHour($0.hour.time)) }
            .filter { hour in !dayItems.contains { touches(hour, $0) } }
        return placed((dayItems + hourItems).sorted { $0.column < $1.column }, label: "")
    }

    /// The legend: each part whole, on a second line where the first has no room for it (the
    /// AQI row's scale was left out at 80 columns, and "now" with it).
    func legendLines() -> [String] {
        let tr = format.localization
        var parts = ascii
            ? ["-_' " + tr.tr("temp"), ", " + tr.tr("feels"), chanceLegend(), ". " + tr.tr("night"), "A " + tr.tr("now")]
            : ["⠤ " + tr.tr("temp"), "⠂ " + tr.tr("feels"), chanceLegend(), "· " + tr.tr("night"), "▲ " + tr.tr("now")]
        if showsSpread {
            let words = spreadLegend()
            parts[2] = words.rain
            parts.insert(words.band, at: 1)
        }
        // Each where it fits; the wind row's `g`, where it shows one, after the rain.
        if showsGusts { parts.insert("g " + tr.tr("gusts"), at: showsSpread ? 4 : 3) }
        // The AQI row's scale, last: where it fits.
        if airLine() != nil { parts.append(tr.tr(airQualityScale == .us ? N_("US AQI") : N_("European AQI"))) }
        var lines = ["  "]
        for part in parts {
            if lines[lines.count - 1].displayWidth + part.displayWidth + 2 > columns + Meteogram.gutter && lines[lines.count - 1] != "  " {
                lines.append("  ")
            }
            lines[lines.count - 1] += part + "  "
        }
        return lines.map { style.dim($0) }
    }
}

/// A bar's look by the chance of precipitation: with colour, brighter the likelier; without,
/// a pattern (░ unlikely, ▒ maybe, █ likely); in ASCII `:`, `=`, `#`.
struct Shade {
    let probability: Double

    /// In ASCII a bar's cell is its shade however little of it the bar fills: a low bar's own
    /// glyph (`.`, `_`) was the night's dots on the axis, or the temperature line's `_`.
    func cell(eighths: Int, style: TextStyle, ascii: Bool) -> String {
        guard eighths > 0 else { return " " }
        if ascii { return probability < 0.3 ? ":" : probability < 0.6 ? "=" : "#" }
        if style.usesColor {
            let bar = String(Braille.blocks[eighths - 1])
            return probability < 0.3 ? style.dim(style.cyan(bar)) : probability < 0.6 ? style.cyan(bar) : style.bold(style.blue(bar))
        }
        if eighths < 4 { return "▁" }
        return probability < 0.3 ? "░" : probability < 0.6 ? "▒" : "█"
    }
}

/// Braille cells (U+2800: two columns of four dots) and the block characters of bars.
enum Braille {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    static func bit(column: Int, row: Int) -> UInt8 {
        let left: [UInt8] = [0x01, 0x02, 0x04, 0x40], right: [UInt8] = [0x08, 0x10, 0x20, 0x80]
        return column == 0 ? left[row] : right[row]
    }

    static func character(_ bits: UInt8) -> String {
        String(Character(Unicode.Scalar(0x2800 + UInt32(bits))!))
    }

    /// The line's dots in a cell as one ASCII character: where in the cell they sit.
    static func asciiLine(_ bits: UInt8) -> String {
        let rows = (0..<4).filter { row in bits & (bit(column: 0, row: row) | bit(column: 1, row: row)) != 0 }
        if rows.count >= 3 { return "|" }
        let middle = Double(rows.reduce(0, +)) / Double(max(rows.count, 1))
        return middle < 1 ? "'" : middle < 2.5 ? "-" : "_"
    }
}
