import Formats
#if canImport(Glibc)
// `stdout` is a C global; only its flush and error flag are read here, from the main thread at exit.
@preconcurrency import Glibc
#endif

/// Standard output, checked: `print` cannot report a failed write (a full
/// disk, a closed pipe), so the buffer is flushed before exit and an error
/// then is an I/O failure (exit 2), not a success.
enum StandardOutput {
    static func flush() throws(FileError) {
        if fflush(stdout) != 0 || ferror(stdout) != 0 {
            let reason = String(cString: strerror(errno))
            clearerr(stdout)
            throw FileError(path: "standard output", problem: "cannot write: \(reason)")
        }
    }
}
