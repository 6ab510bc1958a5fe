import DiffBenchTestSupport
import Foundation
import FileSupport
import RunResults
import Testing

/// The run folder's lock: one holder at a time, and nothing left behind once
/// the holder lets go.
@Suite struct RunFolderLockTests {
    @Test func aReleasedLockLeavesNoFileAndTheFolderCanBeTakenAgain() throws {
        let scratch = ScratchDirectory()
        defer { withExtendedLifetime(scratch) {} }
        let folder = scratch.path + "/run"
        var lock: RunFolderLock? = try RunFolderLock(directory: folder)
        #expect(FileManager.default.fileExists(atPath: folder + "/.lock"))
        // Held: a second taker is refused, naming the holder.
        #expect(throws: FileError.self) { try RunFolderLock(directory: folder) }
        lock = nil
        #expect(!FileManager.default.fileExists(atPath: folder + "/.lock"))
        lock = try RunFolderLock(directory: folder)
        #expect(lock != nil && FileManager.default.fileExists(atPath: folder + "/.lock"))
    }
}
