import Foundation
import RainKit
import RainTestSupport
import Testing

/// The fourteenth hostile trial (N3): a key in a file rain refuses for a reason other than its
/// mode was never read, so nothing hid it and a command line quoting it printed it whole. What
/// a person reads as the key in such a file is hidden in every output; each refusal stays.
@Suite struct KeyInFileRefusedForOtherReasonsEndToEndTests {
    private static let key = "Hv3Qm8Tz1Wc6Ny4Pk9Ld"

    /// A configuration rain refuses (or whose key it refuses), as a person may write it.
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        /// config.json (mode 600), `KEY` standing for the key.
        let configuration: String
        /// The key file `k.key` (mode 600) beside it, `KEY` standing for the key; nil for none.
        var keyFile: [UInt8]? = nil
        /// Whether rain reads the configuration's settings (its key aside): then `config show`
        /// prints base_url, which holds the key.
        var isReadable = true
    }

    static let cases: [Case] = [
        Case(testDescription: "inline api_key, api_key_file naming a missing file",
             configuration: #"{"api_key": "KEY", "api_key_file": "missing.key", "base_url": "http://127.0.0.1:9/KEY/"}"#),
        Case(testDescription: "a syntax error after the inline key",
             configuration: #"{"api_key": "KEY", "units": }"#, isReadable: false),
        Case(testDescription: "api_key twice", configuration: #"{"api_key": "KEY", "api_key": "KEY"}"#, isReadable: false),
        Case(testDescription: "a syntax error in a file naming a key file",
             configuration: #"{"api_key_file": "k.key", "units": }"#, keyFile: Array("KEY\n".utf8), isReadable: false),
        Case(testDescription: "a key file with a byte-order mark",
             configuration: #"{"api_key_file": "k.key", "base_url": "http://127.0.0.1:9/KEY/"}"#,
             keyFile: [0xEF, 0xBB, 0xBF] + Array("KEY\n".utf8)),
        Case(testDescription: "a key file with a comment line",
             configuration: #"{"api_key_file": "k.key", "base_url": "http://127.0.0.1:9/KEY/"}"#,
             keyFile: Array("# my pirate weather key\nKEY\n".utf8)),
        Case(testDescription: "a key file over 4 KB",
             configuration: #"{"api_key_file": "k.key", "base_url": "http://127.0.0.1:9/KEY/"}"#,
             keyFile: Array("KEY\n".utf8) + Array(repeating: UInt8(ascii: "x"), count: 5000)),
    ]

    private func write(_ configured: Case, in home: String) {
        writeFile(home + "/config.json", configured.configuration.replacingOccurrences(of: "KEY", with: Self.key))
        chmod(home + "/config.json", 0o600)
        if let keyFile = configured.keyFile {
            let text = String(decoding: keyFile, as: UTF8.self).replacingOccurrences(of: "KEY", with: Self.key)
            writeFile(home + "/k.key", text)
            chmod(home + "/k.key", 0o600)
        }
    }

    private func expectNoKey(_ result: ProcessResult, _ comment: String) {
        let key = Self.key.lowercased()
        #expect(!result.error.lowercased().contains(key) && !result.output.lowercased().contains(key), "\(comment): \(result)")
    }

    /// `rain show --units KEY`: the line's error quotes the value, REDACTED (it had been the key).
    @Test(arguments: cases)
    func theLinesErrorHidesTheKey(_ configured: Case) async throws {
        try await withTemporaryDirectory { home in
            write(configured, in: home)
            let result = try await BuiltProduct.run("rain", ["show", "--units", Self.key], environment: ["RAIN_HOME": home])
            #expect(result.status == 64, "\(result)")
            #expect(result.error.contains("REDACTED"), "the error quotes the value: \(result)")
            expectNoKey(result, configured.testDescription)
        }
    }

    /// The file is refused as before (exit 78, nothing asked of the server), and what `config
    /// show` prints of it hides the key.
    @Test(arguments: cases)
    func theRefusalStaysAndConfigShowHidesTheKey(_ configured: Case) async throws {
        try await withTemporaryDirectory { home in
            write(configured, in: home)
            let refused = try await BuiltProduct.run("rain", ["show", "--lat", "1", "--lon", "2"],
                                                     environment: ["RAIN_HOME": home, "RAIN_BASE_URL": "http://127.0.0.1:9/"])
            #expect(refused.status == 78, "the refusal stays: \(refused)")
            expectNoKey(refused, configured.testDescription)
            let shown = try await BuiltProduct.run("rain", ["config", "show"], environment: ["RAIN_HOME": home])
            if configured.isReadable {
                #expect(shown.output.contains("http://127.0.0.1:9/REDACTED/"), "\(shown)")
            }
            expectNoKey(shown, configured.testDescription)
        }
    }
}
