import CSQLite
import DiffBenchTestSupport
import Foundation
import RunResults
import HistoryStore
import Testing

/// Run documents for the store's tests: the committed CI baseline (a real
/// run of 207 rows nobody wrote for these tests), renamed and moved so each
/// call is another run.
enum HistoryFixtures {
    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }

    /// A real run of the CI plan: a frozen copy of the CI baseline of
    /// 2026-11-26 (Tests/Fixtures), so re-recording the baseline never
    /// changes what these tests expect (its run id, commit and machine).
    static func baseline() throws -> RunDocument { try ResultsStore.read(packageRoot + "/Tests/Fixtures/ci-run-2026-11-26.json") }

    /// The baseline as run `index`: its own name, start time (`index`
    /// minutes after 2026-01-01) and commit; medians scaled by `scale`.
    static func run(_ index: Int, from base: RunDocument, scale: Double = 1, cpu: String? = nil) -> RunDocument {
        var document = base
        document.environment.runName = "run-\(index)"
        document.environment.startTime = String(format: "2026-01-01T%02d:%02d:00Z", index / 60, index % 60)
        document.environment.gitCommit = String(format: "c%011d", index)
        if let cpu { document.environment.cpu = cpu }
        for position in document.rows.indices { document.rows[position].medianNs = document.rows[position].medianNs.map { $0 * scale } }
        return document
    }

    /// The file's bytes, or nil when it is missing.
    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// Runs `sql` on the SQLite file at `path` with the library directly,
    /// as another program would (a foreign database, a forged header).
    static func sqlite(_ path: String, _ sql: String) throws {
        var handle: OpaquePointer?
        defer { sqlite3_close(handle) }
        guard sqlite3_open(path, &handle) == SQLITE_OK else { throw HistoryTestError("cannot open \(path)") }
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw HistoryTestError(String(cString: sqlite3_errmsg(handle)))
        }
    }

    /// The big-endian 32-bit field of the SQLite header at `offset` (60: user_version, 68: application_id).
    static func headerField(_ path: String, at offset: Int) throws -> UInt32 {
        let data = try #require(bytes(path))
        return data[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

struct HistoryTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
