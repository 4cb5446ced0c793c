import Foundation

/// Issue 23, rows 1, 3, 4: every file rain reads put in the place of a named pipe, a device, a
/// folder, a socket, a link loop, a sparse file far past its limit and a real one just past it.
/// Each is refused at once in one line with the documented status (a cached forecast set aside
/// and fetched anew), never a hang; rain's peak memory stays that of a normal run.
enum FileKindCheck {
    /// Where the file goes, how rain is asked to read it, and the status that says it could not.
    struct Reader {
        var name: String
        var file: String        // relative to RAIN_HOME
        var config: String?     // config.json, when the reader needs one
        var environment: [String: String] = [:]
        var arguments: [String]
        var status: Int32
        var limit: Int
        /// The file is no forecast: set aside with a warning (no error line).
        var setsAside = false
    }

    static func readers(cacheFile: String) -> [Reader] {
        [
            Reader(name: "--config", file: "odd.json", arguments: ["--config", "@HOME/odd.json", "locations"], status: 78, limit: 1 << 20),
            Reader(name: "RAIN_CONFIG", file: "odd.json", environment: ["RAIN_CONFIG": "@HOME/odd.json"], arguments: ["locations"], status: 78, limit: 1 << 20),
            Reader(name: "store", file: "defaults.json", arguments: ["locations"], status: 74, limit: 16 << 20),
            Reader(name: "store add", file: "defaults.json", arguments: ["locations", "add", "Oslo", "--lat", "59.9", "--lon", "10.7"], status: 74, limit: 16 << 20),
            Reader(name: "key file", file: "key", config: #"{"provider": "darksky", "api_key_file": "key"}"#, arguments: ["refresh"], status: 78, limit: 4 << 10),
            Reader(name: "cache", file: cacheFile, arguments: ["refresh"], status: 0, limit: 8 << 20, setsAside: true),
        ]
    }

    enum Kind: String, CaseIterable {
        case namedPipe = "pipe", zero = "/dev/zero", random = "/dev/urandom", null = "/dev/null", folder, socket, loop = "link loop"
        case sparse = "4 GB sparse", justOver = "1 byte over"

        func make(at path: String, limit: Int) -> Bool {
            switch self {
            case .namedPipe: return mkfifo(path, 0o600) == 0
            case .zero, .random, .null: return symlink(rawValue, path) == 0
            case .folder: return mkdir(path, 0o700) == 0
            case .socket:
                let socketDescriptor = Glibc.socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
                var address = sockaddr_un()
                address.sun_family = sa_family_t(AF_UNIX)
                withUnsafeMutableBytes(of: &address.sun_path) { raw in
                    for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
                }
                let bound = withUnsafePointer(to: &address) {
                    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketDescriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
                }
                close(socketDescriptor)
                return bound == 0
            case .loop: return symlink(path, path) == 0
            case .sparse:
                guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]) else { return false }
                return truncate(path, 4 << 30) == 0
            case .justOver:
                // Real bytes (spaces), one more than the limit; only its owner may read it (a key file).
                let body = [UInt8](repeating: 0x20, count: limit + 1)
                return FileManager.default.createFile(atPath: path, contents: Data(body), attributes: [.posixPermissions: 0o600])
            }
        }
    }

    static func run() {
        let simulator = Simulator(simulatorPath, key: key)
        defer { simulator.stop() }
        let home = temporaryFolder("files")
        defer { try? FileManager.default.removeItem(atPath: home) }
        let base = simulator.environment(["RAIN_HOME": home, "NO_COLOR": "1"])
        // One saved place with a forecast, the files rebuilt before every case.
        _ = Stress.run(rainPath, ["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.405"], environment: base)
        _ = Stress.run(rainPath, ["refresh"], environment: base.merging(["RAIN_API_KEY": key]) { $1 })
        let cacheFolder = home + "/cache/forecasts"
        guard let cacheName = names(in: cacheFolder).first(where: { $0.hasSuffix(".json") }),
              let store = FileManager.default.contents(atPath: home + "/defaults.json"),
              let cache = FileManager.default.contents(atPath: cacheFolder + "/" + cacheName) else {
            report("files", "could not prepare a place and its forecast", ok: false)
            return
        }
        // A normal run's peak (the larger of a list and a refresh that fetches), to compare with.
        try? FileManager.default.removeItem(atPath: cacheFolder + "/" + cacheName)
        let normal = [spawn(rainPath, [Array("locations".utf8)], environment: base),
                      spawn(rainPath, [Array("refresh".utf8)], environment: base.merging(["RAIN_API_KEY": key]) { $1 })]
            .max { $0.peakKilobytes < $1.peakKilobytes }!

        var cases = 0, passed = 0, hangs = 0, crashes = 0, peak = 0, slowest = 0.0
        var problems: [String] = []
        let kinds = small ? [Kind.namedPipe, .zero, .sparse, .justOver] : Kind.allCases
        for reader in readers(cacheFile: "cache/forecasts/" + cacheName) {
            for kind in kinds {
                // A fresh home each time: the store and the forecast as they were.
                for name in names(in: home) where name != "cache" { try? FileManager.default.removeItem(atPath: home + "/" + name) }
                try? FileManager.default.removeItem(atPath: cacheFolder)
                try? FileManager.default.createDirectory(atPath: cacheFolder, withIntermediateDirectories: true)
                _ = FileManager.default.createFile(atPath: home + "/defaults.json", contents: store)
                _ = FileManager.default.createFile(atPath: cacheFolder + "/" + cacheName, contents: cache)
                if let config = reader.config { _ = FileManager.default.createFile(atPath: home + "/config.json", contents: Data(config.utf8)) }
                let path = home + "/" + reader.file
                try? FileManager.default.removeItem(atPath: path)
                guard kind.make(at: path, limit: reader.limit) else {
                    problems.append("\(reader.name)/\(kind.rawValue): could not make it")
                    continue
                }
                cases += 1
                var environment = base.merging(reader.environment.mapValues { $0.replacingOccurrences(of: "@HOME", with: home) }) { $1 }
                if reader.setsAside { environment["RAIN_API_KEY"] = key }
                let arguments = reader.arguments.map { Array($0.replacingOccurrences(of: "@HOME", with: home).utf8) }
                let outcome = spawn(rainPath, arguments, environment: environment, limit: 15)
                hangs += outcome.hung ? 1 : 0
                crashes += outcome.crashed && !outcome.hung ? 1 : 0
                peak = max(peak, outcome.peakKilobytes)
                slowest = max(slowest, outcome.seconds)
                let lines = outcome.error.split(separator: "\n")
                let errors = lines.filter { $0.hasPrefix("rain: error: ") }.count
                // Whatever kind of file is in a cached forecast's place, a folder and a looping
                // link too (a folder is renamed, having no second link), it is set aside.
                var ok = !outcome.hung && outcome.status == reader.status
                if reader.setsAside {
                    ok = ok && errors == 0 && outcome.error.contains("moved it aside")
                        && FileManager.default.contents(atPath: cacheFolder + "/" + cacheName).map { $0.count > 1000 } == true
                } else {
                    ok = ok && errors == 1 && lines.count <= 2
                }
                if ok { passed += 1 } else { problems.append("\(reader.name)/\(kind.rawValue): status \(outcome.status)\(outcome.hung ? " (hung)" : ""): \(outcome.error.prefix(200))") }
            }
        }
        let peakText = String(format: "%.1f MB (a normal run %.1f MB)", Double(peak) / 1024, Double(normal.peakKilobytes) / 1024)
        report("files", "\(kinds.count) kinds of file (\(kinds.map(\.rawValue).joined(separator: ", "))) in the place of "
               + "\(readers(cacheFile: "").count) files rain reads: \(passed)/\(cases) refused in one line with the documented status "
               + "(the cache set aside and fetched anew), \(hangs) hangs, \(crashes) crashes, slowest \(String(format: "%.2f", slowest)) s, peak \(peakText)"
               + (problems.isEmpty ? "" : "; " + problems.prefix(4).joined(separator: "; ")),
               ok: passed == cases && hangs == 0 && crashes == 0 && peak <= normal.peakKilobytes + 8 * 1024)
    }
}
