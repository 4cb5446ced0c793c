import Foundation
import Testing
@testable import RainKit

/// The text RainKit words without a terminal: ages, local times, measures, screen-safe text.
@Suite struct FormattingTests {
    @Test(arguments: [
        (0, "just now"), (59, "just now"), (-30, "just now"), (60, "1 min ago"), (300, "5 min ago"),
        (3599, "59 min ago"), (3600, "1 h ago"), (3 * 3600 + 1800, "3 h ago"), (86_399, "23 h ago"),
        (86_400, "1 day ago"), (2 * 86_400 + 5, "2 days ago"), (-3600, "in the future (check the clock)"),
    ])
    func ageFormatting(seconds: Int, expected: String) {
        #expect(AgeFormatter.string(for: .seconds(seconds)) == expected)
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        #expect(AgeFormatter.string(since: now.addingTimeInterval(-Double(seconds)), now: now) == expected)
    }

    @Test(arguments: [(0, "now"), (59, "now"), (-30, "now"), (60, "1m"), (3599, "59m"), (3600, "1h"), (86_399, "23h"),
                      (86_400, "1d"), (2 * 86_400 + 5, "2d"), (-3600, "in the future (check the clock)")])
    func compactAgeFormatting(seconds: Int, expected: String) {
        #expect(AgeFormatter.compactString(for: .seconds(seconds)) == expected)
    }

    @Test func screenSafeStripsControlsAndBidiOverrides() {
        #expect("  a\u{1B}[2J\tb\u{202E}c\u{9B}  ".screenSafe == "a bc")
    }

    @Test func localClock() {
        let summer = Date(timeIntervalSince1970: 1_787_229_420)  // 2026-08-20 12:37 UTC
        let berlin = LocalClock(timeZoneIdentifier: "Europe/Berlin", units: .si)
        #expect(berlin.time(summer) == "14:37")
        #expect(berlin.dateAndTime(summer) == "Thu 20 Aug 14:37")
        #expect(berlin.offsetLabel(at: summer) == "UTC+2")
        #expect(berlin.offsetLabel(at: Date(timeIntervalSince1970: 1_798_800_000)) == "UTC+1")
        let newYork = LocalClock(timeZoneIdentifier: "America/New_York", units: .us)
        #expect(newYork.time(summer) == "8:37 AM")
        #expect(newYork.hour(summer.addingTimeInterval(4 * 3600)) == "12 PM")
        #expect(newYork.hour(summer.addingTimeInterval(-9 * 3600)) == "11 PM")
        #expect(newYork.offsetLabel(at: summer) == "UTC-4")
        #expect(LocalClock(timeZoneIdentifier: "Asia/Kolkata", units: .si).offsetLabel(at: summer) == "UTC+5:30")
        let unknown = LocalClock(timeZoneIdentifier: "Nowhere/Special", units: .si)
        #expect(!unknown.isKnownZone)
        #expect(unknown.time(summer) == "12:37")
        #expect(unknown.offsetLabel(at: summer) == "UTC")
    }

    @Test func measureFormatting() {
        #expect(MeasureFormat.whole(-0.4) == "0")
        #expect(MeasureFormat.whole(1e300) == "–")
        #expect(MeasureFormat.short(3.94) == "3.9")
        #expect(MeasureFormat.short(-0.04) == "0")
        #expect(MeasureFormat.short(-2.25) == "-2.3" || MeasureFormat.short(-2.25) == "-2.2")
        #expect(MeasureFormat.short(12.6) == "13")
        #expect(MeasureFormat.percent(1.7) == "100%")
        #expect(MeasureFormat.percent(nil) == "–")
    }
}
