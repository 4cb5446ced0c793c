/// How many calls one Open-Meteo request counts as, as its server counts them:
/// open-meteo/open-meteo `Sources/App/Helper/Writer/ForecastApiResult.swift`,
/// `calculateQueryWeight`: per location `max(1, max(v / 10, v / 10 * d / 14))`, where `v` is the
/// number of variables asked (`current`, `minutely_15`, `hourly` and `daily` together, times the
/// models' members: `ForecastapiController.swift`, `nVariablesTimesDomains`) and `d` the whole
/// days of the daily range (`past_days` + `forecast_days`, default 7: `getTimerange2`), summed
/// over the locations, in `Float` as the server does. The server's own cases are in
/// `Tests/AppTests/OutputformatTests.swift`, `apiWeight`.
struct OpenMeteoQueryWeight: Sendable, Equatable {
    static let referenceDays = 14
    static let referenceVariables = 10

    /// The number of variables times the models' members, over every block.
    var variables: Int
    /// Whole days of the daily range of each location.
    var daysPerLocation: [Int]

    init(variables: Int, days: Int, locations: Int = 1) {
        self.variables = variables
        daysPerLocation = Array(repeating: days, count: locations)
    }

    init(variables: Int, daysPerLocation: [Int]) {
        self.variables = variables
        self.daysPerLocation = daysPerLocation
    }

    var calls: Float {
        daysPerLocation.reduce(0) { sum, days in
            let timeFraction = Float(days) / Float(Self.referenceDays)
            let variablesFraction = Float(variables) / Float(Self.referenceVariables)
            let weight = max(variablesFraction, timeFraction * variablesFraction)
            return sum + max(1, weight)
        }
    }

    /// rain's own forecast request (`ForecastEndpoint(openMeteoURL:...)`), one place.
    static var ofRainsRequest: OpenMeteoQueryWeight {
        let variables = ForecastEndpoint.openMeteoCurrent.count + ForecastEndpoint.openMeteoMinutely15.count
            + ForecastEndpoint.openMeteoHourly.count + ForecastEndpoint.openMeteoDaily.count
        return OpenMeteoQueryWeight(variables: variables, days: ForecastEndpoint.openMeteoForecastDays)
    }
}
