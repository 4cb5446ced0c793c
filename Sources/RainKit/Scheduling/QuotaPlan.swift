/// Whether refreshing `places` places on a schedule stays within a service's free limits:
/// each run refreshes every place (`callsPerRefresh` calls each on average: a place's air
/// weighs more where pollen is asked), all at once, so one run's
/// calls fall in one minute. Counts are the most a window of the clock can hold (a run at its
/// first and at its last second). A count equal to a limit fits: the servers refuse a call
/// only once the count has reached the limit (open-meteo/open-meteo `RateLimiter.swift`, `check`).
public struct QuotaPlan: Sendable, Equatable {
    public var places: Int
    public var callsPerRefresh: Double
    /// The most one place's refresh counts: a batch paced a minute or a second at a time
    /// (`placesPerMinute`, `placesPerSecond`) may have only such places in one part.
    public var heaviestCallsPerRefresh: Double
    public var limits: FreeLimits
    /// What the ensemble adds a place (`"ensemble": true`), at most every `ensembleInterval`
    /// (`SpreadCache.freshness`): a window holds as many of its runs as the longer of that and
    /// the schedule's interval takes, and one minute may hold every place's.
    public var ensembleCallsPerPlace: Double = 0
    /// The places the ensemble is asked for (at most `places`): a regional model is asked
    /// nothing outside its grid (`EnsembleService.placesAsked`).
    public var ensemblePlaces: Int
    public static let ensembleInterval = Interval(seconds: Int(SpreadCache.freshness))

    public init(places: Int, callsPerRefresh: Double, heaviestCallsPerRefresh: Double? = nil, limits: FreeLimits,
                ensembleCallsPerPlace: Double = 0, ensemblePlaces: Int? = nil) {
        self.places = places
        self.ensemblePlaces = min(places, ensemblePlaces ?? places)
        self.callsPerRefresh = callsPerRefresh
        self.heaviestCallsPerRefresh = max(callsPerRefresh, heaviestCallsPerRefresh ?? callsPerRefresh)
        self.limits = limits
        self.ensembleCallsPerPlace = ensembleCallsPerPlace
    }

    /// A window whose limit the plan goes over.
    public enum Window: Sendable, Equatable, CaseIterable {
        case minute, hour, day, month

        var seconds: Int {
            switch self {
            case .minute: return 60
            case .hour: return 3600
            case .day: return 86_400
            case .month: return 31 * 86_400
            }
        }
    }

    public struct Crossing: Sendable, Equatable {
        public var window: Window
        /// The calls the plan makes in one window, and the window's limit.
        public var calls: Double
        public var limit: Double
        /// The shortest interval of `intervals` (those allowed to the command) that fits every
        /// limit; nil when none does.
        public var fittingInterval: Interval?
        /// The most places that fit every limit at the plan's own interval (0: none).
        public var fittingPlaces: Int
    }

    /// The intervals a suggestion is chosen from: those that divide the clock (`cron`, `timer`).
    public static let clockIntervals: [Interval] = [5, 10, 12, 15, 20, 30].map { Interval(seconds: $0 * 60) }
        + [1, 2, 3, 4, 6, 8, 12, 24].map { Interval(seconds: $0 * 3600) }
    /// And for `watch`, which also takes 1 to 4 minutes.
    public static let watchIntervals: [Interval] = (1...4).map { Interval(seconds: $0 * 60) } + clockIntervals

    func limit(_ window: Window) -> Double? {
        switch window {
        case .minute: return limits.perMinute
        case .hour: return limits.perHour
        case .day: return limits.perDay
        case .month: return limits.perMonth
        }
    }

    /// The calls of a run every `interval` in one `window`: its runs at most, never fewer than one.
    func calls(in window: Window, every interval: Interval?) -> Double {
        func runs(every interval: Interval?) -> Int {
            guard let interval else { return 1 }
            let seconds = max(1, interval.seconds)
            return max(1, (window.seconds + seconds - 1) / seconds)
        }
        let ensembleEvery = interval.map { Interval(seconds: max($0.seconds, Self.ensembleInterval.seconds)) }
        return Double(places) * callsPerRefresh * Double(runs(every: interval))
            + Double(ensemblePlaces) * ensembleCallsPerPlace * Double(runs(every: ensembleEvery))
    }

