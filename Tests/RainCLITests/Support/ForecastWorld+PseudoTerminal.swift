import Foundation
import RainTestSupport

extension ForecastWorld {
    /// Runs `rain ARGUMENTS` on a pseudo-terminal `width` columns wide (util-linux's `script`),
    /// at the world's clock where it has one, as a user with a key or (`keyless`) without:
    /// the lines the terminal got, carriage returns and standard error left out, and the status.
    func onPseudoTerminal(_ arguments: [String], width: Int, keyless: Bool = false,
                          environment extra: [String: String] = [:]) async throws -> (status: Int32, lines: [String]) {
        let variables = (keyless ? keylessEnvironment : environment).merging(["TERM": "xterm-256color"]) { $1 }.merging(extra) { $1 }
            .map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        var rain = shellQuoted(BuiltProduct.path("rain"))
        if let now {
            // The world's clock, as `rain(_:environment:)` runs it (`BuiltProduct.run(_:_:environment:at:)`).
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime]
            rain = "TZ=UTC FAKETIME_DONT_FAKE_MONOTONIC=1 /usr/bin/faketime -f " + shellQuoted("@" + formatter.string(from: now)) + " " + rain
        }
        let command = "stty cols \(width) rows 60; env \(variables) \(rain) " + arguments.map(shellQuoted).joined(separator: " ") + " 2>/dev/null"
        let result = try await BuiltProduct.runSystem("/usr/bin/script", ["-qec", command, "/dev/null"])
        var lines = result.output.replacingOccurrences(of: "\r", with: "").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last?.isEmpty == true { lines.removeLast() }
        return (result.status, lines)
    }
}
