import Foundation

/// Issue 23, row 2: every screen on a pseudo-terminal 1 to 10 columns wide (the full screens
/// also 1 to 3 lines high): it runs to its end without a crash, no line of a printed screen is
/// wider than the window, and a full screen (watch, the pick lists) gives the terminal back
/// (the alternate screen left, the cursor shown) when it ends.
enum WidthCheck {
    static let leaveScreen = Array("\u{1B}[?1049l".utf8)
    static let showCursor = Array("\u{1B}[?25h".utf8)

    static func run() {
        let simulator = Simulator(simulatorPath, key: key)
        defer { simulator.stop() }
        let home = temporaryFolder("widths")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let environment = simulator.environment(["RAIN_HOME": home, "RAIN_API_KEY": key, "TERM": "xterm-256color",
                                                 "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=yes,interactive=no"])
        for (name, latitude) in [("Berlin", "52.52"), ("東京", "35.68"), ("Großstraßenweißbier", "48.1")] {
            _ = Stress.run(rainPath, ["locations", "add", name, "--lat", latitude, "--lon", "13.4"], environment: environment)
        }
        _ = Stress.run(rainPath, ["refresh", "--all"], environment: environment)

        let printed: [[String]] = [["show"], ["show", "--all"], ["locations"], ["show", "2", "--ascii"], ["refresh", "--all"]]
        let widths = small ? [1, 2, 5, 10] : Array(1...10)
        var runs = 0, crashes = 0, hangs = 0, wide = 0, restored = 0, screens = 0
        var problems: [String] = []
        for width in widths {
            for command in printed {
                guard let terminal = openTerminal(width: width, height: 40) else { continue }
                var collected: [UInt8] = []
                let outcome = spawn(rainPath, command.map { Array($0.utf8) }, environment: environment, limit: 30, terminal: terminal) { master, _ in
                    close(terminal.slave)
                    readTerminal(master, seconds: 30, into: &collected)
                }
                close(terminal.master)
                runs += 1
                crashes += outcome.crashed && !outcome.hung ? 1 : 0
                hangs += outcome.hung ? 1 : 0
                let lines = String(decoding: collected, as: UTF8.self).replacingOccurrences(of: "\r", with: "").split(separator: "\n")
                // A refresh reports what it did; only that it runs to its end counts there.
                let over = command[0] == "refresh" ? 0 : lines.filter { columns(String($0)) > width }.count
                wide += over
                if outcome.status != 0 || over > 0 { problems.append("\(command.joined(separator: " ")) at \(width): status \(outcome.status), \(over) wide lines") }
            }
            for height in small ? [1, 3] : [1, 2, 3, 24] {
                for (command, keys) in [(["watch"], nil), (["watch", "--all"], nil), (["locations", "remove", "-i"], "q"), (["locations", "add", "Springfield"], "q")] as [([String], String?)] {
                    guard let terminal = openTerminal(width: width, height: height) else { continue }
                    var collected: [UInt8] = []
                    let outcome = spawn(rainPath, command.map { Array($0.utf8) }, environment: environment, limit: 30, terminal: terminal) { master, pid in
                        close(terminal.slave)
                        // The first frame, then a key (the pick lists) or SIGTERM (watch).
                        readTerminal(master, seconds: 15, into: &collected) { $0.count > 20 && String(decoding: $0, as: UTF8.self).contains("\u{1B}[?1049h") }
                        readTerminal(master, seconds: 0.3, into: &collected)
                        if let keys { _ = write(master, keys, keys.utf8.count) } else { kill(pid, SIGTERM) }
                        readTerminal(master, seconds: 15, into: &collected)
                    }
                    close(terminal.master)
                    runs += 1
                    screens += 1
                    crashes += outcome.crashed && !outcome.hung ? 1 : 0
                    hangs += outcome.hung ? 1 : 0
                    let gaveBack = ends(collected, with: leaveScreen) && contains(collected, showCursor)
                    restored += gaveBack ? 1 : 0
                    if outcome.status != 0 || !gaveBack { problems.append("\(command.joined(separator: " ")) at \(width)x\(height): status \(outcome.status), terminal given back: \(gaveBack)") }
                }
            }
        }
        report("widths", "\(runs) runs of \(printed.count + 4) screens at \(widths.first!)-\(widths.last!) columns (the full screens at 1-3 and 24 lines): "
               + "\(crashes) crashes, \(hangs) hangs, \(wide) lines wider than the window, \(restored)/\(screens) full screens gave the terminal back"
               + (problems.isEmpty ? "" : "; " + problems.prefix(4).joined(separator: "; ")),
               ok: crashes == 0 && hangs == 0 && wide == 0 && restored == screens && problems.isEmpty)
    }

    /// Columns a line takes: escape sequences none, East Asian wide characters two, marks none.
    static func columns(_ line: String) -> Int {
        var width = 0
        var inEscape = false, inSequence = false
        for scalar in line.unicodeScalars {
            if inSequence { if (0x40...0x7E).contains(scalar.value) { inSequence = false }; continue }
            if inEscape { inEscape = false; if scalar == "[" { inSequence = true }; continue }
            if scalar == "\u{1B}" { inEscape = true; continue }
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format, .control: continue
            default: break
            }
            let value = scalar.value
            let wideRanges: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
                                                     0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF]
            width += wideRanges.contains { $0.contains(value) } ? 2 : 1
        }
        return width
    }

    static func ends(_ bytes: [UInt8], with tail: [UInt8]) -> Bool {
        // The last thing drawn: nothing but the leave sequence (and a plain reset) after it.
        guard let index = lastIndex(of: tail, in: bytes) else { return false }
        return !contains(Array(bytes[(index + tail.count)...]), Array("\u{1B}[?1049h".utf8))
    }

    static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool { lastIndex(of: part, in: bytes) != nil }

    static func lastIndex(of part: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= part.count else { return nil }
        return stride(from: bytes.count - part.count, through: 0, by: -1).first { bytes[$0..<($0 + part.count)].elementsEqual(part) }
    }
}
