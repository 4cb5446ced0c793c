import FoundationEssentials

extension NextHourOutlook {
    /// The next hour's precipitation as `cells` equal parts of the hour from now (or the time left), for a one-line
    /// chart under the sentence: each part the intensity (mm/h) of the step it falls in, 0
    /// where the sentence counts that step as dry (too light, or too unlikely). `byTheHour`:
    /// the steps are an hour's amount spread evenly (`NextHour.precision`), so the chart's
    /// changes fall on the hour, not where the rain would start. Nil with no step left.
    public static func chart(for nextHour: Forecast.NextHour?, units: UnitSystem, now: Date, cells: Int)
        -> (millimetresPerHour: [Double], minutes: Int, byTheHour: Bool)? {
        guard let nextHour, cells > 0 else { return nil }
        let all = nextHour.minutes
        guard all.count > 1 else { return nil }
        let step = all[1].time.timeIntervalSince(all[0].time)
        let start = max(now, all[0].time)
        // The hour from now, or less where the steps end sooner (Open-Meteo sends two hours).
        let end = min(all[all.count - 1].time.addingTimeInterval(step), start.addingTimeInterval(3600))
        guard end > start, step > 0 else { return nil }
        let span = end.timeIntervalSince(start)
        var values: [Double] = []
        for cell in 0..<cells {
            let moment = start.addingTimeInterval(span * (Double(cell) + 0.5) / Double(cells))
            guard let minute = all.last(where: { $0.time <= moment }) else { values.append(0); continue }
            let intensity = minute.precipIntensity.map(units.millimetresPerHour) ?? 0
            let isWet = intensity >= wetIntensity && (minute.precipProbability ?? 1) >= wetProbability
            values.append(isWet ? intensity : 0)
        }
        return (values, Int((span / 60).rounded()), nextHour.precision == .hour)
    }
}
