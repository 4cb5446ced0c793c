import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Issue 41: a pipe keeps the 80-column layout in every language. German's "gefühlt" row and
/// "1,9 cm Schnee + 2,8 mm Regen" ran to 81-82 columns, French's "Partiellement nuageux" to 84:
/// the detail rows give an hour's columns to their names, a day's two amounts take a line of
/// their own, and the day's bar gives way to the longest summary, as on a narrow terminal.
@Suite struct PipeWidthEndToEndTests {
    static let languages = ["C.UTF-8", "de_DE.UTF-8", "es_ES.UTF-8", "fr_FR.UTF-8", "it_IT.UTF-8", "ja_JP.UTF-8", "nl_NL.UTF-8",
                            "pl_PL.UTF-8", "pt_BR.UTF-8", "ru_RU.UTF-8", "zh_CN.UTF-8"]

    @Test func everyLanguageFitsEightyColumnsInAPipe() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            let places = ["Berlin", "Oslo", "Paris", "Tokyo"]
            for place in places { #expect(try await world.keylessRain(["show", place]).status == 0) }
            for language in Self.languages {
                for place in places {
                    for ascii in [false, true] {
                        let shown = try await world.keylessRain(["show", place, "--offline"] + (ascii ? ["--ascii"] : []),
                                                                environment: ["COLUMNS": "80", "LANG": language])
                        let lines = shown.output.split(separator: "\n").map(String.init)
                        #expect(shown.status == 0 && lines.count > 10, "\(language) \(place): \(shown)")
                        let wide = lines.filter { $0.displayWidth > 80 }
                        #expect(wide.isEmpty, "\(language) \(place) ascii \(ascii):\n\(wide.joined(separator: "\n"))")
                        // Nothing is cut to fit: a pipe has each text whole.
                        #expect(!lines.contains { $0.hasSuffix("…") }, "\(language) \(place):\n\(shown.output)")
                    }
                }
            }
        }
    }

    /// Hostile trial 17, U17-1: the usage under a usage error fitted, the error line above it
    /// did not ('--every x' 124 columns, zh_CN up to 104), nor an ambiguous name's candidates
    /// (145), the key hint (131), the current place's (105), a lookup's and a bus's lines. Every
    /// line on either stream of these commands fits 80 columns, in every language.
    @Test func errorLinesFitEightyColumnsInAPipe() async throws {
        try await withTemporaryDirectory { home in
            _ = try Catalogues.compiled()
            let world = try ForecastWorld(home: home)
            writeFile(home + "/darksky.json", #"{"provider": "darksky"}"#)
            #expect(try await world.keylessRain(["locations", "select", "Berlin"]).status == 0)
            let commands: [(arguments: [String], status: Int32)] = [
                (["watch", "--every", "x"], 64), (["show", "--day", "xyz"], 64), (["show", "--units", "kelvin"], 64),
                (["show", "--color", "sometimes"], 64), (["show", "--hours", "x"], 64),
                (["locations", "add", "Berlin", "--pick", "0"], 64), (["locations", "add", "Springfield"], 65),
                (["locations", "remove", "Berlin", "--yes"], 65), (["xyzzy"], 65), (["show", "Paris", "--offline"], 66),
                (["--config", home + "/darksky.json", "refresh"], 78), (["notify"], 69),
            ]
            // No session bus: the error names where rain looked, under this long folder.
            let noBus = ["XDG_RUNTIME_DIR": home + "/no-runtime"]
            for language in Self.languages {
                for command in commands {
                    let result = try await world.keylessRain(command.arguments, environment: noBus.merging(["LANG": language]) { $1 })
                    #expect(result.status == command.status, "\(language) \(command.arguments): \(result)")
                    let lines = (result.output + result.error).split(separator: "\n").map(String.init)
                    let wide = lines.filter { $0.displayWidth > 80 }
                    #expect(wide.isEmpty, "\(language) \(command.arguments):\n\(wide.joined(separator: "\n"))")
                }
            }
            // U17-2: the --pick range error speaks the user's language.
            let german = try await world.keylessRain(["locations", "add", "Berlin", "--pick", "0"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(german.error.hasPrefix("rain: error: '--pick 0': eine Zahl von 1 bis 10 angeben\n"), "\(german)")
        }
    }
}
