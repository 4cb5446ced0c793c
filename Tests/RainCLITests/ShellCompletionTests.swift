import Foundation
@testable import RainCLI
import RainKit
import RainTestSupport
import Testing

/// Each completion script loaded the way it is installed into its real shell (bash with
/// bash-completion, zsh with compinit and fpath, fish with its completion path), in tmux,
/// completing saved places' names as a person types them.
@Suite(.enabled(if: TmuxSession.isAvailable)) struct ShellCompletionTests {
    struct ShellCase: Sendable, CustomTestStringConvertible {
        var shell: CompletionScript.Shell
        /// Installs the script in `folder` and starts the shell with it loaded.
        var start: @Sendable (_ script: String, _ folder: String) -> String
        var testDescription: String { shell.rawValue }
    }

    static let shells: [ShellCase] = [
        ShellCase(shell: .bash) { script, folder in
            try? FileManager.default.createDirectory(atPath: folder + "/completions", withIntermediateDirectories: true)
            writeFile(folder + "/completions/rain", script)
            writeFile(folder + "/bashrc", """
            PS1='ready$ '
            export BASH_COMPLETION_USER_DIR=\(shellQuoted(folder))
            . /usr/share/bash-completion/bash_completion
            """)
            return "bash --noprofile --rcfile \(shellQuoted(folder + "/bashrc")) -i"
        },
        ShellCase(shell: .zsh) { script, folder in
            writeFile(folder + "/_rain", script)
            writeFile(folder + "/.zshrc", """
            PS1='ready$ '
            fpath=(\(shellQuoted(folder)) $fpath)
            autoload -Uz compinit && compinit -u -D
            """)
            return "ZDOTDIR=\(shellQuoted(folder)) zsh -i"
        },
        ShellCase(shell: .fish) { script, folder in
            writeFile(folder + "/rain.fish", script)
            return "fish --no-config -C \(shellQuoted("function fish_prompt; echo 'ready$ '; end; set fish_complete_path \(folder) $fish_complete_path"))"
        },
    ]

    private func start(_ testCase: ShellCase, home: String) throws -> TmuxSession {
        let folder = home + "/shell"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let command = testCase.start(CompletionScript(root: RainCommand.self).script(for: testCase.shell), folder)
        let path = BuiltProduct.folder + ":/usr/bin:/bin"
        return try TmuxSession(
            folder: home,
            shellCommand: "exec env -i HOME=\(shellQuoted(folder)) PATH=\(shellQuoted(path)) RAIN_HOME=\(shellQuoted(home)) LANG=C.UTF-8 TERM=xterm \(command)",
            width: 100, height: 20)
    }

    /// The shell started with the script loaded and three saved places (Berlin the current
    /// location), at its first prompt.
    private func withShell(_ testCase: ShellCase, also: [String] = [], _ body: (TmuxSession) async throws -> Void) async throws {
        try await withTemporaryDirectory { home in
            let store = LocationsStore(paths: .resolve(environment: ["RAIN_HOME": home]))
            for name in ["New York", "Zürich", "Berlin"] + also {
                _ = try store.add(name: name, coordinate: Coordinate(latitude: 1, longitude: 2), select: name == "Berlin")
            }
            let tmux = try start(testCase, home: home)
            defer { tmux.kill() }
            try await tmux.waitForScreen(containing: "ready$", limit: .seconds(90))
            try await body(tmux)
        }
    }

    @Test(arguments: shells)
    func completesASavedPlaceNameWithASpace(_ testCase: ShellCase) async throws {
        try await withShell(testCase) { tmux in
            try tmux.send("rain show new", "Tab")
            try await tmux.waitForScreen(containing: #"rain show New\ York"#, limit: .seconds(90))
        }
    }

    /// Inside an opening quote the name goes in as it is, and the shell closes the quote.
    @Test(arguments: shells)
    func completesANameInsideQuotesWithoutBackslashes(_ testCase: ShellCase) async throws {
        try await withShell(testCase) { tmux in
            for (typed, completed) in [(#"rain show "New"#, #"rain show "New York""#), ("rain show 'New", "rain show 'New York'")] {
                try tmux.send("C-u", typed, "Tab")
                try await tmux.waitForScreen(containing: completed, limit: .seconds(90))
            }
        }
    }

    @Test(arguments: shells)
    func completesANonASCIINameByItsFirstLettersAndTheShorthand(_ testCase: ShellCase) async throws {
        try await withShell(testCase) { tmux in
            try tmux.send("rain z", "Tab")
            try await tmux.waitForScreen(containing: "rain Zürich", limit: .seconds(90))
        }
    }

    /// `rain zurich` names Zürich, so `zur<TAB>` offers it: rain matches ignoring case and
    /// accents. bash and zsh put in the saved name; fish keeps only candidates that match the
    /// word up to case, so it gets the name without its accents, which names the same place.
    @Test(arguments: shells)
    func completesAnAccentedNameFromItsLettersWithoutAccents(_ testCase: ShellCase) async throws {
        try await withShell(testCase) { tmux in
            try tmux.send("rain zur", "Tab")
            try await tmux.waitForScreen(containing: testCase.shell == .fish ? "rain Zurich" : "rain Zürich", limit: .seconds(90))
            try tmux.send("C-u", "rain show ZUR", "Tab")
            try await tmux.waitForScreen(containing: testCase.shell == .fish ? "rain show Zurich" : "rain show Zürich", limit: .seconds(90))
        }
    }

    /// Several places match "zu" (Zürich, Zug): the shell's common beginning of them must keep
    /// what was typed ("Zu" in bash and zsh, which take it; fish leaves the word as it is),
    /// never cut it back to "Z" as "Zürich" and "Zug" would.
    @Test(arguments: shells)
    func severalMatchesKeepWhatWasTyped(_ testCase: ShellCase) async throws {
        try await withShell(testCase, also: ["Zug"]) { tmux in
            try tmux.send("rain show zu", "Tab")
            // fish lists them at once (the saved name beside each); bash and zsh on a second Tab.
            if testCase.shell == .fish { try await tmux.waitForScreen(containing: "Zurich", limit: .seconds(90)) }
            try tmux.send("X")
            try await tmux.waitForScreen(containing: testCase.shell == .fish ? "rain show zuX" : "rain show ZuX", limit: .seconds(90))
        }
    }

    /// Removing the current location is refused, so `locations remove` does not offer it; other
    /// places and other commands still do.
    @Test(arguments: shells)
    func removeDoesNotOfferTheCurrentLocation(_ testCase: ShellCase) async throws {
        try await withShell(testCase) { tmux in
            try tmux.send("rain locations remove zür", "Tab")
            try await tmux.waitForScreen(containing: "rain locations remove Zürich", limit: .seconds(90))
            try tmux.send("C-u", "rain locations remove ber", "Tab", "qq")
            try await tmux.waitForScreen(containing: "rain locations remove berqq", limit: .seconds(90))
            try tmux.send("C-u", "rain show ber", "Tab")
            try await tmux.waitForScreen(containing: "rain show Berlin", limit: .seconds(90))
        }
    }

    @Test(arguments: shells)
    func completesOptionValuesAndSubcommands(_ testCase: ShellCase) async throws {
        try await withShell(testCase) { tmux in
            for (typed, completed) in [("rain --color al", "rain --color always"), ("rain locations rem", "rain locations remove"),
                                       ("rain watch --every 15", "rain watch --every 15m"),
                                       ("rain help loc", "rain help locations"), ("rain help locations rem", "rain help locations remove")] {
                try tmux.send("C-u", typed, "Tab")
                try await tmux.waitForScreen(containing: completed, limit: .seconds(90))
            }
            // A template is free text: nothing is offered, not even a lone '{'.
            try tmux.send("C-u", "rain show --format ", "Tab", "qq")
            try await tmux.waitForScreen(containing: "rain show --format qq", limit: .seconds(90))
        }
    }
}
