import FoundationEssentials
import RainKit

extension SpreadView {
    /// What a day's wet runs bring, for their words: a run counts with 0.1 mm of rain or snow
    /// alike (the ensemble is asked its precipitation, of any kind), so the words follow the
    /// forecast shown above for that day: its amounts of rain and of snow, else its kind of
    /// precipitation; where it has neither, the runs' temperatures: rain where even the
    /// coldest runs' low is above 2 °C, snow where even the warmest runs' high is 0 °C or
    /// below, either in between.
    enum WetKind: Equatable {
        case rain, snow, either

        init(_ day: ForecastSpread.Day, in forecast: Forecast, clock: LocalClock) {
            if let expected = forecast.daily.first(where: { clock.isSameDay($0.time, day.time) }) {
                let liquid = (expected.precipAccumulation ?? 0) > 0, snow = (expected.snowAccumulation ?? 0) > 0
                if liquid || snow {
                    self = liquid && snow ? .either : (snow ? .snow : .rain)
                    return
                }
                if let kind = WetKind(precipType: expected.precipType) {
                    self = kind
                    return
                }
            }
            func celsius(_ value: Double?) -> Double? { value.map { forecast.units == .us ? ($0 - 32) * 5 / 9 : $0 } }
            if let low = celsius(day.lowP10), low > 2 {
                self = .rain
            } else if let high = celsius(day.highP90), high <= 0 {
                self = .snow
            } else {
                self = .either
            }
        }

        /// A precipitation type's kind (sleet is either); nil for none or a type not known.
        init?(precipType: String?) {
            switch precipType {
            case "rain", "freezing_rain": self = .rain
            case "snow": self = .snow
            case "sleet": self = .either
            default: return nil
            }
        }
    }
}
