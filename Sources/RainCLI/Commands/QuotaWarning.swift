import RainKit

extension CommandContext {
    /// One warning line (the command goes on) when refreshing `places` places every `interval`
    /// would go over the free limits of the provider in effect
    /// (`QuotaPlan`), with an interval that would fit, or how many places would.
    /// `scheduled`: the runs are cron's or the timer's `rain refresh --all --if-stale`, which
    /// keep the per-minute limit (`RefreshBatch`) and fetch a place at most every
    /// `refresh_interval_minutes`, however often they run.
    func warnIfOverFreeLimits(places locations: [Location], every scheduled: Interval, choosingFrom intervals: [Interval] = QuotaPlan.clockIntervals,
                              paced: Bool, settings: Settings) {
        let places = locations.count
        let ensemblePlaces = EnsembleService.placesAsked(locations.map(\.coordinate), with: settings)
        let interval = paced ? Interval(seconds: max(scheduled.seconds, settings.refreshIntervalMinutes * 60)) : scheduled
        // The provider's plan, and Open-Meteo's where another provider's forecast leaves the air
        // and the ensemble one of their own; a batch keeps both per-minute limits
        // (`QuotaPlan(pacing:with:)`, `OpenMeteoMinute`).
        let pollenPlaces = AirQualityService.pollenPlaces(locations.map(\.coordinate))
        let plans = [QuotaPlan(refreshing: places, with: settings, ensemblePlaces: ensemblePlaces, pollenPlaces: pollenPlaces),
                     QuotaPlan(besideProviderRefreshing: places, with: settings, ensemblePlaces: ensemblePlaces, pollenPlaces: pollenPlaces)]
        if let plan = plans[0], plan.pacedSeconds >= QuotaPlan.noticeableSeconds {
            sayPacing(plan, everyRun: true)
        }
        for plan in plans.compactMap({ $0 }) {
            guard let crossing = plan.crossing(every: interval, choosingFrom: intervals, paced: paced) else { continue }
            report(ErrorReport(message: quotaWarning(crossing, service: plan.limits.service),
                               hint: quotaHint(crossing, places: places, every: interval), exitCode: .success),
                   as: .warning)
        }
    }

    /// One line saying that a refresh goes a minute at a time (`plan.placesPerMinute` places
    /// each), or a second at a time (`plan.placesPerSecond`), and how long it will take;
    /// `everyRun`: each run of a schedule will.
    func sayPacing(_ plan: QuotaPlan, everyRun: Bool = false) {
        let message: String
        if plan.placesPerMinute != nil {
            let values = [("service", plan.limits.service), ("limit", Self.whole(plan.limits.perMinute ?? 0)), ("count", String(plan.places)),
                          ("duration", localization.tr(.duration(seconds: plan.pacedMinutes * 60)))]
            message = localization.tr("refreshing {count} places in {duration} ({service}: {limit} calls a minute)", pairs: values)
        } else if plan.placesPerSecond != nil {
            let limit = Int((plan.limits.perSecond ?? 1).rounded(.down))
            let values = [("service", plan.limits.service), ("places", String(plan.places)),
                          ("duration", localization.tr(.duration(seconds: plan.pacedSeconds)))]
            message = everyRun
                ? localization.trn("each run: {places} places in {duration} or more ({service}: {count} call a second)",
                                   "each run: {places} places in {duration} or more ({service}: {count} calls a second)",
                                   count: limit, pairs: values)
                : localization.trn("refreshing {places} places: {duration} or more ({service}: {count} call a second)",
                                   "refreshing {places} places: {duration} or more ({service}: {count} calls a second)",
                                   count: limit, pairs: values)
        } else {
            return
        }
        report(ErrorReport(message: message, exitCode: .success), as: .notice)
    }

    /// "Open-Meteo: 11520 calls a day; its free limit is 10000".
    private func quotaWarning(_ crossing: QuotaPlan.Crossing, service: String) -> String {
        let values = [("service", service), ("calls", Self.whole(crossing.calls)), ("limit", Self.whole(crossing.limit))]
        switch crossing.window {
        case .minute: return localization.tr("{service}: {calls} calls in a minute; its free limit is {limit}", pairs: values)
        case .hour: return localization.tr("{service}: {calls} calls an hour; its free limit is {limit}", pairs: values)
        case .day: return localization.tr("{service}: {calls} calls a day; its free limit is {limit}", pairs: values)
        case .month: return localization.tr("{service}: {calls} calls a month; its free limit is {limit}", pairs: values)
        }
    }

    /// The schedule and what would fit: "2 places every 1m; every 2m would fit", one line
    /// (each language punctuates it its own way).
    private func quotaHint(_ crossing: QuotaPlan.Crossing, places: Int, every interval: Interval) -> String? {
        if let fitting = crossing.fittingInterval {
            return localization.trn("1 place every {every}; every {fitting} would fit", "{count} places every {every}; every {fitting} would fit",
                                    count: places, ["every": interval.description, "fitting": fitting.description])
        } else if crossing.fittingPlaces > 0 {
            return localization.trn("{places} places every {every}; at most 1 place would fit",
                                    "{places} places every {every}; at most {count} places would fit",
                                    count: crossing.fittingPlaces, ["places": String(places), "every": interval.description])
        }
        return nil
    }

    /// A count of calls as a whole number (a request may count a fraction more).
    private static func whole(_ calls: Double) -> String { String(Int(calls.rounded(.up))) }
}
