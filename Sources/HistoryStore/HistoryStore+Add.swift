import Foundation
import FileSupport
import RunResults

extension HistoryStore {
    /// What ``add(_:branch:machine:source:)`` did.
    package enum AddOutcome: Hashable, Sendable {
        /// The run is new: its id and the rows stored.
        case added(runID: String, rows: Int)
        /// The same run (same id, same content) was already there; nothing changed.
        case unchanged(runID: String)
    }

    /// Adds a run document (as the results readers return it: checked, an
    /// older version upgraded), in one transaction: the run, its machines,
    /// plan and cases, and one results row per document row. Idempotent:
    /// the same run again changes nothing. Refused: a run with the same id
    /// but other content (a different run under a reused name and start
    /// time), a document in which two rows are the same case.
    ///
    /// - Parameters:
    ///   - branch: the branch the run's commit was on ("" when unknown).
    ///   - machine: a name for the measuring machine instead of the recorded
    ///     CPU, cores, memory and OS (refused for a merge of several machines).
    ///   - source: the run folder (or results file) the document was read
    ///     from, as the caller names it; kept relative to the store's folder
    ///     (``RelativePath``) so the history page can link the run. A run
    ///     already stored keeps the source it has.
    /// - Complexity: O(rows · log(store size)); a 300-row run takes a few
    ///   milliseconds (README "History and trends").
    @discardableResult
    package func add(_ document: RunDocument, branch: String = "", machine: String? = nil, source: String? = nil) throws(HistoryAddError) -> AddOutcome {
        let identity: RunIdentity
        do {
            identity = try RunIdentity(document, machine: machine)
            try Self.refuseRepeatedCases(document)
        } catch {
            throw .input(error)
        }
        do {
            return try connection.writeTransaction { () throws(FileError) -> AddOutcome in
                let existing = try connection.prepare("SELECT content, fingerprint_version FROM runs WHERE run_id = ?")
                try existing.bind([.text(identity.runID)])
                if try existing.step() {
                    if identity.hasContent(existing.text(0), version: Int(existing.integer(1)), of: document) { return .unchanged(runID: identity.runID) }
                    throw FileError(
                        path: path,
                        problem: "run \(identity.runID) is in the history already with other rows (a different run under the same name and start time); it was not added")
                }
                try insert(document, identity: identity, branch: branch, source: source.map(storedSource))
                return .added(runID: identity.runID, rows: document.rows.count)
            }
        } catch {
            throw .store(error)
        }
    }

