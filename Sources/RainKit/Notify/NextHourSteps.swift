import FoundationEssentials

/// The next-hour steps (a minute from a Dark Sky-compatible API, a quarter hour from
/// Open-Meteo) that are not over at `now` and start within the window, each with its end.
struct NextHourSteps {
    struct Step {
        var minute: Forecast.NextHour.Minute
        var end: Date
    }

    let steps: [Step]

    init(_ nextHour: Forecast.NextHour?, now: Date, window: TimeInterval) {
        let minutes = nextHour?.minutes ?? []
        steps = minutes.indices.compactMap { index in
            let minute = minutes[index]
            let end = index + 1 < minutes.count ? minutes[index + 1].time
                : minute.time.addingTimeInterval(index > 0 ? minute.time.timeIntervalSince(minutes[index - 1].time) : 60)
            guard end > now, minute.time < now.addingTimeInterval(window) else { return nil }
            return Step(minute: minute, end: end)
        }
    }

    var isEmpty: Bool { steps.isEmpty }

    /// The first step at or above `threshold` mm/h and likely enough (as the outlook counts it).
    func firstWet(_ threshold: Double, units: UnitSystem) -> Step? {
        steps.first { step in
            guard let intensity = step.minute.precipIntensity, units.millimetresPerHour(intensity) >= threshold else { return false }
            return (step.minute.precipProbability ?? 1) >= NextHourOutlook.wetProbability
        }
    }
}