    func fits(every interval: Interval?, paced: Bool = false) -> Bool {
        Window.allCases.allSatisfy { window in
            guard let limit = limit(window), !(paced && window == .minute) else { return true }
            return calls(in: window, every: interval) <= limit
        }
    }

    /// The first window whose limit a run every `interval` goes over: the longest (the one a
    /// schedule meets after the others would have warned); for `interval` nil, one run
    /// (`refresh --all`), the shortest, whose limit is met first.
    /// With `paced`, the runs refresh a batch over the per-minute limit a minute at a time
    /// (`placesPerMinute`), so that limit is kept.
    public func crossing(every interval: Interval?, choosingFrom intervals: [Interval] = clockIntervals, paced: Bool = false) -> Crossing? {
        for window in interval == nil ? Window.allCases : Window.allCases.reversed() {
            guard let limit = limit(window), !(paced && window == .minute) else { continue }
            let calls = calls(in: window, every: interval)
            guard calls > limit else { continue }
            let fitting = interval == nil ? nil : intervals.first { $0.seconds >= interval!.seconds && fits(every: $0, paced: paced) }
            var fewer = self
            while fewer.places > 0, !fewer.fits(every: interval, paced: paced) {
                fewer.places -= 1
                fewer.ensemblePlaces = min(fewer.ensemblePlaces, fewer.places)
            }
            return Crossing(window: window, calls: calls, limit: limit, fittingInterval: fitting, fittingPlaces: fewer.places)
        }
        return nil
    }
}

extension QuotaPlan {
    /// How many places one minute can take under the per-minute limit (at least one), when one
    /// refresh of them all would go over it; nil when it would not (or there is no such limit).
    /// A batch of this many counts at most the limit however many run at once: the server
    /// counts a request when it has answered, and checks the count before the next.
    public var placesPerMinute: Int? {
        guard let limit = limits.perMinute, Double(places) * callsPerRefresh > limit else { return nil }
        return max(1, Int((limit / heaviestCallsPerRefresh).rounded(.down)))
    }

    /// How many places one second can take under the per-second limit (at least one), when
    /// one refresh of them all would go over it; nil when it would not (or there is no such
    /// limit). `RefreshBatch` asks them a second at a time (`SecondPacing`).
    public var placesPerSecond: Int? {
        guard let limit = limits.perSecond, Double(places) * callsPerRefresh > limit else { return nil }
        return max(1, Int((limit / heaviestCallsPerRefresh).rounded(.down)))
    }

    /// The seconds a batch paced at `placesPerSecond` takes at least (0 when it is not paced).
    public var pacedSeconds: Int {
        guard let perSecond = placesPerSecond else { return 0 }
        return (places + perSecond - 1) / perSecond
    }

    /// A paced batch this long is said before it starts (`willPace`); a shorter one is not.
    public static let noticeableSeconds = 10

    /// The minutes of the clock a batch paced at `placesPerMinute` takes.
    public var pacedMinutes: Int {
        guard let perMinute = placesPerMinute else { return 1 }
        return (places + perMinute - 1) / perMinute
    }
}

