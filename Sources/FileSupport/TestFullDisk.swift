#if DEBUG
import Foundation

/// A test-only full disk: with `DIFFBENCH_TEST_FAULT=full-disk:NAME` (the
/// variable of the harness's `FaultInjection`), every write of a file named
/// NAME through ``AtomicFile`` stops half way with `ENOSPC`, as a disk that
/// fills during the write does, so the tests of `merge` and `compare --to`
/// can show, as a normal user on any machine, what a full disk leaves: a
/// message naming the file, exit status 2, and nothing half-written. The
/// whole type is compiled into debug builds only.
enum TestFullDisk {
    /// The file name the environment's fault fills, read once.
    static let name: String? = {
        guard let text = ProcessInfo.processInfo.environment["DIFFBENCH_TEST_FAULT"], text.hasPrefix("full-disk:") else { return nil }
        return String(text.dropFirst("full-disk:".count))
    }()

    /// Whether the write of `path` meets the full disk. O(path).
    static func fills(_ path: String) -> Bool {
        guard let name else { return false }
        return (path as NSString).lastPathComponent == name
    }
}
#endif
