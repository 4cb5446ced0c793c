#if canImport(Glibc)
import Glibc
#endif

/// What the system says about an `errno`, in words the catalogues translate: glibc's own
/// translations need its locale data installed (Debian's C.UTF-8 has none), so the errors a
/// file meets most are marked here in glibc's exact English; any other stays `strerror`'s.
enum SystemErrorText {
    static func text(_ code: Int32) -> LocalizedText {
        marked[code].map { LocalizedText($0) } ?? .verbatim(String(cString: strerror(code)))
    }

    /// glibc's English for each, as `strerror` gives it (a test compares them).
    static let marked: [Int32: String] = [
        ENOENT: N_("No such file or directory"),
        EACCES: N_("Permission denied"),
        EPERM: N_("Operation not permitted"),
        ENOSPC: N_("No space left on device"),
        EROFS: N_("Read-only file system"),
        EISDIR: N_("Is a directory"),
        ENOTDIR: N_("Not a directory"),
        ELOOP: N_("Too many levels of symbolic links"),
        EEXIST: N_("File exists"),
        EIO: N_("Input/output error"),
        EDQUOT: N_("Disk quota exceeded"),
        ENAMETOOLONG: N_("File name too long"),
        EMFILE: N_("Too many open files"),
        ENFILE: N_("Too many open files in system"),
        EBUSY: N_("Device or resource busy"),
        ETXTBSY: N_("Text file busy"),
        EAGAIN: N_("Resource temporarily unavailable"),
    ]
}
