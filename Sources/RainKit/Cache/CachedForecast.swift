import FoundationEssentials

/// A forecast as rain keeps it: for which saved place, when it was fetched and from where.
public struct CachedForecast: Sendable, Equatable {
    public var location: Location
    /// Kept to whole seconds in the cache file.
    public var fetchedAt: Date
    /// The provider's name, e.g. "darksky" (`Provider.rawValue`).
    public var source: String
    public var forecast: Forecast
    /// The language the provider wrote its summaries in (`Settings.fetchLanguage`); nil for a
    /// provider that writes none, or a forecast cached before rain kept it.
    public var language: String?
    /// How many places the geocoder had for the name a place not saved was looked up by, so
    /// that the hint to keep it names `--pick 1` every time or never; nil for saved places, a
    /// place looked up by coordinates, and a lookup cached before rain kept it.
    public var lookupMatches: Int?
    /// The units the user reads the forecast in: written by `rain show --json` beside the
    /// document's own `units` (which its numbers stay in), never kept in the cache.
    public var displayUnits: DisplayUnits?
    /// How far the ensemble's runs disagree (`rain show --json --spread`); never kept in the
    /// forecast's cache file.
    public var spread: ForecastSpread?

    public init(location: Location, fetchedAt: Date, source: String, forecast: Forecast) {
        self.location = location
        self.fetchedAt = fetchedAt
        self.source = source
        self.forecast = forecast
    }

    /// How long ago the forecast was fetched; negative when the clock says it is from the future.
    public func age(now: Date) -> Duration {
        .seconds(now.timeIntervalSince(fetchedAt))
    }

    /// True when older than `maxAge`, or fetched more than a minute "in the future" (the clock
    /// was changed), so a wrong timestamp cannot keep old data fresh forever.
    public func isStale(maxAge: Duration, now: Date) -> Bool {
        let age = age(now: now)
        return age > maxAge || age < .seconds(-60)
    }
}

extension CachedForecast {
    /// The same forecast with only the conditions now: what a line about the place shows
    /// (`Berlin  24 °C  Partly Cloudy`), a few hundred bytes instead of tens of kilobytes.
    /// Without the alerts that have ended by `now`: what is shown of it.
    public func withoutExpiredAlerts(now: Date) -> CachedForecast {
        var shown = self
        shown.forecast.alerts.removeAll { ($0.expires ?? .distantFuture) <= now }
        return shown
    }

    public var summary: CachedForecast {
        var summary = self
        summary.forecast.nextHour = nil
        summary.forecast.hourlySummary = nil
        summary.forecast.hourly = []
        summary.forecast.dailySummary = nil
        summary.forecast.daily = []
        summary.forecast.alerts = []
        return summary
    }
}

extension CachedForecast {
    /// The forecast as `rain show --json` writes it: with the units its reader reads it in,
    /// and the air's index at `now` as the screen shows it (the place's scale of `aqiScale`).
    public func showing(_ units: DisplayUnits, aqiScale: AirQualityScaleChoice, now: Date) -> CachedForecast {
        var shown = self
        shown.displayUnits = units
        if let air = shown.forecast.air {
            shown.forecast.air?.shownIndex = air.shownIndex(at: now, on: aqiScale.scale(timeZone: forecast.timeZone))
        }
        return shown
    }
}
