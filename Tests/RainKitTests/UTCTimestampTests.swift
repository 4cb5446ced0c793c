import Foundation
import Testing
@testable import RainKit

/// rain's own ISO 8601 UTC times agree with Foundation's formatter and parser.
@Suite struct UTCTimestampTests {
    @Test func agreesWithFoundationFrom1900To2200() {
        var disagreements: [String] = []
        // Every 9 days 7 h 13 min 11 s: leap days, month ends and every time of day come round.
        var moment: Int64 = -2_208_988_800
        while moment < 7_258_118_400 {
            let date = Date(timeIntervalSince1970: TimeInterval(moment))
            let expected = date.formatted(.iso8601)
            if UTCTimestamp.string(date) != expected { disagreements.append("\(moment): \(UTCTimestamp.string(date)) vs \(expected)") }
            if UTCTimestamp.date(expected) != date { disagreements.append("\(expected) read as \(String(describing: UTCTimestamp.date(expected)))") }
            moment += 9 * 86_400 + 7 * 3600 + 13 * 60 + 11
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test func fractionsOfASecondAreDropped() {
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: 1_787_227_199.999)) == "2026-08-20T11:59:59Z")
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59Z")
    }

    /// The alert feeds' times, with an offset and sometimes a fraction: read as Foundation's
    /// parser reads them, to the second.
    @Test func offsetsAndFractionsAgreeWithFoundation() throws {
        var disagreements: [String] = []
        var moment: Int64 = 1_700_000_000
        for step in 0..<400 {
            let offset = [0, 3600, -5 * 3600, 5 * 3600 + 30 * 60, -(9 * 3600 + 30 * 60), 14 * 3600, -12 * 3600][step % 7]
            var local = Date(timeIntervalSince1970: TimeInterval(moment + Int64(offset))).formatted(.iso8601)
            local.removeLast()
            let sign = offset < 0 ? "-" : "+"
            let zone = offset == 0 && step % 2 == 0 ? "Z" : sign + String(format: "%02d:%02d", abs(offset) / 3600, abs(offset) / 60 % 60)
            let fraction = step % 3 == 0 ? ".250" : ""
            let text = local + fraction + zone
            let expected = fraction.isEmpty ? try Date.ISO8601FormatStyle().parse(text)
                                            : try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
            let read = UTCTimestamp.date(text)
            if read != Date(timeIntervalSince1970: expected.timeIntervalSince1970.rounded(.down)) {
                disagreements.append("\(text): \(String(describing: read)) vs \(expected)")
            }
            moment += 3 * 86_400 + 5 * 3600 + 7 * 60 + 13
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    @Test(arguments: ["2026-02-29T12:00:00Z", "2026-13-01T00:00:00Z", "2026-08-20T24:00:00Z", "2026-08-20T12:60:00Z",
                      "2026-08-20 12:00:00Z", "2026-08-20T12:00:00+2:00", "2026-08-20T12:00:00+0200", "2026-08-20T12:00:00+24:00",
                      "2026-08-20T12:00:00.Z", "2026-08-20T12:00:00.5", "2026-08-20T12:00:00Z ", "2026-08-20T12:00:00", "2026-8-20T12:00:00Z",
                      "", "２０２６-08-20T12:00:00Z"])
    func anythingElseIsLeftToTheLibrary(_ text: String) {
        #expect(UTCTimestamp.date(text) == nil)
    }
}
