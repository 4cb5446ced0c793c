import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// A UV index no sky gives (99,999,999 from a broken server) is missing where it is read
/// (`UVIndex`), now, by the hour and by the day; the rest of the forecast stays, and a real
/// high one (11) is shown as served.
@Suite struct ImpossibleUVIndexEndToEndTests {
    static let now = Date(timeIntervalSince1970: 1_779_712_620)   // 2026-05-25T12:37:00Z

    static func uvIndices(_ world: ForecastWorld) async throws -> (now: Double?, hours: [Double?], days: [Double?]) {
        let json = try await world.keylessRain(["show", "Berlin", "--offline", "--json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let hours = try #require((document["hourly"] as? [String: Any])?["data"] as? [[String: Any]] ?? document["hourly"] as? [[String: Any]],
                                 "\(document.keys)")
        let days = try #require((document["daily"] as? [String: Any])?["data"] as? [[String: Any]] ?? document["daily"] as? [[String: Any]])
        let current = (document["currently"] ?? document["current"]) as? [String: Any]
        return (current?["uv_index"] as? Double, hours.map { $0["uv_index"] as? Double }, days.map { $0["uv_index"] as? Double })
    }

    @Test(arguments: [99_999_999.0, -3, 11])
    func anImpossibleUVIndexIsMissing(_ value: Double) async throws {
        let kept = value == 11
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .openMeteoValue("uv_index", value), now: Self.now)
            let refreshed = try await world.keylessRain(["refresh", "Berlin"])
            #expect(refreshed.status == 0 && refreshed.error.isEmpty, "\(refreshed)")
            let uv = try await Self.uvIndices(world)
            // (the last hour of rain's table may have no UV of its own)
            #expect(uv.hours.count >= 48 && uv.hours.prefix(48).allSatisfy { $0 == (kept ? value : nil) }, "\(uv.hours)")
            #expect(uv.hours.allSatisfy { $0 == nil || (kept && $0 == value) }, "\(uv.hours)")
            #expect(uv.now == (kept ? value : nil))
            let screen = try await world.keylessRain(["show", "Berlin", "--offline"])
            #expect(screen.status == 0 && screen.output.contains("°C"), "\(screen)")
            #expect(screen.output.contains("UV 11") == kept && !screen.output.contains("99999999"), "\(screen.output)")
        }
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, behaviour: .openMeteoValue("uv_index_max", value), now: Self.now)
            #expect(try await world.keylessRain(["refresh", "Berlin"]).status == 0)
            let uv = try await Self.uvIndices(world)
            #expect(uv.days.count >= 7 && uv.days.allSatisfy { $0 == (kept ? value : nil) }, "\(uv.days)")
        }
    }
}
