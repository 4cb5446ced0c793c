import FoundationEssentials

/// Open-Meteo's Air Quality API (keyless, free for non-commercial use as its forecast API is),
/// read from the server's source and documentation:
///
/// - open-meteo/open-meteo `Sources/App/Controllers/ForecastapiController.swift`: the route
///   `/v1/air-quality` (`WeatherApiController(... type: .airQuality)`, no 15-minute data, with
///   current conditions), at most 7 forecast days (default 5), `domains` `auto` (CAMS Europe
///   where it covers the place, CAMS global elsewhere), `cams_europe` or `cams_global`; the
///   current time floored to the hour (`has15minutely ? 900 : 3600`), so `current` is the
///   hour's values of `hourly`. Errors are those of the forecast API: `{"error": true,
///   "reason": "..."}` with 400.
/// - `Sources/App/Cams/CamsDomain.swift`: the variables and their units (concentrations
///   `μg/m³`, pollen `grains/m³`); CAMS Europe's grid, 0.1° (11 km) from 30.05°N to 71.95°N and
///   24.95°W to 44.95°E; CAMS global 0.4° (45 km). Pollen is CAMS Europe's only, so it is
///   asked only inside that grid (`hasPollen`).
/// - `Sources/App/Cams/CamsReader.swift`: `european_aqi` and `us_aqi`, units `EAQI` and `USAQI`,
///   each the highest of its pollutants' sub-indices (`Helper/AirQuality.swift`).
/// - `Sources/App/Helper/Reader/GenericReaderMixerRaw.swift`, `get(variable:)`: a variable no
///   domain at the place has (pollen outside Europe) is all NaN in the variable's own unit,
///   which the JSON writer writes as `null`: the key is there, its values null.
/// - open-meteo/open-meteo-website `src/routes/en/docs/air-quality-api/+page.svelte`: pollen
///   "Only available in Europe during pollen season with 4 days forecast"; both indices' bands.
/// - `Sources/App/Helper/Writer/ForecastApiResult.swift`, `calculateQueryWeight`: the same
///   weight as a forecast request (`OpenMeteoQueryWeight`), counting every variable asked,
///   pollen of nulls too.
public enum AirQualityService {
    /// Asked hourly only: `current` is the same hour's values (see above), and asking for it
    /// too would double the request's weight. The indices and concentrations everywhere.
    static let everywhere = [
        "european_aqi", "us_aqi", "pm2_5", "pm10", "ozone", "nitrogen_dioxide", "sulphur_dioxide",
        "carbon_monoxide", "dust",
    ]
    static let pollen = PollenKind.allCases.map(\.variable)

    /// The variables asked at `coordinate`: pollen only inside CAMS Europe's grid. Outside it
    /// the server sends them as nulls yet counts them: 15 variables are 1.5 calls, 9 are 1.
    static func hourly(at coordinate: Coordinate) -> [String] {
        hasPollen(at: coordinate) ? everywhere + pollen : everywhere
    }

    /// Whether CAMS Europe's grid holds `coordinate`: `RegularGrid(nx: 700, ny: 420, latMin:
    /// 71.95, lonMin: -24.95, dx: 0.1, dy: -0.1)` (`CamsDomain.swift`), whose `findPointXy`
    /// takes the nearest cell (`roundf`) and nothing past the last: latitudes between 30 and
    /// 72°N, longitudes between 25°W and 45°E, those edges themselves out.
    public static func hasPollen(at coordinate: Coordinate) -> Bool {
        coordinate.latitude > 30 && coordinate.latitude < 72 && coordinate.longitude > -25 && coordinate.longitude < 45
    }

    /// How many of the places at `coordinates` are asked for pollen.
    public static func pollenPlaces(_ coordinates: [Coordinate]) -> Int {
        coordinates.filter(hasPollen(at:)).count
    }
    /// The hours rain keeps and asks for (`hours(now:)`): from the hour 24 hours before the
    /// fetch, as far back as the US index's means reach (`AirQualityIndex.us`), to the end of
    /// the 4th day (UTC) from the fetch's, the 4 days pollen is forecast. Asked as `past_hours`
    /// and `forecast_hours`, which count from the current hour (open-meteo/open-meteo
    /// `Sources/App/Helper/ForecastapiQuery.swift`, `getTimerange2` and `forecastTimeRange2`;
    /// the website's air-quality-api page: "Instead of using the current day as a reference,
    /// the current hour is used"), so none is sent only to be dropped.
    static let pastHours = 24
    static let forecastDays = 4

