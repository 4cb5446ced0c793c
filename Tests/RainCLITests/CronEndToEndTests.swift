import Foundation
import RainKit
import RainTestSupport
import Testing

/// `rain cron` against Debian's real `crontab`, in the test user's own crontab, which is
/// saved first and put back afterwards.
@Suite(.serialized) struct CronEndToEndTests {
    private func crontab(_ arguments: [String], input: String? = nil) throws -> ProcessResult {
        try BuiltProduct.runSystem("/usr/bin/env", ["crontab"] + arguments, input: input)
    }

    @Test func installReplaceAndUninstallKeepEveryOtherLine() async throws {
        let saved = try crontab(["-l"])
        let hadCrontab = saved.status == 0
        defer {
            if hadCrontab { _ = try? crontab(["-"], input: saved.output) } else { _ = try? crontab(["-r"]) }
        }
        let others = "MAILTO=\"\"\n# keep me\n17 4 * * * /bin/true\n"
        #expect(try crontab(["-"], input: others).status == 0)

        try await withTemporaryDirectory { home in
            let environment = ["RAIN_HOME": home, "RAIN_API_KEY": "never-in-crontab-0123456789", "HOME": home]
            let printed = try BuiltProduct.run("rain", ["cron", "--every", "15m"], environment: environment)
            #expect(printed.status == 0, "\(printed)")
            let line = printed.output.trimmingCharacters(in: .newlines)
            #expect(line.contains("RAIN_HOME=\(home) \(BuiltProduct.path("rain")) refresh --all --quiet --if-stale"))
            #expect(!line.contains("never-in-crontab"))
            #expect(printed.error.contains("RAIN_API_KEY"), "warns that cron will not see the key")

            for _ in 0..<2 {
                let installed = try BuiltProduct.run("rain", ["cron", "--every", "15m", "--install"], environment: environment)
                #expect(installed.status == 0, "\(installed)")
            }
            #expect(try crontab(["-l"]).output == others + line + "\n")

            let hourly = try BuiltProduct.run("rain", ["cron", "--every", "1h", "--install"], environment: environment)
            #expect(hourly.status == 0)
            let table = try crontab(["-l"]).output
            #expect(table.hasPrefix(others))
            #expect(table.components(separatedBy: CrontabEntry.marker).count == 2, "exactly one line of rain's")
            #expect(!table.contains(line))

            let removed = try BuiltProduct.run("rain", ["cron", "--uninstall"], environment: environment)
            #expect(removed.status == 0)
            #expect(try crontab(["-l"]).output == others)
            let again = try BuiltProduct.run("rain", ["cron", "--uninstall"], environment: environment)
            #expect(again.status == 0 && again.output.contains("nothing to remove"))
            #expect(try crontab(["-l"]).output == others)
        }
    }
}
