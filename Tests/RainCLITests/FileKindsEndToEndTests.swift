import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Every file rain reads (the configuration, the saved places, the key file, a cached forecast)
/// is opened without blocking and read only when it is a regular file, or a link to one, within
/// the limit for its kind: a named pipe, a device or a huge file is one error line and the
/// documented status, never a hang or a process that fills memory (issue 23, rows 1 and 4).
/// A cached forecast that cannot be used is set aside by every refresh, plain or not (row 3).
/// On the rain before this rule, the pipes hung: the time limit ends those cases (minutes, so
/// a loaded CI machine is not taken for a hang).
@Suite(.timeLimit(.minutes(5))) struct FileKindsEndToEndTests {
    enum Kind: String, Sendable, CaseIterable {
        case namedPipe, device, huge

        /// Puts a file of this kind at `path`; `huge` is sparse, `size` bytes long.
        func make(at path: String, size: Int) throws {
            switch self {
            case .namedPipe:
                try #require(mkfifo(path, 0o600) == 0)
            case .device:
                try #require(symlink("/dev/zero", path) == 0)
            case .huge:
                writeFile(path, "")
                try #require(truncate(path, off_t(size)) == 0)
            }
        }

        /// The link `make` puts for `.device` names the machine's own `/dev/zero`: it must still
        /// be a device after rain ran (as root, a write through the link once replaced it).
        static func theDeviceIsIntact() -> Bool {
            var info = stat()
            return stat("/dev/zero", &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR
        }

        /// Whether a lock file is beside the machine's `/dev/zero` (an older rain made one there).
        static var aLockIsBesideTheDevice: Bool { access("/dev/zero.lock", F_OK) == 0
        }

        /// What rain says about such a file.
        func problem(limit: String, of kind: String) -> String {
            switch self {
            case .namedPipe: return "a named pipe, not a regular file"
            case .device: return "a device, not a regular file"
            case .huge: return "larger than \(limit), the most rain reads of \(kind)"
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func aConfigurationFileThatIsNoRegularFileIsAConfigurationError(_ kind: Kind) async throws {
        try await withTemporaryDirectory { home in
            let path = home + "/odd.json"
            try kind.make(at: path, size: 2 << 20)
            let problem = kind.problem(limit: "1 MB", of: "a configuration file")
            for (arguments, environment) in [(["--config", path, "locations"], ["RAIN_HOME": home]),
                                             (["locations"], ["RAIN_HOME": home, "RAIN_CONFIG": path])] {
                let result = try await BuiltProduct.run("rain", arguments, environment: environment)
                #expect(result.status == 78, "\(result)")
                #expect(result.error == "rain: error: cannot read the configuration file:\n  \(path)\n  \(problem)\n")
                #expect(result.output.isEmpty)
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func savedPlacesThatAreNoRegularFileAreALocalFileError(_ kind: Kind) async throws {
        try await withTemporaryDirectory { home in
            let path = home + "/defaults.json"
            try kind.make(at: path, size: 17 << 20)
            let problem = kind.problem(limit: "16 MB", of: "the saved places")
            let lockWasThere = Kind.aLockIsBesideTheDevice
            for arguments in [["locations"], ["locations", "add", "Oslo", "--lat", "59.9", "--lon", "10.7"], ["show", "--offline"]] {
                let result = try await BuiltProduct.run("rain", arguments, environment: ["RAIN_HOME": home])
                #expect(result.status == 74, "\(arguments): \(result)")
                #expect(result.error == "rain: error: \(path): \(problem)\n", "\(arguments)")
            }
            // Nothing was written over it, nor beside it.
            #expect(Kind.theDeviceIsIntact())
            #expect(Kind.aLockIsBesideTheDevice == lockWasThere || kind != .device)
            var info = stat()
            #expect(lstat(path, &info) == 0 && (info.st_mode & S_IFMT) != S_IFREG || kind == .huge)
        }
    }

    @Test func aKeyFileLargerThanAKeyIsRefused() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"api_key_file": "key", "timeout_seconds": 2}"#)
            try Kind.huge.make(at: home + "/key", size: 8 << 10)
            chmod(home + "/key", 0o600)
            let result = try await world.rain(["refresh"], environment: ["RAIN_API_KEY": ""])
            #expect(result.status == 78, "\(result)")
            #expect(result.error == "rain: error: cannot use the API key file:\n  \(home)/key\n  cannot be read: larger than 4 KB, the most rain reads of an API key file\n")
            #expect(world.simulator.requestCount == 0)
        }
    }

    @Test func aCAFileThatIsADeviceIsAConfigurationError() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", #"{"ca_file": "/dev/zero"}"#)
            let result = try await BuiltProduct.run("rain", ["config", "show"], environment: ["RAIN_HOME": home])
            #expect(result.status == 78, "\(result)")
            #expect(result.error.contains("'ca_file' names a device, not a regular file: /dev/zero\n"), "\(result)")
        }
    }

    /// A cached forecast that is a pipe, a device or huge is no forecast: it is set aside
    /// (never read, never overwritten) and replaced, by a plain refresh too, and it never
    /// holds the refresh lock, so the next refresh (cron's) runs.
    @Test(arguments: Kind.allCases)
    func aCachedForecastThatIsNoRegularFileIsSetAsideAndReplaced(_ kind: Kind) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let path = world.cacheFile(world.berlin)
            try FileManager.default.createDirectory(atPath: home + "/cache/forecasts", withIntermediateDirectories: true)
            try kind.make(at: path, size: 9 << 20)
            let problem = kind.problem(limit: "8 MB", of: "a cached forecast")

            let refreshed = try await world.rain(["refresh", "berlin"])
            #expect(refreshed.status == 0, "\(refreshed)")
            #expect(refreshed.error.hasPrefix("rain: warning: the cached forecast \(path) is damaged: \(problem); moved it aside to \(path).damaged-"), "\(refreshed)")
            #expect(refreshed.output.hasPrefix("Berlin  "))
            let aside = try FileManager.default.contentsOfDirectory(atPath: home + "/cache/forecasts").filter { $0.contains(".damaged-") }
            #expect(aside.count == 1)
            #expect(try ForecastCache(directory: home + "/cache/forecasts").load(for: world.berlin.id) != nil)

            let cron = try await world.rain(["refresh", "--all", "--quiet"])
            #expect(cron.status == 0 && cron.error.isEmpty, "\(cron)")
            #expect(Kind.theDeviceIsIntact())
        }
    }

    /// A folder or a link that loops in a cached forecast's place is set aside like the other
    /// kinds (a folder renamed, as it has no second link), so the place is not broken for good.
    @Test(arguments: ["folder", "loop"])
    func aCachedForecastThatIsAFolderOrALoopIsSetAsideToo(_ kind: String) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let path = world.cacheFile(world.berlin)
            try FileManager.default.createDirectory(atPath: home + "/cache/forecasts", withIntermediateDirectories: true)
            if kind == "folder" { try #require(mkdir(path, 0o700) == 0) } else { try #require(symlink(path, path) == 0) }
            for arguments in [["refresh", "berlin"], ["refresh", "--all", "--quiet", "--if-stale"], ["berlin"]] {
                let result = try await world.rain(arguments)
                #expect(result.status == 0, "\(arguments): \(result)")
            }
            #expect(try ForecastCache(directory: home + "/cache/forecasts").load(for: world.berlin.id) != nil)
            let aside = try FileManager.default.contentsOfDirectory(atPath: home + "/cache/forecasts").filter { $0.contains(".damaged-") }
            #expect(aside.count == 1, "\(aside)")
        }
    }

    /// Row 3: the README's rule (a cache file that cannot be read is moved aside, never
    /// overwritten) holds for a plain refresh as for `--if-stale`.
    @Test(arguments: [["refresh", "berlin"], ["refresh", "--all", "--if-stale"], ["refresh", "--all", "--quiet"]])
    func everyRefreshSetsADamagedCacheFileAside(_ arguments: [String]) async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let path = world.cacheFile(world.berlin)
            try FileManager.default.createDirectory(atPath: home + "/cache/forecasts", withIntermediateDirectories: true)
            let damaged = #"{"schema_version": 1, "fetched_at": "#
            writeFile(path, damaged)

            let result = try await world.rain(arguments)
            #expect(result.status == 0, "\(result)")
            #expect(result.error.hasPrefix("rain: warning: the cached forecast \(path) is damaged: "), "\(result)")
            let folder = home + "/cache/forecasts"
            let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".damaged-") }
            #expect(aside.count == 1)
            #expect(aside.first.flatMap { fileBytes(folder + "/" + $0) } == Array(damaged.utf8), "the damaged bytes are kept as they were")
            #expect(try ForecastCache(directory: folder).load(for: world.berlin.id) != nil, "a good forecast took its place")
        }
    }

    /// The cached forecast a refresh replaces is read just before its place's new one is
    /// written: with one request at a time, every damaged file of a batch is set aside once,
    /// before its place's is written.
    @Test func aBatchSetsEveryDamagedCacheFileAsideBeforeReplacingIt() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home, config: #"{"timeout_seconds": 30, "max_concurrent_requests": 1}"#)
            let folder = home + "/cache/forecasts"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let damaged = #"{"schema_version": 1, "fetched_at": "#
            for place in [world.berlin, world.tokyo] { writeFile(world.cacheFile(place), damaged) }

            let result = try await world.rain(["refresh", "--all", "--quiet"])
            #expect(result.status == 0, "\(result)")
            #expect(result.error.components(separatedBy: "is damaged").count - 1 == 2, "\(result)")
            let aside = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.contains(".damaged-") }
            #expect(aside.count == 2, "\(aside)")
            for name in aside { #expect(fileBytes(folder + "/" + name) == Array(damaged.utf8), "the damaged bytes are kept as they were") }
            for place in [world.berlin, world.tokyo] {
                #expect(try ForecastCache(directory: folder).load(for: place.id) != nil, "a good forecast took \(place.name)'s place")
            }
        }
    }
}
