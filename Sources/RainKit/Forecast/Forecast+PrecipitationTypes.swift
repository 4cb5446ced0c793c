extension Forecast {
    /// The precipitation types rain names as themselves (the chance on the screen, the
    /// notifications and their JSON `kind`): rain, snow, sleet (ice pellets and wintry mix)
    /// and freezing rain (Open-Meteo's freezing drizzle and rain, Pirate Weather's "ice").
    /// Another type (hail) is named as rain.
    public static let namedPrecipitationTypes = ["rain", "snow", "sleet", "freezing_rain"]
}
