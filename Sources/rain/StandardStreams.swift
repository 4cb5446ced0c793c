import Glibc

/// Runs before anything else in the process (the Swift runtime's threads and descriptors
/// included): a standard stream that was closed (`rain >&-`) gets /dev/null opened in its
/// place, the wrong way round, so that no file rain opens later (the runtime's epoll
/// descriptor, a lock, a temporary file) can take descriptor 0, 1 or 2 and receive output or
/// errors meant for the terminal, while every write to a closed standard output still fails as
/// it would have (EBADF: "it is closed") and reading a closed standard input finds nothing.
@section(".init_array") @used
let reopenClosedStandardStreams: @convention(c) () -> Void = {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        // The lowest free descriptor is the closed one.
        _ = open("/dev/null", (descriptor == 0 ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
    }
}
