import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// A number a server writes in a header is bounded to what it can mean before rain counts
/// with it: an `X-RateLimit-Limit-Second` near `Int.max` is no limit (it once trapped the
/// pacing of a refresh of two places, SIGILL, on a 200, a 429 and a 503 alike), and the
/// numbers of every such header are digits only (`HeaderNumber`), as `Retry-After`'s are.
@Suite(.serialized) struct ServerHeaderNumbersEndToEndTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var value: String
        var status: Int
        var testDescription: String { "\(value) on \(status)" }
    }

    static let hugeLimits: [Case] = ["9223372036854775806", "9223372036854775807", "18446744073709551616"].flatMap { value in
        [200, 429, 503].map { Case(value: value, status: $0) }
    }

    @Test(arguments: hugeLimits) func aLimitASecondNoServerKeepsPacesNothingAndEndsNoRefresh(_ limit: Case) async throws {
        try await withTemporaryDirectory { home in
            // Two places (Berlin, Tokyo); a refused one is tried again within the short budget.
            let world = try ForecastWorld(home: home, behaviour: .forecastHeader(name: "X-RateLimit-Limit-Second", value: limit.value,
                                                                                 status: limit.status, retryAfter: limit.status == 429 ? 1 : nil),
                                          config: #"{"timeout_seconds": 4}"#)
            let result = try await world.rain(["refresh", "--all", "--verbose"])
            // One place is asked first to learn the limit (`SecondPacing`); none is paced after.
            #expect(!result.error.contains("places a second"), "\(result)")
            if limit.status == 200 {
                #expect(result.status == 0, "\(result)")
            } else {
                #expect(result.status >= 64, "a documented exit code, not a signal: \(result)")
                #expect(result.error.hasPrefix("rain") || result.error.contains("\nrain"), "\(result)")
            }
            let state = (try? String(contentsOfFile: home + "/state/quota.json", encoding: .utf8)) ?? ""
            #expect(!state.contains(#""per_second":[{"#), "no limit kept: \(state)")
        }
    }

    /// "+2" is no number of a header (`1*DIGIT`), and is not taken as a limit; " 3 " is 3.
    @Test(arguments: [("+2", nil), (" 3 ", 3)] as [(String, Int?)])
    func aLimitASecondIsDigitsOnly(value: String, paced: Int?) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .forecastHeader(name: "X-RateLimit-Limit-Second", value: value),
                                          config: #"{"timeout_seconds": 30}"#)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            for index in 0..<4 {
                _ = try store.add(name: "Place \(index)", coordinate: Coordinate(latitude: 40 + Double(index), longitude: 10))
            }
            let result = try await world.rain(["refresh", "--all", "--verbose"])
            #expect(result.status == 0, "\(result)")
            let paces = result.error.split(separator: "\n").filter { $0.contains("pacing: ") }.map { String($0) }
            let expected = ["at most 1 place a second"] + (paced.map { ["at most \($0) places a second"] } ?? [])
            #expect(paces.map { $0.components(separatedBy: "pacing: ").last ?? "" } == expected, "\(result.error)")
        }
    }
}
