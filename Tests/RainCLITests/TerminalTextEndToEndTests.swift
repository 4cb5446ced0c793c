import ForecastSimulator
import Foundation
import RainKit
import RainTestSupport
import Testing

/// Every text that reaches a terminal passes the one sanitiser, arguments included, and names
/// are what they look like (issue 23, rows 5, 6, 8, 9 and 11), through the real binary.
@Suite struct TerminalTextEndToEndTests {
    /// Characters that show as nothing: two names with and without them look the same.
    /// (The joiners, U+200C and U+200D, are `aJoinerWhereNoScriptWritesOneSaysWhereItMayStand`'s.)
    static let invisible: [Character] = ["\u{200B}", "\u{2060}", "\u{FEFF}", "\u{200E}", "\u{200F}",
                                         "\u{061C}", "\u{00AD}", "\u{180E}", "\u{3164}", "\u{115F}", "\u{1160}", "\u{FFA0}", "\u{E0041}",
                                         // A variation selector after a letter, not an emoji; an Egyptian format control.
                                         "\u{FE0F}", "\u{E0100}", "\u{13430}",
                                         // Invisible operators, a musical beam (format characters, default-ignorable).
                                         "\u{2062}", "\u{2064}", "\u{1D173}", "\u{1BCA0}"]

    @Test(arguments: invisible)
    func aNameWithAnInvisibleCharacterIsRefused(_ character: Character) async throws {
        try await withTemporaryDirectory { home in
            let name = "Ber" + String(character) + "lin"
            let result = try await BuiltProduct.run("rain", ["locations", "add", name, "--lat", "52.52", "--lon", "13.41"],
                                                    environment: ["RAIN_HOME": home])
            let code = String(character.unicodeScalars.first!.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            #expect(result.status == 65, "\(result)")
            #expect(result.error == "rain: error: invalid name: U+\(padded) is invisible\nrain: hint: copied text may hide it: type the name\n")
            #expect(fileBytes(home + "/defaults.json") == nil, "nothing was saved")
        }
    }

    /// A new user (a Persian keyboard types U+200C on purpose) read "U+200C is invisible;
    /// copied text may hide it" for a joiner typed twice or at a word's end: a joiner where no
    /// script writes one says where one may stand.
    @Test(arguments: ["Ber\u{200C}lin", "Ber\u{200D}lin", "\u{062E}\u{0631}\u{200C}\u{200C}\u{0645}", "\u{062E}\u{0631}\u{0645}\u{200C}"])
    func aJoinerWhereNoScriptWritesOneSaysWhereItMayStand(_ name: String) async throws {
        try await withTemporaryDirectory { home in
            let result = try await BuiltProduct.run("rain", ["locations", "add", name, "--lat", "35.69", "--lon", "51.39"],
                                                    environment: ["RAIN_HOME": home, "LANG": "C.UTF-8"])
            let joiner = name.unicodeScalars.contains { $0.value == 0x200D } ? "U+200D" : "U+200C"
            #expect(result.status == 65, "\(result)")
            #expect(result.error == "rain: error: invalid name: \(joiner) is out of place\nrain: hint: a joiner goes only between two letters of a script that uses one\n",
                    "\(result)")
            #expect(fileBytes(home + "/defaults.json") == nil, "nothing was saved")
        }
    }

    /// A variation selector after an emoji chooses its picture: such a name is what it looks like.
    /// Characters that show as a gap (issue 42): a no-break, ideographic, thin, hair, narrow
    /// or other Unicode space, the braille blank, the musical null notehead, the ideographic half
    /// fill space or an Egyptian blank (the ninth hostile trial's).
    static let blanks: [Character] = ["\u{00A0}", "\u{3000}", "\u{2009}", "\u{200A}", "\u{2002}", "\u{2007}", "\u{202F}",
                                      "\u{205F}", "\u{1680}", "\u{2800}", "\u{1D159}", "\u{303F}", "\u{13441}", "\u{13442}"]

