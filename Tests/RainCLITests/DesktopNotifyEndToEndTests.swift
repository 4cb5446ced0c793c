import Foundation
import RainKit
import RainTestSupport
import Testing

/// `rain notify` to the desktop: notify-send on a private session bus (Debian's dbus-daemon)
/// where a stand-in for the notification service records each Notify call. From cron there
/// is no DBUS_SESSION_BUS_ADDRESS: rain finds the bus at $XDG_RUNTIME_DIR/bus.
@Suite struct DesktopNotifyEndToEndTests {
    static let now = NotifyEndToEndTests.now
    /// The user's own bus, which the no-bus test cannot hide from rain.
    static let userBus = "/run/user/\(getuid())/bus"

    @Test func aNotificationPerEventOnTheSessionBusFoundFromCronOnce() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: Self.now)
            let runtime = home + "/runtime"
            try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
            let bus = try await PrivateSessionBus(folder: runtime)
            defer { bus.stop() }

            let cron = ["XDG_RUNTIME_DIR": runtime]
            let sent = try await world.rain(["notify", "Berlin"], environment: cron)
            #expect(sent.status == 0, "\(sent)")
            #expect(sent.output.isEmpty, "no terminal: nothing printed")
            let calls = bus.calls
            #expect(calls.map { $0["summary"] as? String } == [
                "Rain in Berlin from about 14:00 (light, ~0.5 mm in the first hour)",
            ], "its 70% chance from 15:00 is the same rain")
            #expect(calls.first?["body"] as? String == "From about 14:00 local time.")
            #expect(calls.allSatisfy { $0["app_name"] as? String == "rain" && $0["urgency"] as? Int == 1 })
            #expect(calls.first?["app_icon"] as? String == "weather-showers")

            let again = try await world.rain(["notify", "Berlin"], environment: cron)
            #expect(again.status == 0, "\(again)")
            #expect(bus.calls.count == 1, "each event once")

            // A desktop session's own variable is used as it is.
            let tokyo = try await world.rain(["notify", "Tokyo", "--dry-run"])
            let desktop = try await world.rain(["notify", "Tokyo"], environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
            #expect(desktop.status == 0, "\(desktop)")
            let expected = tokyo.output.split(separator: "\n").map { $0.replacingOccurrences(of: "would send: ", with: "") }
            #expect(bus.calls.dropFirst(1).map { $0["summary"] as? String ?? "" } == expected)
        }
    }

    @Test(.enabled(if: !FileManager.default.fileExists(atPath: userBus), "this user has a session bus at \(userBus)"))
    func noBusSaysSoInOneLineAndMarksNothingSent() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: Self.now)
            let result = try await world.rain(["notify", "Berlin"], environment: ["XDG_RUNTIME_DIR": home])
            #expect(result.status == 69, "\(result)")
            #expect(result.error == """
                rain: error: no session bus for notifications; looked at:
                  \(home)/bus
                  \(Self.userBus)
                rain: hint: log in to a desktop, or deliver another way: rain notify --exec CMD

                """)
            #expect(!FileManager.default.fileExists(atPath: home + "/state/notified.json"), "nothing marked sent")

            // cron's and the timer's run says nothing of it (a user who logged out), as offline.
            let quiet = try await world.rain(["notify", "Berlin", "--quiet"], environment: ["XDG_RUNTIME_DIR": home])
            #expect(quiet.status == 69 && quiet.error.isEmpty && quiet.output.isEmpty, "\(quiet)")
            #expect(!FileManager.default.fileExists(atPath: home + "/state/notified.json"), "nothing marked sent")
        }
    }

    @Test func aBusWithoutANotificationServiceFailsAndMarksNothingSent() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 5}"#, now: Self.now)
            let daemon = BuiltProduct.startSystem("/usr/bin/dbus-daemon", ["--session", "--nofork", "--nopidfile", "--print-address",
                                                                           "--address=unix:path=\(home)/bus"], environment: [:])
            defer { daemon.send(SIGKILL) }  // SIGTERM is blocked in the runner's children
            #expect(await daemon.waitForOutput(containing: "unix:"))
            let result = try await world.rain(["notify", "Berlin"], environment: ["XDG_RUNTIME_DIR": home])
            #expect(result.status == 69, "\(result)")
            #expect(result.error == """
                rain: error: nothing on the session bus shows notifications
                rain: hint: log in to a desktop, or deliver another way: rain notify --exec CMD

                """, "\(result)")
            #expect(!FileManager.default.fileExists(atPath: home + "/state/notified.json"), "nothing marked sent")
        }
    }
}
