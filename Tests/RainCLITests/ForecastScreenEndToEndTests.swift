import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// What `rain show` says, through the real binary: sentences that agree with the provider,
/// units on every number, the place's own clock, and nothing lost into a pipe.
@Suite struct ForecastScreenEndToEndTests {
    /// Saves a place and a forecast for it in `home`'s cache, fetched just now.
    private func cache(_ forecast: Forecast, name: String, home: String) throws -> Location {
        let paths = RainPaths.resolve(environment: ["RAIN_HOME": home])
        let location = try LocationsStore(paths: paths).add(name: name, coordinate: forecast.coordinate, select: true).location
        try ForecastCache(directory: paths.forecastsDirectory).save(
            CachedForecast(location: location, fetchedAt: Date(), source: "darksky", forecast: forecast))
        return location
    }

    /// In New York, inside HRRR's area, where Pirate Weather's minutes (and so its sentence)
    /// are a model's own (`PirateWeatherMinutesEndToEndTests`: elsewhere rain words it).
    @Test func theNextHourSentenceIsTheProvidersAndGustsCarryTheirUnit() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let added = try await world.rain(["locations", "add", "New York", "--lat", "40.71", "--lon", "-74.006", "--select"])
            #expect(added.status == 0, "\(added)")
            let json = try await world.rain(["show", "--json"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let summary = try #require((document["next_hour"] as? [String: Any])?["summary"] as? String)
            let shown = try await world.rain(["show"])
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.output.contains("\n  \(summary)\n"), "the provider's own sentence:\n\(shown.output)")
            #expect(shown.output.contains(/Wind [0-9.]+ m\/s [A-Z]+ ., gusts [0-9.]+ m\/s  ·/), "\(shown.output)")
        }
    }

    @Test func halfHourAndThreeQuarterZonesShowThePlacesClock() async throws {
        try await withTemporaryDirectory { home in
            // Hourly data at full UTC hours, as Pirate Weather sends it.
            let hour = (Date().timeIntervalSince1970 / 3600).rounded(.down) * 3600
            for (zone, minutes) in [("Asia/Kolkata", ":30"), ("Asia/Kathmandu", ":45")] {
                var forecast = Forecast(coordinate: Coordinate(latitude: 27.7, longitude: 85.3), timeZone: zone, units: .si)
                forecast.hourly = (0..<24).map { index in
                    var data = Forecast.Hour(time: Date(timeIntervalSince1970: hour + Double(index) * 3600))
                    data.temperature = 20
                    return data
                }
                _ = try cache(forecast, name: zone, home: home)
                let shown = try await BuiltProduct.run("rain", ["show", "--offline"], environment: ["RAIN_HOME": home])
                #expect(shown.status == 0, "\(shown)")
                let lines = shown.output.split(separator: "\n")
                let title = try #require(lines.firstIndex { $0.contains("Next 12 hours") }, "\(shown.output)")
                let labels = lines[title + 1].split(separator: " ")
                // The first hour of a new day is named by its day (issue 41).
                #expect(labels.count == 12 && labels.allSatisfy { $0.hasSuffix(minutes) || $0.count == 3 }, "\(zone): \(lines[title + 1])")
                #expect(labels.filter { $0.hasSuffix(minutes) }.count >= 11, "\(zone): \(lines[title + 1])")
            }
        }
    }

    @Test func theHourRepeatedWhenClocksGoBackIsMarked() async throws {
        try await withTemporaryDirectory { home in
            // Berlin's clocks go back on 2027-10-31 at 01:00 UTC (03:00 CEST becomes 02:00 CET).
            // Hours ahead are shown however far ahead they are, so this needs no clock of its own.
            let start = 1_824_937_200.0  // 2027-10-30 23:00 UTC, 01:00 CEST
            var forecast = Forecast(coordinate: Coordinate(latitude: 52.52, longitude: 13.405), timeZone: "Europe/Berlin", units: .si)
            forecast.hourly = (0..<12).map { index in
                var hour = Forecast.Hour(time: Date(timeIntervalSince1970: start + Double(index) * 3600))
                hour.temperature = 8
                return hour
            }
            _ = try cache(forecast, name: "Berlin", home: home)
            let shown = try await BuiltProduct.run("rain", ["show", "--offline"], environment: ["RAIN_HOME": home])
            #expect(shown.status == 0, "\(shown)")
            let labels = shown.output.split(separator: "\n").first { $0.hasPrefix("  01:00") }?.split(separator: " ")
            #expect(labels?.prefix(5) == ["01:00", "02:00", "02:00*", "03:00", "04:00"], "\(shown.output)")
            #expect(shown.output.contains("* the clocks go back: 02:00 is UTC+2, 02:00* is UTC+1"))
        }
    }

    @Test func aPipeGetsTheWholeAlertWhileATerminalIsCutToItsWidth() async throws {
        try await withTemporaryDirectory { home in
            var forecast = Forecast(coordinate: Coordinate(latitude: 52.52, longitude: 13.405), timeZone: "Europe/Berlin", units: .si)
            let description = String(repeating: "Strong winds are expected across the whole region tonight. ", count: 6) + "Ends at dawn."
            forecast.alerts = [Forecast.Alert(
                title: "Severe wind warning for the districts of Mitte, Pankow, Spandau and Treptow-Köpenick",
                severity: "Severe", regions: ["Berlin"], expires: Date().addingTimeInterval(86_400), description: description)]
            _ = try cache(forecast, name: "Berlin", home: home)

            let piped = try await BuiltProduct.run("rain", ["show", "--offline"], environment: ["RAIN_HOME": home, "COLUMNS": "80"])
            #expect(piped.status == 0, "\(piped)")
            #expect(piped.output.contains("Treptow-Köpenick (Severe), until "), "the heading's end time is kept:\n\(piped.output)")
            #expect(piped.output.hasSuffix(" dawn.\n"), "the whole description, wrapped:\n\(piped.output)")
            #expect(!piped.output.contains("…"))

            let tmux = try TmuxSession(folder: home, shellCommand: "env RAIN_HOME=\(shellQuoted(home)) TERM=xterm \(shellQuoted(BuiltProduct.path("rain"))) show --offline; echo 'rain exited'; sleep 600", width: 80, height: 40)
            defer { tmux.kill() }
            let screen = try await tmux.waitForScreen(containing: "rain exited", limit: .seconds(90))
            #expect(screen.contains("…") && !screen.contains("dawn."), "a terminal keeps its short form:\n\(screen)")
        }
    }
}
