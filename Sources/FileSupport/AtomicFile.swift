import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file that could not be written.
public typealias FileWriteError = FileError

#if canImport(Glibc)
private let systemWrite = Glibc.write
#else
private let systemWrite = Darwin.write
#endif

/// The one way DiffBench writes a file: the bytes go to a temporary file in
/// the same folder, which is then renamed over the target. A rename within a
/// folder is atomic, so a reader, a crash or a Ctrl-C never leaves half a
/// file: the old file or the new one, nothing in between.
public enum AtomicFile {
    public static func write(_ text: String, to path: String, createFolder: Bool = false) throws(FileWriteError) {
        try write(Data(text.utf8), to: path, createFolder: createFolder)
    }

    public static func write(_ data: Data, to path: String, createFolder: Bool = false) throws(FileWriteError) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent()
        if createFolder {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                throw FileWriteError(path: path, problem: "cannot create the folder \(folder.path)")
            }
        }
        try moveIntoPlace(try writeTemporary(data, for: path), path)
    }

    /// Writes `data` whole to a fresh temporary file beside `path` and
    /// returns its path, for a caller that renames several files together.
    /// A failed write (a full disk, permissions, no folder) removes the
    /// temporary and says why. Stale temporaries of `path` left by a killed
    /// process are removed first (``removeStaleTemporaries(of:)``). O(bytes).
    public static func writeTemporary(_ data: Data, for path: String) throws(FileWriteError) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        removeStaleTemporaries(of: path)
        let temporary = temporaryPath(for: path)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno))
            throw FileWriteError(path: path, problem: "cannot write into \(folder.isEmpty ? "." : folder): \(reason)")
        }
        // The mode from the mask the command started with, not the
        // process's mask now (an engine called in process may change it).
        fchmod(descriptor, LaunchState.fileMode)
        var failure: Int32 = 0
        data.withUnsafeBytes { buffer in
            var offset = 0
            let end = bytesTheDiskTakes(buffer.count, for: path)
            while offset < end {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, end - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
            if end < buffer.count { failure = ENOSPC }
        }
        if failure == 0, close(descriptor) != 0 { failure = errno } else if failure != 0 { close(descriptor) }
        guard failure == 0 else {
            unlink(temporary)
            throw FileWriteError(path: path, problem: "cannot write: \(String(cString: strerror(failure)))")
        }
        return temporary
    }

    /// The bytes of `count` a write of `path` can place: all of them, but
    /// for a test's full disk (``TestFullDisk``, debug builds), half.
    private static func bytesTheDiskTakes(_ count: Int, for path: String) -> Int {
        #if DEBUG
        if TestFullDisk.fills(path) { return count / 2 }
        #endif
        return count
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP held back (delivered when
    /// it returns), so that a group of renames is not cut in the middle by
    /// Ctrl-C or a polite kill.
    public static func holdingSignals<T>(_ body: () throws(FileWriteError) -> T) throws(FileWriteError) -> T {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&held, signal) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try body()
    }

    /// Removes hidden temporaries of `path` (`.NAME.tmp-PID-…`) whose
    /// process is gone: what a SIGKILL during a write leaves. A temporary of
    /// a live process (another writer at work) is left alone. O(files in
    /// the folder).
    public static func removeStaleTemporaries(of path: String) {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = ".\((path as NSString).lastPathComponent).tmp-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ pid_t($0) }), pid > 0 else { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                unlink(folder.isEmpty ? name : folder + "/" + name)
            }
        }
    }

    /// A fresh temporary name beside `path` (hidden, with the process id),
    /// for writers that produce the file themselves (libpng, gnuplot) and
    /// then call ``moveIntoPlace(_:_:)``. A relative path gives a relative
    /// name (gnuplot is handed names relative to its folder).
    public static func temporaryPath(for path: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        let name = ".\((path as NSString).lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        return folder.isEmpty ? name : folder + "/" + name
    }

    /// Renames a finished temporary file over `path`; removes it on failure.
    public static func moveIntoPlace(_ temporary: String, _ path: String) throws(FileWriteError) {
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw FileWriteError(path: path, problem: "cannot replace the file: \(reason)")
        }
    }
}
