import Foundation
import RainKit
import RainTestSupport
import Testing

/// The eleventh hostile trial (issue 42): failures that said no reason, or no way out.
@Suite struct SaidReasonsEndToEndTests {
    /// An empty config.json (an older rain killed in `config init` left one) names the way out,
    /// and the way out works: `config init` fills the empty file.
    @Test func anEmptyConfigurationSaysHowToWriteANewOne() async throws {
        try await withTemporaryDirectory { home in
            writeFile(home + "/config.json", "")
            let environment = ["RAIN_HOME": home]
            let shown = try await BuiltProduct.run("rain", ["locations"], environment: environment)
            #expect(shown.status == 78, "\(shown)")
            #expect(shown.error == """
                rain: error: cannot read the configuration file:
                  \(home)/config.json
                  the file is empty
                rain: hint: write a new one with: rain config init

                """, "\(shown)")
            let written = try await BuiltProduct.run("rain", ["config", "init"], environment: environment)
            #expect(written.status == 0, "\(written)")
            let after = try await BuiltProduct.run("rain", ["locations"], environment: environment)
            #expect(after.status == 66 && after.error.hasPrefix("rain: error: no saved locations"), "\(after)")

            // One --config names is named again in the hint.
            writeFile(home + "/other.json", "  \n")
            let named = try await BuiltProduct.run("rain", ["--config", home + "/other.json", "locations"], environment: environment)
            #expect(named.status == 78 && named.error.hasSuffix("rain: hint: write a new one with: rain config init --config \(home)/other.json\n"),
                    "\(named)")
        }
    }

    /// A command whose stderr ended in blank lines (10 MB of them, past the few KB rain keeps)
    /// did write to stderr: rain says the end of it was blank, not that it wrote nothing.
    @Test func aCommandWhoseStderrEndsBlankIsNotSaidToHaveWrittenNothing() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            #expect(try await world.rain(["refresh", "Berlin"]).status == 0)
            let blank = #"echo 'the real reason' >&2; yes '' | head -c 10000000 >&2; exit 3"#
            let failed = try await world.rain(["notify", "Berlin", "--exec", blank])
            #expect(failed.status == 69, "\(failed)")
            #expect(failed.error == """
                rain: error: the --exec command failed (exit status 3); nothing marked sent
                rain: hint: the end of its stderr held only blank lines

                """, "\(failed)")
            let silent = try await world.rain(["notify", "Berlin", "--exec", "exit 3"])
            #expect(silent.status == 69 && silent.error.hasSuffix("rain: hint: it wrote nothing to stderr\n"), "\(silent)")
        }
    }
}
