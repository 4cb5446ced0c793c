import FoundationEssentials

/// One sentence about precipitation in the next hour: the provider's own summary while it is
/// current (and its steps know the minute), else one computed from the minute-by-minute data ("Light rain starting in 12 min",
/// "Rain stopping in 25 min", "No precipitation for the next hour") that never says "no
/// precipitation" beside a chance the view shows as worth noting.
public enum NextHourOutlook {
    /// Below this intensity (mm/h) a minute counts as dry.
    static let wetIntensity = 0.05
    /// Below this chance a minute counts as dry, whatever its intensity.
    static let wetProbability = 0.5
    /// From this chance on a shower is "possible" rather than "no precipitation" (the chance
    /// the hour columns stop dimming at).
    static let possibleProbability = 0.2
    /// How long the provider's summary stays the sentence: it speaks of the hour from its
    /// first minute, so once that has passed, the minutes left are read instead.
    static let summaryLifetime: TimeInterval = 5 * 60

    /// - Parameters:
    ///   - chanceNow: the chance of precipitation shown beside the sentence (current
    ///     conditions); the sentence agrees with it.
    ///   - clock: the place's clock. Where the steps know only the hour (`NextHour.precision`),
    ///     a start or an end is told by the clock ("Light rain likely from about 14:00"), not
    ///     as minutes from now that the data cannot know.
    /// - Returns: nil when there is neither a current summary nor minute data left after `now`.
    public static func sentence(for nextHour: Forecast.NextHour?, units: UnitSystem, now: Date, chanceNow: Double? = nil,
                                clock: LocalClock? = nil, localization: Localization = .english) -> String? {
        guard let nextHour else { return nil }
        // A summary from minutes that know only the hour gives minutes it cannot know.
        if nextHour.precision != .hour, let summary = nextHour.summary?.screenSafe, !summary.isEmpty,
           nextHour.minutes.first.map({ now.timeIntervalSince($0.time) < summaryLifetime }) ?? true {
            return summary
        }
        // The steps not over yet: a minute from Pirate Weather, a quarter hour from Open-Meteo.
        let all = nextHour.minutes
        let minutes = all.indices.filter { index in
            let end = index + 1 < all.count ? all[index + 1].time : all[index].time.addingTimeInterval(60)
            return end > now
        }.map { all[$0] }
        guard let first = minutes.first, let last = minutes.last else { return nil }
        func isWet(_ minute: Forecast.NextHour.Minute) -> Bool {
            guard let intensity = minute.precipIntensity,
                  units.millimetresPerHour(intensity) >= wetIntensity else { return false }
            return (minute.precipProbability ?? 1) >= wetProbability
        }
        func minutesFromNow(_ minute: Forecast.NextHour.Minute) -> Int {
            max(1, Int((minute.time.timeIntervalSince(now) / 60).rounded()))
        }
        let span = Int((last.time.timeIntervalSince(now) / 60).rounded())
        let wholeHour = span >= 55
        let period: KeyValuePairs<String, String> = ["minutes": String(max(span, 1))]
        func say(_ message: String, _ precipitation: String, _ values: KeyValuePairs<String, String> = [:]) -> String {
            localization.tr(message, pairs: values.map { ($0.key, $0.value) } + [("precipitation", localization.tr(precipitation))]
                + period.map { ($0.key, $0.value) })
        }

        // The clock's reading of a step's start where the steps know only the hour.
        let hourClock = nextHour.precision == .hour ? clock : nil
        if isWet(first) {
            let kind = kindName(minutes.prefix { isWet($0) })
            if let dry = minutes.first(where: { !isWet($0) }) {
                if let hourClock {
                    return say(N_("{precipitation} until about {time}"), Self.nouns[kind]!, ["time": hourClock.time(nextHour.toldTime(dry.time))])
                }
                return say(N_("{precipitation} stopping in {minutes} min"), Self.nouns[kind]!, ["minutes": String(minutesFromNow(dry))])
            }
            let phrase = phrase(intensityWord(minutes, units: units), kind)
            return wholeHour ? say(N_("{precipitation} for the next hour"), phrase) : say(N_("{precipitation} for the next {minutes} min"), phrase)
        }
        guard let wetIndex = minutes.firstIndex(where: isWet) else {
            let showers = minutes.filter { ($0.precipIntensity.map(units.millimetresPerHour) ?? 0) >= wetIntensity }
            let chance = (showers.compactMap(\.precipProbability) + [chanceNow ?? 0]).max() ?? 0
            guard chance >= possibleProbability else {
                return localization.tr(wholeHour ? N_("No precipitation for the next hour") : N_("No precipitation for the next {minutes} min"), period)
            }
            let kind = showers.isEmpty ? "precipitation" : kindName(showers)
            let phrase = phrase(intensityWord(showers, units: units), kind)
            let values: KeyValuePairs = ["chance": MeasureFormat.percent(chance)]
            return wholeHour ? say(N_("{precipitation} possible in the next hour (up to {chance})"), phrase, values)
                : say(N_("{precipitation} possible in the next {minutes} min (up to {chance})"), phrase, values)
        }
        let shower = minutes[wetIndex...].prefix { isWet($0) }
        if let hourClock {
            return say(N_("{precipitation} likely from about {time}"), phrase(intensityWord(Array(shower), units: units), kindName(shower)),
                       ["time": hourClock.time(nextHour.toldTime(minutes[wetIndex].time))])
        }
        return say(N_("{precipitation} starting in {minutes} min"), phrase(intensityWord(Array(shower), units: units), kindName(shower)),
                   ["minutes": String(minutesFromNow(minutes[wetIndex]))])
    }

