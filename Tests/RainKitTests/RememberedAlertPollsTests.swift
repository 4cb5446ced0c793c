import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// When MetAlerts was asked for places whose forecasts were not written, kept in
/// `alert-polls.json` for the hour a poll may hold the next back: written whole, bounded, and
/// a damaged file is none.
@Suite struct RememberedAlertPollsTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)
    private typealias Asking = ForecastService.OfficialAlerts.Asking

    @Test func pollsAreKeptForAnHourAndTheNewestWins() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/state/alert-polls.json"
            let (oslo, bergen) = (UUID(), UUID())
            let retry = now.addingTimeInterval(20 * 60)
            try RememberedAlertPolls.remember([oslo: Asking(at: now, expires: retry)], at: path, now: now)
            #expect(RememberedAlertPolls.load(path).polls == [oslo: Asking(at: now, expires: retry)], "a 429's Retry-After too")
            let later = now.addingTimeInterval(30 * 60)
            try RememberedAlertPolls.remember([bergen: Asking(at: later)], at: path, now: later)
            #expect(RememberedAlertPolls.load(path).polls == [oslo: Asking(at: now, expires: retry), bergen: Asking(at: later)])
            let past = now.addingTimeInterval(3600)
            try RememberedAlertPolls.remember([bergen: Asking(at: past)], at: path, now: past)
            #expect(RememberedAlertPolls.load(path).polls == [bergen: Asking(at: past)], "an hour on, Oslo's holds nothing back")
        }
    }

    @Test func theNewestAreKeptAndADamagedFileIsNone() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/alert-polls.json"
            let many = Dictionary(uniqueKeysWithValues: (0..<2_100).map { (UUID(), Asking(at: now.addingTimeInterval(Double($0)))) })
            try RememberedAlertPolls.remember(many, at: path, now: now.addingTimeInterval(3000))
            let kept = RememberedAlertPolls.load(path).polls
            #expect(kept.count == RememberedAlertPolls.maximumCount)
            #expect(kept.values.compactMap(\.at).min() == now.addingTimeInterval(100), "the oldest left out")
            writeFile(path, #"{"polls": [{"place": 3}]"#)
            #expect(RememberedAlertPolls.load(path).polls.isEmpty)
        }
    }
}
