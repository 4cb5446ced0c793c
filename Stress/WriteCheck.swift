import Foundation

/// Issue 42: every write rain makes is old-or-new under any kill or file-size limit, and what
/// killed writers leave is swept. SIGKILLs at random points of `config init` (config.json
/// absent or whole, never empty) and of `notify` (notified.json readable after each), then
/// every writing command under `ulimit -f` of 0, 1 and 4 blocks (exit 0 or 74 with one line,
/// never a signal).
enum WriteCheck {
    static func run() {
        let home = temporaryFolder("writes")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let simulator = Simulator(simulatorPath, key: key)
        defer { simulator.stop() }
        let environment = simulator.environment(["RAIN_HOME": home, "RAIN_API_KEY": key])
        for (index, name) in ["Berlin", "Windy", "Tokyo"].enumerated() {
            _ = Stress.run(rainPath, ["locations", "add", name, "--lat", "\(52.52 + Double(index) * 0.04)", "--lon", "13.405"], environment: environment)
        }
        configInitKills(environment, home: home)
        notifyKills(environment, home: home)
        fileSizeLimits(environment, home: home)
    }

    static func configInitKills(_ environment: [String: String], home: String) {
        let rounds = small ? 30 : 200
        let config = home + "/config.json"
        _ = Stress.run(rainPath, ["config", "init"], environment: environment)
        let example = FileManager.default.contents(atPath: config)
        // Kills land anywhere in a run: its start-up, the write, the sync, the link.
        unlink(config)
        let span = UInt32(Stress.run(rainPath, ["config", "init"], environment: environment).seconds * 800_000)
        var whole = 0, absent = 0, torn = 0
        for _ in 0..<rounds {
            unlink(config)
            let child = Child(rainPath, ["config", "init"], environment: environment)
            usleep(UInt32.random(in: 0...span))
            kill(child.pid, SIGKILL)
            _ = child.wait()
            switch FileManager.default.contents(atPath: config) {
            case nil: absent += 1
            case example: whole += 1
            default: torn += 1
            }
        }
        unlink(config)
        let next = Stress.run(rainPath, ["config", "init"], environment: environment)
        let left = names(in: home).filter { $0.contains(".tmp-") }.count
        report("writes", "\(rounds) SIGKILLs in rain config init: config.json whole \(whole), absent \(absent), empty or torn \(torn); "
               + "temp files after the next init: \(left)",
               ok: torn == 0 && example != nil && next.status == 0 && left == 0)
    }

    static func notifyKills(_ environment: [String: String], home: String) {
        let rounds = small ? 20 : 100
        let log = home + "/state/notified.json"
        let arguments = ["notify", "--all", "--exec", "cat > /dev/null"]
        _ = Stress.run(rainPath, ["refresh", "--all"], environment: environment)
        unlink(log)
        let span = UInt32(Stress.run(rainPath, arguments, environment: environment).seconds * 1_200_000)
        var unreadable = 0, finishedFirst = 0
        for _ in 0..<rounds {
            unlink(log)
            let child = Child(rainPath, arguments, environment: environment)
            usleep(UInt32.random(in: 0...span))
            kill(child.pid, SIGKILL)
            if !child.wait().killed { finishedFirst += 1 }
            if Stress.run(rainPath, ["notify", "--all", "--dry-run"], environment: environment).status != 0 { unreadable += 1 }
        }
        let leftBefore = names(in: home + "/state").filter { $0.contains(".tmp-") }.count
        unlink(log)
        let next = Stress.run(rainPath, arguments, environment: environment)
        let leftAfter = names(in: home + "/state").filter { $0.contains(".tmp-") }.count
        report("writes", "\(rounds) SIGKILLs in rain notify (\(finishedFirst) finished first): notified.json unreadable after \(unreadable); "
               + "temp files left by the kills: \(leftBefore), after the next save: \(leftAfter)",
               ok: unreadable == 0 && next.status == 0 && leftAfter == 0)
    }

    static func fileSizeLimits(_ environment: [String: String], home: String) {
        let commands: [[String]] = [["config", "init"], ["locations", "add", "Paris", "--lat", "48.85", "--lon", "2.35", "--again"],
                                    ["refresh", "--all"], ["notify", "--all", "--exec", "cat > /dev/null"]]
        var runs = 0, signalled = 0, wrongStatus = 0, noErrorLine = 0, emptyConfig = 0
        for blocks in [0, 1, 4] {
            for command in commands {
                unlink(home + "/config.json")
                unlink(home + "/state/notified.json")
                let outcome = Stress.run("/bin/sh", ["-c", "ulimit -f \(blocks); exec \"$@\"", "sh", rainPath] + command, environment: environment)
                runs += 1
                if outcome.killed { signalled += 1 }
                if outcome.status != 0 && outcome.status != 74 { wrongStatus += 1 }
                // A place whose refresh failed while an older forecast stays is a warning line.
                let said = outcome.error.contains("rain: error:") || outcome.error.contains("rain: warning:")
                if outcome.status == 74 && !said { noErrorLine += 1 }
                if FileManager.default.contents(atPath: home + "/config.json")?.isEmpty == true { emptyConfig += 1 }
                if outcome.killed || (outcome.status != 0 && outcome.status != 74) || (outcome.status == 74 && !said) {
                    print("  ulimit -f \(blocks) rain \(command.joined(separator: " ")): \(outcome.status) \(outcome.error)")
                }
            }
        }
        let left = names(in: home).filter { $0.contains(".tmp-") }.count + names(in: home + "/state").filter { $0.contains(".tmp-") }.count
        report("writes", "\(runs) writing commands under ulimit -f 0, 1 and 4 blocks: \(signalled) ended by a signal, "
               + "\(wrongStatus) exited other than 0 or 74, \(noErrorLine) failed without an error line, "
               + "\(emptyConfig) left an empty config.json; temp files left: \(left)",
               ok: signalled == 0 && wrongStatus == 0 && noErrorLine == 0 && emptyConfig == 0 && left == 0)
    }
}
