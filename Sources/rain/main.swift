import Glibc
import RainCLI
import RainKit
import RainTerminal

// `rain show | head` closes the pipe early: the write fails with EPIPE instead of killing rain.
signal(SIGPIPE, SIG_IGN)

/// Runs the command and exits where it ends, on the thread it ended on: coming back to the
/// main actor first would start a thread for the main queue only to call `exit`.
nonisolated func runAndExit() async -> Never {
    exit(await RainCLI.run(
        Array(CommandLine.arguments.dropFirst()),
        environment: ProcessEnvironment.current(),
        console: StandardConsole()
    ))
}

await runAndExit()
