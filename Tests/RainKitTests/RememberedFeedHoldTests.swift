import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// An alert feed's 429 hold, kept in `quota.json` beside the used-up quotas and the limits a
/// second: no write loses another's, a hold lasts at most an hour, and one over is none.
@Suite struct RememberedFeedHoldTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aHoldAQuotaAndALimitKeepEachOther() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/state/quota.json"
            try RememberedFeedHold.remember([RememberedFeedHold(source: "met", retryAfter: 1200, now: now)], at: path, now: now)
            #expect(RememberedFeedHold.secondsLeft(at: path, for: "met", now: now) == 1200)
            #expect(RememberedFeedHold.secondsLeft(at: path, for: "nws", now: now) == nil, "another feed's counter")
            let month = ExceededQuota(service: "Pirate Weather", window: .month, resetsAt: now.addingTimeInterval(86_400))
            try RememberedQuota.remember([RememberedQuota(quota: month, source: "aaaa")], at: path, now: now)
            try RememberedSecondLimit.remember(4, for: "aaaa", at: path, now: now)
            #expect(RememberedFeedHold.secondsLeft(at: path, for: "met", now: now.addingTimeInterval(60)) == 1140, "kept by both writes")
            try RememberedFeedHold.remember([RememberedFeedHold(source: "nws", retryAfter: 5, now: now)], at: path, now: now)
            #expect(RememberedQuota.inForce(at: path, for: "aaaa", now: now) == month && RememberedSecondLimit.said(at: path, for: "aaaa") == 4)
            #expect(RememberedFeedHold.secondsLeft(at: path, for: "met", now: now) == 1200 && RememberedFeedHold.secondsLeft(at: path, for: "nws", now: now) == 5)
            #expect(RememberedFeedHold.secondsLeft(at: path, for: "met", now: now.addingTimeInterval(1200)) == nil, "over")
        }
    }

    /// A `Retry-After` of 0 or less is a hold already over: nothing is written, and the hold
    /// kept for the counter stays (it had been written over by one that holds nothing).
    @Test(arguments: [0, -30])
    func aHoldAlreadyOverIsNotWritten(_ retryAfter: Int) async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/quota.json"
            try RememberedFeedHold.remember([RememberedFeedHold(source: "met", retryAfter: retryAfter, now: now)], at: path, now: now)
            #expect(fileBytes(path) == nil)
            try RememberedFeedHold.remember([RememberedFeedHold(source: "met", retryAfter: 600, now: now)], at: path, now: now)
            try RememberedFeedHold.remember([RememberedFeedHold(source: "met", retryAfter: retryAfter, now: now)], at: path, now: now)
            #expect(RememberedFeedHold.secondsLeft(at: path, for: "met", now: now) == 600)
        }
    }

    /// A `Retry-After` of a day (or a date in the year 9999) holds an hour; a hold written
    /// further off than that (a clock once ahead) holds nothing.
    @Test func aHoldLastsAtMostAnHour() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/quota.json"
            try RememberedFeedHold.remember([RememberedFeedHold(source: "met", retryAfter: 86_400, now: now)], at: path, now: now)
            #expect(RememberedFeedHold.secondsLeft(at: path, for: "met", now: now) == 3600)
            try RememberedFeedHold.remember([RememberedFeedHold(source: "met", until: now.addingTimeInterval(7200))], at: path, now: now)
            #expect(RememberedFeedHold.secondsLeft(at: path, for: "met", now: now) == nil)
        }
    }
}
