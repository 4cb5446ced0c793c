import Foundation
@testable import RainKit
import RainTestSupport
import Testing

/// How a failed install of the table is told: a crontab that exited refused it; one that a
/// signal ended did not refuse anything, it died. A script stands in for crontab, so the
/// machine's own table is never touched.
@Suite struct CrontabFailureTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var script: String
        var message: String
        var testDescription: String { message }
    }

    static let cases = [
        Case(script: "kill -SEGV $$", message: "new crontab not installed: crontab ended by signal 11 (SIGSEGV)"),
        Case(script: "kill -XFSZ $$", message: "new crontab not installed: crontab hit the file size limit"),
        Case(script: "echo 'errors in crontab file, can not install.' >&2; exit 1",
             message: "crontab refused the new table: errors in crontab file, can not install."),
        Case(script: "exit 1", message: "crontab refused the new table: exit status 1, no message"),
    ]

    @Test(arguments: cases)
    func aFailedInstallSaysWhetherCrontabRefusedOrDied(_ example: Case) async throws {
        try await withTemporaryDirectory { folder in
            let command = folder + "/crontab"
            writeFile(command, "#!/bin/sh\ncat >/dev/null\n\(example.script)\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: command)
            #expect(throws: Crontab.Failure(text: .verbatim(example.message))) {
                try Crontab(command: command, environment: ChildEnvironment(ProcessEnvironment.current(), hiding: nil)).write("* * * * * true\n")
            }
        }
    }

    /// The table `crontab -l` lists is read whole up to 1 MB, the most rain edits; a byte more
    /// is refused, so that a table listed without end cannot fill rain's memory (hostile
    /// trial 16, N2: 196 MB of it had taken rain to 587 MB).
    @Test(arguments: [1 << 20, (1 << 20) + 1])
    func aTableIsReadWholeUpToTheMostRainEdits(_ size: Int) async throws {
        try await withTemporaryDirectory { folder in
            let command = folder + "/crontab"
            writeFile(command, "#!/bin/sh\nhead -c \(size - 1) /dev/zero | tr '\\0' '#'; echo\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: command)
            let crontab = Crontab(command: command, environment: ChildEnvironment(ProcessEnvironment.current(), hiding: nil))
            if size <= 1 << 20 {
                #expect(try crontab.read().utf8.count == size)
            } else {
                let failure = try #require(throws: Crontab.Failure.self) { try crontab.read() }
                #expect(Localization.english.tr(failure.text) == "your crontab is over 1 MB, the most rain edits; nothing changed")
                #expect(failure.kind == .localFile)
            }
        }
    }

    /// A crontab that floods its standard error is not kept whole (400 MB of it had become
    /// rain's 400 MB error line): its last words are.
    @Test func aFloodOnStandardErrorKeepsItsLastWordsOnly() async throws {
        try await withTemporaryDirectory { folder in
            let command = folder + "/crontab"
            writeFile(command, "#!/bin/sh\ncat >/dev/null\nhead -c 50000000 /dev/zero | tr '\\0' x >&2\necho ' bad minute' >&2\nexit 1\n")
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: command)
            let failure = try #require(throws: Crontab.Failure.self) { try Crontab(command: command, environment: ChildEnvironment(ProcessEnvironment.current(), hiding: nil)).write("* * * * * true\n") }
            let text = Localization.english.tr(failure.text)
            #expect(text.hasSuffix("x bad minute") && text.utf8.count <= 5000, "\(text.utf8.count) bytes")
        }
    }
}
