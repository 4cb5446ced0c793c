import Foundation

/// A server that puts escapes, control characters and bidirectional overrides in its text:
/// none of them reaches a terminal (a real pty) or rain's JSON unescaped.
enum EscapeCheck {
    static func run() {
        let home = temporaryFolder("escapes")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let simulator = Simulator(simulatorPath, key: key, arguments: ["--body", "control-characters"])
        defer { simulator.stop() }
        let environment = simulator.environment(["RAIN_HOME": home, "RAIN_API_KEY": key, "NO_COLOR": "1", "TERM": "xterm", "COLUMNS": "100"])
        // Refused (a name with a bidirectional override); its error line goes through the same stripping.
        _ = Stress.run(rainPath, ["locations", "add", "Evil\u{202E}Town", "--lat", "1", "--lon", "2"], environment: environment)
        _ = Stress.run(rainPath, ["locations", "add", "Plain", "--lat", "1", "--lon", "2"], environment: environment)
        _ = Stress.run(rainPath, ["locations", "add", "Tokyo", "--lat", "35.68", "--lon", "139.65"], environment: environment)

        var terminalBytes = 0, terminalControls = 0
        for command in [["show"], ["refresh", "--all"], ["locations"], ["show", "2"]] {
            let bytes = onTerminal(command, environment: environment)
            terminalBytes += bytes.count
            terminalControls += controls(in: String(decoding: bytes, as: UTF8.self), allowing: ["\r", "\n"])
        }
        let json = Stress.run(rainPath, ["show", "--json"], environment: environment)
        let refreshJSON = Stress.run(rainPath, ["refresh", "--all", "--json"], environment: environment)
        let jsonText = json.text + refreshJSON.text
        let jsonControls = controls(in: jsonText, allowing: ["\n"])
        let cacheText = names(in: home + "/cache/forecasts").compactMap { FileManager.default.contents(atPath: home + "/cache/forecasts/" + $0) }
            .map { String(decoding: $0, as: UTF8.self) }.joined()
        let cacheControls = controls(in: cacheText, allowing: ["\n"])
        let escaped = jsonText.contains("\\u001b") || jsonText.contains("\\u009b")
        report("escapes", "hostile server text: \(terminalControls) control characters in \(terminalBytes) bytes on a pty (NO_COLOR), "
               + "\(jsonControls) in \(jsonText.utf8.count) bytes of JSON output, \(cacheControls) in the cache files; escapes kept as \\u in JSON: \(escaped)",
               ok: terminalControls == 0 && jsonControls == 0 && cacheControls == 0 && terminalBytes > 0 && escaped)
    }

    /// C0 (but `allowing`), DEL, C1, U+2028/9 and the bidirectional controls.
    static func controls(in text: String, allowing allowed: Set<Unicode.Scalar>) -> Int {
        text.unicodeScalars.filter { scalar in
            if allowed.contains(scalar) { return false }
            switch scalar.value {
            case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: return true
            default: return false
            }
        }.count
    }

    /// What `rain COMMAND` writes to standard output when that is a pseudo-terminal.
    static func onTerminal(_ command: [String], environment: [String: String]) -> [UInt8] {
        let master = pseudoTerminalOpen(O_RDWR | O_NOCTTY)
        guard master >= 0, pseudoTerminalGrant(master) == 0, pseudoTerminalUnlock(master) == 0, let name = pseudoTerminalName(master) else { return [] }
        let slavePath = String(cString: name)
        let slave = open(slavePath, O_RDWR | O_CLOEXEC)
        guard slave >= 0 else { return [] }
        let child = Child(rainPath, command, environment: environment, standardOutput: slave)
        close(slave)
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break }  // EIO once the child has closed its side
            collected += buffer[0..<count]
        }
        _ = child.wait()
        close(master)
        return collected
    }
}

// Glibc's headers hide these without _XOPEN_SOURCE; the functions are there.
@_silgen_name("posix_openpt") func pseudoTerminalOpen(_ flags: Int32) -> Int32
@_silgen_name("grantpt") func pseudoTerminalGrant(_ descriptor: Int32) -> Int32
@_silgen_name("unlockpt") func pseudoTerminalUnlock(_ descriptor: Int32) -> Int32
@_silgen_name("ptsname") func pseudoTerminalName(_ descriptor: Int32) -> UnsafeMutablePointer<CChar>?
