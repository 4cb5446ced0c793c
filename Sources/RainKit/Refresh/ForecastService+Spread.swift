import FoundationEssentials

/// `rain show --spread`: the ensemble's runs for one place, asked on demand from Open-Meteo's
/// Ensemble API (`Providers/OpenMeteoEnsemble/`) unless `SpreadCache` has them from the last 6
/// hours. A failure is one line to show under the forecast; it never fails the forecast.
extension ForecastService {
    public enum SpreadAnswer: Sendable {
        /// `unkept`: why it could not be kept (it is fetched again next time); nil when it was.
        case spread(ForecastSpread, unkept: FileError?)
        case failed(LocalizedText)
    }

    /// The spread at `location`, in `forecast`'s temperature unit and days in its time zone. A
    /// failure names what `--spread` asked for, "the spread", in fewer words than a refresh's
    /// "the ensemble forecast": over the screen, a line that fits 80 columns takes one row.
    public func spread(for location: Location, beside forecast: Forecast) async -> SpreadAnswer {
        switch await fetchSpread(for: location, beside: forecast, naming: false) {
        case .spread(let spread, let unkept): return .spread(spread, unkept: unkept)
        case .failed(let failure): return .failed(FeedFailure(failure.error, fetching: N_("the spread")).line)
        case .uncovered(let line): return .failed(line)
        }
    }

    enum SpreadFetch: Sendable {
        /// `unkept`: why it could not be kept; nil when it was (or was kept already).
        case spread(ForecastSpread, unkept: FileError? = nil)
        case failed(FeedFailure)
        /// The model has no data at the place (`ensemble_model` a regional one): a line that
        /// says so, not a failure of the service.
        case uncovered(LocalizedText)
    }

    /// `naming`: a failure names the place (one of several a refresh asks for); `deadline`: the
    /// command's, past which nothing is sent (`keepSpreads`).
    func fetchSpread(for location: Location, beside forecast: Forecast, naming: Bool,
                     until deadline: ContinuousClock.Instant? = nil) async -> SpreadFetch {
        let units = forecast.units
        let model = EnsembleModel.choice(settings.ensembleModel, for: location.coordinate)
        let uncovered = Self.uncovered(location, by: model)
        // Outside a regional model's grid nothing is asked: the answer would be no runs, at
        // the full weight of the request.
        guard model.covers(location.coordinate) else { return .uncovered(uncovered) }
        let kept = SpreadCache(besideForecastsIn: cache.directory)
        if let spread = kept.fresh(for: location.id, model: model, units: units, now: now()) { return .spread(spread) }
        let quotaSource = RememberedQuota.ensembleSource(of: settings)
        if let quota = RememberedQuota.inForce(at: settings.paths.quotaFile, for: quotaSource, now: now()) {
            return .failed(FeedFailure(.rateLimited(retryAfter: nil, quota: quota), fetching: EnsembleService.displayName,
                                       for: naming ? location.name : nil))
        }
        let endpoint = EnsembleService.endpoint(for: location.coordinate, model: model, units: units, url: settings.ensembleURL)
        let asked = now()
        let decode: @Sendable (Data) throws(ForecastError) -> EnsembleRuns? = { body throws(ForecastError) in
            try EnsembleDecoder.decode(body, model: model, units: units, now: asked)
        }
        let clock = LocalClock(of: forecast, units: units)
        do throws(ForecastError) {
            let fetchedAt = now()
            guard let runs = try await client.value(from: endpoint, until: deadline, decode: decode) else {
                return .uncovered(uncovered)
            }
            let spread = ForecastSpread(runs, clock: clock)
            do throws(FileError) {
                try kept.save(spread, for: location.id, units: units, fetchedAt: fetchedAt)
            } catch {
                return .spread(spread, unkept: error)
            }
            return .spread(spread)
        } catch {
            if let quota = error.usedUpQuota {
                keeping { () throws(FileError) in
                    try RememberedQuota.remember([RememberedQuota(quota: quota, source: quotaSource)], at: settings.paths.quotaFile, now: now())
                }
            }
            return .failed(FeedFailure(error, fetching: EnsembleService.displayName, for: naming ? location.name : nil))
        }
    }

    /// What is said of a spread fetched that could not be kept: two lines, so that the first
    /// fits 80 columns whatever the path; the file's own error is one on its own, as rain says
    /// it everywhere else.
    public static func unkeptSpreadLines(_ error: FileError) -> [LocalizedText] {
        [LocalizedText(N_("could not save the spread; it is fetched again next time")), error.text]
    }

