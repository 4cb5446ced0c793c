import Glibc
import RainCLI
import RainKit
import RainTerminal

// `rain show | head` closes the pipe early: the write fails with EPIPE instead of killing rain.
signal(SIGPIPE, SIG_IGN)

/// Runs the command and exits where it ends, on the thread it ended on: coming back to the
/// main actor first would start a thread for the main queue only to call `exit`. `_exit`, not
/// `exit`: everything rain writes has been written (it writes with write(2), never through
/// C's buffered streams), and the exit handlers left are libraries freeing their memory
/// (OpenSSL's, after a fetch, a fifth of a millisecond) just before the process goes.
nonisolated func runAndExit() async -> Never {
    _exit(await RainCLI.run(
        Array(CommandLine.arguments.dropFirst()),
        environment: ProcessEnvironment.current(),
        console: StandardConsole()
    ))
}

await runAndExit()
