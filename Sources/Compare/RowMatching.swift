import RunResults

/// Input `compare` refuses (exit status 2): which file, which row, and why.
public struct CompareInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// The row's `engine/workload/size` key, or empty for the file as a whole.
    public var key: String
    public var problem: String

    public init(path: String, key: String = "", problem: String) {
        self.path = path
        self.key = key
        self.problem = problem
    }

    public var description: String { path + ": " + (key.isEmpty ? "" : key + ": ") + problem }
}

/// A results document with its rows indexed by engine, workload, size and
/// parameters, and by dataset for looking up the in-run references.
struct IndexedRun {
    struct Key: Hashable, Comparable {
        var engine: String
        var workload: String
        var size: Int
        var parameters: String

        var text: String { "\(engine)/\(workload)/\(size)" + (parameters.isEmpty ? "" : "/\(parameters)") }
        var dataset: DatasetKey { DatasetKey(workload: workload, size: size, parameters: parameters) }
        var loose: LooseKey { LooseKey(engine: engine, workload: workload, size: size) }

        static func < (a: Key, b: Key) -> Bool {
            (a.workload, a.size, a.parameters, a.engine) < (b.workload, b.size, b.parameters, b.engine)
        }
    }
    /// Engine × workload × size without parameters: two rows that agree on
    /// it but not on parameters measured different data.
    struct LooseKey: Hashable {
        var engine: String
        var workload: String
        var size: Int
    }
    struct DatasetKey: Hashable {
        var workload: String
        var size: Int
        var parameters: String
    }

    let path: String
    let document: RunDocument
    /// Row position by key; keys in the document's order.
    let rows: [Key: ResultRow]
    let order: [Key]

    /// Indexes a document; two rows with the same key are refused, since
    /// either could be "the" measurement.
    init(path: String, document: RunDocument) throws(CompareInputError) {
        var rows: [Key: ResultRow] = [:]
        var order: [Key] = []
        for row in document.rows {
            let key = Key(engine: row.engine, workload: row.workload, size: row.size, parameters: row.parametersAndKind)
            guard rows[key] == nil else {
                throw CompareInputError(path: path, key: key.text, problem: "appears twice in the file")
            }
            rows[key] = row
            order.append(key)
        }
        self.path = path
        self.document = document
        self.rows = rows
        self.order = order
    }

    /// The row of `engine` on the same dataset as `key` (a reference row).
    func row(_ engine: String, onDatasetOf key: Key) -> ResultRow? {
        rows[Key(engine: engine, workload: key.workload, size: key.size, parameters: key.parameters)]
    }
}

/// Pairs the rows of two runs and checks that paired rows measured the same
/// data; rows without a partner become `new` or `missing`.
enum RowMatching {
    enum Pairing {
        case both(IndexedRun.Key)
        case onlyBaseline(IndexedRun.Key)
        case onlyCurrent(IndexedRun.Key)
    }

    /// O(B + C) with hashing. Refuses (a) a row whose engine, workload and
    /// size are in both runs but with different workload parameters, and
    /// (b) paired rows whose seed, list sizes or exact pair facts (fewest
    /// moves, fewest edits) differ: both mean the dataset changed, and a
    /// comparison across different data would be meaningless.
    static func pair(baseline: IndexedRun, current: IndexedRun) throws(CompareInputError) -> [Pairing] {
        var pairings: [Pairing] = []
        var baselineLoose: [IndexedRun.LooseKey: [IndexedRun.Key]] = [:]
        for key in baseline.order { baselineLoose[key.loose, default: []].append(key) }
        var currentLoose: [IndexedRun.LooseKey: [IndexedRun.Key]] = [:]
        for key in current.order { currentLoose[key.loose, default: []].append(key) }

        for key in baseline.order {
            guard let currentRow = current.rows[key] else {
                if let others = currentLoose[key.loose], let other = others.first(where: { baseline.rows[$0] == nil }) {
                    throw CompareInputError(
                        path: current.path, key: key.loose.text,
                        problem: "workload parameters \(quoted(other.parameters)) differ from \(quoted(key.parameters)) in the baseline (\(baseline.path)); compare runs of the same plan, or save a new baseline")
                }
                pairings.append(.onlyBaseline(key))
                continue
            }
            try checkSameData(baseline.rows[key]!, currentRow, key: key, baselinePath: baseline.path, currentPath: current.path)
            pairings.append(.both(key))
        }
        for key in current.order where baseline.rows[key] == nil {
            pairings.append(.onlyCurrent(key))
        }
        return pairings
    }

    static func checkSameData(_ old: ResultRow, _ new: ResultRow, key: IndexedRun.Key, baselinePath: String, currentPath: String)
        throws(CompareInputError)
    {
        func refuse(_ what: String, _ a: String, _ b: String) -> CompareInputError {
            CompareInputError(
                path: currentPath, key: key.text,
                problem: "\(what) is \(b) here but \(a) in the baseline (\(baselinePath)): not the same dataset; compare runs of the same plan and seed, or save a new baseline")
        }
        if old.seed != new.seed { throw refuse("the seed", String(old.seed), String(new.seed)) }
        if old.sizeOld != new.sizeOld || old.sizeNew != new.sizeNew {
            throw refuse("the pair of list sizes", "\(old.sizeOld) → \(old.sizeNew)", "\(new.sizeOld) → \(new.sizeNew)")
        }
        if let a = old.minMoves, let b = new.minMoves, a != b { throw refuse("the fewest possible moves", String(a), String(b)) }
        if let a = old.minEdits, let b = new.minEdits, a != b { throw refuse("the fewest possible edits", String(a), String(b)) }
    }

    static func quoted(_ parameters: String) -> String { parameters.isEmpty ? "(none)" : "\"\(parameters)\"" }
}

extension IndexedRun.LooseKey {
    var text: String { "\(engine)/\(workload)/\(size)" }
}
