import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: what a new user tripped on, each through the real binary.
@Suite struct EverydayEndToEndTests {
    /// Item 1: at any width a coordinate is printed whole or not at all, never cut mid-number
    /// (a cut area used to end where the longitude's last digit was, "-46.636…").
    @Test func listedCoordinatesAreWholeOrAbsentAtEveryWidth() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let store = LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(Location(name: "São Paulo", coordinate: Coordinate(latitude: -23.5475, longitude: -46.6361),
                                       country: "Brazil", region: "São Paulo"), again: true)
            _ = try store.add(Location(name: "Sydney", coordinate: Coordinate(latitude: -33.8678, longitude: 151.2073),
                                       country: "Australia", region: "New South Wales"), again: true)
            let numbers = ["52.5200", "13.4050", "-23.5475", "-46.6361", "-33.8678", "151.2073"]
            for language in ["C", "de_DE.UTF-8"] {
                for width in [44, 46, 47, 48, 49, 50, 56, 60, 80] {
                    let listed = try await world.rain(["locations"], environment: ["COLUMNS": "\(width)", "LANG": language])
                    #expect(listed.status == 0, "\(listed)")
                    let lines = listed.output.split(separator: "\n").map(String.init)
                    #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(language) \(width): \(listed.output)")
                    let shown = numbers.filter { listed.output.contains($0) }
                    #expect(shown.isEmpty || shown == numbers, "\(language) \(width): whole or none: \(listed.output)")
                    let cutNumber = try Regex(#"[0-9]\.[0-9]{0,3}…"#)
                    #expect(!listed.output.contains(cutNumber), "\(language) \(width): \(listed.output)")
                    #expect(lines.contains { $0.contains("Sydney") }, "\(language) \(width): \(listed.output)")
                    if width == 80 { #expect(listed.output.contains(language == "C" ? "LATITUDE" : "BREITE"), "\(listed.output)") }
                }
            }
        }
    }

