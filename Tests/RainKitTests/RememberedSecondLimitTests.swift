import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// The calls a second a server said, kept in `quota.json` beside the used-up quotas: neither
/// write loses the other's, a limit no longer said is forgotten, and a damaged one is none.
@Suite struct RememberedSecondLimitTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aLimitAndAQuotaKeepEachOther() async throws {
        try await withTemporaryDirectory { folder in
            let path = folder + "/state/quota.json"
            try RememberedSecondLimit.remember(4, for: "aaaa", at: path, now: now)
            #expect(RememberedSecondLimit.said(at: path, for: "aaaa") == 4)
            #expect(RememberedSecondLimit.said(at: path, for: "bbbb") == nil, "another key's counter")
            let month = ExceededQuota(service: "Pirate Weather", window: .month, resetsAt: now.addingTimeInterval(86_400))
            try RememberedQuota.remember([RememberedQuota(quota: month, source: "aaaa")], at: path, now: now)
            #expect(RememberedSecondLimit.said(at: path, for: "aaaa") == 4, "a quota written keeps the limit")
            try RememberedSecondLimit.remember(2, for: "bbbb", at: path, now: now)
            #expect(RememberedQuota.inForce(at: path, for: "aaaa", now: now) == month, "a limit written keeps the quota")
            #expect(RememberedSecondLimit.said(at: path, for: "bbbb") == 2 && RememberedSecondLimit.said(at: path, for: "aaaa") == 4)
            try RememberedSecondLimit.remember(nil, for: "aaaa", at: path, now: now)
            #expect(RememberedSecondLimit.said(at: path, for: "aaaa") == nil, "forgotten")
            #expect(RememberedSecondLimit.said(at: path, for: "bbbb") == 2)
        }
    }

    @Test func aLimitThatIsNoneIsNotRead() throws {
        for limit in ["0", "-2", "1.5", "\"4\"", "1e9"] {
            let bytes = Array(#"{"quotas":[],"per_second":[{"source":"aaaa","limit":\#(limit)}]}"#.utf8)
            #expect((try? RememberedSecondLimit.decode(bytes))?.isEmpty ?? true, "\(limit)")
        }
        #expect(try RememberedSecondLimit.decode(Array(#"{"quotas":[]}"#.utf8)).isEmpty, "written before rain kept limits")
    }

    /// What the next run paces by: the limit said before, over the free plan's documented one.
    @Test func theNextRunPacesByTheLimitSaidBefore() async throws {
        try await withTemporaryDirectory { folder in
            var settings = Settings(paths: RainPaths(configFile: "/c", defaultsFile: "/d", forecastsDirectory: "/f",
                                                     notifiedFile: folder + "/state/notified.json"))
            settings.providerChoice = .darkSky
            settings.baseURL = "http://127.0.0.1:8080/forecast/"
            settings.apiKey = APIKey("k")
            #expect(SecondPacing(settings: settings).placesPerPart(said: nil, first: true) == 1, "asked one first")
            try RememberedSecondLimit.remember(3, for: RememberedQuota.source(of: settings), at: settings.paths.quotaFile, now: now)
            #expect(SecondPacing(settings: settings).placesPerPart(said: nil, first: true) == 3)
            #expect(SecondPacing(settings: settings).placesPerPart(said: 2, first: false) == 2, "what this run heard wins")
            settings.baseURL = "https://api.pirateweather.net/forecast/"
            #expect(QuotaPlan(refreshing: 40, with: settings)?.placesPerSecond == 1, "the free plan's, for another URL's counter")
            try RememberedSecondLimit.remember(4, for: RememberedQuota.source(of: settings), at: settings.paths.quotaFile, now: now)
            #expect(QuotaPlan(refreshing: 40, with: settings)?.placesPerSecond == 4, "a paid plan's, said before")
            #expect(QuotaPlan(refreshing: 40, with: settings)?.pacedSeconds == 10)
        }
    }
}
