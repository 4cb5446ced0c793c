import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Synchronization
import Testing

/// Issues 42 and 38: what the alert feeds and the air send cannot fail a forecast or outlast
/// the command, through the real binary and loopback servers.
@Suite struct FeedBoundsEndToEndTests {
    /// An NWS answer of 1,500 alerts, each with 1,000 U+0085 (2 bytes in the answer, 6 in the
    /// cache as `\u0085`): its cache document was 9 MB, more than rain reads back, and New York
    /// failed with exit 74. The place keeps its 50 most severe alerts, and says so once.
    @Test func aFeedOfManyHugeAlertsDoesNotFailTheForecast() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 120}"#)
            let newYork = try LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
                .add(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.006)).location
            let text = String(repeating: "\u{85}", count: 1_000)
            let features = (0..<1_500).map { number in
                let severity = number % 100 == 7 ? "Extreme" : "Minor"
                return #"{"properties":{"status":"Actual","event":"Alert \#(number)","severity":"\#(severity)","description":"\#(text)"}}"#
            }
            let body = #"{"features":["# + features.joined(separator: ",") + "]}"
            let feed = try LoopbackServer(handler: FixedAnswer(body: body))
            defer { feed.stop() }
            let refreshed = try await world.keylessRain(["refresh", "New York"], environment: ["RAIN_NWS_URL": "http://127.0.0.1:\(feed.port)/alerts/active"])
            #expect(refreshed.status == 0, "\(refreshed)")
            #expect(refreshed.output.contains("New York") && !refreshed.output.contains("failed"), "\(refreshed)")
            #expect(refreshed.error == "rain: warning: New York: kept the 50 most severe of 1500 alerts\n", "\(refreshed)")
            let cached = try #require(try ForecastCache(directory: home + "/cache/forecasts").load(for: newYork.id))
            let alerts = cached.forecast.alerts
            #expect(alerts.count == 50)
            // The 15 extreme ones and the first 35 minor ones, in the order they came.
            let kept = (Array(0...35) + stride(from: 107, to: 1_500, by: 100)).map { "Alert \($0)" }
            #expect(alerts.map(\.title) == kept, "\(alerts.map(\.title))")
            #expect(alerts.allSatisfy { $0.description == text })
        }
    }

    /// `timeout_seconds` bounds a whole command: with a feed that never answers, 13 places in
    /// its area asked 6 at a time (`max_concurrent_requests`) took three timeouts, a group
    /// after another. Now every feed request ends when the command's time does: only the
    /// first group is sent, the others end unsent, and the forecasts are kept.
    @Test func aHangingFeedCostsOneTimeoutForManyPlaces() async throws {
        try await withTemporaryDirectory { home in
            // 15 s, not 5: the forecasts and the air of 15 places must be fetched within the
            // command's time, and a loaded full run (load 12 on 2 cores) took more than 5 s.
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 15, "max_concurrent_requests": 6}"#)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            for number in 0..<13 {
                _ = try store.add(name: "Town \(number)", coordinate: Coordinate(latitude: 35 + Double(number) / 2, longitude: -90))
            }
            let hanging = HangingAnswer()
            let feed = try LoopbackServer(handler: hanging)
            defer { feed.stop() }
            let refreshed = try await world.keylessRain(["refresh", "--all"], environment: ["RAIN_NWS_URL": "http://127.0.0.1:\(feed.port)/alerts/active"])
            #expect(refreshed.status == 0, "\(refreshed)")
            #expect(!refreshed.output.contains("failed"), "\(refreshed)")
            #expect(refreshed.error.hasPrefix("rain: warning: Town "), "\(refreshed)")
            #expect(refreshed.error.contains("could not fetch NWS alerts"), "\(refreshed)")
            // At most one group (all of it, unless a loaded machine sent fewer in time), then the command's time was over.
            #expect((1...6).contains(hanging.requests), "\(hanging.requests) requests")
        }
    }

    /// An air answer of the hours around now: `times` (unix seconds) with `european` and
    /// `pm2_5` in each, pm10 10 μg/m³.
    private static func airAnswer(times: [Int], european: Double, pm2_5: Double) -> String {
        func column(_ value: Double) -> String { "[" + times.map { _ in String(value) }.joined(separator: ",") + "]" }
        return #"{"hourly_units":{"european_aqi":"EAQI","pm2_5":"μg/m³","pm10":"μg/m³"},"hourly":{"time":"#
            + "[" + times.map(String.init).joined(separator: ",") + "]"
            + #","european_aqi":\#(column(european)),"pm2_5":\#(column(pm2_5)),"pm10":\#(column(10))}}"#
    }

    private static var hoursAroundNow: [Int] {
        let hour = Int(Date().timeIntervalSince1970) / 3600 * 3600
        return (-24..<48).map { hour + $0 * 3600 }
    }

    /// No index or concentration is below zero: a server's -46 and -22 are missing values,
    /// never "European AQI -46: Good"; the others are kept.
    @Test func negativeAirValuesAreMissing() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let air = try LoopbackServer(handler: FixedAnswer(body: Self.airAnswer(times: Self.hoursAroundNow, european: -46, pm2_5: -22)))
            defer { air.stop() }
            let json = try await world.keylessRain(["show", "Berlin", "--json"], environment: ["RAIN_AIR_QUALITY_URL": "http://127.0.0.1:\(air.port)/v1/air-quality"])
            #expect(json.status == 0 && json.error.isEmpty, "\(json)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
            let current = try #require((document["air"] as? [String: Any])?["current"] as? [String: Any], "\(json.output)")
            #expect(current["pm10"] as? Double == 10)
            #expect(current["european_aqi"] as? Double == nil && current["pm2_5"] as? Double == nil, "\(current)")
            let shown = try await world.keylessRain(["show", "Berlin", "--offline"])
            #expect(!shown.output.contains("-46") && !shown.output.contains("-22"), "\(shown.output)")
        }
    }

    /// An answer whose hours all have one time was read as no hours, and the air was lost
    /// unsaid: it is refused with the air's one warning line, and the forecast kept.
    @Test func airTimesThatDoNotIncreaseAreRefusedWithAWarning() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let times = Array(repeating: Self.hoursAroundNow[0] - 86400 * 30, count: 72)
            let air = try LoopbackServer(handler: FixedAnswer(body: Self.airAnswer(times: times, european: 20, pm2_5: 5)))
            defer { air.stop() }
            let refreshed = try await world.keylessRain(["refresh", "Berlin"], environment: ["RAIN_AIR_QUALITY_URL": "http://127.0.0.1:\(air.port)/v1/air-quality"])
            #expect(refreshed.status == 0, "\(refreshed)")
            #expect(refreshed.error.hasPrefix("rain: warning: Berlin: could not fetch the air quality: "), "\(refreshed)")
            #expect(refreshed.error.contains("expected times in rising order"), "\(refreshed)")
            #expect(refreshed.error.split(separator: "\n").count == 1, "\(refreshed)")
        }
    }
}

/// A server that reads each request and never answers, counting them.
final class HangingAnswer: RequestHandler {
    private let count = Mutex(0)

    var requests: Int { count.withLock { $0 } }

    func reply(to request: ServerRequest, connection number: Int) -> Reply {
        count.withLock { $0 += 1 }
        return Reply(.hang)
    }
}

/// A server that answers every request with `body` (a feed's JSON).
struct FixedAnswer: RequestHandler {
    let body: String

    func reply(to request: ServerRequest, connection number: Int) -> Reply {
        Reply(.respond(ServerResponse(status: 200, headers: [("Content-Type", "application/geo+json")], body: .bytes(Array(body.utf8)))))
    }
}
