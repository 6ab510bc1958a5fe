import DiffBenchTestSupport
import Foundation
import FileSupport
import RunResults
import HistoryStore
import Testing

/// The store's file: made and migrated on first use, and refused — named,
/// and left byte for byte as it was — when it is not ours, is damaged or
/// has a newer schema.
@Suite struct HistorySchemaTests {
    @Test("An empty file and a missing one become a store of the current schema, marked as ours")
    func migratesFromNothing() throws {
        let scratch = ScratchDirectory()
        for path in [scratch.path + "/empty.sqlite", scratch.path + "/new/folder/missing.sqlite"] {
            if path.hasSuffix("empty.sqlite") { #expect(FileManager.default.createFile(atPath: path, contents: Data())) }
            let store = try HistoryStore.open(path)
            #expect(try store.schemaVersion() == 3)
            try store.add(try HistoryFixtures.baseline())
            try store.checkpoint()
            // The header, read as bytes: user_version 3, application_id "DBhs".
            #expect(try HistoryFixtures.headerField(path, at: 60) == 3)
            #expect(try HistoryFixtures.headerField(path, at: 68) == 0x4442_6873)
            // A second open of the migrated file changes nothing and reads the run.
            let again = try HistoryStore.open(path, create: false)
            #expect(try again.runs().map(\.runID) == ["baseline-20261126-215415@2026-11-26T21:54:15Z"])
        }
    }

    @Test("A missing store is not made by a reader")
    func readersDoNotCreate() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/none.sqlite"
        #expect(throws: FileError.self) { try HistoryStore.open(path, create: false) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// A store with one run, closed and checkpointed: the file alone holds it.
    static func storeWithOneRun(_ path: String) throws {
        let store = try HistoryStore.open(path)
        try store.add(try HistoryFixtures.baseline())
        try store.checkpoint()
    }

    @Test("A newer schema is refused, naming both versions, and the file is left as it was")
    func newerSchemaRefused() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/h.sqlite"
        try Self.storeWithOneRun(path)
        try HistoryFixtures.sqlite(path, "PRAGMA user_version = 7")
        let before = try #require(HistoryFixtures.bytes(path))
        let error = try #require(throws: FileError.self) { try HistoryStore.open(path) }
        #expect(error.path == path)
        #expect(error.problem.contains("schema version 7"))
        #expect(error.problem.contains("(version 3)"))
        #expect(HistoryFixtures.bytes(path) == before)
    }

    @Test("Files that are not ours are refused, naming the file, and never written", arguments: ForeignFile.all)
    func foreignFilesRefused(_ foreign: ForeignFile) throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/h.sqlite"
        try foreign.make(path)
        let before = try #require(HistoryFixtures.bytes(path))
        let run = HistoryFixtures.run(1, from: try HistoryFixtures.baseline())
        let error = try #require(throws: FileError.self) { try Self.openAddAndRead(path, run) }
        #expect(error.path == path)
        #expect(error.problem.contains(foreign.words), "\(error.problem)")
        #expect(HistoryFixtures.bytes(path) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal") || foreign.leavesLog)
    }

    /// What a command does with a store: open it, add a run, read a series.
    /// The store's own error is thrown as it is (a refused add unwrapped).
    static func openAddAndRead(_ path: String, _ run: RunDocument) throws {
        let store = try HistoryStore.open(path)
        do {
            try store.add(run)
        } catch {
            if case .store(let failure) = error { throw failure }
            throw error
        }
        for key in try store.seriesKeys() { _ = try store.series(key) }
    }

    struct ForeignFile: CustomTestStringConvertible, Sendable {
        var name: String
        var words: String
        var leavesLog = false
        var make: @Sendable (String) throws -> Void
        var testDescription: String { name }

        static let all: [ForeignFile] = [
            ForeignFile(name: "a text file", words: "not an SQLite database") { path in
                try Data("machine,plan\nnot,a database\n".utf8).write(to: URL(fileURLWithPath: path))
            },
            ForeignFile(name: "another program's database", words: "another program") { path in
                try HistoryFixtures.sqlite(path, "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('mine')")
            },
            ForeignFile(name: "another program's database that shares our table names", words: "another program") { path in
                try HistoryFixtures.sqlite(path, "PRAGMA application_id = 1234; CREATE TABLE runs (id INTEGER PRIMARY KEY)")
            },
            ForeignFile(name: "a store whose pages after the first are overwritten", words: "damaged", leavesLog: true) { path in
                try HistorySchemaTests.storeWithOneRun(path)
                let handle = try #require(FileHandle(forUpdatingAtPath: path))
                let size = try handle.seekToEnd()
                try handle.seek(toOffset: 4096)
                try handle.write(contentsOf: Data(repeating: 0xA5, count: Int(size) - 4096))
                try handle.close()
            },
            ForeignFile(name: "a store cut short", words: "damaged", leavesLog: true) { path in
                try HistorySchemaTests.storeWithOneRun(path)
                let handle = try #require(FileHandle(forUpdatingAtPath: path))
                try handle.truncate(atOffset: 3 * 4096 + 100)
                try handle.close()
            },
        ]
    }
}
