import CSQLite
import FileSupport

/// A prepared SQLite statement: bind by 1-based index, step, read columns
/// by 0-based index. Reused across rows with ``reset()``, which is what
/// keeps adding a 300-row run to a few milliseconds.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    /// Binds `values` to the parameters 1, 2, … in order (after a reset).
    func bind(_ values: [SQLiteValue]) throws(FileError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .null: code = sqlite3_bind_null(statement, index)
            case .integer(let integer): code = sqlite3_bind_int64(statement, index, integer)
            case .real(let real): code = sqlite3_bind_double(statement, index, real)
            case .text(let text): code = sqlite3_bind_text(statement, index, text, -1, diffbench_sqlite_transient)
            }
            guard code == SQLITE_OK else { throw connection.failure(code) }
        }
    }

    /// Advances to the next row: true while there is one. O(the query's work for one row).
    func step() throws(FileError) -> Bool {
        let code = sqlite3_step(statement)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw connection.failure(code)
    }

    /// Binds `values`, then reads each row the query gives with `row`
    /// (the statement standing on that row): the one loop of every query
    /// that returns a list. O(the query's work, plus `row`'s per row).
    func rows<Row>(_ values: [SQLiteValue], _ row: (SQLiteStatement) -> Row) throws(FileError) -> [Row] {
        try bind(values)
        var rows: [Row] = []
        while try step() { rows.append(row(self)) }
        return rows
    }

    /// Binds, runs to the end and resets: an insert or update.
    func run(_ values: [SQLiteValue]) throws(FileError) {
        try bind(values)
        defer { reset() }
        while try step() {}
    }

    /// Ready for the next binding; earlier bindings are cleared.
    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    func integer(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func optionalInteger(_ column: Int32) -> Int64? { isNull(column) ? nil : integer(column) }
    func real(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func optionalReal(_ column: Int32) -> Double? { isNull(column) ? nil : real(column) }
    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: bytes)
    }
    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}
