import Foundation
import RainKit
import RainTestSupport
import RainTerminal
import Testing

/// Issue 20 through the real binary: the language from LANG, LANGUAGE, the configuration and
/// --lang; the build's catalogues found beside it; a damaged one refused in one line; the
/// provider and the geocoder asked in the same language.
@Suite struct LanguageEndToEndTests {
    init() throws { _ = try Catalogues.compiled() }

    /// (environment, words of the language the screen must have, the last its Beaufort); the
    /// age after "updated" is left out: a busy machine may take a minute over the six screens.
    static let languages: [([String: String], [String])] = [
        (["LANG": "de_DE.UTF-8"], ["Nächste 11 Stunden", "Heute", "gefühlt", "Luftdruck", "aktualisiert ", " Bft, "]),
        (["LANG": "ru_RU.UTF-8"], ["Прогноз на 12 часов", "Сегодня", "ощущается как", "Давление", "обновлено ", " Бфт, "]),
        (["LANG": "C.UTF-8", "LANGUAGE": "ja"], ["今後12時間", "今日", "体感", "気圧", "更新: ", "風 風力"]),
        (["LANGUAGE": "zh_CN:en", "LC_ALL": "C.UTF-8"], ["未来12小时", "今天", "体感", "气压", "更新于", "级，"]),
    ]

