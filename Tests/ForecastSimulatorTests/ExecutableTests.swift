import Foundation
import Testing

/// Runs the built `forecast-simulator` as a subprocess.
@Suite struct ExecutableTests {
    /// The executable next to the test bundle in the build products folder.
    static func executableURL() throws -> URL {
        var candidates: [URL] = []
        let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        for _ in 0..<4 {
            candidates.append(folder.appendingPathComponent("forecast-simulator"))
            folder = folder.deletingLastPathComponent()
        }
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("forecast-simulator"))
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug/forecast-simulator"))
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            throw TestClientError(description: "forecast-simulator not found; looked at \(candidates.map(\.path))")
        }
        return found
    }

    final class Run {
        let process = Process()
        let output = Pipe()
        let errors = Pipe()
        /// Stdout bytes read after the first line.
        private var pending: [UInt8] = []

        init(_ arguments: [String], environment: [String: String] = [:]) throws {
            process.executableURL = try ExecutableTests.executableURL()
            process.arguments = arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = output
            process.standardError = errors
            try process.run()
        }

        /// The first stdout line (blocks until it is there or stdout closes).
        func firstLine() -> String {
            var bytes: [UInt8] = []
            let handle = output.fileHandleForReading
            while !bytes.contains(10) {
                let data = handle.availableData
                if data.isEmpty { break }
                bytes += data
            }
            let line = bytes.prefix { $0 != 10 }
            pending = Array(bytes.dropFirst(line.count + 1))
            return String(decoding: line, as: UTF8.self)
        }

        func finish() -> (status: Int32, stdout: String, stderr: String) {
            let out = pending + output.fileHandleForReading.readDataToEndOfFile()
            let err = errors.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: out, as: UTF8.self), String(decoding: err, as: UTF8.self))
        }
    }

    @Test func printsThePortServesAndStopsOnSIGTERM() throws {
        let run = try Run(["--port", "0", "--latency-ms", "1"], environment: ["SIMULATOR_API_KEY": "env-secret"])
        let line = run.firstLine()
        let port = try #require(UInt16(line), "first stdout line was '\(line)'")
        #expect(port > 0)
        #expect(try fetch(port, "/forecast/env-secret/52.52,13.405?units=si").status == 200)
        #expect(try fetch(port, "/forecast/guess/52.52,13.405").status == 403)
        run.process.terminate()
        let result = run.finish()
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty, "only the port line on stdout")
        let logLines = result.stderr.split(separator: "\n")
        #expect(logLines == ["GET /forecast/REDACTED/52.52,13.405?units=si 200", "GET /forecast/REDACTED/52.52,13.405 403"])
        #expect(!result.stderr.contains("env-secret"))
    }

    @Test func failFirstFlagFailsOnlyTheFirstRequests() throws {
        let run = try Run(["--status", "429", "--retry-after", "3", "--fail-first", "1"])
        let port = try #require(UInt16(run.firstLine()))
        let first = try fetch(port, "/forecast/k/52.52,13.405?units=si")
        #expect(first.status == 429)
        #expect(first.headers["retry-after"] == "3")
        #expect(try fetch(port, "/forecast/k/52.52,13.405?units=si").status == 200)
        run.process.interrupt()
        #expect(run.finish().status == 0)
    }

    struct BadFlags: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(arguments: [
        BadFlags(arguments: ["--frobnicate"]),
        BadFlags(arguments: ["--now", "yesterday"]),
        BadFlags(arguments: ["--port"]),
        BadFlags(arguments: ["--port", "70000"]),
        BadFlags(arguments: ["--host", "0.0.0.0"]),
        BadFlags(arguments: ["--body", "sparkly"]),
        BadFlags(arguments: ["--hang", "--status", "500"]),
        BadFlags(arguments: ["--fail-first", "2"]),
        BadFlags(arguments: ["--retry-after", "5"]),
        BadFlags(arguments: ["extra"]),
    ])
    func badFlagsExit64WithOneLine(_ flags: BadFlags) throws {
        let run = try Run(flags.arguments)
        let result = run.finish()
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("forecast-simulator: error: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test func helpGoesToStdout() throws {
        let result = try Run(["--help"]).finish()
        #expect(result.status == 0)
        #expect(result.stdout.contains("USAGE: forecast-simulator"))
        #expect(result.stdout.contains("--fail-first"))
        #expect(result.stdout.contains("--now <unix-seconds>"))
        #expect(result.stderr.isEmpty)
    }

    @Test func nowFixesTheClock() throws {
        let run = try Run(["--now", "1792663200"])
        let line = run.firstLine()
        let port = try #require(UInt16(line), "first stdout line was '\(line)'")
        let body = try fetch(port, "/forecast/k/52.52,13.405?units=si").jsonObject
        run.process.terminate()
        _ = run.finish()
        #expect((body?["currently"] as? [String: Any])?["time"] as? Int == 1_792_663_200)
    }
}
