import Glibc
import RainCLI
import RainKit
import RainTerminal

// `rain show | head` closes the pipe early: the write fails with EPIPE instead of killing rain.
signal(SIGPIPE, SIG_IGN)

let status = await RainCLI.run(
    Array(CommandLine.arguments.dropFirst()),
    environment: ProcessEnvironment.current(),
    console: StandardConsole()
)
exit(status)
