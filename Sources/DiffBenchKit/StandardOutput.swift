import FileSupport
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

    /// Runs `body` with standard output pointed at standard error (when
    /// `divert`), then restores it: what an engine prints while it is
    /// called (`print` in a descriptor's code) cannot mix into output a
    /// program reads (`diff --format json`). Flushes before and after, so
    /// nothing written before or after moves. O(1).
    static func divertedToStandardError<T>(when divert: Bool = true, _ body: () throws -> T) rethrows -> T {
        guard divert else { return try body() }
        fflush(stdout)
        let saved = dup(STDOUT_FILENO)
        guard saved >= 0 else { return try body() }
        dup2(STDERR_FILENO, STDOUT_FILENO)
        defer {
            fflush(stdout)
            dup2(saved, STDOUT_FILENO)
            close(saved)
        }
        return try body()
    }
}
