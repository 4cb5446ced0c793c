import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: rain, snow and sleet named alike everywhere. `rain oslo` showed "Rain 15%" at
/// -4 °C beside "Light snow likely from about 02:00"; `notify` said "Rain in Paris now" and
/// then "Paris: 71% chance of sleet" under freezing rain; a snow event's JSON read
/// `"kind": "rain"`. Through the real binary against the simulator, on a fixed clock.
@Suite struct PrecipitationNamesEndToEndTests {
    private func editCache(_ world: ForecastWorld, _ location: Location, _ change: (inout Forecast) -> Void) throws {
        let cache = ForecastCache(directory: world.home + "/cache/forecasts")
        var cached = try #require(try cache.load(for: location.id))
        change(&cached.forecast)
        try cache.save(cached)
    }

    @Test func theChanceNowIsNamedByTheHoursType() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.keylessRain(["show", "Berlin"]).status == 0)
            // A cloudy hour now with no type of its own: the next hours' type names it, else the cold.
            for (later, temperature, words, german) in [("snow", -4.0, "Snow 15%", "Schnee 15%"), ("sleet", 1.0, "Sleet 15%", nil),
                                                        ("freezing_rain", -1.0, "Freezing rain 15%", "Gefrierender Regen 15%"),
                                                        (nil, -4.0, "Snow 15%", nil), (nil, 6.0, "Rain 15%", "Regen 15%")] {
                try editCache(world, world.berlin) { forecast in
                    forecast.current?.time = Date()
                    forecast.current?.precipType = nil
                    forecast.current?.precipProbability = 0.15
                    forecast.current?.temperature = temperature
                    // No next hour: where its steps bring rain the chance shown is theirs, on whatever
                    // the simulator's clock brings.
                    forecast.nextHour = nil
                    for index in forecast.hourly.indices { forecast.hourly[index].precipType = nil }
                    if let later, let next = forecast.hourly.firstIndex(where: { $0.time > Date().addingTimeInterval(3600) }) {
                        forecast.hourly[next].precipType = later
                    }
                }
                let shown = try await world.keylessRain(["show", "Berlin", "--offline"], environment: ["COLUMNS": "80"])
                #expect(shown.status == 0 && shown.output.contains("  ·  \(words)"), "\(later ?? "none") \(temperature): \(shown.output)")
                if let german {
                    let translated = try await world.keylessRain(["show", "Berlin", "--offline"], environment: ["COLUMNS": "80", "LANG": "de_DE.UTF-8"])
                    // German's longer words may start the line: the chance's name is what counts.
                    #expect(translated.output.contains("  ·  \(german)") || translated.output.contains("     \(german)  ·"), "\(translated.output)")
                }
            }
        }
    }

    @Test func notificationsAndTheirJSONNameTheHoursType() async throws {
        try await withTemporaryDirectory { home in
            let now = NotifyEndToEndTests.now
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: now)
            #expect(try await world.rain(["notify", "Berlin", "--json"]).status == 0)
            let wet = try #require(try ForecastCache(directory: world.home + "/cache/forecasts").load(for: world.berlin.id))
                .forecast.nextHour!.minutes.map(\.precipIntensity)
            for (hourType, minuteType, noun) in [("sleet", "rain", "Sleet"), ("snow", "snow", "Snow"), ("rain", "rain", "Rain"),
                                                 ("freezing_rain", "rain", "Freezing rain")] {
                try editCache(world, world.berlin) { forecast in
                    for index in forecast.hourly.indices { forecast.hourly[index].precipType = hourType }
                    for index in forecast.nextHour!.minutes.indices {
                        forecast.nextHour!.minutes[index].precipType = minuteType
                        forecast.nextHour!.minutes[index].precipIntensity = wet[index]
                    }
                }
                let shown = try await world.rain(["notify", "Berlin", "--json"])
                let events = try #require(try JSONSerialization.jsonObject(with: Data(shown.output.utf8)) as? [[String: Any]], "\(shown)")
                let starting = try #require(events.first { ($0["id"] as? String)?.hasPrefix("rain:") == true }, "\(shown.output)")
                #expect(starting["kind"] as? String == hourType && starting["precip_type"] as? String == hourType, "\(shown.output)")
                #expect((starting["summary"] as? String)?.hasPrefix("\(noun) in Berlin") == true, "\(shown.output)")
                // The chance from 15:00 is the same spell going on, told on its own once the
                // next hour is dry.
                try editCache(world, world.berlin) { forecast in
                    for index in forecast.nextHour!.minutes.indices { forecast.nextHour!.minutes[index].precipIntensity = 0 }
                }
                let later = try await world.rain(["notify", "Berlin", "--json"])
                let laterEvents = try #require(try JSONSerialization.jsonObject(with: Data(later.output.utf8)) as? [[String: Any]], "\(later)")
                let chance = try #require(laterEvents.first { $0["kind"] as? String == "chance" }, "\(later.output)")
                let named = hourType.replacingOccurrences(of: "_", with: " ")
                #expect((chance["summary"] as? String)?.contains("chance of \(named) from") == true, "\(later.output)")
                #expect(chance["precip_type"] as? String == hourType, "\(later.output)")
            }
        }
    }
}