    @Test(arguments: languages)
    func theForecastScreenInTheLocalesLanguage(_ locale: [String: String], _ words: [String]) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 20, "wind_unit": "bft", "pressure_unit": "mmhg"}"#)
            // (the configuration's units, what the screen must show in them)
            let units = [
                (#"{"timeout_seconds": 20, "wind_unit": "bft", "pressure_unit": "mmhg"}"#, ["mmHg", " °C"]),
                (#"{"timeout_seconds": 20, "units": "us", "wind_unit": "kn", "clock": "24h"}"#, [" kn", " inHg", " °F", " mi"]),
                (#"{"timeout_seconds": 20, "units": "ca", "temperature_unit": "fahrenheit", "precipitation_unit": "in"}"#, [" km/h", " hPa", " °F", " in "]),
            ]
            for (config, labels) in units {
                writeFile(home + "/config.json", config)
                for width in [80, 50] {
                    let shown = try await world.keylessRain(["show", "Berlin"], environment: locale.merging(["COLUMNS": "\(width)"]) { $1 })
                    #expect(shown.status == 0, "\(shown)")
                    // The last word is the language's Beaufort, shown with wind_unit bft only.
                    for word in config.contains("bft") ? words : words.dropLast() where width == 80 || word.displayWidth < 12 {
                        #expect(shown.output.contains(word), "\(locale) \(width): \(word)\n\(shown.output)")
                    }
                    for label in labels { #expect(shown.output.contains(label), "\(locale) \(config): \(label)\n\(shown.output)") }
                    #expect(!shown.output.contains("Next ") && !shown.output.contains("Today") && !shown.output.contains("Sunrise"), "\(shown.output)")
                }
            }
            let graph = try await world.keylessRain(["show", "Berlin", "--graph", "--units", "us"], environment: locale.merging(["COLUMNS": "80"]) { $1 })
            #expect(graph.status == 0, "\(graph)")
            #expect(graph.output.contains("°F") && !graph.output.contains("Next "), "\(graph.output)")
            for line in graph.output.split(separator: "\n") { #expect(String(line).displayWidth <= 80, "\(locale): \(line)") }
        }
    }

    /// A pseudo-terminal 50 columns wide: the terminal's own width, CJK two columns a character.
    @Test func japaneseOnAFiftyColumnTerminal() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            _ = try await world.keylessRain(["refresh", "Berlin"])
            let tmux = try world.terminal(["show", "Berlin", "--offline"], width: 50, height: 60,
                                          environment: world.keylessEnvironment.merging(["LANGUAGE": "ja", "LANG": "C.UTF-8"]) { $1 })
            defer { tmux.kill() }
            let screen = try await tmux.waitForScreen(containing: "rain exited with 0", limit: .seconds(60))
            #expect(screen.contains("今日") && screen.contains("日の出"), "\(screen)")
            for line in try tmux.lines() { #expect(line.displayWidth <= 50, "\(line)") }
        }
    }

    @Test func theLanguageComesFromLangThenTheConfigurationThenTheLocale() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 20}"#)
            let first = try await world.keylessRain(["show", "Berlin"], environment: ["LANG": "de_DE.UTF-8", "LANGUAGE": "ja"])
            #expect(first.output.contains("今日"), "LANGUAGE comes first: \(first.output)")
            let locale = try await world.keylessRain(["show", "Berlin"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(locale.output.contains("Heute"), "\(locale.output)")
            writeFile(home + "/config.json", #"{"timeout_seconds": 20, "language": "pl"}"#)
            let configured = try await world.keylessRain(["show", "Berlin"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(configured.output.contains("Dziś"), "\(configured.output)")
            let chosen = try await world.keylessRain(["show", "Berlin", "--lang", "it"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(chosen.output.contains("Oggi"), "\(chosen.output)")
            let english = try await world.keylessRain(["show", "Berlin", "--lang", "C"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(english.output.contains("Today"), "C is English: \(english.output)")
            let unknown = try await world.keylessRain(["show", "Berlin", "--lang", "sv"])
            #expect(unknown.status == 0 && unknown.output.contains("Today") && unknown.error.isEmpty, "no catalogue: English, no error: \(unknown)")
            let bad = try await world.keylessRain(["show", "Berlin", "--lang", "../../etc"])
            #expect(bad.status == 64 && bad.error.hasPrefix("rain: error: "), "\(bad)")
        }
    }

    @Test func errorsAndHintsAreTranslated() async throws {
        try await withTemporaryDirectory { home in
            let empty = try await BuiltProduct.run("rain", ["show"], environment: ["RAIN_HOME": home, "LANG": "de_DE.UTF-8"])
            #expect(empty.status == 66)
            #expect(empty.error == "rain: error: keine gespeicherten Orte\nrain: hint: einen nach Namen hinzufügen: rain locations add NAME\nrain: hint: oder wo dieser Rechner steht: rain locations add --here\nrain: hint: oder nach Koordinaten: rain locations add NAME --lat LAT --lon LON\n", "\(empty)")
            let world = try ForecastWorld(home: home)
            let unknown = try await world.keylessRain(["locations", "remove", "Atlantis"], environment: ["LANGUAGE": "ja"])
            #expect(unknown.status == 65 && unknown.error == """
                rain: error: 'Atlantis' に一致する保存済みの場所がありません
                rain: hint: 'rain locations' で保存した場所の番号と ID を一覧できます

                """, "\(unknown)")
            writeFile(home + "/config.json", #"{"timeout_seconds": 20, "wind_units": "kn"}"#)
            let config = try await world.keylessRain(["show", "Berlin"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(config.status == 78 && config.error == "rain: error: \(home)/config.json:\n  unbekannter Schlüssel 'wind_units'\nrain: hint: vielleicht 'wind_unit'?\n",
                    "the locale's language before the configuration is read: \(config)")
            writeFile(home + "/config.json", #"{"timeout_seconds": 20}"#)
            let offline = try await world.keylessRain(["show", "Berlin", "--offline"], environment: ["LANG": "ru_RU.UTF-8"])
            #expect(offline.status == 66 && offline.error.hasPrefix("rain: error: нет сохранённого прогноза для Berlin\n"), "\(offline)")
        }
    }

    /// Summaries and place names come from the provider in the same language.
    @Test func theProviderAndTheGeocoderAreAskedInTheLanguage() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            _ = try await world.rain(["refresh", "Berlin"], environment: ["LANG": "pt_BR.UTF-8"])
            #expect(world.simulator.requests.last?.queryValue("lang") == "pt", "\(world.requestedPaths)")
            _ = try await world.keylessRain(["locations", "add", "Paris", "--pick", "1"], environment: ["LANGUAGE": "zh_CN"])
            let search = world.simulator.requests.last { $0.path.hasSuffix("/v1/search") }
            #expect(search?.queryValue("language") == "zh", "\(world.requestedPaths)")
        }
    }

    /// A Dark Sky-compatible server writes its summaries in the language asked for, so a new
    /// language is a new forecast there; Open-Meteo sends numbers only, so it is not.
    @Test func aNewLanguageRefetchesOnlyWhereTheProviderWritesWords() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 20}"#)
            let german = try await world.rain(["show", "Berlin", "--json"], environment: ["LANG": "de_DE.UTF-8"])
            let document = try #require(try JSONSerialization.jsonObject(with: Data(german.output.utf8)) as? [String: Any])
            #expect(document["language"] as? String == "de" && world.simulator.requestCount == 1, "\(german)")
            _ = try await world.rain(["show", "Berlin"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(world.simulator.requestCount == 1, "fresh in the same language")
            _ = try await world.rain(["show", "Berlin"], environment: ["LANG": "fr_FR.UTF-8"])
            #expect(world.simulator.requestCount == 2 && world.simulator.requests.last?.queryValue("lang") == "fr", "\(world.requestedPaths)")

            _ = try await world.keylessRain(["show", "Tokyo"], environment: ["LANG": "fr_FR.UTF-8"])
            let count = world.simulator.requestCount
            let japanese = try await world.keylessRain(["show", "Tokyo"], environment: ["LANGUAGE": "ja"])
            #expect(world.simulator.requestCount == count && japanese.output.contains("今日"), "Open-Meteo: rain translates, no refetch")
        }
    }

    /// An installed layout: PREFIX/bin/rain reads PREFIX/share/locale; a damaged catalogue there
    /// is one error line and status 74, a missing one English.
    @Test func aDamagedCatalogueIsOneLine() async throws {
        try await withTemporaryDirectory { folder in
            let prefix = folder + "/prefix"
            try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
            // Copied by cp, so that no child another test forks meanwhile inherits the file open
            // for writing (which would make running it fail with "Text file busy").
            #expect(try await BuiltProduct.runSystem("/bin/cp", [BuiltProduct.path("rain"), prefix + "/bin/rain"]).status == 0)
            try FileManager.default.createDirectory(atPath: prefix + "/share/locale/de/LC_MESSAGES", withIntermediateDirectories: true)
            let catalogue = prefix + "/share/locale/de/LC_MESSAGES/rain.mo"
            var bytes = try #require(fileBytes(try Catalogues.compiled() + "/de/LC_MESSAGES/rain.mo"))
            try Data(bytes).write(to: URL(fileURLWithPath: catalogue))
            let home = folder + "/home"
            let good = try await BuiltProduct.runSystem("/usr/bin/env", ["-i", "RAIN_HOME=\(home)", "LANG=de_DE.UTF-8", prefix + "/bin/rain", "show"])
            #expect(good.error.hasPrefix("rain: error: keine gespeicherten Orte"), "\(good)")
            bytes = Array(bytes.prefix(bytes.count / 2))
            try Data(bytes).write(to: URL(fileURLWithPath: catalogue))
            let damaged = try await BuiltProduct.runSystem("/usr/bin/env", ["-i", "RAIN_HOME=\(home)", "LANG=de_DE.UTF-8", prefix + "/bin/rain", "show"])
            #expect(damaged.status == 74, "\(damaged)")
            #expect(damaged.error.hasPrefix("rain: error: cannot read the message catalogue \(catalogue): ") && damaged.error.split(separator: "\n").count == 2,
                    "\(damaged.error)")
            let english = try await BuiltProduct.runSystem("/usr/bin/env", ["-i", "RAIN_HOME=\(home)", "LANG=fr_FR.UTF-8", prefix + "/bin/rain", "show"])
            #expect(english.error.hasPrefix("rain: error: no saved locations"), "no French catalogue there: \(english)")
        }
    }

    /// A tampered catalogue cannot put escapes, control characters or bidirectional overrides
    /// on the terminal (issue 42): its text goes through the one sanitiser as it is read.
    @Test func aTamperedCataloguesTextIsSanitised() async throws {
        try await withTemporaryDirectory { folder in
            let prefix = folder + "/prefix"
            try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
            #expect(try await BuiltProduct.runSystem("/bin/cp", [BuiltProduct.path("rain"), prefix + "/bin/rain"]).status == 0)
            let messages = prefix + "/share/locale/de/LC_MESSAGES"
            try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
            writeFile(folder + "/de.po", #"""
                msgid ""
                msgstr "Content-Type: text/plain; charset=UTF-8\n"

                msgid "Added {name} {coordinates}, ID {id}, the current location."
                msgstr "\033[31m\033]0;pwned\007{name}\t\u202Ehinzugefügt\u202C\r\nrain: error: fake, ID {id}\033[0m"
                """#.replacingOccurrences(of: "\\u202E", with: "\u{202E}").replacingOccurrences(of: "\\u202C", with: "\u{202C}"))
            let compiled = Catalogues.msgfmt(["-o", messages + "/rain.mo", folder + "/de.po"])
            #expect(compiled.status == 0, "\(compiled.output)")
            let added = try await BuiltProduct.runSystem("/usr/bin/env", ["-i", "RAIN_HOME=\(folder)/home", "LANG=de_DE.UTF-8",
                                                                         prefix + "/bin/rain", "locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.41"])
            #expect(added.status == 0, "\(added)")
            #expect(added.output.hasPrefix("Berlin hinzugefügt  rain: error: fake, ID "), "\(added.output.debugDescription)")
            #expect(!added.output.dropLast().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x202A...0x202E).contains($0.value) },
                    "\(added.output.debugDescription)")
        }
    }
}
