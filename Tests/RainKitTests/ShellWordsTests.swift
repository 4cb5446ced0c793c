@testable import RainKit
import Testing

/// A command line rain suggests is pasted into a shell: each word must come back as it is.
@Suite struct ShellWordsTests {
    @Test(arguments: [
        ("Berlin", "Berlin"),
        ("Zürich", "Zürich"),
        ("東京", "東京"),
        ("/home/ann/.config/rain/config.json", "/home/ann/.config/rain/config.json"),
        ("--units=si", "--units=si"),
        ("it's here.json", #"'it'\''s here.json'"#),
        ("~/rain.json", "'~/rain.json'"),
        ("=ls", "'=ls'"),
        ("{temp} {wind}", "'{temp} {wind}'"),
        ("$HOME", "'$HOME'"),
        ("a;b", "'a;b'"),
        ("", "''"),
        ("Ber\u{1B}[31mlin", "'Berlin'"),
    ])
    func eachWordIsQuotedOnlyWhereTheShellWouldReadItOtherwise(word: String, quoted: String) {
        #expect(ShellWords.quoted(word) == quoted)
    }

    @Test func aCommandLineIsItsWordsQuotedAndSpaced() {
        #expect(ShellWords.commandLine(["rain", "show", "--format", "{temp}"]) == "rain show --format '{temp}'")
    }
}
