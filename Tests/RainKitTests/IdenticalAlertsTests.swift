import Foundation
@testable import RainKit
import Testing

/// Alerts of one answer with the same title, severity and end are one (hostile trial 15, H14);
/// any other difference that a person reads keeps them apart.
@Suite struct IdenticalAlertsTests {
    static let now = Date(timeIntervalSince1970: 1_787_227_200)  // 2026-08-20T12:00:00Z
    let place = Location(name: "New York", coordinate: Coordinate(latitude: 40.71, longitude: -74.006))
    let end = now.addingTimeInterval(6 * 3600)

    private func forecast(_ alerts: [Forecast.Alert]) -> Forecast {
        Forecast(coordinate: place.coordinate, timeZone: "UTC", units: .si, alerts: alerts)
    }

    private func advisory(_ id: String, references: [String] = [], regions: [String] = []) -> Forecast.Alert {
        Forecast.Alert(title: "Wind Advisory", severity: "Moderate", regions: regions, time: Self.now, expires: end, id: id, references: references)
    }

    @Test func identicalAlertsAreOneWithTheAreasAndReferencesOfAll() {
        let cycle = [advisory("a", references: ["c"], regions: ["Lowlands"]), advisory("b", references: ["a"], regions: ["Foothills"]),
                     advisory("c", references: ["b"], regions: ["Lowlands"]), advisory("a", regions: ["Lowlands"])]
        let merged = forecast(cycle).mergingIdenticalAlerts().alerts
        #expect(merged.count == 1)
        #expect(merged.first?.id == "a")
        #expect(merged.first?.regions == ["Lowlands", "Foothills"])
        #expect(merged.first?.references == ["c", "a", "b"])
        #expect(merged.first?.sameAs == ["b", "c"])
    }

    @Test func alertsThatDifferInTitleSeverityOrEndStayApart() {
        let first = Forecast.Alert(title: "Wind Warning for Berlin", severity: "Moderate", time: Self.now, expires: end)
        var potsdam = first
        potsdam.title = "Wind Warning for Potsdam"
        var severe = first
        severe.severity = "Severe"
        var longer = first
        longer.expires = end.addingTimeInterval(60)
        var endless = first
        endless.expires = nil
        let alerts = [first, potsdam, severe, longer, endless]
        #expect(forecast(alerts).mergingIdenticalAlerts().alerts == alerts)
    }

    /// Told once; the next answer may hold only one of the others: it was told with the first.
    @Test func anAlertToldIsToldAsEachOfItsIdenticalOnes() {
        let service = NotifyService(settings: NotifySettings(), logFile: "/nonexistent", machineZone: .utc, now: Self.now)
        let three = forecast([advisory("p"), advisory("q"), advisory("r")]).mergingIdenticalAlerts()
        var log = NotifiedLog()
        let round = service.round([(place, three)], log: log)
        #expect(round.news.map(\.summary) == ["Wind Advisory for New York until Thu 18:00"])
        for event in round.news { log.record(event, at: Self.now) }
        for alone in ["p", "q", "r"] {
            #expect(service.round([(place, forecast([advisory(alone)]))], log: log).items.map(\.status) == [.sent], "\(alone)")
        }
        // One told before, the others new beside it: all of them sent.
        var earlier = NotifiedLog()
        for event in service.round([(place, forecast([advisory("r")]))], log: earlier).news { earlier.record(event, at: Self.now) }
        #expect(service.round([(place, three)], log: earlier).items.map(\.status) == [.sent])
    }
}
