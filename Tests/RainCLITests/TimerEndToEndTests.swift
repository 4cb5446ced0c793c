import Foundation
import RainTestSupport
import Testing

/// `rain timer`: the printed units pass Debian's `systemd-analyze verify`, and without a
/// running user systemd `--install` leaves nothing behind.
@Suite struct TimerEndToEndTests {
    static let userManager = "/run/user/\(getuid())/systemd/private"

    struct Case: Sendable, CustomTestStringConvertible {
        var every: String
        var calendar: String
        var delay: Int
        var testDescription: String { every }
    }

    @Test(arguments: [Case(every: "15m", calendar: "*-*-* *:00/15:00", delay: 900),
                      Case(every: "2h", calendar: "*-*-* 00/2:00:00", delay: 3600),
                      Case(every: "24h", calendar: "*-*-* 00:00:00", delay: 3600)])
    func thePrintedUnitsPassSystemdAnalyzeVerify(_ run: Case) async throws {
        try await withTemporaryDirectory { folder in
            let home = folder + "/rain home %1"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            let environment = ["RAIN_HOME": home, "HOME": folder, "XDG_CONFIG_HOME": folder + "/config"]
            let printed = try await BuiltProduct.run("rain", ["timer", "--every", run.every], environment: environment)
            #expect(printed.status == 0, "\(printed)")
            let units = folder + "/config/systemd/user"
            let parts = printed.output.components(separatedBy: "# \(units)/rain.timer\n")
            try #require(parts.count == 2, "\(printed.output)")
            let service = parts[0].replacingOccurrences(of: "# \(units)/rain.service\n", with: "")
            #expect(service.contains("Environment=\"RAIN_HOME=\(folder)/rain home %%1\"\n"), "\(service)")
            #expect(service.contains("ExecStart=-\(BuiltProduct.path("rain")) refresh --all --quiet --if-stale\nExecStart=\(BuiltProduct.path("rain")) notify --quiet\n"))
            #expect(parts[1].contains("OnCalendar=\(run.calendar)\nRandomizedDelaySec=\(run.delay)\nFixedRandomDelay=true\n"))
            #expect(!FileManager.default.fileExists(atPath: units), "printing writes nothing")

            writeFile(folder + "/rain.service", service)
            writeFile(folder + "/rain.timer", parts[1])
            let verify = try await BuiltProduct.runSystem("/usr/bin/systemd-analyze", ["verify", folder + "/rain.service", folder + "/rain.timer"])
            #expect(verify.status == 0 && verify.error.isEmpty && verify.output.isEmpty, "\(verify)")
        }
    }

