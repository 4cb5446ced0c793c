import FoundationEssentials
import RainKit

extension ForecastViewContext {
    /// `rain show --parts`: each day from today in four parts (`DayParts`), one row a day
    /// (before 06:00 first "Tonight", the night under way, that started the date before): a
    /// part's symbol, temperature (the night's lowest, the others' highest) and highest chance
    /// of precipitation. Where the window is narrow the symbols go first, then the chances.
    func partsSection() -> [String] {
        let days = DayParts.days(of: forecast, now: now, clock: clock, limit: dayCount ?? 7)
        guard !days.isEmpty else { return [] }
        let labels = days.map { $0.isNightUnderWay ? tr("Tonight") : clock.dayLabel($0.day, now: now) }
        // The night under way has only its night: its name takes the cells of the parts gone by.
        let labelWidth = max(6, zip(days, labels).filter { !$0.0.isNightUnderWay }.map(\.1.displayWidth).max() ?? 6)
        let room = visibleWidth - 2 - labelWidth - 1
        // Symbol 2, temperature 4, chance 5, and a space between two parts: four parts of 11
        // take 47 cells, without the symbols 39 (what a Japanese or Chinese day label leaves at 50).
        func fits(_ cell: Int) -> Bool { 4 * cell + 3 <= room }
        let showsChance = fits(4 + 5), showsSymbol = showsChance && fits(2 + 4 + 5)
        let contentWidth = (showsSymbol ? 2 : 0) + 4 + (showsChance ? 5 : 0)
        // Which night a row's is: the one after its day, as "Saturday night" is. The title
        // in words, wrapped where the window is narrower (40 columns cut it mid-word).
        let title = tr("Parts of the day and the night after")
        var lines = (cutsLines ? title.wrapped(toDisplayWidth: max(1, visibleWidth - 2)) : [title]).map { "  " + style.bold($0) }
        // The parts' full names where they all fit their cells, else their short ones; the
        // cells widen for them where the row has room ("Nachm." and "Nacht" were both "Nac…").
        let widest = (room - 3) / 4
        let full = DayParts.Kind.allCases.map { tr($0.name) }
        let short = DayParts.Kind.allCases.map { tr($0.shortName) }
        let names = full.allSatisfy { $0.displayWidth <= max(contentWidth, widest) } ? full : short
        let cellWidth = max(contentWidth, min(widest, names.map(\.displayWidth).max() ?? 0))
        let heads = names.map { cut($0, toDisplayWidth: cellWidth).padded(toDisplayWidth: cellWidth, alignment: .right) }
        lines.append("  " + String(repeating: " ", count: labelWidth) + " " + style.dim(heads.joined(separator: " ")))
        for (day, label) in zip(days, labels) {
            let cells = day.parts.map { part -> String in
                guard let part else { return String(repeating: " ", count: cellWidth - 1) + style.dim("–") }
                var cell = showsSymbol ? WeatherSymbol.symbol(for: part.icon).padded(toDisplayWidth: 2) : ""
                cell += colored(shortTemperature(part.temperature), celsius: part.temperature).padded(toDisplayWidth: 4, alignment: .right)
                if showsChance {
                    let chance = MeasureFormat.percent(part.precipProbability).padded(toDisplayWidth: 5, alignment: .right)
                    cell += (part.precipProbability ?? 0) < 0.2 ? style.dim(chance) : style.cyan(chance)
                }
                return String(repeating: " ", count: cellWidth - contentWidth) + cell
            }
            if day.isNightUnderWay, let night = cells.last {
                let room = labelWidth + 3 * (cellWidth + 1)
                lines.append("  " + cut(label, toDisplayWidth: room).padded(toDisplayWidth: room) + " " + night)
                continue
            }
            lines.append("  " + label.padded(toDisplayWidth: labelWidth) + " " + cells.joined(separator: " "))
        }
        return lines
    }
}
