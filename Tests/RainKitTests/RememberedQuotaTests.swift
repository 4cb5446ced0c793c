import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// `quota.json` keeps to its 4 KB by forgetting its oldest notes: a full file had refused the
/// newest whole, so the quota just met was never remembered and every run asked again.
@Suite struct RememberedQuotaTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aFullFileForgetsItsOldestNoteNotTheNewest() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/quota.json"
            let month = ExceededQuota(service: "Pirate Weather", window: .month, resetsAt: now.addingTimeInterval(86_400))
            let sources = (0..<60).map { String(format: "%040x", $0) }
            for source in sources {
                try RememberedQuota.remember([RememberedQuota(quota: month, source: source)], at: path, now: now)
                #expect(RememberedQuota.inForce(at: path, for: source, now: now) == month, "\(source), just met")
            }
            #expect(RememberedQuota.inForce(at: path, for: sources[0], now: now) == nil, "the oldest forgotten")
            #expect((fileBytes(path)?.count ?? .max) <= RememberedQuota.limit.bytes)
        }
    }
}
