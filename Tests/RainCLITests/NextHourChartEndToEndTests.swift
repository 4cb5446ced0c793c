import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: the next hour as a picture, under its sentence on the screen and as
/// `--format {next_hour_spark}`, through the real binary.
@Suite struct NextHourChartEndToEndTests {
    /// A cached next hour: dry, then 20 minutes of heavy rain from about 20 minutes on, then dry.
    private static func cacheAShower(_ world: ForecastWorld, home: String, precision: Forecast.NextHour.Precision? = nil,
                                     intensity: Double = 12) throws {
        let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
        var cached = try #require(try cache.load(for: world.berlin.id))
        let perMillimetre = 1 / cached.forecast.units.millimetresPerHour(1)
        let start = Date().addingTimeInterval(-30)
        cached.forecast.nextHour = Forecast.NextHour(summary: nil, minutes: (0...60).map { minute in
            let isWet = (20..<40).contains(minute)
            return Forecast.NextHour.Minute(time: start.addingTimeInterval(Double(minute) * 60),
                                            precipIntensity: isWet ? intensity * perMillimetre : 0,
                                            precipProbability: isWet ? 0.9 : 0, precipType: "rain")
        }, precision: precision)
        cached.forecast.current?.precipProbability = 0   // the sentence agrees with the chance shown now
        cached.fetchedAt = Date()
        try cache.save(cached)
    }

    @Test func aShowerInTheNextHourIsDrawnUnderItsSentence() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            try Self.cacheAShower(world, home: home)

            let spark = try await world.rain(["show", "--offline", "--format", "[{next_hour_spark}] {next_hour}"])
            #expect(spark.status == 0 && spark.output.hasPrefix("[▁▁▁▁████▁▁▁▁] Heavy rain starting in "), "\(spark)")
            let ascii = try await world.rain(["--ascii", "show", "--offline", "--format", "{next_hour_spark}"])
            #expect(ascii.output == "____####____\n", "\(ascii)")

            // The minutes left of the hour (60, or fewer on a loaded machine that drew the screen
            // more than 30 s after the shower was cached).
            for (language, sentence, label) in [("C.UTF-8", "Heavy rain starting in", "next [0-9]+ min"), ("de_DE.UTF-8", "Starker Regen", "nächste [0-9]+ min")] {
                for width in [80, 50] {
                    for isASCII in [false, true] {
                        let shown = try await EverydayEndToEndTests.screen(world, ["show", "--offline"] + (isASCII ? ["--ascii"] : []),
                                                                           width: width, language: language)
                        let index = try #require(shown.firstIndex { $0.contains(sentence) }, "\(language) \(width): \(shown)")
                        let chart = shown[index + 1]
                        let chartPattern = try Regex(isASCII ? "^  _+#+_+  " : "^  ▁+█+▁+  ")
                        let labelPattern = try Regex((isASCII ? label.replacingOccurrences(of: "ä", with: "a") : label) + "$")
                        #expect(chart.contains(chartPattern) && chart.contains(labelPattern), "\(language) \(width) \(isASCII): \(chart)")
                        #expect(chart.displayWidth <= width)
                    }
                }
            }
        }
    }

    /// Quarter hours made from the hour's amount cannot tell when within the hour it rains:
    /// the chart says so; a dry hour draws nothing on the screen and a flat line for a bar.
    @Test func anHoursAmountSpreadEvenlySaysSoAndADryHourIsNotDrawn() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            try Self.cacheAShower(world, home: home, precision: .hour)
            for (language, label) in [("C.UTF-8", "next 60 min, by the hour"), ("de_DE.UTF-8", "nächste 60 min, stündlich")] {
                let shown = try await EverydayEndToEndTests.screen(world, ["show", "--offline"], width: 80, language: language)
                #expect(shown.contains { $0.hasSuffix(label) && $0.contains("█") }, "\(language): \(shown)")
            }
            try Self.cacheAShower(world, home: home, intensity: 0)
            let shown = try await EverydayEndToEndTests.screen(world, ["show", "--offline"], width: 80, language: "C.UTF-8")
            #expect(shown.contains { $0.contains("No precipitation for the next hour") }, "\(shown)")
            #expect(!shown.contains { $0.contains("next 60 min") }, "\(shown)")
            let flat = try await world.rain(["show", "--offline", "--format", "{next_hour_spark}"])
            #expect(flat.output == "▁▁▁▁▁▁▁▁▁▁▁▁\n", "\(flat)")
        }
    }
}
