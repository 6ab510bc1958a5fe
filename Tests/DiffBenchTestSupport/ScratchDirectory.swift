import Foundation

/// A fresh temporary folder for one test, removed when the value goes away.
public final class ScratchDirectory {
    public let path: String

    public init(prefix: String = "diffbench-tests") {
        path = NSTemporaryDirectory() + prefix + "-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A fresh temporary folder that the caller removes (or leaves for the
/// system to clean); for tests that want the folder as a URL.
public func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("diffbench-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
