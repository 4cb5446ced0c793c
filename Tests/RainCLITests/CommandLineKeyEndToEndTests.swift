import Foundation
import RainKit
import RainTestSupport
import Testing

/// The eleventh hostile trial (issue 42): a value on the command line that cannot be read is
/// quoted in its error, and the line is read before the configuration, so a configured key
/// given as that value was printed whole. Every error of a run is written through the key's
/// redaction, whether the key is inline, in a key file or in the file `--config` names.
@Suite struct CommandLineKeyEndToEndTests {
    private let key = "E5NTTaNqjqO8h8k6N411BG9kYR"

    /// Each line quotes `key` as an option's or a command's value.
    private func lines(quoting key: String) -> [[String]] {
        [["show", "--units", key], ["show", "--hours", key], ["show", "--lat", key], ["show", "--pick", key],
         ["show", "--lang", key], ["show", "--color", key], ["--color=" + key], ["watch", "--every", key],
         ["locations", "add", "Paris", "--country", key], ["config", key], ["help", key], ["completion", key]]
    }

    @Test(arguments: ["inline", "key file", "--config"])
    func noErrorOfTheCommandLineQuotesTheKey(_ configured: String) async throws {
        try await withTemporaryDirectory { home in
            var before: [String] = []
            switch configured {
            case "inline":
                writeFile(home + "/config.json", #"{"api_key": "\#(key)"}"#)
                chmod(home + "/config.json", 0o600)
            case "key file":
                writeFile(home + "/key", key + "\n")
                chmod(home + "/key", 0o600)
                writeFile(home + "/config.json", #"{"api_key_file": "\#(home)/key"}"#)
            default:
                writeFile(home + "/other.json", #"{"api_key": "\#(key)"}"#)
                chmod(home + "/other.json", 0o600)
                before = ["--config", home + "/other.json"]
            }
            for line in lines(quoting: key) {
                let result = try await BuiltProduct.run("rain", before + line, environment: ["RAIN_HOME": home])
                #expect(result.status == 64, "\(line): \(result)")
                #expect(result.error.contains("REDACTED"), "\(line): the error quotes the value: \(result)")
                #expect(!result.error.lowercased().contains(key.lowercased()) && !result.output.lowercased().contains(key.lowercased()),
                        "\(configured) \(line): \(result)")
            }
        }
    }

    /// Issue 42: a key in a file rain refuses to load (group or others can read it) is never
    /// loaded, so a line quoting it printed it whole; the error path now hides it too, and the
    /// refusal stays.
    @Test(arguments: ["inline", "key file"])
    func aKeyInARefusedFileIsHiddenInTheLinesError(_ configured: String) async throws {
        try await withTemporaryDirectory { home in
            writeRefusedKey(configured, in: home)
            for line in lines(quoting: key) {
                let result = try await BuiltProduct.run("rain", line, environment: ["RAIN_HOME": home])
                #expect(result.status == 64, "\(line): \(result)")
                #expect(result.error.contains("REDACTED"), "\(line): the error quotes the value: \(result)")
                #expect(!result.error.lowercased().contains(key.lowercased()) && !result.output.lowercased().contains(key.lowercased()),
                        "\(configured) \(line): \(result)")
            }
            // Nothing is asked of the server: the key is refused first.
            let refused = try await BuiltProduct.run("rain", ["show", "--lat", "1", "--lon", "2"],
                                                     environment: ["RAIN_HOME": home, "RAIN_BASE_URL": "http://127.0.0.1:9/"])
            #expect(refused.status == 78 && refused.error.contains("chmod 600"), "the refusal stays: \(refused)")
            #expect(!refused.error.contains(key) && !refused.output.contains(key), "\(refused)")
        }
    }

    /// The run's half of the above: an error raised while a command runs (a LOC naming no
    /// saved place, exit 65) quotes the line as well, and hides the refused key as one raised
    /// while the line is read.
    @Test(arguments: ["inline", "key file"])
    func aKeyInARefusedFileIsHiddenInARunsError(_ configured: String) async throws {
        try await withTemporaryDirectory { home in
            writeRefusedKey(configured, in: home)
            writeFile(home + "/defaults.json", #"""
                {"locations": [{"id": "0ddba11c-0000-4000-8000-000000000001", "name": "Oslo", "latitude": 1, "longitude": 2}]}
                """#)
            let result = try await BuiltProduct.run("rain", ["locations", "remove", key], environment: ["RAIN_HOME": home])
            #expect(result.status == 65, "\(result)")
            #expect(result.error.hasPrefix("rain: error: no saved location matches 'REDACTED'"), "\(result)")
            #expect(!result.error.lowercased().contains(key.lowercased()) && !result.output.lowercased().contains(key.lowercased()),
                    "\(configured): \(result)")
        }
    }

    /// A refused key is hidden in what is not an error too: `config show` prints a base_url
    /// that holds it (a proxy's whole URL, pasted) with REDACTED; it had printed the key whole.
    @Test(arguments: ["inline", "key file"])
    func aKeyInARefusedFileIsHiddenInConfigShow(_ configured: String) async throws {
        try await withTemporaryDirectory { home in
            writeRefusedKey(configured, in: home, baseURL: "http://127.0.0.1:9/\(key)/")
            let shown = try await BuiltProduct.run("rain", ["config", "show"], environment: ["RAIN_HOME": home])
            #expect(shown.output.contains("base_url") && shown.output.contains("http://127.0.0.1:9/REDACTED/"), "\(shown)")
            #expect(!shown.error.lowercased().contains(key.lowercased()) && !shown.output.lowercased().contains(key.lowercased()),
                    "\(configured): \(shown)")
        }
    }

    /// A configuration rain refuses for its key (others can read the key): `api_key` in a
    /// config.json of mode 640, or `api_key_file` naming a key file of mode 644; `baseURL`, its
    /// `base_url`.
    private func writeRefusedKey(_ configured: String, in home: String, baseURL: String? = nil) {
        let url = baseURL.map { #", "base_url": "\#($0)""# } ?? ""
        if configured == "inline" {
            writeFile(home + "/config.json", #"{"api_key": "\#(key)"\#(url)}"#)
            chmod(home + "/config.json", 0o640)
        } else {
            writeFile(home + "/key", key + "\n")
            chmod(home + "/key", 0o644)
            writeFile(home + "/config.json", #"{"api_key_file": "\#(home)/key"\#(url)}"#)
        }
    }
}
