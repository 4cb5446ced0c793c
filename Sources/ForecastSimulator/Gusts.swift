/// Gusts as Open-Meteo serves them: `wind_gusts_10m` is the strongest gust of the interval
/// that ENDS at its time (hourly: the preceding hour, `minutely_15` and `current`: the
/// preceding 15 minutes), as the models deliver it. open-meteo/open-meteo-website
/// `src/routes/en/docs/+page.svelte` ("Gusts at 10 meters above ground as a maximum of the
/// preceding hour"; 15-minutely: "Preceding 15 min max"); open-meteo/open-meteo
/// `Sources/App/Icon/IconVariable.swift` (ICON's `vmax_10m`: "Maxima are collected over
/// hourly intervals"), `Sources/App/MeteoFrance/MeteoFranceVariableDownloadable.swift`
/// (AROME's `WIND_SPEED_GUST_15MIN`). The daily maximum is the largest of the day's hourly
/// values (`Sources/App/Helper/GenericDailyCalculator.swift`).
///
/// A place whose scenario has a squall gets gusts `squallStrength` m/s stronger for
/// `squallMinutes` minutes, so a test knows which hour's maximum holds it.
struct Gusts: Sendable {
    static let squallMinutes = 10.0
    static let squallStrength = 20.0
    /// How finely an interval is searched for its strongest gust (the model's wind changes
    /// over hours, the squall is found exactly).
    static let step = 300.0

    let model: WeatherModel
    let squall: Range<Double>?

    init(model: WeatherModel, now: Double) {
        self.model = model
        let scenario = ForecastSimulator.scenario(latitude: model.latitude, longitude: model.longitude)
        let minute = (now / 60).rounded(.down) * 60
        squall = scenario.minutesUntilSquall.map { minutes in
            let start = minute + Double(minutes) * 60
            return start..<(start + Self.squallMinutes * 60)
        }
    }

    /// The gust (m/s) at an instant.
    func gust(at time: Double) -> Double {
        let gust = model.gust(windSpeed: model.windSpeed(at: time))
        guard let squall, squall.contains(time) else { return gust }
        return gust + Self.squallStrength
    }

    /// The strongest gust (m/s) in `(start, end]`.
    func strongest(from start: Double, to end: Double) -> Double {
        var times = Array(stride(from: end, to: start, by: -Self.step))
        if let squall, squall.lowerBound <= end, squall.upperBound > start + 1 { times.append(max(squall.lowerBound, start + 1)) }
        return times.map(gust(at:)).max() ?? gust(at: end)
    }
}
