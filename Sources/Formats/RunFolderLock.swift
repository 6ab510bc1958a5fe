import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive hold on a run folder for the time of one run: two runs with
/// the same `--name` would otherwise rewrite each other's `results.*` and
/// one run's rows would be lost without a word. The lock is `flock` on the
/// hidden file `.lock` inside the folder: the kernel drops it when the
/// process ends however it ends (even SIGKILL), so a stale lock cannot
/// outlive its run.
public final class RunFolderLock {
    private let descriptor: Int32
    public let path: String

    /// Creates `directory` if needed and takes its lock, or throws naming
    /// the folder (another run holds it, or it cannot be made).
    public init(directory: String) throws(FileError) {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: directory, problem: "cannot create the run folder: " + ResultsStore.folderProblem(directory, error))
        }
        path = RunFolder(directory).lock
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
                    ? "another run\(holder) is writing to this run folder; wait for it or choose another --name"
                    : "cannot lock the run folder: \(reason)")
        }
        self.descriptor = descriptor
        ftruncate(descriptor, 0)
        let pid = "\(getpid())\n"
        _ = pid.withCString { Glibc.write(descriptor, $0, strlen($0)) }
    }

    deinit { close(descriptor) }
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
