import DiffEngines

/// The stepper's Heckel mode: the symbol table, the OA and NA arrays and the
/// links after each of the six passes, and at the end the heckel engine's
/// own answer beside D.
extension StepperPage {
    /// One symbol-table entry: an id as written, its counters and OLNO.
    struct SymbolData: Encodable {
        var label: String
        /// NC and OC as the passes keep them ("0", "1" or "many").
        var nc: String
        var oc: String
        /// The old line of the id's last occurrence, −1 for an id only in the new list.
        var olno: Int
    }

    struct HeckelData: Encodable {
        /// OA and NA after passes 1…5.
        var oa: [[Int]]
        var na: [[Int]]
        /// The pass (3, 4 or 5) that linked new[j]; 0 when never linked.
        var linkedBy: [Int]
        /// Symbol-table counts per element ("0", "1" or "many").
        var oldCounts: [String]
        var newCounts: [String]
        /// The symbol table, one entry per distinct id, old ids first.
        var symbols: [SymbolData]
        /// The heckel engine's own changeset on the whole lists (it trims the
        /// common prefix and suffix first), or why it refused.
        var engine: EngineAnswer
    }

    struct EngineAnswer: Encodable {
        var deletes: [Int] = []
        var inserts: [Int] = []
        /// [from, to] pairs.
        var moves: [[Int]] = []
        var refused: String?
    }

    /// O(N + M) over the trace's arrays; the symbol table has at most N + M entries.
    static func heckelData(_ pair: TeachingPair, trace: HeckelTrace, engine: Result<Changeset, DiffError>) -> HeckelData {
        let final = trace.final
        func count(_ code: Int32, old: Bool) -> String {
            guard code >= 0 else { return "0" }
            return HeckelText.count(old ? final.oldCount[Int(code)] : final.newCount[Int(code)])
        }
        var symbols: [SymbolData] = []
        var seenCodes = Set<Int32>()
        for (i, code) in pair.codes.old.enumerated() where seenCodes.insert(code).inserted {
            symbols.append(
                SymbolData(
                    label: DisplayLabel.make(pair.oldLabels[i], limit: 16), nc: count(code, old: false), oc: count(code, old: true),
                    olno: Int(final.oldLine[Int(code)])))
        }
        // Ids only in the new list never reach the old side's table: OC = 0.
        var newOnly: [String: Int] = [:], order: [String] = []
        for (j, code) in pair.codes.new.enumerated() where code < 0 {
            let label = pair.newLabels[j]
            if newOnly[label] == nil { order.append(label) }
            newOnly[label, default: 0] += 1
        }
        for label in order {
            let seen = newOnly[label] ?? 0
            symbols.append(SymbolData(label: DisplayLabel.make(label, limit: 16), nc: seen >= 2 ? "many" : "\(seen)", oc: "0", olno: -1))
        }
        return HeckelData(
            oa: trace.states.map { $0.oa.map(Int.init) }, na: trace.states.map { $0.na.map(Int.init) },
            linkedBy: final.linkedByPass.map(Int.init), oldCounts: pair.codes.old.map { count($0, old: true) },
            newCounts: pair.codes.new.map { code in code < 0 ? "new only" : count(code, old: false) },
            symbols: symbols, engine: EngineAnswer(engine, pair: pair))
    }
}
