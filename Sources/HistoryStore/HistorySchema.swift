import Foundation
import FileSupport

/// The history store's schema: its migrations, in order, and the checks
/// that keep the store from writing into a file that is not its own.
///
/// `PRAGMA user_version` is the number of migrations applied;
/// `PRAGMA application_id` marks the file as a DiffBench history store.
/// A migration is never edited once released: a change is a new one.
enum HistorySchema {
    /// `DBhs` in ASCII: the file's `application_id`.
    static let applicationID: Int64 = 0x4442_6873

    /// The migrations; version N is the file after the first N.
    ///
    /// 1: machines, plans, runs, cases (one per machine × plan × engine ×
    /// workload × parameters × kind × size, with a bit per measure it has
    /// values of) and results (one per case and run: status, reason code
    /// and every measure). Results has no rowid and is keyed (case, run),
    /// so a series is one range of the table; an index by run serves
    /// exports. About 40–60 bytes a row (measured: README "History and trends").
    static let migrations: [String] = [
        """
        CREATE TABLE machines (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            cpu TEXT NOT NULL,
            cores INTEGER NOT NULL,
            memory_bytes INTEGER NOT NULL,
            os TEXT NOT NULL
        );
        CREATE TABLE plans (
            id INTEGER PRIMARY KEY,
            settings TEXT NOT NULL UNIQUE
        );
        CREATE TABLE runs (
            id INTEGER PRIMARY KEY,
            run_id TEXT NOT NULL UNIQUE,
            run_name TEXT NOT NULL,
            start_time TEXT NOT NULL,
            git_commit TEXT NOT NULL,
            branch TEXT NOT NULL,
            machine_id INTEGER NOT NULL REFERENCES machines(id),
            plan_id INTEGER NOT NULL REFERENCES plans(id),
            catalog TEXT NOT NULL,
            swift_version TEXT NOT NULL,
            build_configuration TEXT NOT NULL,
            seed INTEGER NOT NULL,
            results_version INTEGER NOT NULL,
            complete INTEGER NOT NULL,
            shard TEXT,
            row_count INTEGER NOT NULL,
            content TEXT NOT NULL,
            added_at TEXT NOT NULL
        );
        CREATE INDEX runs_by_time ON runs(start_time, id);
        CREATE TABLE cases (
            id INTEGER PRIMARY KEY,
            machine_id INTEGER NOT NULL REFERENCES machines(id),
            plan_id INTEGER NOT NULL REFERENCES plans(id),
            engine TEXT NOT NULL,
            workload TEXT NOT NULL,
            parameters TEXT NOT NULL,
            elements TEXT NOT NULL,
            size INTEGER NOT NULL,
            measures INTEGER NOT NULL DEFAULT 0,
            UNIQUE (machine_id, plan_id, engine, workload, parameters, elements, size)
        );
        CREATE TABLE results (
            case_id INTEGER NOT NULL REFERENCES cases(id),
            run_id INTEGER NOT NULL REFERENCES runs(id),
            status TEXT NOT NULL,
            reason_code TEXT,
            samples INTEGER NOT NULL,
            median_ns REAL,
            spread_ns REAL,
            instructions INTEGER,
            peak_heap_bytes INTEGER,
            allocations INTEGER,
            steps INTEGER,
            PRIMARY KEY (case_id, run_id)
        ) WITHOUT ROWID;
        CREATE INDEX results_by_run ON results(run_id);
        """,
        // 2: where each run was added from (its run folder, or the results
        // file when it was not in one), relative to the store's folder where
        // the two share more than the root: the history page and `serve`
        // link a point to its run from it. NULL for runs added before.
        """
        ALTER TABLE runs ADD COLUMN source TEXT;
        """,
        // 3: the method each run's catalog and content fingerprints were
        // made by (RunIdentity.fingerprintVersion), so a cheaper method can
        // come without a second add of an older run failing: 1 for the
        // whole document as JSON (a content without a prefix), 2 for rows
        // as CSV text (`2:`). Runs added before keep their fingerprints.
        """
        ALTER TABLE runs ADD COLUMN fingerprint_version INTEGER NOT NULL DEFAULT 1;
        UPDATE runs SET fingerprint_version = 2 WHERE substr(content, 1, 2) = '2:';
        """,
    ]

    /// The schema version this build writes and reads.
    static var currentVersion: Int { migrations.count }

    /// Refuses a file that is not an SQLite database at all (SQLite itself
    /// would only say "file is not a database" on the first statement): an
    /// empty file is a new store; anything else must start with SQLite's
    /// 16-byte header text. Reads 16 bytes.
    static func refuseNonDatabase(_ path: String) throws(FileError) {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FileError(path: path, problem: "cannot read the history store (permission denied, or a folder)")
        }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 16)) ?? Data()
        guard header.isEmpty || header == Data("SQLite format 3\0".utf8) else {
            throw FileError(path: path, problem: "not a history store: not an SQLite database; it was left as it is")
        }
    }

    /// Refuses a database another program made (another application id, or
    /// tables without ours) and one of a newer schema, before anything is
    /// written to it. O(1).
    static func refuseForeignOrNewer(_ connection: SQLiteConnection) throws(FileError) {
        let application = try connection.integer("PRAGMA application_id") ?? 0
        let version = try connection.integer("PRAGMA user_version") ?? 0
        if application == applicationID {
            guard version <= Int64(currentVersion) else {
                throw FileError(
                    path: connection.path,
                    problem: "the history store has schema version \(version), newer than this diffbench's (version \(currentVersion)); use a newer diffbench; the file was left as it is")
            }
            return
        }
        let tables = try connection.integer("SELECT count(*) FROM sqlite_master") ?? 0
        guard application == 0, tables == 0 else {
            throw FileError(
                path: connection.path,
                problem: "not a history store: an SQLite database of another program (application id \(application), \(tables) schema entries); it was left as it is")
        }
    }

    /// Applies the migrations the file lacks, in one write transaction; the
    /// version is read again inside it, so two processes making the same
    /// new store apply them once. O(migrations).
    static func migrate(_ connection: SQLiteConnection) throws(FileError) {
        let version = try connection.integer("PRAGMA user_version") ?? 0
        let application = try connection.integer("PRAGMA application_id") ?? 0
        guard version < Int64(currentVersion) || application != applicationID else { return }
        try connection.writeTransaction { () throws(FileError) in
            try refuseForeignOrNewer(connection)
            let version = Int(try connection.integer("PRAGMA user_version") ?? 0)
            guard version < currentVersion else { return }
            for migration in migrations[version...] { try connection.execute(migration) }
            try connection.execute("PRAGMA user_version = \(currentVersion); PRAGMA application_id = \(applicationID)")
        }
    }
}