    /// A code point with no agreed look (unassigned, drawn as nothing or a box; private use,
    /// each font's own) is refused in a name, as an invisible one is.
    @Test(arguments: ["\u{1D455}", "\u{E000}", "\u{F0000}"] as [Character])
    func aNameWithACharacterOfNoAgreedLookIsRefused(_ character: Character) async throws {
        try await withTemporaryDirectory { home in
            let result = try await BuiltProduct.run("rain", ["locations", "add", "Ber" + String(character) + "lin", "--lat", "52.52", "--lon", "13.41"],
                                                    environment: ["RAIN_HOME": home])
            let code = String(character.unicodeScalars.first!.value, radix: 16, uppercase: true)
            #expect(result.status == 65, "\(result)")
            #expect(result.error == "rain: error: invalid name: U+\(code) is not a standard character\nrain: hint: copied text may hide it: type the name\n")
            #expect(fileBytes(home + "/defaults.json") == nil, "nothing was saved")
        }
    }

    /// A gap is a space however it was typed: the name is saved with a plain one, a second
    /// spelling of the same place is the place already saved, and the name finds it.
    @Test func aBlankInANameIsASpace() async throws {
        try await withTemporaryDirectory { home in
            let environment = ["RAIN_HOME": home]
            let first = try await BuiltProduct.run("rain", ["locations", "add", "Ber\u{00A0}lin\u{3000}", "--lat", "52.52", "--lon", "13.41"],
                                                   environment: environment)
            #expect(first.status == 0 && first.output.hasPrefix("Added Ber lin (52.52, 13.41)"), "\(first)")
            for blank in Self.blanks {
                let again = try await BuiltProduct.run("rain", ["locations", "add", "Ber" + String(blank) + "lin", "--lat", "52.52", "--lon", "13.41"],
                                                       environment: environment)
                #expect(again.status == 0 && again.output.contains("already saved"), "U+\(String(blank.unicodeScalars.first!.value, radix: 16)): \(again)")
                let shown = try await BuiltProduct.run("rain", ["locations", "select", "Ber" + String(blank) + "lin"], environment: environment)
                #expect(shown.status == 0, "the name finds it: \(shown)")
            }
            var places = try LocationsStore(paths: RainPaths.resolve(environment: environment)).load().locations
            #expect(places.map(\.name) == ["Ber lin"])
            // A run of gaps is one gap: no "Ber  lin" beside "Ber lin".
            for (index, name) in ["Ber\u{2800}\u{2800}lin", "Ber  lin", "Ber \u{3000} lin"].enumerated() {
                let added = try await BuiltProduct.run("rain", ["locations", "add", name, "--lat", String(10 + index), "--lon", "10"], environment: environment)
                #expect(added.status == 0, "\(added)")
            }
            places = try LocationsStore(paths: RainPaths.resolve(environment: environment)).load().locations
            #expect(places.map(\.name) == ["Ber lin", "Ber lin", "Ber lin", "Ber lin"])
        }
    }

    @Test func anEmojiMayCarryItsVariationSelector() async throws {
        try await withTemporaryDirectory { home in
            let result = try await BuiltProduct.run("rain", ["locations", "add", "Sunny \u{2600}\u{FE0F}", "--lat", "1", "--lon", "2"],
                                                    environment: ["RAIN_HOME": home])
            #expect(result.status == 0, "\(result)")
        }
    }

    /// Bytes that are not UTF-8 reach rain as U+FFFD: such a name is refused, not saved as "��".
    @Test func aNameThatIsNotUTF8IsRefused() async throws {
        try await withTemporaryDirectory { home in
            let rain = shellQuoted(BuiltProduct.path("rain"))
            let result = try await BuiltProduct.runSystem("/bin/sh", ["-c", """
                RAIN_HOME=\(shellQuoted(home)); export RAIN_HOME
                \(rain) locations add "$(printf '\\377\\376')" --lat 1 --lon 2
                """])
            #expect(result.status == 65, "\(result)")
            #expect(result.error == "rain: error: invalid name: not valid UTF-8\nrain: hint: use UTF-8 (check LANG and the terminal)\n")
            #expect(fileBytes(home + "/defaults.json") == nil)
        }
    }

