import Glibc
import FoundationEssentials
import RainCLI
import RainKit

// `rain show | head` closes the pipe early: the write fails with EPIPE instead of killing rain.
signal(SIGPIPE, SIG_IGN)

let status = await RainCLI.run(
    Array(CommandLine.arguments.dropFirst()),
    environment: ProcessInfo.processInfo.environment,
    console: StandardConsole()
)
exit(status)
