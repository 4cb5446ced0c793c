extension JSONNaming {
    /// A Dark Sky-compatible server's (Pirate Weather's): rain's keys in camelCase and unix
    /// times, but for `darkSkyKeys`.
    static let darkSky = JSONNaming(times: .unixSeconds) { key in darkSkyKeys[key] ?? [camelCase(key)] }

    /// The keys that are not rain's in camelCase, most preferred first; none: not read.
    /// - A day's minimum and maximum are `temperatureMin`/`Max` (`temperatureLow`/`High` are the
    ///   overnight low and daytime high, read only when the others are absent); its liquid
    ///   amount is `liquidAccumulation` (`precipAccumulation` adds snow and ice).
    /// - The sky is rain's own (`Forecast.withAstronomy`): a server's `sunriseTime` and
    ///   `sunsetTime` are not read; its `moonPhase` is read where present and replaced by rain's;
    ///   dawn, dusk, the moon's light, rise and set, `polar` and `daylight_seconds` are rain's alone.
    /// - `minutely`'s points are its `data`; its `precision` is rain's own, from `flags.sources`
    ///   (`DarkSkyDecoder.minutesPrecision`).
    /// - An alert's `source` is rain's mark of the feed that gave it: a server cannot pass its
    ///   own alerts off as an official feed's.
    private static let darkSkyKeys: [String: [String]] = [
        "temperature_low": ["temperatureMin", "temperatureLow"],
        "temperature_high": ["temperatureMax", "temperatureHigh"],
        "precip_accumulation": ["liquidAccumulation", "precipAccumulation"],
        "sunrise": [],
        "sunset": [],
        "polar": [],
        "dawn": [],
        "dusk": [],
        "moon_illumination": [],
        "moonrise": [],
        "moonset": [],
        "daylight_seconds": [],
        "minutes": ["data"],
        "precision": [],
        "source": [],
    ]
}

extension ForecastFields.Tables {
    /// A Dark Sky-compatible answer's.
    static let darkSky = Self(.darkSky)
}
