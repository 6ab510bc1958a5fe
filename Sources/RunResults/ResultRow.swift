
/// One row of a run: one engine on one dataset. Documented column by column
/// in the README ("results.csv columns"); `results.csv` and `results.json`
/// carry the same rows.
public struct ResultRow: Hashable, Sendable, Codable {
    /// Outcome of a row.
    public enum Status: String, Hashable, Sendable, Codable {
        /// Verified and measured.
        case ok
        /// The engine's changeset failed verification; `reason` says how.
        case failed
        /// Not run, or not timed, for a stated reason (a budget, unique ids needed).
        case skipped
        /// A reference that produces no changeset (`floor`): timed, not verified.
        case reference
        /// The engine's worker died of a signal (a trap, an abort, a
        /// segfault) while calling it; `reason` names the signal, the call
        /// and the last lines the engine wrote to stderr.
        case crashed
        /// The case ran past its wall-clock limit (`run --case-timeout`)
        /// while calling this engine, and its worker was killed.
        case timedOut = "timed-out"
        /// The engine ran out of the case's memory (`run --case-memory`).
        case outOfMemory = "out-of-memory"

        /// Whether the row is a failure: anything but a measured (`ok`),
        /// reference or skipped row. A run with one exits 1.
        public var isFailure: Bool {
            switch self {
            case .ok, .reference, .skipped: return false
            case .failed, .crashed, .timedOut, .outOfMemory: return true
            }
        }

        /// The faults of an engine's process rather than of its answer.
        public static let faults: [Status] = [.crashed, .timedOut, .outOfMemory]
    }

    /// Who was measured: an engine, or the floor.
    public var engine: Subject
    /// The workload the dataset came from, or the name a user's dataset gives.
    public var workload: WorkloadName
    /// The workload's size parameter n.
    public var size: Int
    public var sizeOld: Int
    public var sizeNew: Int
    public var seed: UInt64
    /// The workload's further parameters as `key=value;key=value` (sorted).
    public var parameters: String
    /// The element kind the lists were timed as (`int`, `uuid`, `record`).
    /// Files written before kinds existed (results schema 1) were all
    /// `int`, and read so (``init(from:)``): the absence is a true `int`.
    public var elements: ElementKind
    public var status: Status
    /// Why the row was skipped or failed, for a person (with the figures).
    public var reason: String
    /// The same reason as data (``ReasonCode``); nil on `ok` and
    /// `reference` rows. Files of results schema 1 and 2 did not record it:
    /// their reader fills it in (``reasonCodeOfOlderFile``).
    public var reasonCode: ReasonCode?
    /// The seconds one call was predicted to take (the cost model,
    /// ``CostModel`` in Harness), on every row of an engine that is not
    /// linear and was calibrated; nil for linear engines, the floor and an
    /// engine whose calibration call failed. Files written before
    /// results gave it on every row have it on `over-time-budget` rows only.
    public var predictedSeconds: Double?
    public var samples: Int
    public var medianNs: Double?
    public var minNs: Double?
    public var p90Ns: Double?
    public var maxNs: Double?
    /// Median absolute deviation of the samples.
    public var spreadNs: Double?
    /// The samples, sorted and thinned to at most 101 evenly spaced
    /// quantiles (0 %, 1 %, … 100 %; every sample when there are fewer):
    /// what the report bootstraps its intervals from (`MedianRatio` in
    /// RunReport). Nil where nothing was timed and in files written before
    /// the column existed, whose ties fall back on median ± MAD.
    public var sampleQuantilesNs: [Double]?
    /// This row's median over the `stdlib` median on the same dataset in the same run.
    public var ratioToStdlib: Double?
    /// This row's median over the `floor` reference median (one dictionary
    /// build over the old ids plus one probe per new id).
    public var ratioToFloor: Double?
    /// Peak live heap bytes during one call, from the allocation hook.
    public var peakHeapBytes: Int?
    /// Allocations during one call.
    public var allocations: Int?
    /// Instructions executed by one call of the engine alone, counted by
    /// callgrind with deterministic hashing (`run --instructions`); nil when
    /// not counted. Repeats exactly from run to run of the same binary.
    public var instructions: Int?
    public var inserts: Int?
    public var deletes: Int?
    public var moves: Int?
    public var updates: Int?
    public var steps: Int?
    /// Fewest moves for the pair (common items − LIS); empty when ids repeat.
    public var minMoves: Int?
    /// Fewest inserts + deletes without moves (n + m − 2·LCS); empty when not affordable.
    public var minEdits: Int?
    /// Lengths left after trimming the common prefix and suffix by id (the
    /// region the alignment engines work on: `lcs` fills
    /// (trimmed_old + 1) × (trimmed_new + 1) cells).
    public var trimmedOld: Int?
    public var trimmedNew: Int?
    /// The changeset passed the verifier (apply gives the new list, updates exact).
    public var verified: Bool
    /// The changeset, converted to a batch update, passed the UIKit model.
    public var batchVerified: Bool?
    /// The engine stopped at its bound (`run --deadline`) and finished
    /// coarsely (`Changeset.isApproximate`): verified, but possibly longer
    /// than without the bound. Nil where no changeset was made, and in files
    /// written before the column existed, which read as false.
    public var approximate: Bool?
    /// On a pair imported from git (`--from-git`): whether the hunk headers
    /// of this row's answer, sliders placed by the run's `--sliders`, equal
    /// `git diff --histogram --indent-heuristic`'s for the pair. Nil for
    /// every other dataset and where no changeset was made.
    public var gitHunksEqual: Bool?
    /// In a merge of shards from different machines (`merge
    /// --allow-mixed-machines`), the machine that measured this row: an
    /// index into the document's `machines`. Nil when the document's
    /// `environment` measured every row.
    public var machine: Int?

