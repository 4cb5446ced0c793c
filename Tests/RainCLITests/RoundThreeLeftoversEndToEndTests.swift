import ForecastSimulator
import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// Issues 40 and 41: what the last new-user trial still tripped on, through the real binary
/// against the simulator, each at a fixed clock.
@Suite struct RoundThreeLeftoversEndToEndTests {
    static let noon = Date(timeIntervalSince1970: 1_779_710_400)   // 2026-05-25T12:00:00Z, a Monday

    /// The spread's lines from "How sure" to the line before the credit.
    static func spreadBlock(_ lines: [String]) -> [String] {
        Array(lines.drop { !$0.contains(/^ *How sure/) }.prefix { !$0.hasPrefix("Data:") && !$0.isEmpty })
    }

    /// `COLUMNS=40 rain show --spread | cat` cut the spread's lines ("dry in 34 of 4…") while
    /// the forecast above kept its lines whole: into a pipe the spread is laid out for COLUMNS
    /// where it fits but nothing is cut (the words of every line as without COLUMNS); on a
    /// terminal of 40 columns every line fits.
    @Test func aPipeGetsTheSpreadWholeAsTheForecast() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, now: Self.noon)
            #expect(try await world.keylessRain(["show", "Berlin", "--spread"]).status == 0)
            let unset = try await world.keylessRain(["show", "Berlin", "--spread", "--offline"])
            let narrow = try await world.keylessRain(["show", "Berlin", "--spread", "--offline"], environment: ["COLUMNS": "40"])
            #expect(unset.status == 0 && narrow.status == 0, "\(unset)\n\(narrow)")
            let whole = Self.spreadBlock(unset.output.components(separatedBy: "\n"))
            let piped = Self.spreadBlock(narrow.output.components(separatedBy: "\n"))
            #expect(whole.count >= 5, "\(unset.output)")
            func words(_ lines: [String]) -> [String] { lines.map { $0.split(separator: " ").joined(separator: " ") } }
            #expect(words(piped) == words(whole), "\(narrow.output)")
            #expect(piped.contains { $0.displayWidth > 40 } && !piped.contains { $0.hasSuffix("…") }, "\(narrow.output)")
            // As the forecast above it: its hours keep their 80-column layout in the pipe.
            #expect(narrow.output.components(separatedBy: "\n").contains { $0.displayWidth > 40 && $0.contains("%") && !$0.contains("runs") })

            let (status, lines) = try await world.onPseudoTerminal(["show", "Berlin", "--spread", "--offline"], width: 40, keyless: true)
            #expect(status == 0, "\(lines)")
            let shown = Self.spreadBlock(lines)
            #expect(shown.count >= 5 && lines.allSatisfy { $0.displayWidth <= 40 }, "\(lines)")
        }
    }

    /// An ensemble of one run said "dry in 1 of 1 runs" under "the middle 80% of the runs",
    /// and that one run disagreed with itself: it says what the only run brings.
    @Test func oneRunIsTheOnlyRun() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home, now: Self.noon)
            world.simulator.setBehaviour(.ensembleQuirk(.controlRunOnly))
            let shown = try await world.keylessRain(["show", "Berlin", "--spread"])
            #expect(shown.status == 0, "\(shown)")
            let block = Self.spreadBlock(shown.output.components(separatedBy: "\n"))
            #expect(block.contains { $0.contains("Highs and lows: the only run's") }, "\(shown.output)")
            let days = block.filter { $0.contains(/(dry|rain|snow|rain\/snow) in the only run$/) }
            #expect(days.count >= 5, "\(shown.output)")
            for words in [" of 1 run", "middle 80%", "least sure", "disagree"] {
                #expect(!shown.output.contains(words), "\(words): \(shown.output)")
            }
            let german = try await world.keylessRain(["show", "Berlin", "--spread", "--offline"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(german.output.contains("Max und Min: aus dem einzigen Lauf") && german.output.contains("im einzigen Lauf\n")
                    && !german.output.contains("1/1"), "\(german.output)")
        }
    }

    /// At 00:30 `--parts` showed the night after today under a bare "Night": the night under
    /// way comes first, named so, and the title says each day's night is the one after it.
    @Test func halfAnHourAfterMidnightThePartsBeginWithTonight() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let now = Date(timeIntervalSince1970: 1_779_748_200)   // 2026-05-25T22:30:00Z, 00:30 in Berlin
            let world = try ForecastWorld(home: home, now: now)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            let cached = try #require(try cache.load(for: world.berlin.id))
            let clock = Presentation().clock(cached.forecast)
            try #require(clock.hourOfDay(now) == 0, "00:30 in Berlin")
            // The night under way, worked out here: the hours of today's date before 06:00 not over.
            let night = cached.forecast.hourly.filter {
                $0.time.addingTimeInterval(3600) > now && clock.localDays($0.time) == clock.localDays(now) && clock.hourOfDay($0.time) < 6
            }
            try #require(night.count == 6, "\(night.count)")
            let expected = ["\(Int(night.compactMap(\.temperature).min()!.rounded()))°",
                            "\(Int((night.compactMap(\.precipProbability).max()! * 100).rounded()))%"]

            let piped = try await world.rain(["show", "--parts", "--offline"])
            let lines = piped.output.components(separatedBy: "\n")
            let title = try #require(lines.firstIndex { $0.contains("Parts of the day and the night after") }, "\(piped.output)")
            let tonight = lines[title + 2]
            #expect(tonight.hasPrefix("  Tonight "), "\(piped.output)")
            #expect(tonight.matches(of: /-?[0-9]+[°%]/).map { String(tonight[$0.range]) } == expected, "\(tonight)")
            #expect(lines[title + 3].hasPrefix("  Today "), "\(piped.output)")

            for (language, name) in [("C.UTF-8", "Tonight"), ("de_DE.UTF-8", "Heute Nacht")] {
                for width in [80, 50] {
                    let shown = try await EverydayEndToEndTests.screen(world, ["show", "--parts", "--offline"], width: width, language: language)
                    let index = try #require(shown.firstIndex { $0.hasPrefix("  " + name + " ") }, "\(language) \(width): \(shown)")
                    #expect(shown[index].matches(of: /[0-9]%/).count == 1, "\(language) \(width): \(shown[index])")
                    // The days below it keep their four chances at 50 columns too.
                    #expect(shown[index + 1].matches(of: /[0-9]%/).count >= 1, "\(language) \(width): \(shown)")
                }
            }
        }
    }

    /// `rain show --day tue` had no feels-like or wind rows where the hours ahead have them:
    /// each row of the day's hours has both, named at their ends, at 80 and 50 columns.
    @Test func aDayByNameHasTheFeelsLikeAndWindRows() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home, now: Self.noon)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            let cached = try #require(try cache.load(for: world.berlin.id))
            let clock = Presentation().clock(cached.forecast)
            let tuesday = cached.forecast.hourly.filter { clock.localDays($0.time) == clock.localDays(Self.noon) + 1 }
            try #require(tuesday.count == 24)
            let feels = tuesday.map { "\(Int($0.apparentTemperature!.rounded()))°" }

            for (language, name) in [("C.UTF-8", "feels"), ("de_DE.UTF-8", "gefühlt")] {
                for width in [80, 50] {
                    let shown = try await EverydayEndToEndTests.screen(world, ["show", "--day", "tue", "--offline"], width: width, language: language)
                    // Each row of hours: times, symbols, temperatures, chances, then feels-like and wind, named
                    // at their ends (cut where the window leaves a few columns: "gefü…").
                    let timeRows = shown.indices.filter { shown[$0].contains(#/^  [0-9]{2}:00 /#) }
                    #expect(timeRows.count >= 2, "\(language) \(width): \(shown)")
                    var values: [String] = []
                    for row in timeRows {
                        let hours = shown[row].matches(of: /[0-9]{2}:00/).count
                        let (feelsRow, windRow) = (shown[row + 4], shown[row + 5])
                        #expect(feelsRow.hasSuffix(" " + name) || feelsRow.hasSuffix(" " + name.prefix(4) + "…"), "\(language) \(width): \(feelsRow)")
                        #expect(windRow.matches(of: /[0-9]+/).count >= hours && windRow.last?.isNumber == false, "\(language) \(width): \(windRow)")
                        let numbers = feelsRow.matches(of: /-?[0-9]+°/).map { String(feelsRow[$0.range]) }
                        #expect(numbers.count == hours, "\(language) \(width): \(feelsRow)")
                        values += numbers
                    }
                    #expect(values == feels, "\(language) \(width): \(shown)")
                }
            }
            let piped = try await world.rain(["show", "--day", "tue", "--offline"])
            #expect(piped.output.components(separatedBy: "\n").filter { $0.hasSuffix(" feels") }.count >= 2, "\(piped.output)")
        }
    }

    /// A place near `latitude`, `longitude` whose scenario starts rain within the hour.
    static func placeWhereRainStarts(near latitude: Double, _ longitude: Double, nativeQuarterHours: Bool) -> Coordinate? {
        (0..<2000).lazy.map { step in
            Coordinate(latitude: latitude + Double(step % 40) * 0.01, longitude: longitude + Double(step / 40) * 0.01)
        }.first { coordinate in
            let scenario = ForecastSimulator.scenario(latitude: coordinate.latitude, longitude: coordinate.longitude)
            return scenario.minutesUntilPrecipitation != nil && scenario.hasNativeQuarterHours == nativeQuarterHours
        }
    }

    /// At 17:59 New York showed "Rain 2%" above "Light rain starting in 1 min": the chance
    /// was the hour ending then, the sentence the steps after it. Where the next hour's steps
    /// bring rain, the chance shown (and `{precip}`) is the next hour's: at least the chance
    /// of the hour the rain starts in, and never under "likely".
    @Test(arguments: [false, true])
    func theChanceNowAgreesWithTheNextHour(_ keyless: Bool) async throws {
        try await withTemporaryDirectory { home in
            // A minute before the hour, as the trial's 17:59: the quarter hour under way is dry.
            let now = Self.noon.addingTimeInterval(-60)
            let world = try ForecastWorld(home: home, now: now)
            let coordinate = try #require(Self.placeWhereRainStarts(near: 40.7, -74.0, nativeQuarterHours: true))
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            let place = try store.add(name: "Queens", coordinate: coordinate).location
            let environment = keyless ? world.keylessEnvironment : world.environment
            let shown = try await BuiltProduct.run("rain", ["show", "Queens"], environment: environment, at: now)
            #expect(shown.status == 0, "\(shown)")
            let lines = shown.output.components(separatedBy: "\n")
            let sentence = try #require(lines.first { $0.contains(/rain (starting in|likely from)/) }, "\(shown.output)")
            let detail = try #require(lines.first { $0.contains(/Rain [0-9]+%/) }, "\(shown.output)")
            let chance = Int(try #require(detail.firstMatch(of: /Rain ([0-9]+)%/)).1)!

            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            let forecast = try #require(try cache.load(for: place.id)).forecast
            let steps = try #require(forecast.nextHour?.minutes)
            let first = try #require(steps.first {
                $0.time > now.addingTimeInterval(-60) && forecast.units.millimetresPerHour($0.precipIntensity ?? 0) >= 0.05 && ($0.precipProbability ?? 1) >= 0.5
            })
            let hour = try #require(forecast.hourly.last { $0.time <= first.time })
            let least = max(first.precipProbability ?? 0, hour.precipProbability ?? 0, forecast.current?.precipProbability ?? 0)
            #expect(chance >= 50 && chance >= Int((least * 100).rounded()), "\(detail) / \(sentence): \(least)")
            let format = try await BuiltProduct.run("rain", ["show", "Queens", "--offline", "--format", "{precip}"], environment: environment, at: now)
            #expect(format.output == "\(chance)%\n", "\(format)")
        }
    }
}
