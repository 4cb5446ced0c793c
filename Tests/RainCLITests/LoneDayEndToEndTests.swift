import Foundation
import RainKit
import RainTestSupport
import Testing

/// A new user's trial: `rain` in German at 80x24 kept the 24-hour graph, the pressure line and
/// the sun and moon (its sun line wrapped to two) over today alone. Before the days fall to a
/// lone day, pressure, the next hour's chart and the sun and moon give way, and days come back
/// into their lines; in English alike, with alerts taking more of the screen.
@Suite struct LoneDayEndToEndTests {
    @Test func theScreenGivesUpPressureAndTheSunBeforeALoneDay() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var fetched = try #require(try cache.load(for: world.berlin.id))
            try #require(fetched.forecast.daily.count >= 7)
            // Rain alone, a millimetre a day, and no next hour: the hour's simulated weather
            // (freezing rain's longer words, a next-hour sentence, snow and rain on a row of
            // their own) would otherwise decide what fits 24 lines.
            for index in fetched.forecast.daily.indices {
                fetched.forecast.daily[index].precipAccumulation = 1
                fetched.forecast.daily[index].snowAccumulation = nil
                fetched.forecast.daily[index].precipType = "rain"
            }
            fetched.forecast.current?.precipType = "rain"
            fetched.forecast.nextHour = nil
            var withoutTheSun = 0
            for alerts in 0...3 {
                var cached = fetched
                cached.forecast.alerts = (0..<alerts).map { Forecast.Alert(title: "Wind warning \($0 + 1)", expires: Date().addingTimeInterval(86_400)) }
                try cache.save(cached)
                for (language, pressure, sunrise) in [("C.UTF-8", "Pressure", "Sunrise"), ("de_DE.UTF-8", "Luftdruck", "Sonnenaufgang")] {
                    let lines = try await NewUserLeftoversEndToEndTests.screen(world, [], width: 80, height: 24, language: language, keyless: true)
                    let about = "\(alerts) alerts, \(language):\n" + lines.joined(separator: "\n")
                    let days = lines.filter(NewUserLeftoversEndToEndTests.isDayRow).count
                    #expect(lines.count <= 23 && lines.first?.contains("Berlin") == true, "\(about)")
                    #expect(days >= 1, "\(about)")
                    if days == 1 { #expect(!lines.contains { $0.contains(pressure) || $0.contains(sunrise) }, "\(about)") }
                    if !lines.contains(where: { $0.contains(sunrise) }) {
                        withoutTheSun += 1
                        // The lines the sun and moon left hold more than today.
                        #expect(days >= 2, "\(about)")
                    }
                }
            }
            // The alerts took the screen past the sun and moon at least once: the case was met.
            #expect(withoutTheSun > 0)
        }
    }
}
