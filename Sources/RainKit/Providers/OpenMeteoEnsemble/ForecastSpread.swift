import FoundationEssentials

/// How far a forecast's runs disagree, whichever service ran them: per hour the 10th, 50th
/// and 90th percentile of the temperature across runs and the share of runs with at least
/// 0.1 mm of rain; per local day the same for each run's high and low and the day's rain.
///
/// Percentiles are taken by linear interpolation between order statistics (Hyndman and Fan's
/// type 7, numpy's default): of n sorted values x₀...xₙ₋₁, the p-th is x at h = (n − 1)·p,
/// interpolated between x⌊h⌋ and x⌊h⌋₊₁. A run with no value for an hour is left out of it.
public struct ForecastSpread: Sendable, Equatable {
    public struct Hour: Sendable, Equatable {
        public var time: Date
        public var temperatureP10: Double?
        public var temperatureP50: Double?
        public var temperatureP90: Double?
        /// The share of runs (0...1) with at least 0.1 mm in the hour. Where the model's steps
        /// are longer than an hour (`EnsembleModel.stepHours(endingAtLead:)`), Open-Meteo gives
        /// each hour of a step an even share of its sum to 0.1 mm: the hours are equal, so this
        /// is the share with rain in the step, and under 0.1 mm an hour reads as dry.
        public var precipChance: Double?
    }

    public struct Day: Sendable, Equatable {
        /// Local midnight of the day.
        public var time: Date
        public var highP10: Double?, highP50: Double?, highP90: Double?
        public var lowP10: Double?, lowP50: Double?, lowP90: Double?
        /// Runs with at least 0.1 mm in the day, of `runs`; a step longer than an hour counts
        /// whole in the day holding its middle hour. `runs` is 0 where the answer had no
        /// precipitation.
        public var rainRuns: Int
        public var runs: Int
        public var precipChance: Double? { runs > 0 ? Double(rainRuns) / Double(runs) : nil }
    }

    /// The ensemble model's name (`icon_seamless`).
    public var model: String
    /// How many runs it has, the control run included.
    public var members: Int
    public var hourly: [Hour]
    public var daily: [Day]

    /// At least this much (mm) in an hour or a day counts as rain.
    public static let rainThreshold = 0.1

    public static func percentile(_ values: [Double], _ p: Double) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let h = Double(sorted.count - 1) * p
        let below = Int(h.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (h - Double(below)) * (sorted[above] - sorted[below])
    }

    public init(model: String, members: Int, hourly: [Hour], daily: [Day]) {
        self.model = model
        self.members = members
        self.hourly = hourly
        self.daily = daily
    }

    /// The spread of `runs`, days as `clock`'s place has them, from the day they were asked
    /// (`EnsembleRuns.asked`: the answer holds yesterday too); a day needs 20 hours or more
    /// of data. A run with no value in a day says nothing of its rain (never "dry").
    public init(_ runs: EnsembleRuns, clock: LocalClock) {
        model = runs.model.rawValue
        members = runs.temperature.count
        func share(_ amounts: [Double]) -> Double? {
            amounts.isEmpty ? nil : Double(amounts.filter { $0 >= Self.rainThreshold }.count) / Double(amounts.count)
        }
        let firstDay = runs.asked.map(clock.startOfDay)
        let shown = runs.times.indices.filter { i in firstDay.map { runs.times[i] >= $0 } ?? true }
        hourly = shown.map { i in
            let temperatures = runs.temperature.compactMap { $0[i] }
            return Hour(time: runs.times[i], temperatureP10: Self.percentile(temperatures, 0.1),
                        temperatureP50: Self.percentile(temperatures, 0.5), temperatureP90: Self.percentile(temperatures, 0.9),
                        precipChance: share(runs.precipitation.compactMap { $0[i] }))
        }
        var days: [(start: Date, hours: [Int])] = []
        for i in shown {
            let start = clock.startOfDay(runs.times[i])
            if days.last?.start == start { days[days.count - 1].hours.append(i) } else { days.append((start, [i])) }
        }
        let rainDays = Self.rainDays(runs, clock: clock)
        daily = days.filter { $0.hours.count >= 20 }.map { day in
            let highs = runs.temperature.compactMap { run in day.hours.compactMap { run[$0] }.max() }
            let lows = runs.temperature.compactMap { run in day.hours.compactMap { run[$0] }.min() }
            let wet = runs.times.indices.filter { rainDays[$0] == day.start }
            let totals = runs.precipitation.compactMap { run -> Double? in
                let amounts = wet.compactMap { run[$0] }
                return amounts.isEmpty ? nil : amounts.reduce(0, +)
            }
            return Day(time: day.start,
                       highP10: Self.percentile(highs, 0.1), highP50: Self.percentile(highs, 0.5), highP90: Self.percentile(highs, 0.9),
                       lowP10: Self.percentile(lows, 0.1), lowP50: Self.percentile(lows, 0.5), lowP90: Self.percentile(lows, 0.9),
                       rainRuns: totals.filter { $0 >= Self.rainThreshold }.count, runs: totals.count)
        }
    }

    /// The local day each hour's rain counts in: its own, or for an hour of a longer step the
    /// day of the step's middle hour (the earlier of two), so a wet evening's 6-hour step that
    /// crosses midnight is not also rain the next day. Lead time counts from 00:00 UTC of the
    /// answer's first day, the run rain takes it for: Open-Meteo does not say which run it
    /// served, and a later run's coarse steps begin up to a day later, so near that change
    /// an hour's rain may count in the day beside its own. Where the answer begins a day
    /// earlier (`EnsembleService.pastDays`), the run is still the asked day's (`runStart`).
    static func rainDays(_ runs: EnsembleRuns, clock: LocalClock) -> [Date] {
        guard let first = runs.times.first else { return [] }
        let origin = runs.runStart?.timeIntervalSince1970 ?? (first.timeIntervalSince1970 / 86400).rounded(.down) * 86400
        var steps: [Int: [Int]] = [:]
        let ends = runs.times.map { time in
            // The hour [time, time + 1 h) ends `lead` hours into the run.
            let lead = Int(((time.timeIntervalSince1970 - origin) / 3600).rounded(.down)) + 1
            // An hour before the run (`past_days`) is an earlier run's first hours: the model's
            // shortest step (GFS's and ECMWF's 3 hours), on the same grid of the UTC clock.
            let length = runs.model.stepHours(endingAtLead: max(lead, 1))
            return Int((Double(lead) / Double(length)).rounded(.up)) * length
        }
        for (i, end) in ends.enumerated() { steps[end, default: []].append(i) }
        return ends.map { end in
            let hours = steps[end]!
            return clock.startOfDay(runs.times[hours[(hours.count - 1) / 2]])
        }
    }

    /// The day whose high the runs disagree on most (the widest 10-90% range), of the `days`
    /// days from `from` on.
    public func leastSureDay(from: Date, days: Int = .max) -> Day? {
        daily.filter { $0.time.addingTimeInterval(86400) > from }.prefix(days)
            .max { ($0.highP90 ?? 0) - ($0.highP10 ?? 0) < ($1.highP90 ?? 0) - ($1.highP10 ?? 0) }
    }
}
