import Foundation

/// The user's crontab, read and written through the system's `crontab` command.
public struct Crontab: Sendable {
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The `crontab` program: found on PATH unless a path is given.
    public var command: String

    public init(command: String = "crontab") { self.command = command }

    /// The current crontab; empty when the user has none.
    public func read() throws(Failure) -> String {
        let result = try run(["-l"], input: nil)
        if result.status == 0 { return result.output }
        if result.error.contains("no crontab for") { return "" }
        throw Failure(description: "crontab -l failed: \(result.error.trimmingCharacters(in: .whitespacesAndNewlines).strippingControlCharacters)")
    }

    /// Replaces the crontab with `text`.
    public func write(_ text: String) throws(Failure) {
        let result = try run(["-"], input: text)
        guard result.status == 0 else {
            throw Failure(description: "crontab refused the new table: \(result.error.trimmingCharacters(in: .whitespacesAndNewlines).strippingControlCharacters)")
        }
    }

    private func run(_ arguments: [String], input: String?) throws(Failure) -> (status: Int32, output: String, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [command] + arguments
        let output = Pipe(), error = Pipe(), stdin = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = stdin
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run \(command): \(error)")
        }
        if let input { stdin.fileHandleForWriting.write(Data(input.utf8)) }
        try? stdin.fileHandleForWriting.close()
        // crontab's output is small; reading one pipe to its end before the other cannot block.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if process.terminationStatus == 127 {
            throw Failure(description: "the crontab command was not found (Debian: apt-get install cron)")
        }
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }
}
