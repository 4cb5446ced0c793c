import Foundation
import Testing
@testable import RainKit

@Suite struct RenderingTests {
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

    @Test(arguments: [
        ("abc", 3), ("°C ☀☁☂❄↯≡≋◒☾✱", 13), ("東京", 4), ("e\u{301}", 1), ("\u{1B}[1mbold\u{1B}[0m", 4),
        ("🌧", 2), ("☀\u{FE0F}", 2), ("", 0), ("a\u{07}b", 2),
    ])
    func displayWidth(text: String, columns: Int) {
        #expect(text.displayWidth == columns)
    }

    @Test func truncationCountsColumnsAndKeepsEscapes() {
        #expect("Berlin".truncated(toDisplayWidth: 10) == "Berlin")
        #expect("Berlin Mitte".truncated(toDisplayWidth: 8) == "Berlin…")
        #expect("東京都庁".truncated(toDisplayWidth: 5) == "東京…")
        #expect("\u{1B}[31mredder\u{1B}[0m".truncated(toDisplayWidth: 4) == "\u{1B}[31mred…\u{1B}[0m")
        #expect("abc".truncated(toDisplayWidth: 0) == "")
    }

    @Test func screenSafeStripsControlsAndBidiOverrides() {
        #expect("  a\u{1B}[2J\tb\u{202E}c\u{9B}  ".screenSafe == "a[2J bc")
    }

    @Test(arguments: [(0, "N", "↓"), (250, "WSW", "→"), (225, "SW", "↗"), (90, "E", "←"), (359, "N", "↓"), (-90, "W", "→"), (900, "S", "↑")] as [(Double, String, String)])
    func compass(bearing: Double, point: String, arrow: String) {
        #expect(Compass.point(forBearing: bearing) == point)
        #expect(Compass.arrow(forBearing: bearing) == arrow)
    }

    @Test func symbolsAreSingleWidth() {
        let icons = ["clear-day", "clear-night", "partly-cloudy-day", "partly-cloudy-night", "cloudy", "rain", "snow",
                     "sleet", "thunderstorm", "fog", "wind", "hail", "unknown", "\u{1B}[2J"]
        for icon in icons {
            let symbol = WeatherSymbol.symbol(for: icon)
            #expect(symbol.displayWidth == 1, "\(icon)")
            #expect(!symbol.unicodeScalars.contains { $0.properties.isEmojiPresentation })
        }
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

    @Test func refreshLine() throws {
        var cached = try ForecastFixtures.berlinCached()
        #expect(RefreshLine.render(cached) == "Berlin  24 °C  Partly Cloudy")
        #expect(RefreshLine.render(cached, usesColor: true).contains("\u{1B}["))
        cached.location.name = "Ber\u{1B}[2Jlin"
        cached.forecast.current?.temperature = nil
        #expect(RefreshLine.render(cached) == "Ber[2Jlin  –  Partly Cloudy")
        cached.forecast.current = nil
        cached.forecast.units = .us
        #expect(RefreshLine.render(cached) == "Ber[2Jlin  –")
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
