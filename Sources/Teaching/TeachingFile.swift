import Foundation
import FileSupport

/// The teaching files, written through the project's one atomic writer
/// (`Workloads.AtomicFile`: a temporary file renamed over the target), with
/// failures as ``TeachingError``.
package enum TeachingFile {
    package static func write(_ text: String, to path: String) throws(TeachingError) {
        try write(Data(text.utf8), to: path)
    }

    package static func write(_ data: Data, to path: String) throws(TeachingError) {
        do {
            try AtomicFile.write(data, to: path)
        } catch {
            throw .output(path: path, problem: error.problem)
        }
    }

    /// Creates `path` and its parents when missing; throws when it is a file.
    package static func makeDirectory(_ path: String) throws(TeachingError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            if !isDirectory.boolValue { throw .output(path: path, problem: "exists and is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .output(path: path, problem: "cannot create the directory: \(error.localizedDescription)")
        }
    }
}
