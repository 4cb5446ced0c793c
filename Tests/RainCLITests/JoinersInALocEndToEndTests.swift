import Foundation
import RainTestSupport
import Testing

/// A LOC is matched without its joiners (U+200C, U+200D), wherever they stand (README: "`Ber‍lin`
/// finds `Berlin`"), by every command that takes one; a LOC that names no place is told as
/// unknown, never refused for a joiner where no name may hold one. Other invisible characters
/// are still refused in a LOC (hostile trial 20: `rain select 'Ber‍lin'` got "U+200D is out of
/// place" where `rain select Berlin` got "did you mean 'rain locations select Berlin'?").
@Suite struct JoinersInALocEndToEndTests {
    /// A joiner between Latin letters, at an edge, doubled, and ZWNJ beside ZWJ.
    static let berlins = ["Ber\u{200D}lin", "Berlin\u{200D}", "\u{200C}Berlin", "Be\u{200C}\u{200D}rlin", "Ber\u{200D}\u{200D}lin"]

    private func saved(_ home: String) async throws -> [String: String] {
        let environment = ["RAIN_HOME": home, "LANG": "C.UTF-8"]
        for (name, latitude) in [("Berlin", "52.52"), ("Oslo", "59.91"), ("\u{0628}\u{0628}", "30")] {
            let added = try await BuiltProduct.run("rain", ["locations", "add", name, "--lat", latitude, "--lon", "13.41"], environment: environment)
            #expect(added.status == 0, "\(added)")
        }
        return environment
    }

    @Test(arguments: berlins)
    func aLocWithAJoinerIsTheLocWithout(_ loc: String) async throws {
        try await withTemporaryDirectory { home in
            let environment = try await saved(home)
            // A command's name typed without its group: the hint is the one the plain name gets.
            let plain = try await BuiltProduct.run("rain", ["select", "Berlin"], environment: environment)
            let joined = try await BuiltProduct.run("rain", ["select", loc], environment: environment)
            #expect(plain.status == 64 && plain.error.contains("did you mean 'rain locations select Berlin'?"), "\(plain)")
            #expect(joined.status == 64 && joined.error.hasPrefix("rain: error: unknown command 'select'\n"), "\(joined)")
            #expect(joined.error.contains("did you mean 'rain locations select"), "\(joined)")

            let selected = try await BuiltProduct.run("rain", ["locations", "select", loc], environment: environment)
            #expect(selected.status == 0 && selected.output.hasPrefix("Berlin ("), "\(selected)")
            let moved = try await BuiltProduct.run("rain", ["locations", "move", loc, "2"], environment: environment)
            #expect(moved.status == 0 && moved.output.hasPrefix("Moved Berlin ("), "\(moved)")

            // Names no place: unknown, with the saved name it nearly is, as without the joiner.
            let nearMiss = loc.replacingOccurrences(of: "lin", with: "ln")
            for arguments in [["locations", "select", nearMiss], ["locations", "remove", nearMiss, "--yes"], ["notify", "--dry-run", nearMiss]] {
                let unknown = try await BuiltProduct.run("rain", arguments, environment: environment)
                #expect(unknown.status == 65 && unknown.error.hasPrefix("rain: error: no saved location matches 'Berln'"), "\(arguments): \(unknown)")
                #expect(!unknown.error.contains("out of place"), "\(arguments): \(unknown)")
            }
        }
    }

    @Test func anArabicLocWithJoinersWhereNoneIsWrittenFindsThePlace() async throws {
        try await withTemporaryDirectory { home in
            let environment = try await saved(home)
            for loc in ["\u{0628}\u{200D}\u{200D}\u{0628}", "\u{0628}\u{0628}\u{200D}", "\u{0628}\u{200C}\u{200D}\u{0628}"] {
                let renamed = try await BuiltProduct.run("rain", ["locations", "rename", loc, "Ba"], environment: environment)
                #expect(renamed.status == 0 && renamed.output.hasPrefix("Renamed \u{0628}\u{0628} ("), "\(renamed)")
                let back = try await BuiltProduct.run("rain", ["locations", "rename", "Ba", "\u{0628}\u{0628}"], environment: environment)
                #expect(back.status == 0, "\(back)")
            }
        }
    }

    /// Any other invisible character is still refused in a LOC: it is said, not matched away.
    @Test(arguments: ["Ber\u{200B}lin", "Ber\u{2060}lin", "Ber\u{00AD}lin", "Ber\u{200D}\u{200B}lin"])
    func anInvisibleCharacterInALocIsStillRefused(_ loc: String) async throws {
        try await withTemporaryDirectory { home in
            let environment = try await saved(home)
            for arguments in [["locations", "select", loc], ["locations", "remove", loc, "--yes"], ["select", loc]] {
                let refused = try await BuiltProduct.run("rain", arguments, environment: environment)
                #expect(refused.status == 65 && refused.error.hasPrefix("rain: error: invalid name: U+") && refused.error.contains(" is invisible"),
                        "\(arguments): \(refused)")
            }
        }
    }
}
