import Foundation
@testable import RainKit
import RainTestSupport
import Synchronization
import Testing

/// Hostile trial 19. A19-3: an alert in force for more than 30 days was never told again,
/// since a run put its entry's date to now; the 30 days now run from when it was told.
/// A19-2: a full log dropped first what its runs had not looked at, so an alert in force at
/// a place left out of them went before entries the runs had found gone.
@Suite struct NotifiedLogTellingTests {
    static let now = Date(timeIntervalSince1970: 1_787_227_200)  // 2026-08-20T12:00:00Z
    static let day: TimeInterval = 86_400
    let place = Location(name: "Berlin", coordinate: Coordinate(latitude: 52.52, longitude: 13.405))
    let other = Location(name: "Hamburg", coordinate: Coordinate(latitude: 53.55, longitude: 10.0))

    private func forecast(_ alerts: [Forecast.Alert], at location: Location? = nil) -> Forecast {
        Forecast(coordinate: (location ?? place).coordinate, timeZone: "UTC", units: .si, alerts: alerts)
    }

    /// A drought warning in force 40 days already, 60 more to go.
    private func drought(_ id: String, references: [String] = []) -> Forecast.Alert {
        Forecast.Alert(title: "Drought", severity: "Moderate", time: Self.now - 40 * Self.day, expires: Self.now + 60 * Self.day,
                       id: id, references: references)
    }

    private func service(now: Date = now, logFile: String = "/nonexistent") -> NotifyService {
        NotifyService(settings: NotifySettings(), logFile: logFile, machineZone: .utc, now: now)
    }

    @Test(arguments: [(29.0, NotificationRound.Status.sent), (31, .new), (400, .new)])
    func anAlertListedAllAlongIsNewsAgainThirtyDaysAfterItWasTold(toldDaysAgo: Double, status: NotificationRound.Status) {
        var log = NotifiedLog()
        for event in service().round([(place, forecast([drought("a")]))], log: log).news {
            log.record(event, at: Self.now - toldDaysAgo * Self.day)
        }
        #expect(service().round([(place, forecast([drought("a")]))], log: log).items.map(\.status) == [status])
    }

    /// An update counted as told through the message it replaces is remembered as told when
    /// that one was, not when the run saw it: a month after the telling it is told again.
    @Test func anUpdateIsRememberedAsToldWhenWhatItReplacesWas() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder + "/state/notified.json"
            let told = Self.now - 20 * Self.day
            var log = NotifiedLog()
            for event in service(now: told).round([(place, forecast([drought("a")]))], log: log).news { log.record(event, at: told) }
            try log.save(to: file)

            let update = forecast([drought("b", references: ["a"])])
            let sent = Mutex<[String]>([])
            let round = try await service(logFile: file).deliver([(place, update)]) { event in sent.withLock { $0.append(event.summary) } }
            #expect(round.items.map(\.status) == [.sent])
            #expect(sent.withLock { $0 }.isEmpty)
            let saved = try NotifiedLog.load(file)
            let ids = Set(try #require(round.items.first).event.recordedIDs)
            #expect(saved.entries.filter { ids.contains($0.id) }.map(\.sentAt) == Array(repeating: told, count: ids.count), "\(saved.entries)")

            let later = Self.now + 11 * Self.day
            #expect(service(now: later).round([(place, update)], log: saved).items.map(\.status) == [.new], "31 days after it was told")
        }
    }

    /// The run at `other` finds its earlier alert gone: that entry goes to the oldest end, before
    /// `place`'s alert, which the run did not look at, then what the run listed or told.
    @Test func entriesARunFoundGoneRankBeforeThoseOfPlacesItLeftOut() async throws {
        try await withTemporaryDirectory { folder in
            let file = folder + "/state/notified.json"
            let told = Self.now - 3600
            var log = NotifiedLog()
            for (location, alert) in [(place, drought("a")), (other, drought("gone")), (other, drought("kept"))] {
                var alert = alert
                alert.title += " " + (alert.id ?? "")
                for event in service(now: told).round([(location, forecast([alert], at: location))], log: log).news { log.record(event, at: told) }
            }
            try log.save(to: file)
            var kept = drought("kept")
            kept.title += " kept"
            var new = drought("new")
            new.title += " new"
            let sent = Mutex<[String]>([])
            _ = try await service(logFile: file).deliver([(other, forecast([kept, new], at: other))]) { event in
                sent.withLock { $0.append(event.summary) }
            }
            #expect(sent.withLock { $0 }.map { $0.hasPrefix("Drought new for Hamburg") } == [true])
            let order = try NotifiedLog.load(file).entries.map { entry in
                (entry.placeID == place.id ? "Berlin" : "Hamburg") + (log.entries.contains(entry) ? "" : " new")
            }
            #expect(order == ["Hamburg", "Hamburg", "Berlin", "Berlin", "Hamburg", "Hamburg", "Hamburg new", "Hamburg new"], "\(order)")
        }
    }
}