    /// A LOC with an invisible character matches no saved place; the error says why instead of
    /// echoing what looks like a saved name ("no saved location matches 'Berlin'").
    @Test func aLOCWithAnInvisibleCharacterSaysSo() async throws {
        try await withTemporaryDirectory { home in
            let environment = ["RAIN_HOME": home]
            #expect(try await BuiltProduct.run("rain", ["locations", "add", "Berlin", "--lat", "52.52", "--lon", "13.41"], environment: environment).status == 0)
            for arguments in [["show", "Ber\u{200B}lin", "--offline"], ["locations", "select", "\u{FEFF}Berlin"], ["Berlin\u{200E}"]] {
                let result = try await BuiltProduct.run("rain", arguments, environment: environment)
                #expect(result.status == 65, "\(arguments): \(result)")
                #expect(result.error.hasPrefix("rain: error: invalid name: U+"), "\(result)")
            }
        }
    }

    /// Row 6: what the command line holds reaches the terminal through the one sanitiser in
    /// every position: no control character and no invisible one.
    static let hidden = "x\u{1B}]0;pwn\u{07}\u{200B}\u{FEFF}\u{200E}\u{061C}\u{00AD}\u{2066}\u{202E}\u{2028}\u{9B}y"

    @Test(arguments: [
        ["--color", hidden], ["--" + hidden], ["watch", "--every", hidden], ["cron", "--every=" + hidden], ["completions", hidden],
        ["help", hidden], ["locations", "help", hidden], ["locations", hidden], ["locations", "list", hidden],
        ["locations", "add", "A", "--lat", hidden, "--lon", "2"], ["locations", "add", "A", "--country", hidden],
        ["show", "--format", "{" + hidden + "}"], [hidden], [hidden, hidden], ["locations", "add", hidden, "--lat", "1", "--lon", "2"],
        ["--config", hidden, "locations"], ["lcoations" + hidden, "add"],
    ])
    func argumentsReachTheTerminalWithoutControlOrInvisibleCharacters(_ arguments: [String]) async throws {
        try await withTemporaryDirectory { home in
            let result = try await BuiltProduct.run("rain", arguments, environment: ["RAIN_HOME": home])
            #expect(result.status != 0)
            #expect(result.error.hasPrefix("rain: error: "), "\(result)")
            for scalar in (result.error + result.output).unicodeScalars where scalar != "\n" {
                #expect(scalar.value >= 0x20 && !(0x7F...0x9F).contains(scalar.value) && !scalar.isInvisible
                        && !(0x2028...0x202E).contains(scalar.value) && !(0x2066...0x2069).contains(scalar.value),
                        "U+\(String(scalar.value, radix: 16)) reached the terminal: \(result.error.debugDescription)")
            }
        }
    }

    /// Row 9: with LC_ALL=C, 東京 prints as "????" and its padding counts what is printed, so
    /// the columns after it line up with those of other rows.
    @Test func asciiOutputStaysAligned() async throws {
        try await withTemporaryDirectory { home in
            let environment = ["RAIN_HOME": home, "LC_ALL": "C"]
            for (name, latitude) in [("東京", "35.68"), ("Berlin", "52.52"), ("☀️ Home", "1")] {
                #expect(try await BuiltProduct.run("rain", ["locations", "add", name, "--lat", latitude, "--lon", "13.41"], environment: environment).status == 0)
            }
            let result = try await BuiltProduct.run("rain", ["locations"], environment: environment)
            #expect(result.status == 0, "\(result)")
            let rows = result.output.split(separator: "\n").filter { $0.contains("13.4100") }
            #expect(rows.count == 3)
            #expect(rows.contains { $0.contains("????") })
            let ends = Set(rows.map { $0.distance(from: $0.startIndex, to: $0.range(of: "13.4100")!.upperBound) })
            #expect(ends.count == 1, "the longitude column ends in one place:\n\(result.output)")
        }
    }

    /// Row 11: a one-character key is not "found" inside the words of rain's message
    /// (not "ForbiddREDACTEDn ... kREDACTEDy"): it is refused before it is sent (issue 42).
    @Test func aOneCharacterKeyIsNotRedactedInsideWords() async throws {
        try await withTemporaryDirectory { home in
            let world = try ForecastWorld(home: home)
            let result = try await world.rain(["refresh"], environment: ["RAIN_API_KEY": "e"])
            #expect(result.status == 78, "\(result)")
            #expect(result.error.contains("is shorter than 12 characters or has no letter"), "\(result)")
            #expect(!result.error.contains("REDACTED"), "\(result)")
        }
    }
}
