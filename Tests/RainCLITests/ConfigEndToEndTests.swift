import Foundation
import RainTestSupport
import Testing

/// `rain config show` as the diagnostic command and `rain config init`, through the real binary.
@Suite struct ConfigEndToEndTests {
    private func rain(_ arguments: [String], home: String, environment: [String: String] = [:]) async throws -> ProcessResult {
        try await BuiltProduct.run("rain", arguments, environment: ["RAIN_HOME": home].merging(environment) { $1 })
    }

    @Test func showPrintsWhatItCanAndNamesEachProblem() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/key", "key-0123456789abcdef\n")
            chmod(home + "/key", 0o644)
            writeFile(home + "/config.json", #"{"api_key_file": "key", "units": "us"}"#)
            let shown = try await rain(["config", "show"], home: home,
                                       environment: ["https_proxy": "http://user:secret@proxy.example:3128"])
            #expect(shown.status == 78, "\(shown)")
            // Every setting it could read is there, the key marked unusable.
            #expect(shown.output.contains("units:                    us"), "\(shown.output)")
            #expect(shown.output.contains("api_key:                  not usable (see the error below)"))
            #expect(shown.output.contains("proxy:                    http://proxy.example:3128 (from https_proxy in the environment; see the README, section \"Proxies\")"))
            #expect(!shown.output.contains("secret") && !shown.error.contains("secret"))
            #expect(shown.error == """
                rain: error: the API key file \(home)/key can be read or written by group or others (mode 644)
                rain: hint: chmod 600 \(home)/key

                """)

            chmod(home + "/key", 0o600)
            let fixed = try await rain(["config", "show"], home: home)
            #expect(fixed.status == 0 && fixed.error.isEmpty, "\(fixed)")
            #expect(fixed.output.contains("api_key:                  key-…cdef (from \(home)/key)") && fixed.output.contains("proxy:                    none"))
        }
    }

    @Test func aFileThatCannotBeUsedStillShowsThePaths() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"units": "metric"}"#)
            let shown = try await rain(["config", "show"], home: home)
            #expect(shown.status == 78)
            #expect(shown.output.hasPrefix("config file:    \(home)/config.json\nlocations:      \(home)/defaults.json\n"), "\(shown.output)")
            #expect(shown.error.hasPrefix("rain: error: \(home)/config.json: 'units' must be one of si, us, ca, uk\n"))
        }
    }

    @Test func initSaysWhichFileItWroteAndNeverOverwrites() async throws {
        try await withTemporaryDirectory { home in
            let written = try await rain(["config", "init"], home: home)
            #expect(written.status == 0, "\(written)")
            #expect(written.output.hasPrefix("Wrote \(home)/config.json "), "\(written.output)")
            #expect(FileManager.default.fileExists(atPath: home + "/config.json"))
            let again = try await rain(["config", "init"], home: home)
            #expect(again.status != 0 && again.error.contains("\(home)/config.json"), "\(again)")
        }
    }
}
