import CSQLite
import FileSupport

/// One connection to an SQLite file, through the system library: the few
/// calls the history store needs (open, run a statement, prepare, a
/// transaction), each turning SQLite's result codes into a ``FileError``
/// that names the file. Not shared between threads (a process opens its own).
final class SQLiteConnection {
    /// The file, as the user named it (every error names it).
    let path: String
    private(set) var handle: OpaquePointer?

    /// Opens `path` read-write; `create` makes the file when it is missing.
    /// Nothing is read or written yet: SQLite reads the header on the first
    /// statement. O(1).
    init(path: String, create: Bool) throws(FileError) {
        self.path = path
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
        if create { flags |= SQLITE_OPEN_CREATE }
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        handle = opened
        guard code == SQLITE_OK else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot be opened"
            sqlite3_close_v2(opened)
            handle = nil
            throw FileError(path: path, problem: "cannot open the history store: \(message)")
        }
        sqlite3_extended_result_codes(opened, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Waits up to `milliseconds` for another process's lock before a
    /// statement gives up with "database is locked".
    func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    /// Runs one or more statements that return no rows (schema, pragmas).
    func execute(_ sql: String) throws(FileError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// A prepared statement for `sql` (one statement). O(length of sql).
    func prepare(_ sql: String) throws(FileError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw failure(code) }
        return SQLiteStatement(statement, connection: self)
    }

    /// The first column of the first row `sql` returns, as an integer
    /// (pragmas, counts); nil when it returns no row.
    func integer(_ sql: String) throws(FileError) -> Int64? {
        let statement = try prepare(sql)
        return try statement.step() ? statement.integer(0) : nil
    }

    /// Runs `body` in one write transaction taken at once (`BEGIN
    /// IMMEDIATE`): a second writer waits (busy timeout) instead of
    /// failing half-way, and an error rolls everything back.
    func writeTransaction<T>(_ body: () throws(FileError) -> T) throws(FileError) -> T {
        try transaction("BEGIN IMMEDIATE", body)
    }

    /// Runs `body` in one read transaction (`BEGIN`, then `COMMIT`): its
    /// statements read one state of the file, so a writer's commit between
    /// two of them cannot be seen half (one pragma before it, a count after).
    func readTransaction<T>(_ body: () throws(FileError) -> T) throws(FileError) -> T {
        try transaction("BEGIN", body)
    }

    /// `body` between `begin` and `COMMIT`; rolled back when it throws.
    private func transaction<T>(_ begin: String, _ body: () throws(FileError) -> T) throws(FileError) -> T {
        try execute(begin)
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    /// Whether the last failure thrown from this connection was another
    /// connection's lock: SQLite gives that answer at once, without the
    /// busy timeout, where waiting could deadlock (a reader asking to write
    /// while a writer waits for it), so the caller may retry the whole step.
    /// Kept from the failing call itself: the rollback after it would
    /// overwrite SQLite's own last error code.
    var lastFailureWasBusy: Bool {
        let code = lastFailureCode & 0xFF
        return code == SQLITE_BUSY || code == SQLITE_LOCKED
    }

    /// The result code of the last failure ``failure(_:)`` turned into an error.
    private var lastFailureCode: Int32 = SQLITE_OK

    /// Forgets the last failure: a caller that retries does so before each
    /// try, so that a refusal of its own (not SQLite's) is not read as busy.
    func forgetLastFailure() { lastFailureCode = SQLITE_OK }

    /// The rowid of the last row inserted on this connection.
    var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// SQLite's result as an error naming the file: a corrupt file and a
    /// file that is not a database say so in words.
    func failure(_ code: Int32) -> FileError {
        lastFailureCode = code
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
        switch code & 0xFF {
        case SQLITE_CORRUPT:
            return FileError(path: path, problem: "the history store is damaged (\(message)); it was left as it is")
        case SQLITE_NOTADB:
            return FileError(path: path, problem: "not a history store: not an SQLite database (\(message)); it was left as it is")
        case SQLITE_BUSY, SQLITE_LOCKED:
            return FileError(path: path, problem: "the history store stayed locked by another process (\(message))")
        default:
            return FileError(path: path, problem: "history store: \(message)")
        }
    }
}
