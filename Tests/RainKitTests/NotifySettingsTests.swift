import Foundation
@testable import RainKit
import RainTestSupport
import Testing

@Suite struct NotifySettingsTests {
    private func check(_ notify: String, in folder: String) -> SettingsLoader.CheckedFile? {
        writeFile(folder + "/config.json", #"{"notify": \#(notify)}"#)
        let paths = RainPaths.resolve(environment: ["RAIN_HOME": folder])
        return try? SettingsLoader(paths: paths, environment: [:], configFileIsExplicit: false).checkEverySetting()
    }

    @Test func everyKeyIsRead() async throws {
        try await withTemporaryDirectory { folder in
            let checked = try #require(check(#"{"within_minutes": 30, "min_intensity": "moderate", "probability": 80, "places": ["Berlin", "2"], "quiet_hours": "22:30-06:15"}"#, in: folder))
            #expect(checked.problems.isEmpty)
            let notify = checked.settings.notify
            #expect(notify.withinMinutes == 30 && notify.minIntensity == .moderate && notify.probability == 0.8)
            #expect(notify.places == .named(["Berlin", "2"]))
            #expect(notify.quietHours == QuietHours("22:30-06:15") && notify.quietHours?.start == 22 * 60 + 30)
        }
    }

    struct BadValue: Sendable, CustomTestStringConvertible {
        var notify: String
        var message: String
        var testDescription: String { notify }
    }

    @Test(arguments: [
        BadValue(notify: "[]", message: "'notify' must be an object"),
        BadValue(notify: #"{"within_minutes": 0}"#, message: "'notify.within_minutes' must be between 5 and 120"),
        BadValue(notify: #"{"min_intensity": "drizzle"}"#, message: #"'notify.min_intensity' must be "light", "moderate" or "heavy""#),
        BadValue(notify: #"{"probability": 0.7}"#, message: "'notify.probability' must be between 1 and 100"),
        BadValue(notify: #"{"probability": 70.5}"#, message: "'notify.probability' must be a whole number"),
        BadValue(notify: #"{"places": "here"}"#, message: #"'notify.places' must be "current", "all" or a list of places (LOCs)"#),
        BadValue(notify: #"{"places": []}"#, message: #"'notify.places' must be "current", "all" or a list of places (LOCs)"#),
        BadValue(notify: #"{"quiet_hours": "22-7"}"#, message: #"'notify.quiet_hours' must be two times like "22:00-07:00""#),
        BadValue(notify: #"{"quiet_hours": "07:00-07:00"}"#, message: #"'notify.quiet_hours' is empty: it starts and ends at 07:00"#),
        BadValue(notify: #"{"exec_timeout": 0}"#, message: "'notify.exec_timeout' must be between 1 and 3600"),
        BadValue(notify: #"{"quiet": "22:00-07:00"}"#, message: "unknown key 'notify.quiet'"),
    ])
    func badValuesAreNamed(_ bad: BadValue) async throws {
        try await withTemporaryDirectory { folder in
            let checked = try #require(check(bad.notify, in: folder))
            #expect(checked.problems.map(\.description) == ["\(folder)/config.json:\n\(bad.message)"])
            #expect(checked.settings.notify == NotifySettings(), "nothing of a bad notify object is used")
            if bad.message.contains("unknown key") { #expect(checked.problems.first?.hint(in: .english) == "did you mean 'notify.quiet_hours'?") }
        }
    }

    @Test func quietHoursRunPastMidnightOnTheZonesClock() throws {
        let hours = try #require(QuietHours("22:00-07:00"))
        let utc = ZoneInfo.utc
        func at(_ hour: Int, _ minute: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(1_787_184_000 + hour * 3600 + minute * 60)) }
        #expect(hours.contains(at(22, 0), in: utc) && hours.contains(at(3, 0), in: utc) && hours.contains(at(6, 59), in: utc))
        #expect(!hours.contains(at(7, 0), in: utc) && !hours.contains(at(21, 59), in: utc) && !hours.contains(at(12, 0), in: utc))
        let berlin = try #require(ZoneInfo.named("Europe/Berlin"))
        #expect(hours.contains(at(20, 30), in: berlin), "20:30 UTC is 22:30 in Berlin in August")
        let day = try #require(QuietHours("09:00-17:00"))
        #expect(day.contains(at(9, 0), in: utc) && !day.contains(at(17, 0), in: utc) && !day.contains(at(3, 0), in: utc))
        #expect(QuietHours("24:00-07:00") == nil && QuietHours("7:00-08:00") == nil && QuietHours("22:00") == nil)
        #expect(hours.description == "22:00-07:00")
    }
}
