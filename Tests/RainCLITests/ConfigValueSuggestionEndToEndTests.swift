import Foundation
import RainTestSupport
import Testing

/// A new user's "units": "metrik" was refused with the list of units and no "did you mean",
/// which an unknown key has. A value of a closed list that is near one of them gets the hint.
@Suite struct ConfigValueSuggestionEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var configuration: String
        var key: String
        var meant: String?
        var testDescription: String { configuration }
    }

    static let cases = [
        Case(configuration: #"{"units": "metrik"}"#, key: "units", meant: "metric"),
        Case(configuration: #"{"provider": "open-meteo"}"#, key: "provider", meant: "openmeteo"),
        Case(configuration: #"{"notify": {"min_intensity": "moderat"}}"#, key: "notify.min_intensity", meant: "moderate"),
        Case(configuration: #"{"aqi_scale": "europe"}"#, key: "aqi_scale", meant: "european"),
        Case(configuration: #"{"wind_unit": "km/h"}"#, key: "wind_unit", meant: "kmh"),
        // Nothing near: the example's hint, as before.
        Case(configuration: #"{"units": "kelvin"}"#, key: "units", meant: nil),
    ]

    @Test(arguments: cases)
    func aValueNearAChoiceGetsDidYouMean(_ given: Case) async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", given.configuration)
            let result = try await BuiltProduct.run("rain", ["show", "--offline"], environment: ["RAIN_HOME": home, "LANG": "C.UTF-8"])
            #expect(result.status == 78, "\(result)")
            #expect(result.error.hasPrefix("rain: error: \(home)/config.json:\n  '\(given.key)' must be "), "\(result)")
            let hint = result.error.split(separator: "\n").first { $0.hasPrefix("rain: hint: ") }.map(String.init)
            if let meant = given.meant {
                #expect(hint == "rain: hint: did you mean '\(meant)'?", "\(result)")
            } else {
                #expect(hint?.contains("did you mean") == false, "\(result)")
            }
        }
    }
}
