import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 19, A19-3: README says an alert's entry is forgotten at most 30 days after
/// it was told, "one in force longer goes out again once a month"; but each run put a listed
/// alert's date to now, so one in force for months was never told again. Through the real
/// binary at a fixed clock: Windy's (52.56,13.405) "Wind warning", made a drought-long alert
/// in its cached forecast, its entries in notified.json dated back.
@Suite struct NotifiedLogMonthEndToEndTests {
    static let now = NotifyEndToEndTests.now
    static let day: TimeInterval = 86_400

    private func alertsTold(_ home: String) -> [String] {
        let text = (try? String(contentsOfFile: home + "/events.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["kind"] as? String == "alert" }.compactMap { $0["summary"] as? String }
    }

    private func alertEntries(_ path: String) throws -> [[String: Any]] {
        let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        return try #require(log["sent"] as? [[String: Any]]).filter { ($0["id"] as? String)?.hasPrefix("alert:") == true }
    }

    @Test(arguments: [(29.0, false), (31, true), (400, true)])
    func anAlertInForceIsToldAgainAMonthAfterItWasTold(toldDaysAgo: Double, toldAgain: Bool) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 10}"#, now: Self.now)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            let windy = try store.add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405)).location
            let refresh = try await world.rain(["refresh", "Windy"])
            #expect(refresh.status == 0, "\(refresh)")
            let cache = ForecastCache(directory: home + "/cache/forecasts")
            var cached = try #require(try cache.load(for: windy.id))
            try #require(cached.forecast.alerts.count == 1)
            cached.forecast.alerts[0].time = Self.now - 40 * Self.day
            cached.forecast.alerts[0].expires = Self.now + 60 * Self.day
            try cache.save(cached)
            let notify = { try await world.rain(["notify", "Windy", "--exec", #"cat >> "$RAIN_HOME/events.jsonl""#]) }

            let first = try await notify()
            #expect(first.status == 0, "\(first)")
            #expect(alertsTold(home).count == 1 && alertsTold(home)[0].hasPrefix("Wind warning for Windy"), "\(alertsTold(home))")

            let path = home + "/state/notified.json"
            let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            let toldThen = UTCTimestamp.string(Self.now - toldDaysAgo * Self.day)
            let aged = try #require(log["sent"] as? [[String: Any]]).map { entry in
                var entry = entry
                if (entry["id"] as? String)?.hasPrefix("alert:") == true { entry["sent_at"] = toldThen }
                return entry
            }
            try JSONSerialization.data(withJSONObject: ["sent": aged]).write(to: URL(fileURLWithPath: path))
            let before = try Data(contentsOf: URL(fileURLWithPath: path))

            let second = try await notify()
            #expect(second.status == 0, "\(second)")
            #expect(alertsTold(home).count == (toldAgain ? 2 : 1), "\(alertsTold(home))")
            let dates = try alertEntries(path).compactMap { $0["sent_at"] as? String }
            if toldAgain {
                // The binary's clock starts at now and runs on.
                let (today, tomorrow) = (UTCTimestamp.string(Self.now), UTCTimestamp.string(Self.now + Self.day))
                #expect(!dates.isEmpty && dates.allSatisfy { $0 >= today && $0 < tomorrow }, "dated when told again: \(dates)")
            } else {
                #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "nothing new: nothing written, the date kept")
            }

            let third = try await notify()
            #expect(third.status == 0, "\(third)")
            #expect(alertsTold(home).count == (toldAgain ? 2 : 1), "once a month, not at every run: \(alertsTold(home))")
        }
    }
}
