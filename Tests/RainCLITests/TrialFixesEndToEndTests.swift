import Foundation
import RainKit
import RainTerminal
import RainTestSupport
import Testing

/// What issue 20's second German and Japanese trial found, through the real binary: `--ascii`
/// reaches a command line that cannot be read, the scheduler's, `config init`'s and the
/// refresh's warnings speak the language.
@Suite struct TrialFixesEndToEndTests {
    init() throws { _ = try Catalogues.compiled() }

    @Test func asciiReachesErrorsOfACommandLineThatCannotBeRead() async throws {
        for arguments in [["--ascii", "--frobnicate"], ["--ascii", "--units", "imperial"], ["--ascii", "lcoations", "add", "Paris"]] {
            let japanese = try await BuiltProduct.run("rain", arguments, environment: ["LANG": "ja_JP.UTF-8", "RAIN_HOME": "/nonexistent"])
            #expect(japanese.status == 64, "\(arguments): \(japanese)")
            #expect(japanese.error.unicodeScalars.allSatisfy(\.isASCII) && !japanese.error.contains("??"), "\(arguments): \(japanese)")
        }
        let german = try await BuiltProduct.run("rain", ["--ascii", "--units", "imperial"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.error.hasPrefix("rain: error: '--units imperial': einer von "), "\(german)")
    }

    @Test func schedulesAndConfigInitSpeakTheLanguage() async throws {
        try await withTemporaryDirectory { home in
            let environment = ["LANG": "de_DE.UTF-8", "RAIN_HOME": home]
            let cron = try await BuiltProduct.run("rain", ["cron", "--every", "5s"], environment: environment)
            #expect(cron.status == 64 && cron.error.hasPrefix("rain: error: cron kann nicht alle 5s laufen: zu oft; 5m oder mehr verwenden"), "\(cron)")
            let timer = try await BuiltProduct.run("rain", ["timer", "--every", "7m"], environment: environment)
            #expect(timer.status == 64 && timer.error.hasPrefix("rain: error: ein Timer kann nicht alle 7m laufen: einen davon angeben:\n  5m 6m 10m"), "\(timer)")
            #expect(try await BuiltProduct.run("rain", ["config", "init"], environment: environment).status == 0)
            let again = try await BuiltProduct.run("rain", ["config", "init"], environment: environment)
            #expect(again.status == 74, "\(again)")
            #expect(again.error == "rain: error: die Datei existiert bereits (config init überschreibt keine):\n  \(home)/config.json\n"
                        + "rain: hint: für einen Neuanfang zuerst wegschieben:\n  mv \(home)/config.json \(home)/config.json.old\n", "\(again)")
            // A folder where the file would be is named as one, not as a file that exists.
            try FileManager.default.removeItem(atPath: home + "/config.json")
            try FileManager.default.createDirectory(atPath: home + "/config.json", withIntermediateDirectories: false)
            let folder = try await BuiltProduct.run("rain", ["config", "init"], environment: environment)
            #expect(folder.status == 74 && folder.error == "rain: error: \(home)/config.json: Ordner statt einer regulären Datei\n", "\(folder)")
        }
    }

    @Test func aDamagedCacheFileIsSetAsideWithAWarningInTheLanguage() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "berlin"]).status == 0)
            writeFile(home + "/cache/forecasts/\(world.berlin.idString).json", "{")
            let shown = try await world.rain(["berlin"], environment: ["LANG": "de_DE.UTF-8"])
            #expect(shown.status == 0, "\(shown)")
            #expect(shown.error.hasPrefix("rain: warning: gespeicherte Vorhersage \(home)/cache/forecasts/\(world.berlin.idString).json beschädigt: "), "\(shown)")
            #expect(shown.error.contains("; beiseitegelegt als ") && !shown.error.contains("moved"), "\(shown)")
        }
    }
}
