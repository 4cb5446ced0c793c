import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Hostile trial 18, A18-1: notified.json keeps at most 2 MB of its newest entries, and an alert
/// still in force whose entry was the oldest was dropped first and told again once newer
/// entries filled the file. An event listed again now moves to the newest end whenever a run
/// writes the file anyway: what is no longer listed goes first. Through the real binary and
/// the simulator at a fixed clock: Windy's (52.56,13.405) "Wind warning", Bergen's MET alert.
@Suite struct NotifiedLogRankEndToEndTests {
    /// What a save keeps of the file: half the 4 MB rain reads of it.
    static let kept = 2 << 20

    /// Writes `entries` to the log at `path`, then copies of `template` (alerts of the place
    /// `place`, numbered) up to what a save keeps: the next entry written drops the first.
    private func fill(_ path: String, _ entries: [[String: Any]], with template: [String: Any], at place: String) throws {
        let serialized = { (entry: [String: Any]) in try JSONSerialization.data(withJSONObject: entry) }
        var filler: [[String: Any]] = []
        var size = try entries.reduce(0) { $0 + (try serialized($1)).count + 1 }
        while true {
            var entry = template
            entry["id"] = "alert:\(place):\(String(format: "%07d", filler.count))"
            entry["place"] = place
            let length = try serialized(entry).count + 1
            if size + length > Self.kept { break }
            size += length
            filler.append(entry)
        }
        try JSONSerialization.data(withJSONObject: ["sent": entries + filler]).write(to: URL(fileURLWithPath: path))
    }

    private func alertsTold(_ home: String) -> [String] {
        let text = (try? String(contentsOfFile: home + "/events.jsonl", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any] }
            .filter { $0["kind"] as? String == "alert" }.compactMap { $0["summary"] as? String }
    }

    @Test func anAlertListedAgainOutlastsNewerEntriesThatAreNot() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405))
            _ = try store.add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32))
            let exec = ["--exec", #"cat >> "$RAIN_HOME/events.jsonl""#]
            let notify = { (places: [String]) in
                try await BuiltProduct.run("rain", ["notify"] + places + exec, environment: world.environment, at: NotifyEndToEndTests.now)
            }
            let first = try await notify(["Windy"])
            #expect(first.status == 0, "\(first)")
            let windy = alertsTold(home)
            #expect(windy.count == 1 && windy[0].hasPrefix("Wind warning for Windy"), "\(windy)")

            // Windy's entries first, the oldest, then others of another place up to what a save
            // keeps: the next entry written drops the oldest.
            let path = home + "/state/notified.json"
            let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            let entries = try #require(log["sent"] as? [[String: Any]])
            try fill(path, entries, with: entries[0], at: UUID().uuidString.lowercased())

            let second = try await notify(["Windy", "Bergen"])
            #expect(second.status == 0, "\(second)")
            #expect(alertsTold(home).count == 2 && alertsTold(home)[1].hasPrefix("Heavy rain, yellow level for Bergen"), "\(alertsTold(home))")
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(written.count <= Self.kept + 20, "the file stays bounded: \(written.count) bytes")

            let third = try await notify(["Windy"])
            #expect(third.status == 0, "\(third)")
            #expect(alertsTold(home).count == 2, "Windy's alert, in force all along, was told again: \(alertsTold(home))")
        }
    }

    /// Hostile trial 19, A19-2: only the entries of the run's places were ranked, so an alert in
    /// force at a place the runs left out (`notify P0`, then runs of `notify P1 ... P11`) was
    /// the oldest entry, dropped when they filled the file, and told again. Entries a run finds
    /// no longer listed at its places now go first, whatever the run's places.
    @Test func anAlertInForceAtAPlaceLeftOutOfTheRunOutlastsEntriesTheRunFoundGone() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 10}"#, now: NotifyEndToEndTests.now)
            let store = LocationsStore(paths: RainPaths.resolve(environment: ["RAIN_HOME": home]))
            _ = try store.add(name: "Windy", coordinate: Coordinate(latitude: 52.56, longitude: 13.405))
            let bergen = try store.add(name: "Bergen", coordinate: Coordinate(latitude: 60.39, longitude: 5.32)).location
            let exec = ["--exec", #"cat >> "$RAIN_HOME/events.jsonl""#]
            let notify = { (places: [String]) in
                try await BuiltProduct.run("rain", ["notify"] + places + exec, environment: world.environment, at: NotifyEndToEndTests.now)
            }
            let first = try await notify(["Windy"])
            #expect(first.status == 0, "\(first)")
            #expect(alertsTold(home).count == 1 && alertsTold(home)[0].hasPrefix("Wind warning for Windy"), "\(alertsTold(home))")

            // Windy's entries first, the oldest, then Bergen's alerts in force that its feed no
            // longer lists, up to what a save keeps: the next entry written drops the first.
            let path = home + "/state/notified.json"
            let log = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            let entries = try #require(log["sent"] as? [[String: Any]])
            let alert = try #require(entries.first { ($0["id"] as? String)?.hasPrefix("alert:") == true })
            try fill(path, entries, with: alert, at: bergen.idString)

            let second = try await notify(["Bergen"])
            #expect(second.status == 0, "\(second)")
            #expect(alertsTold(home).count == 2 && alertsTold(home)[1].hasPrefix("Heavy rain, yellow level for Bergen"), "\(alertsTold(home))")
            let written = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(written.count <= Self.kept + 20, "the file stays bounded: \(written.count) bytes")

            let third = try await notify(["Windy"])
            #expect(third.status == 0, "\(third)")
            #expect(alertsTold(home).count == 2, "Windy's alert, in force all along, was told again: \(alertsTold(home))")
        }
    }
}
