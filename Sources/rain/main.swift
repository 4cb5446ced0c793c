import CMalloc
import Glibc
import RainCLI
import RainKit
import RainTerminal

// `rain show | head` closes the pipe early: the write fails with EPIPE instead of killing rain.
signal(SIGPIPE, SIG_IGN)
// A file-size limit (`ulimit -f`) fails the write with EFBIG, which every command reports as a
// file it could not write (exit 74), instead of killing rain halfway. Children rain starts get
// the default action back (`ChildProcess`).
signal(SIGXFSZ, SIG_IGN)
// One malloc arena for all of rain's threads: a 200-place refresh peaked 1.5 MB lower than with
// an arena for each thread that found the others busy, and rain's threads spend little time in malloc.
mallopt(M_ARENA_MAX, 1)

/// Runs the command and exits where it ends, on the thread it ended on. `_exit`, not `exit`:
/// everything rain writes has been written (it writes with write(2), never through C's
/// buffered streams), and the exit handlers left are libraries freeing their memory
/// (OpenSSL's, after a fetch, a fifth of a millisecond) just before the process goes.
nonisolated func runAndExit(_ arguments: [String]) async -> Never {
    _exit(await RainCLI.run(
        arguments,
        environment: ProcessEnvironment.current(),
        console: StandardConsole()
    ))
}

// The command's task runs on the main thread (`SingleThreadExecutor`). An asynchronous top-level
// (`await` here) would hand the main queue to Dispatch, whose `dispatch_main` calls
// `pthread_exit` on the main thread: glibc then loads libgcc's unwinder and walks the thread's
// stack through the binary's unwind tables, a megabyte of them resident in a 200-place refresh.
let executor = SingleThreadExecutor()
Task.detached(executorPreference: executor) { await runAndExit(Array(CommandLine.arguments.dropFirst())) }
executor.run()
