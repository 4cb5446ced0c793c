import Foundation

/// Issue 23, rows 5, 6, 8: every class of control and invisible character, and bytes that are
/// not UTF-8, in every place of the command line: nothing of them reaches the output (through
/// the one sanitiser), nothing crashes, every status is a documented one, and no name with
/// them is saved.
enum ArgumentCheck {
    /// Each as the bytes a shell would pass.
    static let hostile: [(String, [UInt8])] = {
        var list: [(String, [UInt8])] = []
        for value in UInt8(1)...0x1F where value != 0x0A { list.append(("C0 \(value)", [value])) }
        list.append(("DEL", [0x7F]))
        let scalars: [UInt32] = Array(0x80...0x9F) + [0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x180E, 0x200B, 0x200C, 0x200D, 0x200E, 0x200F,
                                                      0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2060, 0x2061, 0x2064, 0x2066,
                                                      0x2067, 0x2068, 0x2069, 0x206A, 0x206F, 0x3164, 0xFEFF, 0xFFA0, 0xFFF9, 0xFFFA, 0xFFFB, 0xE0001, 0xE0041, 0xE007F]
        for value in scalars { list.append(("U+\(String(value, radix: 16, uppercase: true))", Array(String(Unicode.Scalar(value)!).utf8))) }
        list += [("byte FF", [0xFF]), ("lone continuation", [0x80]), ("overlong NUL", [0xC0, 0x80]), ("surrogate", [0xED, 0xA0, 0x80]),
                 ("cut sequence", [0xE6, 0x9D])]
        return list
    }()

    /// Where a text goes on the command line ("X" is the hostile text).
    static let positions: [[String]] = [
        ["--color", "X"], ["--X"], ["watch", "--every", "X"], ["cron", "--every", "X"], ["completions", "X"], ["help", "X"],
        ["locations", "help", "X"], ["locations", "X"], ["X"], ["show", "X", "--offline"], ["locations", "add", "aXb", "--lat", "1", "--lon", "2"],
        ["locations", "add", "A", "--country", "X"], ["locations", "add", "A", "--lat", "X", "--lon", "2"], ["show", "--format", "{X}"],
        ["--config", "X", "locations"], ["locations", "select", "X"], ["locations", "remove", "X", "--yes"], ["refresh", "X"],
        ["show", "--hours", "X"], ["locations", "add", "X", "--here"],
    ]

    static let documented: Set<Int32> = [0, 64, 65, 66, 69, 74, 75, 77, 78]

    static func run() {
        let home = temporaryFolder("arguments")
        defer { try? FileManager.default.removeItem(atPath: home) }
        // Every URL at a port nothing listens on (loopback): nothing leaves the machine.
        let nowhere = "http://127.0.0.1:9"
        let environment = servicesEnvironment(at: nowhere).merging(["RAIN_HOME": home, "NO_COLOR": "1"]) { $1 }
        _ = Stress.run(rainPath, ["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.4"], environment: environment)
        let store = FileManager.default.contents(atPath: home + "/defaults.json")
        let characters = small ? Array(hostile.enumerated().filter { $0.offset % 6 == 0 }.map(\.element)) : hostile
        var runs = 0, reached = 0, crashes = 0, undocumented = 0, saved = 0, slowest = 0.0
        var problems: [String] = []
        for (name, bytes) in characters {
            for position in positions {
                let arguments = position.map { argument -> [UInt8] in
                    guard argument.contains("X") else { return Array(argument.utf8) }
                    return argument.split(separator: "X", omittingEmptySubsequences: false).map { Array($0.utf8) }
                        .joined(separator: bytes).map { $0 }
                }
                let outcome = spawn(rainPath, arguments, environment: environment, limit: 20)
                runs += 1
                slowest = max(slowest, outcome.seconds)
                let text = outcome.text + outcome.error
                let forbidden = text.unicodeScalars.filter { isForbidden($0) }.count
                reached += forbidden
                crashes += outcome.crashed ? 1 : 0
                undocumented += documented.contains(outcome.status) ? 0 : 1
                if FileManager.default.contents(atPath: home + "/defaults.json") != store {
                    saved += 1
                    problems.append("\(name) in \(position.joined(separator: " ")) changed the store: status \(outcome.status) \(outcome.text.prefix(100))")
                    _ = FileManager.default.createFile(atPath: home + "/defaults.json", contents: store)
                }
                if forbidden > 0 || outcome.crashed || !documented.contains(outcome.status) {
                    problems.append("\(name) in \(position.joined(separator: " ")): status \(outcome.status), \(forbidden) reached: \(text.debugDescription.prefix(120))")
                }
            }
        }
        report("arguments", "\(characters.count) control, invisible and non-UTF-8 characters in \(positions.count) places of the command line (\(runs) runs): "
               + "\(reached) reached the output, \(crashes) crashes, \(undocumented) undocumented statuses, \(saved) stores changed, slowest \(String(format: "%.2f", slowest)) s"
               + (problems.isEmpty ? "" : "; " + problems.prefix(3).joined(separator: "; ")),
               ok: reached == 0 && crashes == 0 && undocumented == 0 && saved == 0)
    }
}