    /// The inserts of one new run (inside ``add(_:branch:machine:source:)``'s transaction).
    private func insert(_ document: RunDocument, identity: RunIdentity, branch: String, source: String?) throws(FileError) {
        let environment = document.environment
        let planID = try upsert("plans", key: ["settings": .text(identity.plan)], extra: [:])
        var machineIDs: [String: Int64] = [:]
        func machineID(_ name: String, _ recorded: RunEnvironment) throws(FileError) -> Int64 {
            if let known = machineIDs[name] { return known }
            let id = try upsert(
                "machines", key: ["name": .text(name)],
                extra: ["cpu": .text(recorded.cpu), "cores": .integer(Int64(recorded.cores)), "memory_bytes": .integer(Int64(recorded.memoryBytes)), "os": .text(recorded.os)])
            machineIDs[name] = id
            return id
        }
        let runMachine = try machineID(identity.machineNames[-1]!, environment)
        try connection.prepare(
            """
            INSERT INTO runs (run_id, run_name, start_time, git_commit, branch, machine_id, plan_id, catalog, swift_version,
                build_configuration, seed, results_version, complete, shard, row_count, content, added_at, source, fingerprint_version)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """
        ).run([
            .text(identity.runID), .text(environment.runName), .text(environment.startTime), .text(environment.gitCommit), .text(branch),
            .integer(runMachine), .integer(planID), .text(identity.catalog), .text(environment.swiftVersion),
            .text(environment.buildConfiguration), .integer(Int64(bitPattern: environment.seed)), .integer(Int64(document.version)),
            .integer(document.complete ? 1 : 0), .string(document.plan.shard?.description), .integer(Int64(document.rows.count)),
            .text(identity.content), .text(UTCTimestamp.now()), .string(source), .integer(Int64(RunIdentity.fingerprintVersion)),
        ])
        let runID = connection.lastInsertedRowID
        let findCase = try connection.prepare(
            "SELECT id FROM cases WHERE machine_id = ? AND plan_id = ? AND engine = ? AND workload = ? AND parameters = ? AND elements = ? AND size = ?")
        let addCase = try connection.prepare(
            "INSERT INTO cases (machine_id, plan_id, engine, workload, parameters, elements, size) VALUES (?, ?, ?, ?, ?, ?, ?)")
        let markMeasures = try connection.prepare("UPDATE cases SET measures = measures | ? WHERE id = ? AND measures & ?1 != ?1")
        let addResult = try connection.prepare(
            """
            INSERT INTO results (case_id, run_id, status, reason_code, samples, median_ns, spread_ns, instructions, peak_heap_bytes,
                allocations, steps) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        for row in document.rows {
            let machine = try machineID(identity.machine(of: row), document.environment(of: row))
            let key: [SQLiteValue] = [
                .integer(machine), .integer(planID), .text(row.engine.name), .text(row.workload.rawValue), .text(row.parameters), .text(row.elements.rawValue),
                .integer(Int64(row.size)),
            ]
            try findCase.bind(key)
            let caseID: Int64
            if try findCase.step() {
                caseID = findCase.integer(0)
                findCase.reset()
            } else {
                findCase.reset()
                try addCase.run(key)
                caseID = connection.lastInsertedRowID
            }
            let measures = HistoryMeasure.allCases.filter { $0.value(of: row) != nil }.reduce(Int64(0)) { $0 | $1.bit }
            if measures != 0 { try markMeasures.run([.integer(measures), .integer(caseID)]) }
            try addResult.run([
                .integer(caseID), .integer(runID), .text(row.status.rawValue), .string(row.reasonCode?.rawValue), .integer(Int64(row.samples)),
                .double(row.medianNs), .double(row.spreadNs), .int(row.instructions), .int(row.peakHeapBytes), .int(row.allocations),
                .int(row.steps),
            ])
        }
    }

    /// The id of the row of `table` whose unique column(s) `key` hold these
    /// values, inserted (with `extra`) when missing. O(log table).
    private func upsert(_ table: String, key: KeyValuePairs<String, SQLiteValue>, extra: KeyValuePairs<String, SQLiteValue>) throws(FileError) -> Int64 {
        let find = try connection.prepare("SELECT id FROM \(table) WHERE " + key.map { "\($0.key) = ?" }.joined(separator: " AND "))
        try find.bind(key.map(\.value))
        if try find.step() { return find.integer(0) }
        let columns = key.map(\.key) + extra.map(\.key)
        try connection.prepare(
            "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        ).run(key.map(\.value) + extra.map(\.value))
        return connection.lastInsertedRowID
    }

    /// `path` (as the caller names it) as the store keeps it: relative to
    /// the store's folder when the two share more than the root, else absolute.
    func storedSource(_ path: String) -> String {
        RelativePath.from(folder, to: path) ?? RelativePath.absolute(path)
    }

    /// Refuses a document in which two rows are the same case (engine,
    /// workload, size, parameters, kind, machine), as `compare` refuses
    /// them: one of the two is a forgery or a bad merge. O(rows).
    static func refuseRepeatedCases(_ document: RunDocument) throws(HistoryInputError) {
        var seen: [String: Int] = [:]
        for (index, row) in document.rows.enumerated() {
            let key = "\(row.key)/\(row.machine ?? -1)"
            if let first = seen[key] {
                throw HistoryInputError(
                    "row \(index + 1) (\(TerminalText.visible(row.label))) repeats row \(first + 1): a run holds one row per engine and dataset")
            }
            seen[key] = index
        }
    }
}

/// Why ``HistoryStore/add(_:branch:machine:source:)`` refused a run: the document
/// (name the results file) or the store (name the store).
package enum HistoryAddError: Error, CustomStringConvertible {
    case input(HistoryInputError)
    case store(FileError)

    package var description: String {
        switch self {
        case .input(let error): return error.description
        case .store(let error): return error.description
        }
    }
}