    /// The timer's runs do not see this shell's RAIN_API_KEY (nor does cron's line): both say so
    /// alike, in lines that fit 80 columns, and neither writes the key anywhere.
    @Test(arguments: [("timer", "the systemd timer"), ("cron", "cron")])
    func aKeyOnlyInTheEnvironmentIsWarnedAbout(_ command: String, _ scheduler: String) async throws {
        try await withTemporaryDirectory { folder in
            let environment = ["RAIN_HOME": folder, "HOME": folder, "XDG_CONFIG_HOME": folder + "/config",
                               "RAIN_API_KEY": "only-in-the-environment-0123"]
            let printed = try await BuiltProduct.run("rain", [command], environment: environment)
            #expect(printed.status == 0, "\(printed)")
            #expect(printed.error == """
                rain: warning: \(scheduler) will not see your key in RAIN_API_KEY
                rain: hint: its runs would fetch from Open-Meteo
                rain: hint: put the key in a file named by api_key_file (see: rain config path)

                """, "\(printed)")
            #expect(!printed.output.contains("only-in-the-environment"))

            writeFile(folder + "/key", "in-a-file-0123\n")
            chmod(folder + "/key", 0o600)
            writeFile(folder + "/config.json", #"{"api_key_file": "\#(folder)/key"}"#)
            let withFile = try await BuiltProduct.run("rain", [command], environment: environment)
            #expect(withFile.status == 0 && withFile.error.isEmpty, "a key the scheduled run finds too: \(withFile)")
        }
    }

    @Test(.enabled(if: !FileManager.default.fileExists(atPath: userManager), "a systemd user manager runs for this user"))
    func installWithoutAUserSystemdSaysSoAndLeavesNothing() async throws {
        try await withTemporaryDirectory { folder in
            let environment = ["RAIN_HOME": folder, "HOME": folder, "XDG_CONFIG_HOME": folder + "/config"]
            let result = try await BuiltProduct.run("rain", ["timer", "--install"], environment: environment)
            #expect(result.status == 69, "\(result)")
            let lines = result.error.split(separator: "\n")
            // One short line; what systemctl said is a hint of its own, whole in a pipe (issue 41).
            #expect(lines.count == 3 && lines[0] == "rain: error: no systemd user manager for the timer; nothing is left installed", "\(result)")
            #expect(lines[1].hasPrefix("rain: hint: systemctl") && !lines[1].hasSuffix("…"), "\(result)")
            #expect(lines.last == "rain: hint: print the units with 'rain timer', or use: rain cron --install")
            #expect(!FileManager.default.fileExists(atPath: folder + "/config"), "the folders it made are gone too")

            let uninstall = try await BuiltProduct.run("rain", ["timer", "--uninstall"], environment: environment)
            #expect(uninstall.status == 0 && uninstall.output == "rain has no timer installed; nothing to remove.\n", "\(uninstall)")
        }
    }

    /// Issue 41: on a terminal what systemctl said is cut to the window, one line; in a pipe
    /// (above) it is whole.
    @Test(.enabled(if: !FileManager.default.fileExists(atPath: userManager), "a systemd user manager runs for this user"),
          arguments: [(80, "C.UTF-8"), (50, "de_DE.UTF-8")])
    func onATerminalWhatSystemctlSaidFitsTheWindow(width: Int, language: String) async throws {
        _ = try Catalogues.compiled()
        try #require(TmuxSession.isAvailable, "tmux is not installed; 'make test' installs it")
        try await withTemporaryDirectory { folder in
            let command = "env RAIN_HOME=\(folder) HOME=\(folder) XDG_CONFIG_HOME=\(folder)/config LANG=\(language) TERM=xterm-256color "
                + "'\(BuiltProduct.path("rain"))' timer --install; echo \"rain exited with $?\"; sleep 600"
            let tmux = try TmuxSession(folder: folder, shellCommand: command, width: width, height: 24)
            defer { tmux.kill() }
            let screen = try await tmux.waitForScreen(containing: "rain exited with 69", limit: .seconds(90))
            let lines = screen.split(separator: "\n").map(String.init)
            let said = try #require(lines.firstIndex { $0.hasPrefix("rain: hint: systemctl") }, "\(screen)")
            #expect(lines[said].displayWidth <= width && lines[said + 1].hasPrefix("rain: hint: "), "one line, not wrapped: \(screen)")
            if width == 50 { #expect(lines[said].hasSuffix("…"), "\(screen)") }
        }
    }

    /// A unit of the user's that was there before a failed install is there after it, as it was.
    @Test(.enabled(if: !FileManager.default.fileExists(atPath: userManager), "a systemd user manager runs for this user"))
    func aFailedInstallPutsBackTheUnitsThatWereThere() async throws {
        try await withTemporaryDirectory { folder in
            let units = folder + "/config/systemd/user"
            try FileManager.default.createDirectory(atPath: units, withIntermediateDirectories: true)
            writeFile(units + "/rain.timer", "# my old unit\n")
            let environment = ["RAIN_HOME": folder, "HOME": folder, "XDG_CONFIG_HOME": folder + "/config"]
            let result = try await BuiltProduct.run("rain", ["timer", "--install"], environment: environment)
            #expect(result.status == 69, "\(result)")
            #expect(fileBytes(units + "/rain.timer").map { String(decoding: $0, as: UTF8.self) } == "# my old unit\n")
            #expect(!FileManager.default.fileExists(atPath: units + "/rain.service"))
        }
    }

    @Test func anIntervalThatDoesNotDivideTheClockIsAUsageError() async throws {
        let result = try await BuiltProduct.run("rain", ["timer", "--every", "7m"], environment: ["RAIN_HOME": "/nonexistent"])
        #expect(result.status == 64, "\(result)")
        #expect(result.error.hasPrefix("rain: error: cannot run every 7m from a timer: give one of:\n  5m 6m 10m 12m 15m 20m 30m 1h 2h"), "\(result)")
    }

    /// 2 minutes divides an hour, so the list of steps that do would not say why it is refused.
    @Test func anIntervalUnderFiveMinutesSaysWhy() async throws {
        let result = try await BuiltProduct.run("rain", ["cron", "--every", "2m"], environment: ["RAIN_HOME": "/nonexistent"])
        #expect(result.status == 64, "\(result)")
        #expect(result.error.hasPrefix("rain: error: cannot run every 2m from cron: too often; use 5m or more\n"), "\(result)")
    }
}