    /// Item 3: every URL says where it came from, as every other line does, and a language rain
    /// has no catalogue for says it is English (the README: "Any other language is English").
    @Test func configShowNamesWhereEachURLAndTheLanguageComeFrom() async throws {
        try await withTemporaryDirectory { home in
            let dead = "http://127.0.0.1:9/v1/forecast"
            writeFile(home + "/config.json", #"{"nws_url": "http://127.0.0.1:9/alerts/active"}"#)
            let shown = try await BuiltProduct.run("rain", ["config", "show"], environment: ["RAIN_HOME": home, "RAIN_OPENMETEO_URL": dead])
            #expect(shown.status == 0, "\(shown)")
            let lines = shown.output.split(separator: "\n").map(String.init)
            func line(_ key: String) -> String { lines.first { $0.hasPrefix(key + ":") } ?? "" }
            #expect(line("openmeteo_url").hasSuffix(dead + " (from RAIN_OPENMETEO_URL in the environment)"), "\(shown.output)")
            #expect(line("nws_url").hasSuffix("/alerts/active (from the configuration)"), "\(shown.output)")
            #expect(line("geocoding_url").hasSuffix("https://geocoding-api.open-meteo.com/v1/search (default)"), "\(shown.output)")
            #expect(lines.allSatisfy { !$0.hasSuffix("_url:") }, "\(shown.output)")

            for (arguments, environment, expected) in [
                (["--lang", "klingon"], [:], "en (from --lang: klingon, not available; English)"),
                (["--lang", "de"], [:], "de (from --lang)"),
                ([], ["LANG": "eo.UTF-8"], "eo.UTF-8 (from LANG in the environment: eo.UTF-8, not available; English)"),
                ([], ["LANG": "de_AT.UTF-8"], "de_AT.UTF-8 (from LANG in the environment)"),
            ] as [([String], [String: String], String)] {
                let language = try await BuiltProduct.run("rain", arguments + ["config", "show"],
                                                          environment: environment.merging(["RAIN_HOME": home]) { $1 })
                #expect(language.status == 0, "\(language)")
                let row = language.output.split(separator: "\n").first { $0.hasPrefix("language:") } ?? ""
                #expect(row.hasSuffix(" " + expected), "\(arguments) \(environment): \(row)")
            }
        }
    }

    /// Item 2: the forecast screen fits a standard 80x24 terminal with the shell's prompt below
    /// it, an alert too: the place, its local time and "updated" stay on screen. Fewer days and
    /// a shorter alert text give way; a pipe without LINES gets everything.
    @Test func theForecastScreenFitsTwentyFourLines() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            cached.forecast.alerts = [Forecast.Alert(
                title: "Severe wind warning", severity: "Severe", regions: ["Berlin"], expires: Date().addingTimeInterval(86_400),
                description: String(repeating: "Strong winds are expected across the whole region tonight. ", count: 6))]
            for withAlert in [false, true] {
                if withAlert { try cache.save(cached) }
                for (width, language, updated) in [(80, "C", "updated"), (50, "C", "updated"), (80, "de_DE.UTF-8", "aktualisiert")] {
                    let environment = ["COLUMNS": "\(width)", "LANG": language]
                    let fitted = try await world.rain(["show", "--offline"], environment: environment.merging(["LINES": "24"]) { $1 })
                    #expect(fitted.status == 0, "\(fitted)")
                    let lines = fitted.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
                    #expect(lines.count <= 23, "\(width) \(language) alert \(withAlert): \(lines.count) lines:\n\(fitted.output)")
                    #expect(lines.first?.contains("Berlin") == true && fitted.output.contains(updated), "\(fitted.output)")
                    #expect(fitted.output.contains("Next 24") || fitted.output.contains("Next 1") || fitted.output.contains("Nächste"), "the hours stay: \(fitted.output)")
                    if withAlert { #expect(fitted.output.contains("Severe wind warning"), "\(fitted.output)") }
                    let whole = try await world.rain(["show", "--offline"], environment: environment)
                    #expect(whole.output.contains(language == "C" ? "Next 7 days" : "Nächste 7 Tage"), "a pipe without LINES gets it all: \(whole.output)")
                }
                // A real 80x24 terminal: the first line still shows the place after the prompt.
                guard TmuxSession.isAvailable else { continue }
                let variables = world.environment.map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
                let tmux = try TmuxSession(folder: home, shellCommand: "env \(variables) TERM=xterm LANG=C.UTF-8 \(shellQuoted(BuiltProduct.path("rain"))) show --offline; printf 'PROMPT>'; sleep 600",
                                           width: 80, height: 24)
                defer { tmux.kill() }
                let screen = try await tmux.waitForScreen(containing: "PROMPT>", limit: .seconds(60))
                let rows = screen.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(rows.first?.hasPrefix("Berlin") == true && rows.count > 1 && rows[1].contains("updated"), "alert \(withAlert):\n\(screen)")
            }
        }
    }

