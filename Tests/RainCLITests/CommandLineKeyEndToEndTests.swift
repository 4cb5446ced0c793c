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
            if configured == "inline" {
                writeFile(home + "/config.json", #"{"api_key": "\#(key)"}"#)
                chmod(home + "/config.json", 0o640)
            } else {
                writeFile(home + "/key", key + "\n")
                chmod(home + "/key", 0o644)
                writeFile(home + "/config.json", #"{"api_key_file": "\#(home)/key"}"#)
            }
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
}
