import Foundation
import DiffEngines

/// A file that could not be read, written or made: which file and why. The
/// one error type for file problems across the targets; each names it after
/// what it was doing (`FileWriteError`, `ResultsFileError`, `PNGError`,
/// `ReportError`).
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    public var problem: String
    public init(path: String, problem: String) {
        self.path = path
        self.problem = problem
    }
    public var description: String { "\(path): \(problem)" }
}

/// A file that could not be written.
public typealias FileWriteError = FileError

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
        let temporary = temporaryPath(for: path)
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw FileWriteError(path: path, problem: "cannot write into \(folder.path) (missing folder, permissions or a full disk)")
        }
        try moveIntoPlace(temporary, path)
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
