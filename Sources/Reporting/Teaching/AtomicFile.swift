import Foundation

/// Writes files the way every report file is written: to a temporary file
/// next to the target, then renamed over it, so that a reader (or a crash)
/// never sees half a file.
public enum AtomicFile {
    public static func write(_ text: String, to path: String) throws(TeachingError) {
        try write(Data(text.utf8), to: path)
    }

    public static func write(_ data: Data, to path: String) throws(TeachingError) {
        let temporary = PNGFile.temporaryPath(for: path)
        do {
            try data.write(to: URL(fileURLWithPath: temporary))
        } catch {
            unlink(temporary)
            throw .output(path: path, problem: "cannot be written: \(error.localizedDescription)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .output(path: path, problem: "cannot be moved into place: \(reason)")
        }
    }

    /// Creates `path` and its parents when missing; throws when it is a file.
    public static func makeDirectory(_ path: String) throws(TeachingError) {
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
