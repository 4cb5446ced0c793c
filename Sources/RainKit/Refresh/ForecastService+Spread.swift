import FoundationEssentials

/// `rain show --spread`: the ensemble's runs for one place, asked on demand from Open-Meteo's
/// Ensemble API (`Providers/OpenMeteoEnsemble/`) unless `SpreadCache` has them from the last 6
/// hours. A failure is one line to show under the forecast; it never fails the forecast.
extension ForecastService {
    public enum SpreadAnswer: Sendable {
        case spread(ForecastSpread)
        case failed(LocalizedText)
    }

    /// The spread at `location`, in `forecast`'s temperature unit and days in its time zone.
    public func spread(for location: Location, beside forecast: Forecast) async -> SpreadAnswer {
        let units = forecast.units
        let model = EnsembleModel.choice(settings.ensembleModel, for: location.coordinate)
        let kept = SpreadCache(besideForecastsIn: cache.directory)
        if let spread = kept.fresh(for: location.id, model: model, units: units, now: now()) { return .spread(spread) }
        let endpoint = EnsembleService.endpoint(for: location.coordinate, model: model, units: units, url: settings.ensembleURL)
        let decode: @Sendable (Data) throws(ForecastError) -> EnsembleRuns = { body throws(ForecastError) in
            try EnsembleDecoder.decode(body, model: model, units: units)
        }
        let clock = LocalClock(timeZoneIdentifier: forecast.timeZone, units: units)
        do throws(ForecastError) {
            let fetchedAt = now()
            let spread = ForecastSpread(try await client.value(from: endpoint, decode: decode), clock: clock)
            kept.save(spread, for: location.id, units: units, fetchedAt: fetchedAt)
            return .spread(spread)
        } catch {
            return .failed(FeedFailure(error, fetching: EnsembleService.displayName).line)
        }
    }

    /// The spread kept for `location` in `forecast`'s unit system, however old, and when it
    /// was fetched; nil when none is kept. Never fetches (`--offline`, `--format`).
    public func keptSpread(for location: Location, beside forecast: Forecast) -> (spread: ForecastSpread, fetchedAt: Date)? {
        SpreadCache(besideForecastsIn: cache.directory).kept(for: location.id, units: forecast.units)
    }
}