extension QuotaPlan {
    /// What refreshing `places` places at once costs against the free limits of the provider
    /// in effect in `settings`; nil when its terms set none (or its URL is not its own server's).
    /// `ensemblePlaces`: those of them the ensemble is asked for (all when nil); `pollenPlaces`:
    /// those whose air is asked for pollen (`AirQualityService.pollenPlaces`; all when nil). The
    /// calls a second are the key's own where its server said them on an earlier run (a paid
    /// plan's 4, `RememberedSecondLimit`), as the refresh will be paced.
    public init?(refreshing places: Int, with settings: Settings, ensemblePlaces: Int? = nil, pollenPlaces: Int? = nil) {
        let provider = settings.provider.unit
        guard places > 0, var limits = provider.freeLimits(forURL: provider.forecastURL(in: settings)) else { return nil }
        if limits.perSecond != nil, provider.saysPerSecondLimit,
           let said = RememberedSecondLimit.said(at: settings.paths.quotaFile, for: RememberedQuota.source(of: settings)) {
            limits.perSecond = Double(said)
        }
        let ensemble = settings.provider == .openMeteo ? EnsembleService.periodicCallsPerPlace(with: settings) : 0
        let air = Self.airCalls(places: places, pollenPlaces: pollenPlaces) { AirQualityService.callsPerRefresh(with: settings, pollen: $0) }
        self.init(places: places, callsPerRefresh: provider.callsPerRefresh + air.mean, heaviestCallsPerRefresh: provider.callsPerRefresh + air.most,
                  limits: limits, ensembleCallsPerPlace: ensemble, ensemblePlaces: ensemblePlaces)
    }

    /// What the air of `places` places counts a place, on average and at most, `pollenPlaces`
    /// of them (all when nil) asked for pollen; `calls`: one place's, with pollen or without.
    private static func airCalls(places: Int, pollenPlaces: Int?, _ calls: (Bool) -> Double) -> (mean: Double, most: Double) {
        let pollen = min(places, max(0, pollenPlaces ?? places))
        let (with, without) = (calls(true), calls(false))
        let mean = places > 0 ? (Double(pollen) * with + Double(places - pollen) * without) / Double(places) : 0
        return (mean, pollen > 0 ? with : without)
    }

    /// What refreshing `places` places costs Open-Meteo's free APIs beside another provider's
    /// forecast (Pirate Weather): the air and the periodic ensemble still spend its calls, in
    /// a plan of their own; nil where the provider is Open-Meteo (they are in its plan) or
    /// neither spends any.
    public init?(besideProviderRefreshing places: Int, with settings: Settings, ensemblePlaces: Int? = nil, pollenPlaces: Int? = nil) {
        guard places > 0, settings.provider != .openMeteo else { return nil }
        let air = Self.airCalls(places: places, pollenPlaces: pollenPlaces) { AirQualityService.callsBesideProvider(with: settings, pollen: $0) }
        let ensemble = EnsembleService.periodicCallsPerPlace(with: settings)
        guard air.most > 0 || ensemble > 0 else { return nil }
        self.init(places: places, callsPerRefresh: air.mean, heaviestCallsPerRefresh: air.most, limits: OpenMeteoRateLimit.limits,
                  ensembleCallsPerPlace: ensemble, ensemblePlaces: ensemblePlaces)
    }

    /// The plan a refresh of `places` places is paced by: the provider's, or beside another
    /// provider Open-Meteo's (the air) where that takes fewer places a minute.
    public init?(pacing places: Int, with settings: Settings, pollenPlaces: Int? = nil) {
        let plans = [QuotaPlan(refreshing: places, with: settings, pollenPlaces: pollenPlaces),
                     QuotaPlan(besideProviderRefreshing: places, with: settings, pollenPlaces: pollenPlaces)].compactMap { $0 }
        guard let first = plans.first else { return nil }
        self = plans.min { ($0.placesPerMinute ?? Int.max) < ($1.placesPerMinute ?? Int.max) } ?? first
    }

    /// What the refresh of the places at `coordinates` spends at Open-Meteo's free APIs (one
    /// count per address across them): their forecasts where Open-Meteo is the provider, and
    /// their air, each place's with or without pollen.
    static func openMeteoCalls(at coordinates: [Coordinate], with settings: Settings) -> Double {
        let pollen = AirQualityService.pollenPlaces(coordinates)
        let plan = settings.provider == .openMeteo
            ? QuotaPlan(refreshing: coordinates.count, with: settings, pollenPlaces: pollen)
            : QuotaPlan(places: coordinates.count, callsPerRefresh: Self.airCalls(places: coordinates.count, pollenPlaces: pollen) {
                AirQualityService.callsBesideProvider(with: settings, pollen: $0)
            }.mean, limits: OpenMeteoRateLimit.limits)
        return plan.map { Double($0.places) * $0.callsPerRefresh } ?? 0
    }
}