    public enum CodingKeys: String, CodingKey, CaseIterable, Sendable {
        case engine, workload, size
        case sizeOld = "size_old"
        case sizeNew = "size_new"
        case seed, parameters, elements, status, reason
        case reasonCode = "reason_code"
        case predictedSeconds = "predicted_seconds"
        case samples
        case medianNs = "median_ns"
        case minNs = "min_ns"
        case p90Ns = "p90_ns"
        case maxNs = "max_ns"
        case spreadNs = "spread_ns"
        case sampleQuantilesNs = "sample_quantiles_ns"
        case ratioToStdlib = "ratio_to_stdlib"
        case ratioToFloor = "ratio_to_floor"
        case peakHeapBytes = "peak_heap_bytes"
        case allocations, instructions, inserts, deletes, moves, updates, steps
        case minMoves = "min_moves"
        case minEdits = "min_edits"
        case trimmedOld = "trimmed_old"
        case trimmedNew = "trimmed_new"
        case verified
        case batchVerified = "batch_verified"
        case approximate
        case gitHunksEqual = "git_hunks_equal"
        case machine
    }

    public init(engine: Subject, workload: WorkloadName, size: Int, sizeOld: Int, sizeNew: Int, seed: UInt64, parameters: String) {
        self.engine = engine
        self.workload = workload
        self.size = size
        self.sizeOld = sizeOld
        self.sizeNew = sizeNew
        self.seed = seed
        self.parameters = parameters
        self.elements = .int
        self.status = .skipped
        self.reason = ""
        self.samples = 0
        self.verified = false
    }

    /// The element kind (``elements``), under the name series and tables use. O(1).
    public var elementKind: ElementKind { elements }

