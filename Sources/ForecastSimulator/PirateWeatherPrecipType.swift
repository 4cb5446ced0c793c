/// Pirate Weather's `precipType` words, as its server picks them.
///
/// Pirate-Weather/pirate-weather-code `API/constants/api_const.py` (PRECIP_IDX, PRECIP_TYPES):
/// "ice" is freezing rain, "sleet" ice pellets, "mixed" rain, snow and ice together.
/// `API/hourly/block.py`: an hour's type is its model's (GFS's categorical freezing rain is
/// "ice"). The simulator's model calls what falls between 0 and 2 °C sleet (`Precipitation.Kind`);
/// up to 1 °C it is freezing rain, above ice pellets.
/// `API/api_utils.py`, `select_daily_precip_type`: a day with rain, snow and ice (freezing rain
/// and pellets together) accumulating is "mixed"; otherwise the kind with the greatest
/// accumulation (snow as its depth), the ice one being "ice"; more than 1 mm of ice makes
/// the day "ice" anyway. `_downgrade_precip` there: without `version=2` "ice" and "mixed"
/// are sent as "sleet".
enum PirateWeatherPrecipType {
    /// An instant's or an hour's type, from the simulator's own one.
    static func hour(_ type: String, temperature: Double, version: Int) -> String {
        guard type == "sleet", temperature <= 1 else { return type }
        return downgraded("ice", version: version)
    }

    /// A day's type from what accumulates in it (mm of water).
    static func day(_ amount: Precipitation.Amount, version: Int) -> String {
        let rain = amount.rain + amount.showers, snowDepth = amount.snow * 10, ice = amount.sleet
        guard max(rain, snowDepth, ice) > 0 else { return "none" }
        if rain > 0, snowDepth > 0, ice > 0 { return downgraded("mixed", version: version) }
        // numpy's argmax: the first of equal greatest.
        var type = rain >= snowDepth && rain >= ice ? "rain" : snowDepth >= ice ? "snow" : "ice"
        if ice > 1 { type = "ice" }
        return downgraded(type, version: version)
    }

    private static func downgraded(_ type: String, version: Int) -> String {
        version < 2 && (type == "ice" || type == "mixed") ? "sleet" : type
    }
}

extension ForecastSimulator {
    /// The `precipType` of each hourly and daily point Pirate Weather's answer (`version=2`)
    /// for a place carries at `now`, with the points' times (unix seconds), so tests can
    /// pick a place where freezing rain or mixed precipitation falls.
    public static func pirateWeatherPrecipTypes(latitude: Double, longitude: Double, now: Double)
        -> (hourly: [(time: Int, type: String)], daily: [(time: Int, type: String)]) {
        let document = DarkSkyDocument(latitude: latitude, longitude: longitude, now: now, version: 2).make()
        func points(_ block: String) -> [(time: Int, type: String)] {
            guard case .array(let data)? = document[block]?["data"] else { return [] }
            return data.compactMap { point in
                guard case .integer(let time)? = point["time"], case .string(let type)? = point["precipType"] else { return nil }
                return (time, type)
            }
        }
        return (points("hourly"), points("daily"))
    }
}
