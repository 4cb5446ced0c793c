import Foundation
@testable import RainKit
import Testing

/// `notified.json` is written compactly with only the newest entries that fit its budget, so
/// it never nears the 4 MB rain reads of it (issue 42), and a run asks for each ID in one step.
@Suite struct NotifiedLogTests {
    static let now = Date(timeIntervalSince1970: 1_787_227_200)

    private func log(alerts count: Int) -> NotifiedLog {
        var log = NotifiedLog()
        for number in 0..<count {
            log.record(NotifyEvent(kind: .alert, id: "alert:\(number)", placeID: UUID(), placeName: "Berlin", summary: "", body: "",
                                   ends: Self.now.addingTimeInterval(86_400), units: .si), at: Self.now)
        }
        return log
    }

    @Test func aSaveKeepsTheNewestEntriesThatFitItsBudgetCompactly() throws {
        let full = log(alerts: 100)
        let document = full.document(within: 2_000)
        #expect(document.count <= 2_000 + 12)
        #expect(!document.contains(UInt8(ascii: " ")), "compact: no indent, no space after a colon")
        let kept = try NotifiedLog(entries: JSONNode.document(document).requiredMember("sent").elements { node throws(JSONError) in
            NotifiedLog.Entry(id: try node.requiredString("id"), placeID: UUID(), sentAt: Self.now)
        }).entries.map(\.id)
        #expect(!kept.isEmpty && kept.count < 100)
        #expect(kept == (100 - kept.count..<100).map { "alert:\($0)" }, "the newest, oldest first")
        #expect(full.document(within: NotifiedLog.keptBytes).count < NotifiedLog.limit.bytes / 2 + 16)
    }

    @Test func whatIsRecordedForgottenOrPrunedIsAskedForRightAfter() {
        var log = log(alerts: 3)
        #expect(log.contains("alert:1") && !log.contains("alert:3"))
        log.record(NotifyEvent(kind: .rain, id: "rain:x", placeID: UUID(), placeName: "Berlin", summary: "", body: "", units: .si), at: Self.now)
        log.record(NotifyEvent(kind: .alert, id: "alert:1", placeID: UUID(), placeName: "Berlin", summary: "", body: "", units: .si), at: Self.now)
        #expect(log.entries.map(\.id) == ["alert:0", "alert:2", "rain:x", "alert:1"], "recorded again: once, as the newest")
        log.prune(now: Self.now.addingTimeInterval(3 * 86_400))
        #expect(log.entries.isEmpty && !log.contains("alert:1") && !log.contains("rain:x"))
    }
}
