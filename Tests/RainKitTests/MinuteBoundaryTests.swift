import Foundation
import Testing
@testable import RainKit

/// `rain watch` redraws when the minute on screen changes.
@Suite struct MinuteBoundaryTests {
    @Test(arguments: [(0.0, 60_100), (30.0, 30_100), (59.5, 600), (59.95, 150), (1.25, 58_850)])
    func theNextRedrawIsJustPastTheNextMinute(secondsIntoMinute: Double, milliseconds: Int64) {
        let minute = Date(timeIntervalSince1970: 1_787_229_420)  // 2026-08-20 12:37:00 UTC
        #expect(MinuteBoundary.delay(after: minute.addingTimeInterval(secondsIntoMinute)) == .milliseconds(milliseconds))
    }
}