    /// Reads a row as the synthesized reader would, except that a row
    /// without `elements` (results schema 1, before kinds) is `int`, so no
    /// reader of a row branches on a missing kind. O(fields).
    public init(from decoder: any Decoder) throws {
        let row = try decoder.container(keyedBy: CodingKeys.self)
        engine = try row.decode(Subject.self, forKey: .engine)
        workload = try row.decode(WorkloadName.self, forKey: .workload)
        size = try row.decode(Int.self, forKey: .size)
        sizeOld = try row.decode(Int.self, forKey: .sizeOld)
        sizeNew = try row.decode(Int.self, forKey: .sizeNew)
        seed = try row.decode(UInt64.self, forKey: .seed)
        parameters = try row.decode(String.self, forKey: .parameters)
        elements = try row.decodeIfPresent(ElementKind.self, forKey: .elements) ?? .int
        status = try row.decode(Status.self, forKey: .status)
        reason = try row.decode(String.self, forKey: .reason)
        reasonCode = try row.decodeIfPresent(ReasonCode.self, forKey: .reasonCode)
        predictedSeconds = try row.decodeIfPresent(Double.self, forKey: .predictedSeconds)
        samples = try row.decode(Int.self, forKey: .samples)
        medianNs = try row.decodeIfPresent(Double.self, forKey: .medianNs)
        minNs = try row.decodeIfPresent(Double.self, forKey: .minNs)
        p90Ns = try row.decodeIfPresent(Double.self, forKey: .p90Ns)
        maxNs = try row.decodeIfPresent(Double.self, forKey: .maxNs)
        spreadNs = try row.decodeIfPresent(Double.self, forKey: .spreadNs)
        sampleQuantilesNs = try row.decodeIfPresent([Double].self, forKey: .sampleQuantilesNs)
        ratioToStdlib = try row.decodeIfPresent(Double.self, forKey: .ratioToStdlib)
        ratioToFloor = try row.decodeIfPresent(Double.self, forKey: .ratioToFloor)
        peakHeapBytes = try row.decodeIfPresent(Int.self, forKey: .peakHeapBytes)
        allocations = try row.decodeIfPresent(Int.self, forKey: .allocations)
        instructions = try row.decodeIfPresent(Int.self, forKey: .instructions)
        inserts = try row.decodeIfPresent(Int.self, forKey: .inserts)
        deletes = try row.decodeIfPresent(Int.self, forKey: .deletes)
        moves = try row.decodeIfPresent(Int.self, forKey: .moves)
        updates = try row.decodeIfPresent(Int.self, forKey: .updates)
        steps = try row.decodeIfPresent(Int.self, forKey: .steps)
        minMoves = try row.decodeIfPresent(Int.self, forKey: .minMoves)
        minEdits = try row.decodeIfPresent(Int.self, forKey: .minEdits)
        trimmedOld = try row.decodeIfPresent(Int.self, forKey: .trimmedOld)
        trimmedNew = try row.decodeIfPresent(Int.self, forKey: .trimmedNew)
        verified = try row.decode(Bool.self, forKey: .verified)
        batchVerified = try row.decodeIfPresent(Bool.self, forKey: .batchVerified)
        approximate = try row.decodeIfPresent(Bool.self, forKey: .approximate)
        gitHunksEqual = try row.decodeIfPresent(Bool.self, forKey: .gitHunksEqual)
        machine = try row.decodeIfPresent(Int.self, forKey: .machine)
    }

    /// The parameters with the element kind folded in when it is not `int`
    /// (`alphabet=8;elements=uuid`): what charts, comparisons and targets
    /// group by, so rows of different kinds are never mixed in one series
    /// or compared with each other, and `int` rows keep their old keys.
    public var parametersAndKind: String {
        guard elementKind != .int else { return parameters }
        return parameters.isEmpty ? "elements=\(elementKind)" : parameters + ";elements=\(elementKind)"
    }

    /// The key that identifies a row across runs (baselines compare on it).
    public var key: String { "\(engine)/\(workload)/\(size)/\(parameters)/\(elementKind)" }
}

extension ResultRow {
    /// One CSV column: its name (the JSON key of the same field) and the
    /// field's value as ``CSVValue``. The header, every line, the readers'
    /// CSV-versus-JSON check and the history's content fingerprint all come
    /// from this one list, so a column cannot be named in one order and
    /// filled, checked or fingerprinted in another.
    public struct CSVColumn: Sendable {
        public let key: CodingKeys
        public let value: @Sendable (ResultRow) -> CSVValue
        public var name: String { key.rawValue }
        /// The field as written in `results.csv`.
        public func field(_ row: ResultRow) -> String { value(row).field }
    }

