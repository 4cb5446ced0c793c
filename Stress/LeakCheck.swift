import Foundation

/// The API key in no output, no file rain writes, no process's command line, no crontab line.
enum LeakCheck {
    static func run() {
        let home = temporaryFolder("leaks")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let simulator = Simulator(simulatorPath, key: key)
        defer { simulator.stop() }
        let keyFile = home + "/key"
        _ = FileManager.default.createFile(atPath: keyFile, contents: Data((key + "\n").utf8), attributes: [.posixPermissions: 0o600])
        let fromEnvironment = simulator.environment(["RAIN_HOME": home, "RAIN_API_KEY": key])
        let fromFile = simulator.environment(["RAIN_HOME": home])
        _ = FileManager.default.createFile(atPath: home + "/config.json", contents: Data(#"{"api_key_file": "key", "timeout_seconds": 2}"#.utf8))

        let commands: [[String]] = [
            ["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.405"],
            ["locations", "add", "Tokyo", "--lat", "35.68", "--lon", "139.65"],
            ["refresh", "--all", "--verbose"], ["refresh", "--all", "--json", "--verbose"], ["show", "--verbose"],
            ["show", "--json"], ["show", "tokyo", "--offline"], ["locations"], ["locations", "--json"],
            ["config", "show"], ["config", "path"], ["cron"], ["cron", "--every", "1h"], ["completions", "bash"],
            ["help"], ["--version"], ["refresh", "nowhere"], ["show", "--bogus"],
        ]
        var runs = 0, leaks: [String] = []
        func check(_ text: String, _ place: String) {
            runs += 1
            if text.contains(key) { leaks.append(place) }
        }
        for environment in [fromEnvironment, fromFile] {
            for command in commands {
                let outcome = Stress.run(rainPath, command, environment: environment)
                check(outcome.text + outcome.error, command.joined(separator: " "))
            }
        }
        // A refused key: the server's error body may echo it.
        let refusing = Simulator(simulatorPath, key: "another-key-entirely-0000")
        let refused = Stress.run(rainPath, ["refresh", "--verbose"], environment: fromEnvironment.merging(["RAIN_BASE_URL": refusing.baseURL]) { $1 })
        refusing.stop()
        check(refused.text + refused.error, "refresh against a server refusing the key")

        // The command line of a running rain (watch stays up).
        let watch = Child(rainPath, ["watch", "--every", "30s"], environment: fromEnvironment)
        usleep(500_000)
        let cmdline = (try? String(contentsOfFile: "/proc/\(watch.pid)/cmdline", encoding: .utf8)) ?? ""
        check(cmdline, "/proc/<pid>/cmdline of rain watch")
        watch.terminate()
        let watched = watch.wait()
        check(watched.text + watched.error, "rain watch")

        // Every file rain wrote (the key file itself excepted).
        let enumerator = FileManager.default.enumerator(atPath: home)
        while let name = enumerator?.nextObject() as? String {
            guard name != "key", let data = FileManager.default.contents(atPath: home + "/" + name) else { continue }
            check(String(decoding: data, as: UTF8.self), "file \(name)")
        }
        for leak in leaks { print("  the key appeared in: \(leak)") }
        report("leaks", "\(runs) outputs, files, command lines and cron lines searched for the API key: \(leaks.count) leaks", ok: leaks.isEmpty)
    }
}
