import RainKit

extension CommandContext {
    /// One warning line (the command goes on) when refreshing `places` places every `interval`
    /// would go over the free limits of the provider in effect
    /// (`QuotaPlan`), with an interval that would fit, or how many places would.
    /// `paced`: the runs are `rain refresh`es, which keep the per-minute limit (`pacing`).
    func warnIfOverFreeLimits(places: Int, every interval: Interval, choosingFrom intervals: [Interval] = QuotaPlan.clockIntervals,
                              paced: Bool, settings: Settings) {
        guard let plan = QuotaPlan(refreshing: places, with: settings),
              let crossing = plan.crossing(every: interval, choosingFrom: intervals, paced: paced) else { return }
        report(ErrorReport(message: quotaWarning(crossing, places: places, every: interval, service: plan.limits.service), exitCode: .success),
               as: .warning)
    }

    /// One line saying that a refresh goes a minute at a time (`plan.placesPerMinute` places
    /// each), and how long it will take.
    func sayPacing(_ plan: QuotaPlan) {
        guard let perMinute = plan.placesPerMinute else { return }
        let values = [("service", plan.limits.service), ("limit", Self.whole(plan.limits.perMinute ?? 0)), ("count", String(plan.places)),
                      ("perMinute", String(perMinute)), ("minutes", String(plan.pacedMinutes))]
        report(ErrorReport(message: localization.tr("{service} takes {limit} calls a minute: refreshing {count} places, {perMinute} a minute (minutes: {minutes})",
                                                    pairs: values), exitCode: .success), as: .notice)
    }

    private func quotaWarning(_ crossing: QuotaPlan.Crossing, places: Int, every interval: Interval, service: String) -> String {
        let values = [("service", service), ("calls", Self.whole(crossing.calls)), ("limit", Self.whole(crossing.limit)),
                      ("count", String(places)), ("every", interval.description)]
        var text: String
        switch crossing.window {
        case .minute:
            text = localization.tr("{service}: {calls} calls in a minute (places: {count}, every {every}), over its free limit of {limit}", pairs: values)
        case .hour:
            text = localization.tr("{service}: {calls} calls an hour (places: {count}, every {every}), over its free limit of {limit}", pairs: values)
        case .day:
            text = localization.tr("{service}: {calls} calls a day (places: {count}, every {every}), over its free limit of {limit}", pairs: values)
        case .month:
            text = localization.tr("{service}: {calls} calls a month (places: {count}, every {every}), over its free limit of {limit}", pairs: values)
        }
        if let fitting = crossing.fittingInterval {
            text += "; " + localization.tr("every {every} would fit", ["every": fitting.description])
        } else if crossing.fittingPlaces > 0 {
            text += "; " + localization.tr("at most {count} of them would fit", ["count": String(crossing.fittingPlaces)])
        }
        return text
    }

    /// A count of calls as a whole number (a request may count a fraction more).
    private static func whole(_ calls: Double) -> String { String(Int(calls.rounded(.up))) }
}
