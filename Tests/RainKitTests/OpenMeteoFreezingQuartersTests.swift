import Foundation
@testable import RainKit
import Testing

/// Open-Meteo's quarter hours say rain or snow by their `rain` and `snowfall`, which cannot
/// tell freezing rain from rain; the hour's weather code can (56, 57, 66, 67), so the next
/// hour's sentence says "Freezing rain", as the hour, the chance and the notification do.
@Suite struct OpenMeteoFreezingQuartersTests {
    @Test func aRainyQuarterOfAFreezingRainHourIsFreezingRain() {
        let start = Date(timeIntervalSince1970: TimeInterval(1_800_000_000 - 1_800_000_000 % 3600))
        var freezing = Forecast.Hour(time: start)
        freezing.precipType = "freezing_rain"
        var rainy = Forecast.Hour(time: start.addingTimeInterval(3600))
        rainy.precipType = "rain"
        let types: [String?] = ["rain", nil, "sleet", "rain", "rain", "rain", "rain", "rain"]
        var minutes: [Forecast.NextHour.Minute] = []
        for (index, type) in types.enumerated() {
            let time = start.addingTimeInterval(Double(index) * 900)
            minutes.append(Forecast.NextHour.Minute(time: time, precipIntensity: type == nil ? 0 : 1.5, precipType: type))
        }
        let read = OpenMeteoDecoder.freezing(in: Forecast.NextHour(minutes: minutes), hours: [freezing, rainy])
        #expect(read.minutes.map { $0.precipType } == ["freezing_rain", nil, "sleet", "freezing_rain", "rain", "rain", "rain", "rain"])
        #expect(read.minutes.map { $0.precipIntensity } == minutes.map { $0.precipIntensity })
        let sentence = NextHourOutlook.sentence(for: read, units: .si, now: start)
        #expect(sentence == "Freezing rain stopping in 15 min", "\(sentence ?? "none")")
    }
}
