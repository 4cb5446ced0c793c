import Foundation
import RainKit
import RainTestSupport
import Testing

/// `rain show --format` through the real binary, from a cache file written before it started:
/// never a request, never a prompt, colour only when asked, exit 66 with nothing cached.
@Suite struct StatusLineEndToEndTests {
    /// Berlin's forecast, fetched six hours ago (stale: a plain `rain show` would refresh it).
    private func writeColdCache(_ world: ForecastWorld, icon: String = "rain") throws {
        var forecast = Forecast(coordinate: world.berlin.coordinate, timeZone: "Europe/Berlin", units: .si)
        var current = Forecast.Conditions(time: Date())
        current.icon = icon
        current.summary = "Light rain"
        current.temperature = 11.6
        current.apparentTemperature = 9.2
        current.precipProbability = 0.35
        forecast.current = current
        var today = Forecast.Day(time: Date(timeIntervalSinceNow: -3600))
        today.temperatureHigh = 14.4
        today.temperatureLow = 7.5
        forecast.daily = [today]
        try ForecastCache(directory: world.home + "/cache/forecasts")
            .save(CachedForecast(location: world.berlin, fetchedAt: Date(timeIntervalSinceNow: -6 * 3600), source: "darksky", forecast: forecast))
    }

    @Test func aTemplateIsFilledFromTheCacheWithoutARequest() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try writeColdCache(world)
            let result = try await world.rain(["show", "--format", "{icon} {temp} {feels} {summary} {high} {low} {precip} {place} {age}"])
            #expect(result.status == 0, "\(result)")
            #expect(result.output == "☂ 12°C 9°C Light rain 14°C 8°C 35% Berlin 6 h ago\n")
            #expect(result.error.isEmpty)
            #expect(world.simulator.requestCount == 0)
        }
    }

    @Test func theShorthandAsciiAndColourWhenAsked() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try writeColdCache(world)
            let ascii = try await world.rain(["berlin", "--format", "{icon} {temp}"], environment: ["LANG": "C"])
            #expect(ascii.output == "rain 12C\n", "\(ascii)")
            let flag = try await world.rain(["berlin", "--ascii", "--format", "{place}: {icon} {temp}"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(flag.output == "Berlin: rain 12C\n", "\(flag)")
            let colour = try await world.rain(["show", "--format", "{temp}", "--color", "always"])
            #expect(colour.output == "\u{1B}[32m12°C\u{1B}[0m\n", "\(colour)")
            let noColour = try await world.rain(["show", "--format", "{temp}", "--color", "always"], environment: ["NO_COLOR": "1"])
            #expect(noColour.output == "12°C\n", "\(noColour)")
            #expect(world.simulator.requestCount == 0)
        }
    }

    @Test func aNonUTF8LocaleGetsTheWholeForecastInASCII() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try writeColdCache(world)
            let utf8 = try await world.rain(["show", "--offline"], environment: ["LANG": "C.UTF-8"])
            #expect(utf8.output.contains("°C"))
            for environment in [["LC_ALL": "C", "LANG": "C.UTF-8"], ["LANG": "POSIX"]] {
                let shown = try await world.rain(["show", "--offline"], environment: environment)
                #expect(shown.status == 0, "\(shown)")
                #expect(shown.output.contains("Berlin") && shown.output.contains("12 C"), "\(shown.output)")
                #expect(shown.output.unicodeScalars.allSatisfy { $0.isASCII }, "\(shown.output)")
                #expect(shown.output.split(separator: "\n").count == utf8.output.split(separator: "\n").count)
            }
        }
    }

    @Test func waybarJSON() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try writeColdCache(world)
            let result = try await world.rain(["show", "--format", "{icon} {temp}", "--json"])
            #expect(result.status == 0)
            let object = try JSONValue.parse(Array(result.output.utf8))
            guard case .object(let members) = object else { Issue.record("not an object: \(result.output)"); return }
            #expect(members["text"] == .string("☂ 12°C"))
            #expect(members["class"] == .string("rain"))
            #expect(result.output.filter { $0 == "\n" }.count == 1)
            // One spacing throughout: ", " between members, ": " after keys.
            #expect(!result.output.contains("\",\"") && result.output.contains("\", \""), "\(result.output)")
        }
    }

    /// waybar's `class` (a CSS class) and `alt` are the icon's name where rain knows it, else
    /// "-" as the ASCII `{icon}` has it: never the server's text (hostile trial 15, H13).
    @Test(arguments: [("partly-cloudy-night", "partly-cloudy-night"), ("drizzle", "drizzle"), ("tornado-ish", "-"),
                      ("rain\", \"x\": \"y", "-"), ("ra\u{0}in", "-"), ("\u{202E}rain", "-"), ("\u{1B}]0;x\u{07}rain", "-"),
                      ("rain rain", "-"), (String(repeating: "r", count: 100_000), "-")])
    func waybarClassIsAKnownIconName(_ sent: String, _ shown: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            try writeColdCache(world, icon: sent)
            let result = try await world.rain(["show", "--format", "{icon} {temp}", "--json"])
            #expect(result.status == 0, "\(result)")
            let object = try JSONValue.parse(Array(result.output.utf8))
            guard case .object(let members) = object else { Issue.record("not an object: \(result.output)"); return }
            #expect(members["class"] == .string(shown) && members["alt"] == .string(shown), "\(result.output.prefix(200))")
            let ascii = try await world.rain(["show", "--format", "{icon}", "--ascii"])
            #expect(shown == "-" ? ascii.output == "-\n" : ascii.output != "-\n", "\(ascii)")
        }
    }

    @Test func nothingCachedExits66AndABadTemplateExits64() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let empty = try await world.rain(["show", "--format", "{temp}"])
            #expect(empty.status == 66)
            #expect(empty.output.isEmpty)
            #expect(empty.error.hasPrefix("rain: error: no cached forecast for Berlin\n"), "\(empty)")
            // waybar still gets an object it can read, and the same error line.
            let forWaybar = try await world.rain(["show", "--format", "{temp}", "--json"])
            #expect(forWaybar.status == 66)
            #expect(forWaybar.output == #"{"alt": "none", "class": "none", "text": "", "tooltip": "no forecast cached"}"# + "\n", "\(forWaybar)")
            #expect(forWaybar.error == empty.error)
            let bad = try await world.rain(["show", "--format", "{tmp}"])
            #expect(bad.status == 64)
            #expect(bad.error.hasPrefix("rain: error: '--format': unknown placeholder '{tmp}'"), "\(bad)")
            #expect(world.simulator.requestCount == 0)
        }
    }
}

