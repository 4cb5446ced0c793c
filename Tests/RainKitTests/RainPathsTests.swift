import Foundation
@testable import RainKit
import RainTestSupport
import Testing

@Suite struct RainPathsTests {
    struct PathCase: Sendable, CustomTestStringConvertible {
        var environment: [String: String]
        var userHome: String?
        var config: String
        var defaults: String
        var forecasts: String
        var testDescription: String { "\(environment) home \(userHome ?? "nil")" }
    }

    @Test(arguments: [
        PathCase(environment: ["HOME": "/home/ann"], userHome: "/elsewhere", config: "/home/ann/.config/rain/config.json",
                 defaults: "/home/ann/.local/share/rain/defaults.json", forecasts: "/home/ann/.cache/rain/forecasts"),
        PathCase(environment: [:], userHome: "/home/bob", config: "/home/bob/.config/rain/config.json",
                 defaults: "/home/bob/.local/share/rain/defaults.json", forecasts: "/home/bob/.cache/rain/forecasts"),
        PathCase(environment: ["HOME": ""], userHome: "/home/bob/", config: "/home/bob/.config/rain/config.json",
                 defaults: "/home/bob/.local/share/rain/defaults.json", forecasts: "/home/bob/.cache/rain/forecasts"),
        PathCase(environment: ["HOME": "/"], userHome: nil, config: "/.config/rain/config.json",
                 defaults: "/.local/share/rain/defaults.json", forecasts: "/.cache/rain/forecasts"),
        PathCase(environment: [:], userHome: nil, config: "/.config/rain/config.json",
                 defaults: "/.local/share/rain/defaults.json", forecasts: "/.cache/rain/forecasts"),
        PathCase(environment: ["XDG_CONFIG_HOME": "/x/config", "XDG_DATA_HOME": "relative", "XDG_CACHE_HOME": "/x/cache"], userHome: "/home/c",
                 config: "/x/config/rain/config.json", defaults: "/home/c/.local/share/rain/defaults.json", forecasts: "/x/cache/rain/forecasts"),
    ])
    func withoutHOMETheHomeComesFromThePasswordDatabase(_ testCase: PathCase) {
        let paths = RainPaths.resolve(environment: testCase.environment, userHome: { testCase.userHome })
        #expect(paths.configFile == testCase.config)
        #expect(paths.defaultsFile == testCase.defaults)
        #expect(paths.forecastsDirectory == testCase.forecasts)
    }

    @Test func thePasswordDatabaseKnowsThisUser() {
        let expected = getpwuid(getuid()).map { String(cString: $0.pointee.pw_dir) }
        #expect(RainPaths.passwordDatabaseHome() == expected)
        #expect(RainPaths.passwordDatabaseHome()?.hasPrefix("/") == true)
    }
}
