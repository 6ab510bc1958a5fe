import FileSupport
import RunResults

extension HistoryStore {
    /// The runs matching `filter`, newest first (by start time).
    /// O(runs · log runs).
    package func runs(_ filter: RunFilter = RunFilter()) throws(FileError) -> [StoredRun] {
        var conditions: [String] = [], values: [SQLiteValue] = []
        if let machine = filter.machine { conditions.append("m.name = ?"); values.append(.text(machine)) }
        if let branch = filter.branch { conditions.append("u.branch = ?"); values.append(.text(branch)) }
        if let commit = filter.commit { conditions.append("u.git_commit LIKE ? ESCAPE '\\'"); values.append(.text(Self.likePrefix(commit))) }
        if let plan = filter.plan { conditions.append("p.settings = ?"); values.append(.text(plan)) }
        let statement = try connection.prepare(
            """
            SELECT u.run_id, u.run_name, u.start_time, u.git_commit, u.branch, m.name, p.settings, u.catalog, u.swift_version,
                u.build_configuration, u.results_version, u.complete, u.row_count, u.added_at, u.source
            FROM runs u JOIN machines m ON m.id = u.machine_id JOIN plans p ON p.id = u.plan_id
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            ORDER BY u.start_time DESC, u.id DESC\(filter.limit.map { " LIMIT \(max(0, $0))" } ?? "")
            """)
        return try statement.rows(values) { row in
            StoredRun(
                runID: row.text(0), runName: row.text(1), startTime: row.text(2), commit: row.text(3),
                branch: row.text(4), machine: row.text(5), plan: row.text(6), catalog: row.text(7),
                swiftVersion: row.text(8), buildConfiguration: row.text(9), resultsVersion: Int(row.integer(10)),
                complete: row.integer(11) != 0, rows: Int(row.integer(12)), addedAt: row.text(13),
                source: row.optionalText(14))
        }
    }

    /// The series matching `filter`: each case with at least one value of a
    /// measure, once per such measure, in ``SeriesKey`` order. O(cases).
    package func seriesKeys(_ filter: SeriesFilter = SeriesFilter()) throws(FileError) -> [SeriesKey] {
        var conditions: [String] = [], values: [SQLiteValue] = []
        if let machine = filter.machine { conditions.append("m.name = ?"); values.append(.text(machine)) }
        if let plan = filter.plan { conditions.append("p.settings = ?"); values.append(.text(plan)) }
        if let engine = filter.engine { conditions.append("c.engine = ?"); values.append(.text(engine)) }
        if let workload = filter.workload { conditions.append("c.workload = ?"); values.append(.text(workload.rawValue)) }
        if let elements = filter.elements { conditions.append("c.elements = ?"); values.append(.text(elements.rawValue)) }
        if let size = filter.size { conditions.append("c.size = ?"); values.append(.integer(Int64(size))) }
        let statement = try connection.prepare(
            """
            SELECT \(StoredCase.columns), c.measures
            FROM cases c JOIN machines m ON m.id = c.machine_id JOIN plans p ON p.id = c.plan_id
            \(conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND "))
            """)
        let keys = try statement.rows(values) { row in
            let measures = row.integer(7)
            return HistoryMeasure.allCases.filter { measures & $0.bit != 0 && (filter.measure == nil || filter.measure == $0) }.map { measure in
                SeriesKey(StoredCase(row), measure: measure)
            }
        }
        return keys.joined().sorted()
    }

    /// The points of one series in run order (start time, then the order
    /// runs were added), only from runs of `branch` when it is given; empty
    /// when the store has no such series. Rows without a value of the
    /// measure (a skipped row's median) are not points.
    /// - Complexity: O(points · log runs): one range of the results table,
    ///   joined to runs by key (10,000 points in about 10 ms; README).
    package func series(_ key: SeriesKey, branch: String? = nil) throws(FileError) -> [SeriesPoint] {
        let column = key.measure.column
        let noise = key.measure.noiseColumn.map { "r." + $0 } ?? "NULL"
        let statement = try connection.prepare(
            """
            SELECT u.git_commit, u.start_time, u.run_id, u.branch, r.\(column), \(noise), r.status, r.reason_code
            FROM cases c JOIN machines m ON m.id = c.machine_id JOIN plans p ON p.id = c.plan_id
                JOIN results r ON r.case_id = c.id JOIN runs u ON u.id = r.run_id
            WHERE m.name = ? AND p.settings = ? AND c.engine = ? AND c.workload = ? AND c.parameters = ? AND c.elements = ?
                AND c.size = ? AND r.\(column) IS NOT NULL\(branch == nil ? "" : " AND u.branch = ?")
            ORDER BY u.start_time, u.id
            """)
        var values: [SQLiteValue] = [
            .text(key.machine), .text(key.plan), .text(key.engine), .text(key.workload.rawValue), .text(key.parameters), .text(key.elements.rawValue),
            .integer(Int64(key.size)),
        ]
        if let branch { values.append(.text(branch)) }
        return try statement.rows(values) { row in
            SeriesPoint(
                commit: row.text(0), date: row.text(1), runID: row.text(2), branch: row.text(3),
                value: row.real(4), noise: row.optionalReal(5),
                status: ResultRow.Status(rawValue: row.text(6)) ?? .failed, reasonCode: row.optionalText(7))
        }
    }

    /// The rows of one stored run (every measure, status and reason code),
    /// for exports: each as a ``StoredRow``, in case order. O(rows · log store).
    package func rows(ofRun runID: String) throws(FileError) -> [StoredRow] {
        let statement = try connection.prepare(
            """
            SELECT \(StoredCase.columns), r.status, r.reason_code, r.samples,
                r.median_ns, r.spread_ns, r.instructions, r.peak_heap_bytes, r.allocations, r.steps
            FROM runs u JOIN results r ON r.run_id = u.id JOIN cases c ON c.id = r.case_id
                JOIN machines m ON m.id = c.machine_id JOIN plans p ON p.id = c.plan_id
            WHERE u.run_id = ?
            ORDER BY c.workload, c.size, c.elements, c.parameters, c.engine
            """)
        return try statement.rows([.text(runID)]) { row in
            StoredRow(
                storedCase: StoredCase(row), status: ResultRow.Status(rawValue: row.text(7)) ?? .failed, reasonCode: row.optionalText(8),
                samples: Int(row.integer(9)), medianNs: row.optionalReal(10), spreadNs: row.optionalReal(11),
                instructions: row.optionalInteger(12).map(Int.init), peakHeapBytes: row.optionalInteger(13).map(Int.init),
                allocations: row.optionalInteger(14).map(Int.init), steps: row.optionalInteger(15).map(Int.init))
        }
    }

    /// `text%` for a LIKE that matches commits starting with `text` (so a
    /// 7-digit hash finds the 12-digit one), with `%`, `_` and `\` escaped
    /// scalar by scalar (SQLite's LIKE reads scalars: a `%` followed by a
    /// combining mark is still a wildcard to it, though not a `"%"` `Character`).
    static func likePrefix(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            if scalar == "%" || scalar == "_" || scalar == "\\" { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return escaped + "%"
    }
}
