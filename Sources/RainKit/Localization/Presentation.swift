/// How a screen speaks: the language, the unit of each quantity and the clock. Without units
/// and clock, a forecast is shown in its own system (and a 12-hour clock for `us`).
public struct Presentation: Sendable, Equatable {
    public var localization: Localization
    public var units: DisplayUnits?
    public var twelveHourClock: Bool?
    /// Which air-quality index places are shown in (`aqi_scale`).
    public var airQualityScale: AirQualityScaleChoice = .auto

    public init(localization: Localization = .english, units: DisplayUnits? = nil, twelveHourClock: Bool? = nil) {
        self.localization = localization
        self.units = units
        self.twelveHourClock = twelveHourClock
    }

    /// What `settings` ask for, in `localization`.
    public init(settings: Settings, localization: Localization) {
        self.init(localization: localization, units: settings.displayUnits, twelveHourClock: settings.twelveHourClock)
        airQualityScale = settings.aqiScale
    }

    /// The measurements of `forecast` as shown.
    package func format(_ forecast: Forecast) -> UnitFormat {
        UnitFormat(units: units ?? DisplayUnits(preset: forecast.units), source: forecast.units, localization: localization)
    }

    /// The air-quality index `forecast`'s place is shown in.
    public func airQualityScale(_ forecast: Forecast) -> AirQualityScale {
        airQualityScale.scale(timeZone: forecast.timeZone)
    }

    /// The clock of `forecast`'s place.
    public func clock(_ forecast: Forecast) -> LocalClock {
        LocalClock(zone: forecast.zone, twelveHourClock: twelveHourClock ?? (forecast.units == .us),
                   localization: localization)
    }
}