    /// Item 4: the README's loopback block runs as written (by sh, from a folder whose
    /// `.build/debug` is the build's; another port than 8089, which a person's own run may
    /// hold), and says so loudly when its port is taken.
    @Test func theReadmesLoopbackBlockRunsAsWritten() async throws {
        try await withTemporaryDirectory { folder in
            let readme = try String(contentsOfFile: Catalogues.repositoryRoot + "/README.md", encoding: .utf8)
            let section = try #require(readme.range(of: "### Try it by hand"))
            let start = try #require(readme.range(of: "```sh\n", range: section.upperBound..<readme.endIndex))
            let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
            let block = String(readme[start.upperBound..<end.lowerBound])
            #expect(block.contains("--port 8089") && block.contains(".build/debug/rain"), "\(block)")
            try FileManager.default.createDirectory(atPath: folder + "/.build", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/.build/debug", withDestinationPath: BuiltProduct.folder)
            func run(port: UInt16) async throws -> ProcessResult {
                let script = "cd \(shellQuoted(folder)) && TMPDIR=\(shellQuoted(folder)) && export TMPDIR && "
                    + block.replacingOccurrences(of: "8089", with: "\(port)")
                return try await BuiltProduct.startSystem("/bin/sh", ["-c", script], environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
                    .finish(limit: .seconds(120))
            }
            let probe = ForecastSimulator(configuration: .init())
            try probe.start()
            let port = probe.port
            probe.stop()
            let ran = try await run(port: port)
            #expect(ran.status == 0, "\(ran)")
            #expect(ran.output.contains("Added Paris") && ran.output.contains("updated just now"), "\(ran)")
            // Every URL on loopback, the air's too: nothing to warn of.
            #expect(ran.output.contains("European AQI") && !ran.error.contains("error") && !ran.error.contains("warning"), "\(ran)")
            // The port taken: the simulator's one line reaches the terminal.
            let holder = ForecastSimulator(configuration: .init())
            try holder.start()
            defer { holder.stop() }
            let taken = holder.port
            let refused = try await run(port: taken)
            #expect(refused.error.contains("forecast-simulator: error: cannot listen on 127.0.0.1 port \(taken): Address already in use"), "\(refused)")
        }
    }

    /// Item 5: a saved place's own zone wins over the one a forecast answers with: the
    /// simulator's table puts Kaliningrad in Europe/Warsaw (UTC+1), the place says UTC+2.
    @Test func aSavedPlacesOwnZoneWinsOverTheAnswers() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let store = LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(Location(name: "Kaliningrad", coordinate: Coordinate(latitude: 54.7104, longitude: 20.4522),
                                       country: "Russia", timeZone: "Europe/Kaliningrad"), select: true, again: true)
            for (run, language) in [(world.rain, "C"), (world.keylessRain, "de_DE.UTF-8")] as [(([String], [String: String]) async throws -> ProcessResult, String)] {
                let shown = try await run(["show", "Kaliningrad"], ["LANG": language, "COLUMNS": "80"])
                #expect(shown.status == 0, "\(shown)")
                #expect(shown.output.split(separator: "\n").first?.hasSuffix("(UTC+2)") == true, "\(language): \(shown.output)")
                let json = try await run(["show", "Kaliningrad", "--json", "--offline"], [:])
                #expect(json.output.contains(#""timezone": "Europe/Kaliningrad""#) || json.output.contains(#""timezone":"Europe/Kaliningrad""#), "\(json.output.prefix(400))")
            }
        }
    }

