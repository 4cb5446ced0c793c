import FoundationEssentials

/// Open-Meteo's Ensemble API (keyless; the forecast API's terms), read from the server's source
/// and documentation:
/// - open-meteo/open-meteo `Sources/App/Controllers/ForecastapiController.swift`: the route
///   `/v1/ensemble` (`WeatherApiController(defaultModel: .ncep_gefs_seamless, subdomain:
///   "ensemble-api", type: .ensemble)`), `forecast_days` up to 35 (default 7); errors are the
///   forecast API's, `{"error": true, "reason": "..."}` with 400.
/// - the same file: the request's weight counts members, `nVariables = (hourly + daily ...)
///   * domains.reduce(0, { $0 + $1.countEnsembleMember })`, and `ForecastApiResult.swift`,
///   `calculateQueryWeight`: `max(variables / 10, variables / 10 * days / 14)`, at least 1. Two
///   variables from ICON's 40 runs weigh 8 calls; from GFS's 31, 6.2.
/// - open-meteo/open-meteo-website `src/routes/en/docs/ensemble-api/+page.svelte`: units
///   (`°C`, `mm`), the member columns, precipitation as the preceding hour's sum.
public enum EnsembleService {
    /// Temperature and precipitation: what the spread is made of.
    static let hourly = ["temperature_2m", "precipitation"]

    public static let displayName = N_("the ensemble forecast")

    /// Yesterday is asked too. The answer's hours are the days asked in `timezone` (open-meteo
    /// `Sources/App/Helper/ForecastapiQuery.swift`, `getTimerange2`: the hourly range is the
    /// daily one, from today's start in `timezone`, GMT by default): rain asks in the place's
    /// own (`auto`), as for the forecast, so its days are the forecast's; yesterday keeps the
    /// hours of today's first step whole wherever today began. It does not add to the
    /// weight: 8 days are under the 14 that count.
    static let pastDays = 1

    /// How many calls one request counts as in Open-Meteo's free quota.
    static func queryWeight(_ model: EnsembleModel) -> OpenMeteoQueryWeight {
        OpenMeteoQueryWeight(variables: hourly.count * model.members, days: pastDays + model.forecastDays)
    }

    /// How many calls asking `model`'s runs counts as (ICON 8, GFS 6.2).
    public static func calls(_ model: EnsembleModel) -> Double { Double(queryWeight(model).calls) }

    /// The model the quota plans count for a place: `ensemble_model`, or for auto the heavier
    /// of ICON's (8 calls) and GFS's (6.2).
    public static func countedModel(with settings: Settings) -> EnsembleModel {
        settings.ensembleModel ?? .iconSeamless
    }

    /// The calls a periodic refresh adds for one place at most every `SpreadCache.freshness`
    /// (`"ensemble": true`) against Open-Meteo's free limits; 0 when it is off or asked of a
    /// server of one's own. The one place the periodic ensemble is counted: in the forecast's
    /// plan where the provider is Open-Meteo (one slot per client across its free APIs,
    /// `ApiKeyManager.withApiParameter`, as the air), in Open-Meteo's plan beside another
    /// provider's otherwise (`QuotaPlan(besideProviderRefreshing:with:)`).
    public static func periodicCallsPerPlace(with settings: Settings) -> Double {
        guard settings.ensemble, OpenMeteoRateLimit.freeLimits(forURL: settings.ensembleURL) != nil else { return 0 }
        return calls(countedModel(with: settings))
    }

    /// How many of the places at `coordinates` a periodic refresh asks the ensemble for: those
    /// in the grid of the model each is asked of (a regional model is asked nothing outside it,
    /// `ForecastService.fetchSpread`).
    public static func placesAsked(_ coordinates: [Coordinate], with settings: Settings) -> Int {
        coordinates.filter { EnsembleModel.choice(settings.ensembleModel, for: $0).covers($0) }.count
    }

    /// The request: temperatures in the forecast's own unit, precipitation in millimetres
    /// (the 0.1 mm threshold is in millimetres); the days are the place's own, as the
    /// forecast's are (in GMT's, a place east of it lost its last day after its midnight).
    static func endpoint(for coordinate: Coordinate, model: EnsembleModel, units: UnitSystem, url: String) -> ForecastEndpoint {
        var items = [
            ("latitude", ForecastEndpoint.format(coordinate.latitude)),
            ("longitude", ForecastEndpoint.format(coordinate.longitude)),
            ("hourly", hourly.joined(separator: ",")), ("models", model.rawValue),
            ("timezone", "auto"), ("timeformat", "unixtime"), ("past_days", String(pastDays)), ("forecast_days", String(model.forecastDays)),
        ]
        if units == .us { items.append(("temperature_unit", "fahrenheit")) }
        let full = url + ForecastEndpoint.query(items)
        return ForecastEndpoint(request: HTTPRequest(url: full), redactedURL: full, host: ForecastEndpoint.hostForMessages(of: url))
    }
}
