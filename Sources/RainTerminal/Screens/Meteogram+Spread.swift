import FoundationEssentials
import RainKit

/// `rain show --graph --spread`: the ensemble's runs in the meteogram. Around the temperature
/// line, the band where the runs' middle 80% lie (10th to 90th percentile, `┈`, `~` in ASCII)
/// in every cell the band reaches at a column's middle moment, between the hours linearly as
/// the line is; in the line's own cells (Braille), where `┈` cannot show, the band's two ends
/// as a dot each beside the line's: a band narrower than a row showed nowhere. The rain bars shaded by the
/// share of runs that bring rain in their hour instead of the provider's chance.
extension MeteogramPlot {
    var showsSpread: Bool { !isCompact && !spreadHours.isEmpty }

    /// The band's cell: none of the bars' shades (`Shade`, `█▒░`), which the legend names too.
    static let bandCell = "┈"

    /// The band's 10th and 90th percentile at `time`, in the shown unit, linear between hours.
    func band(at time: Date) -> (low: Double, high: Double)? {
        func value(_ hour: ForecastSpread.Hour?) -> (Double, Double)? {
            guard let hour, let low = format.temperature(hour.temperatureP10), let high = format.temperature(hour.temperatureP90),
                  low.isFinite, high.isFinite else { return nil }
            return (low, high)
        }
        let position = time.timeIntervalSince(start) / 3_600
        let index = min(max(Int(position.rounded(.down)), 0), points.count - 1)
        guard let here = value(spreadHours[points[index].time]) else { return nil }
        guard index + 1 < points.count, let next = value(spreadHours[points[index + 1].time]) else { return here }
        let fraction = min(max(position - Double(index), 0), 1)
        return (here.0 + (next.0 - here.0) * fraction, here.1 + (next.1 - here.1) * fraction)
    }

    /// The band's values over the hours shown, so that the y-axis holds it.
    var bandValues: [Double] {
        guard showsSpread else { return [] }
        return points.compactMap { spreadHours[$0.time] }.flatMap { [format.temperature($0.temperatureP10), format.temperature($0.temperatureP90)] }
            .compactMap { $0 }.filter(\.isFinite)
    }

    /// For each cell row, the columns the band reaches.
    func bandCells(top: Double, bottom: Double) -> [Set<Int>] {
        var cells = [Set<Int>](repeating: [], count: temperatureRows)
        guard showsSpread else { return cells }
        for column in 0..<columns {
            guard let band = band(at: time(atColumn: column)) else { continue }
            let upper = dotRow(band.high, top: top, bottom: bottom) / 4, lower = dotRow(band.low, top: top, bottom: bottom) / 4
            for row in min(upper, lower)...max(upper, lower) { cells[row].insert(column) }
        }
        return cells
    }

    /// For each cell row and column, the Braille dots of the band's ends, drawn in the line's
    /// cells: one dot, the cell's left, at the 10th and at the 90th percentile's dot row.
    func bandEndBits(top: Double, bottom: Double) -> [[UInt8]] {
        var bits = [[UInt8]](repeating: [UInt8](repeating: 0, count: columns), count: temperatureRows)
        guard showsSpread, !ascii else { return bits }
        for column in 0..<columns {
            guard let band = band(at: time(atColumn: column)) else { continue }
            for row in Set([dotRow(band.high, top: top, bottom: bottom), dotRow(band.low, top: top, bottom: bottom)]) {
                bits[row / 4][column] |= Braille.bit(column: 0, row: row % 4)
            }
        }
        return bits
    }

    /// The share of runs with rain in `hour`'s hour where the ensemble has it, else the
    /// provider's chance.
    func rainShare(_ hour: Forecast.Hour) -> Double {
        if showsSpread, let share = spreadHours[hour.time]?.precipChance { return share }
        return hour.precipProbability ?? 0
    }

    /// The legend's words for the band and the bars. A run counts with precipitation of any
    /// kind, so the bars are named by what the forecast brings in the hours they stand for:
    /// rain, snow, or both.
    func spreadLegend() -> (band: String, rain: String) {
        let tr = format.localization
        let (byShare, brighter) = switch wetKind {
        case .snow: (N_("snow by share of runs"), N_("snow, brighter in more runs"))
        case .either: (N_("rain/snow by share of runs"), N_("rain/snow, brighter in more runs"))
        case .rain: (N_("rain by share of runs"), N_("rain, brighter in more runs"))
        }
        // The model and its runs, named as the spread's heading names them.
        let model = spreadRuns.map { runs in EnsembleModel(rawValue: runs.model).map { tr.tr($0.displayName) } ?? runs.model.strippingControlCharacters }
        let band = spreadRuns.flatMap { runs in model.map { model in
            tr.trn("{model}: {percentiles} of 1 run", "{model}: {percentiles} of {count} runs", count: runs.members,
                   ["model": model, "percentiles": "10–90%", "count": String(runs.members)])
        } } ?? tr.tr("{percentiles} of runs", ["percentiles": "10–90%"])
        return ((ascii ? "~ " : Self.bandCell + " ") + band,
                ascii ? "#=: " + tr.tr(byShare) : style.usesColor ? "▆ " + tr.tr(brighter) : "█▒░ " + tr.tr(byShare))
    }

    /// The bars' legend without the ensemble: named, as the spread's are, by the graph's wet hours.
    func chanceLegend() -> String {
        let tr = format.localization
        let (byChance, brighter) = switch wetKind {
        case .snow: (N_("snow by chance"), N_("snow, brighter likelier"))
        case .either: (N_("rain/snow by chance"), N_("rain/snow, brighter likelier"))
        case .rain: (N_("rain by chance"), N_("rain, brighter likelier"))
        }
        return ascii ? "#=: " + tr.tr(byChance) : style.usesColor ? "▆ " + tr.tr(brighter) : "█▒░ " + tr.tr(byChance)
    }

    /// What the graph's wet hours bring: rain (also where none is wet or its type is not
    /// known), snow, or either (sleet, or hours that differ).
    var wetKind: SpreadView.WetKind {
        let kinds = Set(points.filter { ($0.precipIntensity ?? 0) > 0 }.map { SpreadView.WetKind(precipType: $0.precipType) ?? .rain })
        return kinds.count > 1 ? .either : kinds.first ?? .rain
    }
}