    /// The CSV columns, in file order (contract: README "results.csv
    /// columns"); `csvColumnsMatchTheJSONKeys` in the tests checks that they
    /// are exactly the JSON keys, in declaration order.
    public static let csvTable: [CSVColumn] = [
        CSVColumn(key: .engine) { .text($0.engine.name) },
        CSVColumn(key: .workload) { .text($0.workload.rawValue) },
        CSVColumn(key: .size) { .integer($0.size) },
        CSVColumn(key: .sizeOld) { .integer($0.sizeOld) },
        CSVColumn(key: .sizeNew) { .integer($0.sizeNew) },
        CSVColumn(key: .seed) { .unsigned($0.seed) },
        CSVColumn(key: .parameters) { .text($0.parameters) },
        CSVColumn(key: .elements) { .text($0.elementKind.rawValue) },
        CSVColumn(key: .status) { .text($0.status.rawValue) },
        CSVColumn(key: .reason) { .text($0.reason) },
        CSVColumn(key: .reasonCode) { .text($0.reasonCode?.rawValue ?? "") },
        CSVColumn(key: .predictedSeconds) { .real($0.predictedSeconds) },
        CSVColumn(key: .samples) { .integer($0.samples) },
        CSVColumn(key: .medianNs) { .number($0.medianNs) },
        CSVColumn(key: .minNs) { .number($0.minNs) },
        CSVColumn(key: .p90Ns) { .number($0.p90Ns) },
        CSVColumn(key: .maxNs) { .number($0.maxNs) },
        CSVColumn(key: .spreadNs) { .number($0.spreadNs) },
        CSVColumn(key: .sampleQuantilesNs) { .numbers($0.sampleQuantilesNs) },
        CSVColumn(key: .ratioToStdlib) { .real($0.ratioToStdlib) },
        CSVColumn(key: .ratioToFloor) { .real($0.ratioToFloor) },
        CSVColumn(key: .peakHeapBytes) { .integer($0.peakHeapBytes) },
        CSVColumn(key: .allocations) { .integer($0.allocations) },
        CSVColumn(key: .instructions) { .integer($0.instructions) },
        CSVColumn(key: .inserts) { .integer($0.inserts) },
        CSVColumn(key: .deletes) { .integer($0.deletes) },
        CSVColumn(key: .moves) { .integer($0.moves) },
        CSVColumn(key: .updates) { .integer($0.updates) },
        CSVColumn(key: .steps) { .integer($0.steps) },
        CSVColumn(key: .minMoves) { .integer($0.minMoves) },
        CSVColumn(key: .minEdits) { .integer($0.minEdits) },
        CSVColumn(key: .trimmedOld) { .integer($0.trimmedOld) },
        CSVColumn(key: .trimmedNew) { .integer($0.trimmedNew) },
        CSVColumn(key: .verified) { .flag($0.verified) },
        CSVColumn(key: .batchVerified) { .flag($0.batchVerified) },
        CSVColumn(key: .approximate) { .flag($0.approximate) },
        CSVColumn(key: .gitHunksEqual) { .flag($0.gitHunksEqual) },
        CSVColumn(key: .machine) { .integer($0.machine) },
    ]

    /// The CSV header, in column order.
    public static let csvColumns: [String] = csvTable.map(\.name)

    /// The row as CSV fields, in ``csvColumns`` order. Empty field = no value.
    public var csvFields: [String] { ResultRow.csvTable.map { $0.field(self) } }

    /// RFC 4180 quoting: a field with a comma, quote or line break is
    /// quoted. Looked for in the UTF-8 bytes: a Character walk was a tenth
    /// of reading a large run folder, and missed "\r\n" (one Character).
    public static func csvEscape(_ field: String) -> String {
        if field.utf8.contains(where: { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D }) {
            return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
        }
        return field
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
