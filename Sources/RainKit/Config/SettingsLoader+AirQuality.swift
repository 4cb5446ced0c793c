import FoundationEssentials

/// The air-quality settings: `air_quality` (on unless false), `air_quality_url` (overridden by
/// `RAIN_AIR_QUALITY_URL`) and `aqi_scale`.
extension SettingsLoader {
    func readAirQuality(_ file: ConfigValues, into settings: inout Settings) -> [ConfigError] {
        var problems: [ConfigError] = []
        do throws(ConfigError) { if let on = try file.boolean("air_quality") { settings.airQuality = on } } catch { problems.append(error) }
        do throws(ConfigError) {
            try url("air_quality_url", environment: "RAIN_AIR_QUALITY_URL", in: file, into: &settings, at: \.airQualityURL)
        } catch { problems.append(error) }
        do throws(ConfigError) {
            if let name = try file.string("aqi_scale") {
                guard let scale = AirQualityScaleChoice(rawValue: name) else {
                    throw file.invalid("aqi_scale", N_("must be {names} or {last}"), ["names": "\"auto\", \"european\"", "last": "\"us\""],
                                       typed: name, choices: ["auto", "european", "us"])
                }
                settings.aqiScale = scale
            }
        } catch { problems.append(error) }
        return problems
    }
}
