/// Where Pirate Weather's minutes come from, as Pirate-Weather/pirate-weather-code has it:
/// - `API/forecast_sources.py`, `build_source_metadata`: "hrrrsubh" is in `flags.sources`
///   where the place lies in HRRR's grid (the continental US, `QuarterHourAreas.hrrrConus`).
/// - `API/minutely/builder.py`, `_calculate_intensity`: the minutes are HRRR's sub-hourly
///   run's where there is one; elsewhere `np.interp` of an hourly model's points onto the
///   minutes, outside North America DWD MOSMIX first, whose `RR1c` at each hour is the sum of
///   the hour before it.
enum PirateWeatherMinutes {
    static func areHRRRs(latitude: Double, longitude: Double) -> Bool {
        QuarterHourAreas.hrrrConus.contains(latitude: latitude, longitude: longitude)
    }

    /// `flags.sources`: the models behind the answer, in Pirate Weather's order.
    static func sources(latitude: Double, longitude: Double) -> [String] {
        areHRRRs(latitude: latitude, longitude: longitude)
            ? ["ETOPO1", "hrrrsubh", "hrrr_0-18", "nbm", "hrrr_18-48", "gfs", "gefs"]
            : ["ETOPO1", "dwd_mosmix", "ecmwf_ifs", "gfs", "gefs"]
    }

    /// The rate (mm/h) at `time` interpolated between the UTC hours around it, each carrying
    /// the mean rate of the hour that ends at it.
    static func interpolatedRate(at time: Double, _ precipitation: Precipitation) -> Double {
        let before = (time / 3600).rounded(.down) * 3600
        let fraction = (time - before) / 3600
        func point(_ hour: Double) -> Double { precipitation.amount(from: hour - 3600, to: hour).total }
        let first = point(before)
        return fraction == 0 ? first : first + (point(before + 3600) - first) * fraction
    }
}
