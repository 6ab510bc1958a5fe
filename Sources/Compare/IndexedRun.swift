import RunResults

/// A results document with its rows indexed by engine, workload, size and
/// parameters, and by dataset for looking up the in-run references.
struct IndexedRun {
    struct Key: Hashable, Comparable {
        var engine: Subject
        var workload: WorkloadName
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
        var engine: Subject
        var workload: WorkloadName
        var size: Int
    }
    struct DatasetKey: Hashable {
        var workload: WorkloadName
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
    func row(_ engine: Subject, onDatasetOf key: Key) -> ResultRow? {
        rows[Key(engine: engine, workload: key.workload, size: key.size, parameters: key.parameters)]
    }
}
