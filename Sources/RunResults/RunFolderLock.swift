import FileSupport
import Foundation
import Glibc
#if canImport(Glibc)
#endif

/// An exclusive hold on a run folder for the time of one run: two runs with
/// the same `--name` would otherwise rewrite each other's `results.*` and
/// one run's rows would be lost without a word. The lock is `flock` on the
/// hidden file `.lock` inside the folder: the kernel drops it when the
/// process ends however it ends (even SIGKILL), so a stale lock cannot
/// outlive its run.
///
/// A run that ends normally also removes the file (while it still holds
/// the lock), so a finished run folder holds only its results. A run that
/// opened the file just before it was removed would hold a lock on a file
/// no one else can find: so after taking the lock, the holder checks that
/// the path still names the file it locked, and starts again if not.
public final class RunFolderLock {
    private let descriptor: Int32
    public let path: String

    /// Creates `directory` if needed and takes its lock, or throws naming
    /// the folder (another run holds it, or it cannot be made). `busyHint`
    /// ends the message when another process holds it: what else the
    /// command's user can do (run's "choose another --name").
    public init(directory: String, busyHint: String = "choose another --name") throws(FileError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: directory, problem: "cannot create the run folder: " + ResultsStore.folderProblem(directory, error))
        }
        path = RunFolder(directory).lock
        var descriptor: Int32
        while true {
            descriptor = try Self.lockedFile(path, directory: directory, busyHint: busyHint)
            if Self.pathStillNames(descriptor, path) { break }
            close(descriptor)
        }
        self.descriptor = descriptor
        ftruncate(descriptor, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { Glibc.write(descriptor, $0, strlen($0)) }
    }

    /// Removes the lock file, then lets go of the lock: removed first, so no
    /// other run can find the file and lock it between the two.
    deinit {
        unlink(path)
        close(descriptor)
    }

    /// `path` opened (created if needed) and locked, or a thrown error
    /// naming the folder. O(1).
    private static func lockedFile(_ path: String, directory: String, busyHint: String) throws(FileError) -> Int32 {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw FileError(path: path, problem: "cannot open the run folder's lock: \(String(cString: strerror(errno)))")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let busy = errno == EWOULDBLOCK
            let reason = String(cString: strerror(errno))
            var holder = ""
            if busy, let text = try? String(contentsOfFile: path, encoding: .utf8), let pid = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                holder = " (process \(pid))"
            }
            close(descriptor)
            throw FileError(
                path: directory,
                problem: busy
                    ? "another run\(holder) is writing to this run folder; wait for it or \(busyHint)"
                    : "cannot lock the run folder: \(reason)")
        }
        return descriptor
    }

    /// Whether `path` is still the file open as `descriptor` (same device
    /// and inode): false when a finishing run removed it after it was opened.
    private static func pathStillNames(_ descriptor: Int32, _ path: String) -> Bool {
        var open = stat(), named = stat()
        guard fstat(descriptor, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}

extension FileError {
    /// A thrown file error in a few words (a Foundation error's POSIX reason when it has one).
    public static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
