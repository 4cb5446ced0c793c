import Foundation
import Testing
@testable import RainKit

@Suite struct ForecastClientRetryTests {
    let policy = RetryPolicy(maxAttempts: 3, baseBackoff: .seconds(1), maxBackoff: .seconds(3),
                             maxRetryAfter: .seconds(60), totalBudget: .seconds(100))

    @Test func backoffIsJitteredUnderAGrowingCap() {
        for _ in 0..<50 {
            let first = try? #require(policy.delay(afterAttempt: 1, serverDelay: nil, elapsed: .zero))
            let second = try? #require(policy.delay(afterAttempt: 2, serverDelay: nil, elapsed: .zero))
            #expect(first.map { $0 >= .zero && $0 <= .seconds(1) } == true)
            #expect(second.map { $0 >= .zero && $0 <= .seconds(2) } == true)
        }
    }

    @Test func stopsAfterTheLastAttempt() {
        #expect(policy.delay(afterAttempt: 3, serverDelay: nil, elapsed: .zero) == nil)
        #expect(RetryPolicy.never.delay(afterAttempt: 1, serverDelay: nil, elapsed: .zero) == nil)
    }

    @Test func honoursAndClampsTheServersWait() {
        #expect(policy.delay(afterAttempt: 1, serverDelay: .seconds(7), elapsed: .zero) == .seconds(7))
        #expect(policy.delay(afterAttempt: 1, serverDelay: .seconds(600), elapsed: .zero) == .seconds(60))
        #expect(policy.delay(afterAttempt: 1, serverDelay: .seconds(-5), elapsed: .zero) == .zero)
    }

    @Test func staysWithinTheBudget() {
        #expect(policy.delay(afterAttempt: 1, serverDelay: .seconds(30), elapsed: .seconds(71)) == nil)
        #expect(policy.delay(afterAttempt: 1, serverDelay: .seconds(30), elapsed: .seconds(70)) == .seconds(30))
    }

    struct RetryAfterCase: Sendable, CustomTestStringConvertible {
        var headers: [String: String]
        var seconds: Int?
        var testDescription: String { headers.description }
    }

    @Test(arguments: [
        RetryAfterCase(headers: ["retry-after": "17"], seconds: 17),
        RetryAfterCase(headers: ["retry-after": " 3 "], seconds: 3),
        RetryAfterCase(headers: ["retry-after": "Wed, 21 Oct 2015 07:28:30 GMT"], seconds: 30),
        RetryAfterCase(headers: ["retry-after": "Wed, 21 Oct 2015 07:27:00 GMT"], seconds: 0),
        // RFC 9110's two obsolete forms, which a recipient must read too.
        RetryAfterCase(headers: ["retry-after": "Wednesday, 21-Oct-15 07:28:30 GMT"], seconds: 30),
        RetryAfterCase(headers: ["retry-after": "Wed Oct 21 07:29:00 2015"], seconds: 60),
        RetryAfterCase(headers: ["retry-after": "Wed Oct  1 07:29:00 2015"], seconds: 0),
        // A two-digit year more than 50 years ahead is last century's.
        RetryAfterCase(headers: ["retry-after": "Thursday, 21-Oct-66 07:28:30 GMT"], seconds: 0),
        RetryAfterCase(headers: ["retry-after": "Thursday, 21-Oct-65 07:28:30 GMT"], seconds: RetryAfter.longest),
        RetryAfterCase(headers: ["retry-after": "Wednesday, 21-Oct-2015 07:28:30 GMT"], seconds: nil),
        RetryAfterCase(headers: ["retry-after": "soon", "ratelimit-reset": "42"], seconds: 42),
        RetryAfterCase(headers: ["ratelimit-reset": "86400"], seconds: 86400),
        RetryAfterCase(headers: [:], seconds: nil),
        // delay-seconds is 1*DIGIT (RFC 9110): a sign or a fraction is no wait, as if absent.
        RetryAfterCase(headers: ["retry-after": "+2"], seconds: nil),
        RetryAfterCase(headers: ["retry-after": "-2"], seconds: nil),
        RetryAfterCase(headers: ["retry-after": "2.5"], seconds: nil),
        RetryAfterCase(headers: ["retry-after": "+2", "ratelimit-reset": "42"], seconds: 42),
        RetryAfterCase(headers: ["ratelimit-reset": "+42"], seconds: nil),
        // More digits than `Int` holds are still delay-seconds: a long wait, not none.
        RetryAfterCase(headers: ["retry-after": "99999999999999999999"], seconds: RetryAfter.longest),
        RetryAfterCase(headers: ["ratelimit-reset": "99999999999999999999"], seconds: RetryAfter.longest),
        RetryAfterCase(headers: ["retry-after": "9999999999"], seconds: RetryAfter.longest),
        RetryAfterCase(headers: ["retry-after": "Fri, 31 Dec 9999 23:59:59 GMT"], seconds: RetryAfter.longest),
        // IMF-fixdate's year is four digits; more would overflow the seconds.
        RetryAfterCase(headers: ["retry-after": "Fri, 31 Dec 99999999999999999 23:59:59 GMT"], seconds: nil),
    ])
    func readsTheServersWait(_ test: RetryAfterCase) {
        let now = Date(timeIntervalSince1970: 1_445_412_480)   // Wed, 21 Oct 2015 07:28:00 GMT
        #expect(RetryAfter.seconds(in: HTTPResponse(status: 429, headers: test.headers), now: now) == test.seconds)
    }
}