@Suite struct HomeFolderEndToEndTests {
    /// cron and systemd units may run rain without HOME: paths then start at the user's home
    /// from the password database, never at "//.config".
    @Test func withoutHOMEPathsStartAtThePasswordDatabaseHome() async throws {
        let home = RainPaths.passwordDatabaseHome() ?? "/"
        let result = try await BuiltProduct.run("rain", ["config", "path"], environment: [:])
        #expect(result.status == 0)
        #expect(result.output == (home == "/" ? "" : home) + "/.config/rain/config.json\n")
        #expect(!result.output.hasPrefix("//"))
    }
}

@Suite struct ASCIITerminalTests {
    /// A full-screen picker on a terminal whose locale is not UTF-8 draws ASCII too, and so
    /// does one asked with `--ascii` in a UTF-8 locale.
    @Test(arguments: [("C", ""), ("C.UTF-8", " --ascii")])
    func thePickerDrawsASCII(locale: String, flag: String) async throws {
        try await withTemporaryDirectory { home in
            let store = LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
            for name in ["Home", "Zürich"] { _ = try store.add(name: name, coordinate: Coordinate(latitude: 1, longitude: 2)) }
            let rain = "env RAIN_HOME=\(shellQuoted(home)) TERM=xterm LANG=\(locale) \(shellQuoted(BuiltProduct.path("rain"))) locations remove -i\(flag)"
            let tmux = try TmuxSession(folder: home, shellCommand: rain + "; sleep 600")
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "Remove saved places", limit: .seconds(90))
            try tmux.send("Down", "Space")
            let screen = try await tmux.waitForScreen(containing: "1 place checked.", limit: .seconds(90))
            #expect(screen.contains("[x] Zurich"), "\(screen)")
            #expect(screen.contains("^v j/k move . space check"), "\(screen)")
            #expect(screen.unicodeScalars.allSatisfy { $0.isASCII }, "\(screen)")
            try tmux.send("q")
        }
    }
}
