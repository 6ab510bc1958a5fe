import Foundation
import FileSupport

/// The history of runs: one SQLite file (by default
/// `Reports/history.sqlite`) holding every run added to it, keyed by run
/// id, machine, commit, branch, plan and catalog, and every measure of
/// every row, so that a series — (machine, plan, engine, workload, element
/// kind, size, measure) — can be read back in run order.
///
/// The file is made on first use, in WAL mode with a busy timeout, so two
/// processes adding runs at once both succeed (each add is one
/// `BEGIN IMMEDIATE` transaction). Its schema is versioned
/// (`PRAGMA user_version`, ``HistorySchema``) and marked as this
/// project's (`PRAGMA application_id`); a file that is not ours, is damaged
/// or has a newer schema is refused, naming it, and left untouched.
///
/// The store reads run documents only (through the results readers of
/// Formats) and measures nothing itself.
package final class HistoryStore {
    /// The default file, relative to the working directory.
    package static let defaultPath = "Reports/history.sqlite"
    /// How long a writer waits for another process's transaction. A 300-row
    /// add holds the lock for milliseconds; minutes would mean a stuck process.
    static let busyTimeoutMilliseconds: Int32 = 30_000

    /// The file, as given.
    package let path: String
    let connection: SQLiteConnection

    private init(path: String, connection: SQLiteConnection) {
        self.path = path
        self.connection = connection
    }

    /// Opens the store at `path`, making it (and its folder) when `create`
    /// and it is missing; migrates an older schema to the current one.
    /// Refused, with the file named and left as it was: a missing file
    /// when not `create`, a file that is not an SQLite database, a database
    /// of another program, a damaged one, a newer schema. O(1) plus any migration.
    package static func open(_ path: String, create: Bool = true) throws(FileError) -> HistoryStore {
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists {
            guard create else {
                throw FileError(path: path, problem: "no history store here yet; `diffbench history add RUN` or `diffbench run` makes one")
            }
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty {
                do {
                    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
                } catch {
                    throw FileError(path: folder, problem: "cannot make the history store's folder: \(FileError.reason(error))")
                }
            }
        } else {
            try HistorySchema.refuseNonDatabase(path)
        }
        let connection = try SQLiteConnection(path: path, create: create)
        connection.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        try setUp(connection)
        return HistoryStore(path: path, connection: connection)
    }

    /// The checks, WAL mode and migrations of a store being opened, which
    /// several processes may run on one new file at once.
    ///
    /// Why each part is as it is:
    /// - the checks read the schema's marks in one read transaction, so a
    ///   store migrated by another process between two of the reads is not
    ///   taken for another program's database (tables, but no mark yet);
    /// - a step that SQLite refuses as busy at once (it does so, without the
    ///   busy timeout, where waiting could deadlock: the switch to WAL while
    ///   another process's migration waits to commit) is run again, with a
    ///   short random pause, until the busy timeout has passed.
    /// A real refusal (not ours, newer, damaged) is thrown at once.
    static func setUp(_ connection: SQLiteConnection) throws(FileError) {
        let deadline = Date().addingTimeInterval(Double(busyTimeoutMilliseconds) / 1000)
        var generator = SystemRandomNumberGenerator()
        while true {
            connection.forgetLastFailure()
            do {
                try connection.readTransaction { () throws(FileError) in try HistorySchema.refuseForeignOrNewer(connection) }
                try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON")
                try HistorySchema.migrate(connection)
                return
            } catch {
                guard connection.lastFailureWasBusy, Date() < deadline else { throw error }
                usleep(UInt32.random(in: 2_000...20_000, using: &generator))
            }
        }
    }

    /// The folder holding the store's file, as an absolute path.
    package var folder: String { (RelativePath.absolute(path) as NSString).deletingLastPathComponent }

    /// Where `run` was added from, as a path the working directory can use
    /// (its stored source resolved against the store's folder); nil when
    /// the store does not know (a run added before schema version 2, or
    /// added from memory).
    package func sourcePath(of run: StoredRun) -> String? {
        guard let source = run.source, !source.isEmpty else { return nil }
        return source.hasPrefix("/") ? source : RelativePath.absolute(folder + "/" + source)
    }

    /// The schema version of the open file (after migration: ``HistorySchema/currentVersion``).
    package func schemaVersion() throws(FileError) -> Int { Int(try connection.integer("PRAGMA user_version") ?? 0) }

    /// Moves the write-ahead log into the file and empties it, so the file
    /// alone holds the store (before copying it, or measuring its size).
    package func checkpoint() throws(FileError) { try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
}