    /// Item 6, in part: a clear night in ASCII is ")" (a "C" stood beside the unit: "12 C C"),
    /// the first hour of a new day names its day, a fresh age reads "now", not "0m", and a
    /// sunrise is rounded to its minute, not cut.
    @Test func screensSayWhatTheyMean() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let paths = RainPaths.resolve(environment: ["RAIN_HOME": home])
            let start = ((Date().timeIntervalSince1970 / 86_400).rounded(.down) + 1) * 86_400 - 3 * 3600  // 21:00 UTC
            var forecast = Forecast(coordinate: Coordinate(latitude: 51.5, longitude: 0), timeZone: "Etc/UTC", units: .si)
            forecast.hourly = (0..<30).map { index in
                var hour = Forecast.Hour(time: Date(timeIntervalSince1970: start + Double(index) * 3600))
                hour.temperature = 12
                hour.icon = "clear-night"
                return hour
            }
            var today = Forecast.Day(time: Date(timeIntervalSince1970: start - 21 * 3600))
            today.sunrise = Date(timeIntervalSince1970: start - 21 * 3600 + 8 * 3600 + 27 * 60 + 40)  // 08:27:40
            today.sunset = Date(timeIntervalSince1970: start - 21 * 3600 + 16 * 3600 + 3 * 60 + 50)  // 16:03:50
            forecast.daily = [today]
            var current = Forecast.Conditions(time: Date(timeIntervalSince1970: start))
            current.temperature = 12
            current.icon = "clear-night"
            forecast.current = current
            let location = try LocationsStore(paths: paths).add(name: "Greenwich", coordinate: forecast.coordinate, select: true).location
            let fetchedAt = Date()
            try ForecastCache(directory: paths.forecastsDirectory).save(
                CachedForecast(location: location, fetchedAt: fetchedAt, source: "darksky", forecast: forecast))
            let at = Date(timeIntervalSince1970: start + 60)
            for language in ["C", "de_DE.UTF-8"] {
                let shown = try await BuiltProduct.run("rain", ["show", "--offline", "--hours", "30"],
                                                       environment: ["RAIN_HOME": home, "LANG": language, "COLUMNS": "80"], at: at)
                #expect(shown.status == 0, "\(shown)")
                let weekday = language == "C" ? ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] : ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"]
                let day = weekday[Calendar(identifier: .gregorian).component(.weekday, from: Date(timeIntervalSince1970: start + 3 * 3600 + 60)) - 1]
                let labels = shown.output.split(separator: "\n").filter { $0.hasPrefix("  21:00") }.first?.split(separator: " ").map(String.init) ?? []
                #expect(labels.prefix(5) == ["21:00", "22:00", "23:00", day, "01:00"], "\(language): \(shown.output)")
                #expect(!shown.output.contains("  00:00"), "\(shown.output)")
                #expect(shown.output.contains(language == "C" ? "Sunrise 08:28" : "08:28") && shown.output.contains("16:04"), "\(shown.output)")
            }
            let ascii = try await BuiltProduct.run("rain", ["show", "--offline", "--ascii"], environment: ["RAIN_HOME": home, "COLUMNS": "80"], at: at)
            #expect(ascii.output.contains("  )  Clear") && !ascii.output.contains(" C  Clear"), "\(ascii.output)")
            let line = try await BuiltProduct.run("rain", ["show", "--all", "--offline"], environment: ["RAIN_HOME": home, "COLUMNS": "50"], at: fetchedAt + 10)
            #expect(line.output.contains(" now") && !line.output.contains(" 0m"), "\(line.output)")
        }
    }

    /// Item 7, in part: a command's beginning (`rain loc`) is taken for the command, not looked
    /// up as a place; the unquoted words of a saved name (`rain refresh new york`) hint the quotes.
    @Test func aCommandsBeginningAndAnUnquotedNameSayWhatWasMeant() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            _ = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
                .add(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.01))
            for language in ["C", "de_DE.UTF-8"] {
                let prefix = try await world.rain(["loc"], environment: ["LANG": language])
                #expect(prefix.status == 64, "\(prefix)")
                #expect(prefix.error.contains("'rain locations'") && prefix.error.contains("rain show loc"), "\(prefix)")
                #expect(world.requestedPaths.isEmpty, "nothing looked up: \(world.requestedPaths)")
                let unquoted = try await world.rain(["refresh", "new", "york"], environment: ["LANG": language])
                #expect(unquoted.status == 65, "\(unquoted)")
                #expect(unquoted.error.contains("rain refresh 'new york'"), "\(unquoted)")
                #expect(unquoted.error.contains(language == "C" ? "quote a name of several words" : "Anführungszeichen"), "\(unquoted)")
                #expect(unquoted.error.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(unquoted)")
            }
            // Two words that are not one saved name keep the plain error.
            let two = try await world.rain(["refresh", "berlin", "lima"])
            #expect(two.status == 65 && !two.error.contains("quote"), "\(two)")
            // A saved place always wins over a command's beginning.
            _ = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).add(name: "Loc", coordinate: Coordinate(latitude: 1, longitude: 2))
            let saved = try await world.rain(["loc", "--offline"])
            #expect(!saved.error.contains("did you mean"), "\(saved)")
        }
    }

    /// Item 7: one geocoder place looked up in two languages (Munich, then München) is saved
    /// once; the second says the first is saved, by its name and number.
    @Test func oneGeocoderPlaceInTwoLanguagesIsSavedOnce() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let first = try await world.keylessRain(["locations", "add", "Munich"])
            #expect(first.status == 0 && first.output.contains("Added Munich"), "\(first)")
            for (name, language) in [("München", "de_DE.UTF-8"), ("munich", "C")] {
                let again = try await world.keylessRain(["locations", "add", name], environment: ["LANG": language])
                #expect(again.status == 0, "\(again)")
                #expect(again.output.contains("Munich") && again.output.contains("3"), "\(language): \(again)")
            }
            let names = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load().locations.map(\.name)
            #expect(names == ["Berlin", "Tokyo", "Munich"], "\(names)")
            let twice = try await world.keylessRain(["locations", "add", "München", "--again"], environment: ["LANG": "de_DE.UTF-8"])
            let count = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load().locations.count
            #expect(twice.status == 0 && count == 4, "--again adds it on purpose: \(twice)")
        }
    }

    /// Item 7: `locations add --lat X --lon Y` needs no name: the place is called by its
    /// coordinates, as `show --lat X --lon Y` calls one.
    @Test func aPlaceAddedByCoordinatesAloneIsCalledByThem() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let added = try await world.rain(["locations", "add", "--lat", "-33.87", "--lon", "151.21"])
            // Its name is its coordinates, said once (not "Added -33.87, 151.21 (-33.87, 151.21)").
            #expect(added.status == 0 && added.output.hasPrefix("Added -33.87, 151.21, ID "), "\(added)")
            #expect(!added.output.contains("("), "\(added)")
            let german = try await world.rain(["locations", "add", "--lat", "48.14", "--lon", "11.58"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(german.status == 0 && german.output.hasPrefix("48.14, 11.58 hinzugefügt, ID "), "\(german)")
            #expect(!german.output.contains("("), "\(german)")
            let names = try LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home])).load().locations.map(\.name)
            #expect(names == ["Berlin", "Tokyo", "-33.87, 151.21", "48.14, 11.58"], "\(names)")
            let missing = try await world.rain(["locations", "add"])
            #expect(missing.status == 64 && missing.error.contains("missing expected argument '<name>'"), "\(missing)")
        }
    }

    /// Item 6, `show --all`: a last line on a terminal says what `*` and `!` mean, and the chance
    /// column, which counts snow too, is headed "Precip 6h", not "Rain 6h"; a pipe keeps one
    /// line per place.
    @Test func theOverviewExplainsItsMarksAndHeadsItsChanceNeutrally() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "--all"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var tokyo = try #require(try cache.load(for: world.tokyo.id))
            tokyo.forecast.alerts = [Forecast.Alert(title: "Heavy snow warning", severity: "Moderate", regions: ["Tokyo"],
                                                    expires: Date().addingTimeInterval(86_400), description: "Snow.")]
            try cache.save(tokyo)
            for (language, header, legend) in [("C.UTF-8", "Precip 6h", "* the current location   ! a weather alert"),
                                               ("de_DE.UTF-8", "Niederschl. 6 h", "* der aktuelle Ort   ! eine Wetterwarnung")] {
                for width in [80, 50] {
                    let lines = try await Self.screen(world, ["show", "--all", "--offline"], width: width, language: language, height: 24)
                    // The legend, then the data's credit (the air's sources: Open-Meteo.com, CAMS).
                    #expect(lines.dropLast().last == legend && lines.last?.contains("Open-Meteo.com") == true, "\(language) \(width): \(lines)")
                    #expect(lines.contains { $0.contains("Tokyo !") } && lines.contains { $0.hasPrefix("* Berlin") }, "\(lines)")
                    #expect(width == 50 || lines.contains { $0.contains(header) }, "\(language) \(width): \(lines)")
                    #expect(!lines.contains { $0.contains("Rain 6h") || $0.contains("Regen 6 h") }, "\(lines)")
                }
            }
            let piped = try await world.rain(["show", "--all", "--offline"])
            #expect(piped.output.contains("Precip 6h") && !piped.output.contains("current location"), "\(piped)")
            #expect(piped.output.split(separator: "\n").count == 4, "a title, one line per place and the data's credit: \(piped)")
        }
    }

    /// Item 6: a snow day shows its snow and, beside it, the freezing rain it also brings
    /// (12 mm hidden behind "5 cm" before), at 80 and 50 columns, in UTF-8 and ASCII.
    @Test func aSnowDayShowsItsFreezingRainToo() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            try #require(cached.forecast.daily.count > 2)
            cached.forecast.daily[1].precipType = "snow"
            cached.forecast.daily[1].snowAccumulation = 5
            cached.forecast.daily[1].precipAccumulation = 1.2   // cm, as the model keeps it
            cached.forecast.daily[1].summary = "Snow"
            try cache.save(cached)
            for (language, expected) in [("C.UTF-8", "5 cm snow + 12 mm rain"), ("de_DE.UTF-8", "5 cm Schnee + 12 mm Regen")] {
                for width in [80, 50] {
                    for ascii in [false, true] {
                        let shown = try await Self.screen(world, ["show", "--offline"] + (ascii ? ["--ascii"] : []), width: width, language: language)
                        #expect(shown.contains { $0.contains(expected) }, "\(language) \(width) ascii \(ascii): \(shown)")
                    }
                }
            }
        }
    }

    /// Item 6: where a day's words do not fit beside its bar, the bar goes first (at 50 columns
    /// it used to shrink to 5 cells while "Light…" was cut); at 80 columns both are whole.
    @Test func aNarrowWindowLosesTheDayBarsBeforeTheWords() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            var cached = try #require(try cache.load(for: world.berlin.id))
            for index in cached.forecast.daily.indices {
                cached.forecast.daily[index].summary = "Light Rain Showers"
                cached.forecast.daily[index].snowAccumulation = nil   // one amount a day, as wide as the layout plans
            }
            try cache.save(cached)
            for (language, summary) in [("C.UTF-8", "Light Rain Showers"), ("de_DE.UTF-8", "Leichte Regenschauer")] {
                for width in [80, 50] {
                    for ascii in [false, true] {
                        let shown = try await Self.screen(world, ["show", "--offline"] + (ascii ? ["--ascii"] : []), width: width, language: language)
                        let days = shown.filter { $0.contains(summary.prefix(5)) && $0.contains("%") }
                        try #require(days.count >= 3, "\(language) \(width): \(shown)")
                        let bar = try Regex(ascii ? "[.=|]{5,}" : "[·━┃]{5,}")
                        for day in days {
                            // (At 80 columns the layout's own bar stays; a longer word is cut there.)
                            #expect(width == 80 || !day.contains(bar) || day.hasSuffix(summary), "\(language) \(width) ascii \(ascii): a bar beside cut words: \(day)")
                            if width == 50 { #expect(!day.contains(bar), "\(day)") }
                            #expect(day.displayWidth <= width, "\(day)")
                        }
                        if width == 80 && language.hasPrefix("C") {
                            #expect(days.allSatisfy { $0.contains(bar) && $0.hasSuffix(summary) }, "\(shown)")
                        }
                    }
                }
            }
        }
    }

    /// `--format`'s new fields: {wind} {humidity} {pressure} {uv} {dew} {next_hour} {alerts},
    /// in English and German, UTF-8 and ASCII, from the cache the screen shows.
    @Test func theFormatFieldsForWindHumidityPressureUVDewTheNextHourAndAlerts() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            // One moment for every run: the next hour's sentence is said from now, and on a
            // loaded machine the format's run and the screen's could fall in different minutes.
            let world = try ForecastWorld(home: home, now: NotifyEndToEndTests.now)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let cache = ForecastCache(directory: RainPaths.resolve(environment: ["RAIN_HOME": home]).forecastsDirectory)
            let cached = try #require(try cache.load(for: world.berlin.id))
            let current = try #require(cached.forecast.current)
            let template = "{wind}|{humidity}|{pressure}|{uv}|{dew}|{next_hour}|{alerts}"
            var english: [String] = []
            for language in ["C.UTF-8", "de_DE.UTF-8"] {
                for ascii in [false, true] {
                    let line = try await world.rain(["show", "--format", template] + (ascii ? ["--ascii"] : []), environment: ["LANG": language])
                    #expect(line.status == 0, "\(line)")
                    let fields = line.output.trimmingCharacters(in: .newlines).split(separator: "|", omittingEmptySubsequences: false).map(String.init)
                    try #require(fields.count == 7, "\(line)")
                    #expect(fields[0].contains(" m/s") || fields[0].contains(" km/h") || fields[0].contains(" mph"), "\(fields)")
                    #expect(fields[1] == MeasureFormat.percent(current.humidity), "\(fields)")
                    #expect(fields[2].hasSuffix(" hPa") || fields[2].hasSuffix(" inHg"), "\(fields)")
                    #expect(fields[3] == MeasureFormat.whole(current.uvIndex), "\(fields)")
                    #expect(fields[4].hasSuffix(ascii ? "C" : "°C") && fields[4] != "-" && fields[4] != "–", "\(fields)")
                    #expect(fields[6] == "0", "\(fields)")
                    // The next hour's sentence, as the screen says it.
                    let screen = try await world.rain(["show", "--offline"] + (ascii ? ["--ascii"] : []),
                                                      environment: ["LANG": language, "COLUMNS": "200"])
                    let sentence = "  " + fields[5] + "\n"
                    #expect(fields[5].count > 5 && screen.output.contains(sentence), "\(fields[5]) in \(screen.output)")
                    if !language.hasPrefix("de") {
                        english = fields
                    } else {
                        // The simulator's values follow the clock: whole at some moments, and then
                        // there is no decimal mark to compare.
                        for index in [0, 2] {
                            #expect(fields[index] == english[index].replacingOccurrences(of: ".", with: ","), "German decimals: \(fields)")
                        }
                    }
                    let allASCII = line.output.unicodeScalars.allSatisfy { $0.isASCII }
                    if ascii { #expect(allASCII, "\(line.output)") }
                }
            }
            var alerted = cached
            alerted.forecast.alerts = [Forecast.Alert(title: "Wind", severity: "Minor", regions: ["Berlin"], expires: Date().addingTimeInterval(3_600), description: nil)]
            try cache.save(alerted)
            let count = try await world.rain(["show", "--format", "{alerts}"])
            #expect(count.output == "1\n", "\(count)")
        }
    }

    /// The lines a terminal of `width` columns (and room for every day) shows of `rain ARGS`.
    static func screen(_ world: ForecastWorld, _ arguments: [String], width: Int, language: String, height: Int = 60) async throws -> [String] {
        let variables = world.environment.merging(["TERM": "xterm-256color", "LANG": language]) { $1 }
            .map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        var rain = shellQuoted(BuiltProduct.path("rain"))
        if let now = world.now {
            // The world's clock, as `world.rain` runs it (`BuiltProduct.run(_:_:environment:at:)`).
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
            rain = "TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 /usr/bin/faketime -f " + shellQuoted("@" + formatter.string(from: now)) + " " + rain
        }
        let command = "env \(variables) \(rain) " + arguments.map(shellQuoted).joined(separator: " ")
        let tmux = try TmuxSession(folder: world.home, shellCommand: command + "\necho \"rain exited with $?\"\nsleep 600", width: width, height: height)
        defer { tmux.kill() }
        let screen = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(90))
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(screen)")
        return Array(lines.prefix { !$0.hasPrefix("rain exited") })
    }

    /// `--units metric` (and `"units": "metric"`): °C, km/h, mm and hPa, as `si` with km/h;
    /// `config show` names it as it was chosen.
    @Test func theMetricPresetShowsKilometresPerHour() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            for language in ["C.UTF-8", "de_DE.UTF-8"] {
                let line = try await world.rain(["--units", "metric", "show", "--format", "{temp}|{wind}|{pressure}"], environment: ["LANG": language])
                #expect(line.status == 0, "\(line)")
                let fields = line.output.trimmingCharacters(in: .newlines).split(separator: "|").map(String.init)
                #expect(fields.count == 3 && fields[0].hasSuffix("°C") && fields[1].contains(" km/h") && fields[2].hasSuffix(" hPa"), "\(fields)")
                let screen = try await world.rain(["--units", "metric", "show"], environment: ["LANG": language, "COLUMNS": "80"])
                #expect(screen.status == 0 && screen.output.contains(" km/h") && !screen.output.contains(" m/s") && screen.output.contains(" hPa"), "\(screen.output)")
                #expect(screen.output.contains(language.hasPrefix("C") ? "Humidity" : "Luftfeuchte") || screen.output.contains("%"), "\(screen.output)")
            }
            let shown = try await world.rain(["--units", "metric", "config", "show"])
            func row(_ text: String, _ key: String) -> String {
                text.split(separator: "\n").first { $0.hasPrefix(key + ":") }.map { $0.dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces) } ?? ""
            }
            #expect(row(shown.output, "units") == "metric (from --units)" && row(shown.output, "wind_unit") == "kmh (from units metric)", "\(shown.output)")
            writeFile(home + "/config.json", #"{"units": "metric"}"#)
            let configured = try await world.rain(["config", "show"])
            #expect(row(configured.output, "units") == "metric (from the configuration)", "\(configured.output)")
            let bad = try await world.rain(["--units", "imperial", "show"])
            #expect(bad.status == 64 && bad.error.contains("metric"), "\(bad)")
        }
    }
}
