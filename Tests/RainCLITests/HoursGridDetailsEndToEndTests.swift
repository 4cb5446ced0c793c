import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: the hours grid shows the feels-like temperature and the wind where there is room,
/// each row named at its end; a window short of lines gives them up first.
@Suite struct HoursGridDetailsEndToEndTests {
    @Test func feelsLikeAndWindRowsWhereThereIsRoom() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            let cached = try #require(try cache.load(for: world.berlin.id))
            // The hours from the hour for now, read as the run began and ended: a loaded machine's
            // run can cross the hour.
            func ahead(at now: Date) -> [Forecast.Hour] { cached.forecast.hourly.filter { $0.time.timeIntervalSince(now) > -3600 } }
            // The name is whole: a longer one takes an hour's columns (issue 41: "gefühlt" ran to
            // 81 columns in a pipe, and a terminal cut it to "gefü…").
            for (language, feels, hours) in [("C.UTF-8", "feels", 12), ("de_DE.UTF-8", "gefühlt", 11)] {
                let began = Date()
                let piped = try await world.rain(["show", "--offline"], environment: ["COLUMNS": "80", "LANG": language])
                let ended = Date()
                let lines = piped.output.split(separator: "\n").map(String.init)
                let feelsRow = try #require(lines.first { $0.hasSuffix(" " + feels) }, "\(language): \(piped.output)")
                let numbers = feelsRow.matches(of: try Regex("-?[0-9]+°")).map { String(feelsRow[$0.range].dropLast()) }
                let expected = [began, ended].map { ahead(at: $0).prefix(numbers.count).map { String(Int($0.apparentTemperature!.rounded())) } }
                #expect(numbers.count == hours && expected.contains(numbers) && feelsRow.displayWidth <= 80, "\(feelsRow)")
                let windRow = try #require(lines.first { $0.hasSuffix(" m/s") && !$0.contains("Wind") }, "\(piped.output)")
                #expect(windRow.matches(of: try Regex("[0-9]+[↑↗→↘↓↙←↖]?")).count == hours, "\(windRow)")
                #expect(windRow.displayWidth <= 80)
            }
            for (language, feels) in [("C.UTF-8", "feels"), ("de_DE.UTF-8", "gefuhlt")] {
                for width in [80, 50] {
                    // Tall enough for everything (a window of 80 columns draws a graph in their place).
                    let shown = try await EverydayEndToEndTests.screen(world, ["show", "--offline", "--ascii", "--hours", "7"], width: width, language: language)
                    // The name whole, or cut to the columns left ("gefu~" beside seven hours at 50).
                    #expect(shown.contains { $0.hasSuffix(" " + feels) || $0.hasSuffix(" " + feels.prefix(4) + "~") }, "\(language) \(width): \(shown)")
                    #expect(shown.contains { $0.hasSuffix(" m/s") && !$0.contains("Wind") }, "\(language) \(width): \(shown)")
                    #expect(shown.joined().allSatisfy { $0.isASCII })
                }
            }
            // 24 lines leave no room for them beside the days: the plain grid (a pipe that says LINES).
            let short = try await world.rain(["show", "--offline"], environment: ["COLUMNS": "120", "LINES": "24"])
            #expect(!short.output.contains(" feels\n"), "\(short.output)")
        }
    }
}
