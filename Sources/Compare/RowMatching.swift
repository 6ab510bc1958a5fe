import RunResults

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