    /// Each kind as the subject of a sentence: "Rain stopping in 5 min".
    static let nouns = ["rain": N_("Rain"), "snow": N_("Snow"), "sleet": N_("Sleet"), "freezing_rain": N_("Freezing rain"),
                        "precipitation": N_("Precipitation")]

    /// Intensity and kind as one message, so that each language can agree its words: "Light rain".
    static let phrases = [
        "Light rain": N_("Light rain"), "Moderate rain": N_("Moderate rain"), "Heavy rain": N_("Heavy rain"),
        "Light snow": N_("Light snow"), "Moderate snow": N_("Moderate snow"), "Heavy snow": N_("Heavy snow"),
        "Light sleet": N_("Light sleet"), "Moderate sleet": N_("Moderate sleet"), "Heavy sleet": N_("Heavy sleet"),
        "Light freezing_rain": N_("Light freezing rain"), "Moderate freezing_rain": N_("Moderate freezing rain"),
        "Heavy freezing_rain": N_("Heavy freezing rain"),
        "Light precipitation": N_("Light precipitation"), "Moderate precipitation": N_("Moderate precipitation"),
        "Heavy precipitation": N_("Heavy precipitation"),
    ]

    private static func phrase(_ intensity: String, _ kind: String) -> String {
        phrases[intensity + " " + kind] ?? intensity + " " + kind
    }

    /// "rain", "snow", "sleet", "freezing_rain" or "precipitation", from the most common type.
    private static func kindName<S: Sequence>(_ minutes: S) -> String where S.Element == Forecast.NextHour.Minute {
        var counts: [String: Int] = [:]
        for minute in minutes {
            if let type = minute.precipType, Forecast.namedPrecipitationTypes.contains(type) { counts[type, default: 0] += 1 }
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "precipitation"
    }

    /// "Light", "Moderate" or "Heavy" from the strongest minute (Dark Sky's thresholds).
    private static func intensityWord(_ minutes: [Forecast.NextHour.Minute], units: UnitSystem) -> String {
        let peak = minutes.compactMap { $0.precipIntensity.map(units.millimetresPerHour) }.max() ?? 0
        return PrecipitationStrength(millimetresPerHour: peak).rawValue.capitalizedFirst
    }
}

