@testable import RainKit
import Testing

/// Every number rain reads from a header goes through `HeaderNumber`: `1*DIGIT` with the
/// field's spaces around it, huge ones saturated, anything else none.
@Suite struct HeaderNumberTests {
    @Test(arguments: [("3", 3), (" 3\t", 3), ("0", 0), ("007", 7), ("9223372036854775807", Int.max),
                      ("9223372036854775808", Int.max), ("99999999999999999999999999", Int.max)] as [(String, Int)])
    func digitsAreANumber(text: String, number: Int) {
        #expect(HeaderNumber.value(text) == number)
    }

    @Test(arguments: ["", " ", "+2", "-2", "2.5", "1e3", "0x10", "3 3", "3,3", "٣", "３", "3\n"])
    func anythingElseIsNone(text: String) {
        #expect(HeaderNumber.value(text) == nil)
    }

    /// Each header through it: a limit a second or a wait written with a sign is none.
    @Test func theHeadersReadTheirNumbersThroughIt() {
        let signed = HTTPResponse(status: 429, headers: ["retry-after": "+2", "ratelimit-reset": "+2", "x-ratelimit-remaining-month": "+0"])
        #expect(RetryAfter.seconds(in: signed) == nil)
        #expect(ExceededQuota(monthlyQuotaIn: signed, service: "Test") == nil)
        // A used-up count with a reset that is no number is no month's quota.
        let signedReset = HTTPResponse(status: 429, headers: ["ratelimit-remaining": "0", "ratelimit-reset": "+2"])
        #expect(ExceededQuota(monthlyQuotaIn: signedReset, service: "Test") == nil)
        let spaced = HTTPResponse(status: 429, headers: ["x-ratelimit-remaining-month": " 0 "])
        #expect(ExceededQuota(monthlyQuotaIn: spaced, service: "Test") != nil)
    }
}