    /// The first hour kept and the hour after the last, in unix seconds.
    static func hours(now: Date) -> (first: Double, end: Double) {
        let hour = (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600
        let today = (now.timeIntervalSince1970 / 86400).rounded(.down) * 86400
        return (hour - Double(pastHours) * 3600, today + Double(forecastDays) * 86400)
    }

    /// `forecast_hours`: from the current hour to the end of the last day, 73 to 96.
    static func forecastHours(now: Date) -> Int {
        Int((hours(now: now).end - (now.timeIntervalSince1970 / 3600).rounded(.down) * 3600) / 3600)
    }

    /// The days of the server's daily range, which is what its weight counts
    /// (`ForecastapiController.swift`: `time.dailyRead`): hours asked by `past_hours` and
    /// `forecast_hours` leave it at the Air Quality API's default, 5 days
    /// (`forecastDayDefault = 5`), whatever hours are asked.
    static let countedDays = 5

    /// How many calls one place's request counts as: with pollen 15 variables over 5 days,
    /// 1.5; without, 9, which count as 1.
    static func queryWeight(pollen: Bool) -> OpenMeteoQueryWeight {
        OpenMeteoQueryWeight(variables: everywhere.count + (pollen ? AirQualityService.pollen.count : 0), days: countedDays)
    }

    /// Whether the air shares the forecast's free plan at Open-Meteo: its server counts a
    /// client's calls and requests in flight in one slot per address across its free APIs,
    /// the air's included (open-meteo/open-meteo `Sources/App/Helper/Vapor/ApiKeyManager.swift`,
    /// `withApiParameter`; `ForecastapiController.swift` registers `air-quality-api` through it).
    static func sharesPlan(with settings: Settings) -> Bool {
        settings.airQuality && settings.provider == .openMeteo
    }

    /// The calls the air adds to a refresh of one place (asked for pollen or not) against
    /// Open-Meteo's free limits where it does not share the forecast's plan (another
    /// provider) but still spends them; 0 where the air is off, shares the plan, or is asked
    /// of a server of one's own.
    static func callsBesideProvider(with settings: Settings, pollen: Bool = true) -> Double {
        guard settings.airQuality, !sharesPlan(with: settings),
              OpenMeteoRateLimit.freeLimits(forURL: settings.airQualityURL) != nil else { return 0 }
        return Double(queryWeight(pollen: pollen).calls)
    }

    /// The calls the air request adds to a refresh of one place (asked for pollen or not)
    /// against the forecast provider's free limits (none unless it shares them).
    static func callsPerRefresh(with settings: Settings, pollen: Bool = true) -> Double {
        sharesPlan(with: settings) ? Double(queryWeight(pollen: pollen).calls) : 0
    }

    /// How many air requests a refresh has in flight at once: sharing Open-Meteo's plan, one of
    /// the provider's (`ForecastProvider.concurrentRequestsAtMost`), so that the two together
    /// stay under its hard limit of five (`RateLimiter.concurrencyLimitHard`).
    static func requestsInFlight(with settings: Settings) -> Int {
        sharesPlan(with: settings) ? 1 : settings.maxConcurrentRequests
    }

    public static let displayName = N_("the air quality")

    static func endpoint(for coordinate: Coordinate, url: String, now: Date) -> ForecastEndpoint {
        let items = [
            ("latitude", ForecastEndpoint.format(coordinate.latitude)),
            ("longitude", ForecastEndpoint.format(coordinate.longitude)),
            ("hourly", hourly(at: coordinate).joined(separator: ",")),
            ("timeformat", "unixtime"), ("past_hours", String(pastHours)), ("forecast_hours", String(forecastHours(now: now))),
        ]
        let full = url + ForecastEndpoint.query(items)
        return ForecastEndpoint(request: HTTPRequest(url: full), redactedURL: full, host: ForecastEndpoint.hostForMessages(of: url))
    }
}
