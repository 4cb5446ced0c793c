import RainKit

extension CommandContext {
    /// One warning line (the command goes on) when refreshing `places` places every `interval`
    /// (nil: all at once, one time) would go over the free limits of the provider in effect
    /// (`QuotaPlan`), with an interval that would fit, or how many places would.
    func warnIfOverFreeLimits(places: Int, every interval: Interval?, choosingFrom intervals: [Interval] = QuotaPlan.clockIntervals,
                              settings: Settings) {
        let provider = settings.provider.unit
        guard places > 0, let limits = provider.freeLimits(forURL: provider.forecastURL(in: settings)) else { return }
        let plan = QuotaPlan(places: places, callsPerRefresh: provider.callsPerRefresh, limits: limits)
        guard let crossing = plan.crossing(every: interval, choosingFrom: intervals) else { return }
        report(ErrorReport(message: quotaWarning(crossing, places: places, every: interval, service: limits.service), exitCode: .success),
               as: .warning)
    }

    private func quotaWarning(_ crossing: QuotaPlan.Crossing, places: Int, every interval: Interval?, service: String) -> String {
        let values = [("service", service), ("calls", Self.whole(crossing.calls)), ("limit", Self.whole(crossing.limit)),
                      ("count", String(places)), ("every", interval.map(\.description) ?? "")]
        var text: String
        switch (crossing.window, interval) {
        case (_, nil):
            text = localization.tr("{service}: {calls} calls in a minute (places: {count}, all at once), over its free limit of {limit}", pairs: values)
        case (.minute, _?):
            text = localization.tr("{service}: {calls} calls in a minute (places: {count}, every {every}), over its free limit of {limit}", pairs: values)
        case (.hour, _?):
            text = localization.tr("{service}: {calls} calls an hour (places: {count}, every {every}), over its free limit of {limit}", pairs: values)
        case (.day, _?):
            text = localization.tr("{service}: {calls} calls a day (places: {count}, every {every}), over its free limit of {limit}", pairs: values)
        case (.month, _?):
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