    /// "ICON-D2 (DWD) does not cover Tokyo".
    private static func uncovered(_ location: Location, by model: EnsembleModel) -> LocalizedText {
        LocalizedText(N_("{model} does not cover {place}"),
                      ["model": LocalizedText(model.displayName), "place": .verbatim(location.name.strippingControlCharacters)])
    }

    /// A line for each of `locations` that the ensemble model it would be asked of does not
    /// cover (a regional `ensemble_model`): said once where a schedule is set up or a watch
    /// starts, not by each of its runs.
    public static func uncoveredBySpread(_ locations: [Location], with settings: Settings) -> [LocalizedText] {
        guard settings.ensemble else { return [] }
        return locations.compactMap { location in
            let model = EnsembleModel.choice(settings.ensembleModel, for: location.coordinate)
            return model.covers(location.coordinate) ? nil : Self.uncovered(location, by: model)
        }
    }

    /// The spread kept for `location` in `forecast`'s unit system, however old, and when it
    /// was fetched; nil when none is kept. Never fetches (`--offline`, `--format`).
    public func keptSpread(for location: Location, beside forecast: Forecast) -> (spread: ForecastSpread, fetchedAt: Date)? {
        SpreadCache(besideForecastsIn: cache.directory).kept(for: location.id, units: forecast.units)
    }

    /// The quota of the ensemble's counter remembered as used up (`RememberedQuota`), until it resets.
    public var usedUpSpreadQuota: ExceededQuota? {
        RememberedQuota.inForce(at: settings.paths.quotaFile, for: RememberedQuota.ensembleSource(of: settings), now: now())
    }

    /// A place whose spread a periodic refresh fetches, with the model it is asked of.
    public struct SpreadDue: Sendable {
        public var location: Location
        public var forecast: Forecast
        public var model: EnsembleModel

        /// What asking for it counts as in Open-Meteo's quota: nothing outside a regional
        /// model's grid, where nothing is asked.
        public var calls: Double {
            model.covers(location.coordinate) ? EnsembleService.calls(model) : 0
        }
    }

    /// `"ensemble": true`: the places of `outcomes` with a forecast whose kept spread is older
    /// than 6 hours (or of another model or unit system); none when the setting is off.
    public func spreadsDue(_ outcomes: [RefreshOutcome]) -> [SpreadDue] {
        guard settings.ensemble else { return [] }
        let kept = SpreadCache(besideForecastsIn: cache.directory)
        return outcomes.compactMap { outcome in
            guard let forecast = outcome.newest?.forecast else { return nil }
            let model = EnsembleModel.choice(settings.ensembleModel, for: outcome.location.coordinate)
            guard kept.fresh(for: outcome.location.id, model: model, units: forecast.units, now: now()) == nil else { return nil }
            return SpreadDue(location: outcome.location, forecast: forecast, model: model)
        }
    }

    /// Fetches and keeps the spreads of `due`, one request at a time, each counted in the
    /// minute's budget of Open-Meteo's calls the forecasts and the air have spent too
    /// (`OpenMeteoMinute`): the next minute is waited for where one would go over its limit.
    /// Failures are one warning line for the run, however many places failed, as a feed's
    /// (`FeedFailure.lines`). All by the command's deadline (`timeout_seconds` bounds a whole
    /// command), counted from `start`, its first request. `sayingUncovered`: a place the model
    /// does not cover is said (a refresh run by hand; a watch said it when it started).
    public func keepSpreads(_ due: [SpreadDue], since start: ContinuousClock.Instant = .now, sayingUncovered: Bool = true) async {
        // A used-up quota asks none: one line, unless it is the forecast's own counter's,
        // whose error has said it.
        if !due.isEmpty, let quota = usedUpSpreadQuota {
            if RememberedQuota.source(of: settings) != RememberedQuota.ensembleSource(of: settings) {
                warnOfFeed(FeedFailure(.rateLimited(retryAfter: nil, quota: quota), fetching: EnsembleService.displayName).line)
            }
            return
        }
        let deadline = start + client.configuration.retry.totalBudget
        let counted = OpenMeteoRateLimit.freeLimits(forURL: settings.ensembleURL) != nil
        var failures: [FeedFailure] = []
        for place in due {
            if counted && place.calls > 0 { await openMeteoMinute.spendPacing(place.calls, now: now) }
            switch await fetchSpread(for: place.location, beside: place.forecast, naming: true, until: deadline) {
            case .spread(_, let unkept): if let unkept { Self.unkeptSpreadLines(unkept).forEach(warnOfFeed) }
            case .failed(let failure): failures.append(failure)
            case .uncovered(let line): if sayingUncovered { warnOfFeed(line) }
            }
        }
        FeedFailure.lines(failures).forEach(warnOfFeed)
    }
}
