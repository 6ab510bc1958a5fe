import DiffEngines
import Workloads

/// Predicts how long one call of an alignment engine takes, so that a case
/// that cannot finish within its budget is skipped with a stated reason
/// instead of hanging the run.
///
/// Work units, from each algorithm's complexity:
/// - `myers`: min(D²/2, (N'+1)(M'+1)) + N + M, with N', M' the sizes after
///   trimming the common prefix and suffix (the greedy search visits about
///   D²/2 diagonal points and never more points than the grid has);
/// - `stdlib`: D²/2 + N + M (no trimming, no fast path for an empty side);
/// - `lcs`: (N'+1)(M'+1) table cells;
/// - `heckel`, `set`, `anchor`, `floor`: linear, never skipped.
/// Nanoseconds per unit are calibrated at the start of the run on a seeded
/// shuffled list of 1,000 items, so the prediction follows the machine.
struct CostModel {
    var nanosecondsPerUnit: [EngineName: Double] = [:]

    static func units(_ engine: EngineName, facts: PairFacts, oldCount: Int, newCount: Int) -> Double? {
        let d = Double(facts.editDistance)
        let linear = Double(oldCount + newCount)
        switch engine {
        case .myers:
            return min(d * d / 2, Double(facts.trimmedOld + 1) * Double(facts.trimmedNew + 1)) + linear
        case .stdlib:
            return d * d / 2 + linear
        case .lcs:
            return Double(facts.trimmedOld + 1) * Double(facts.trimmedNew + 1)
        case .heckel, .set, .anchor:
            return nil
        }
    }

    /// Calibrates on a seeded shuffled list (one timed call per engine after a warm-up call).
    static func calibrate(engines: [EngineName], seed: UInt64) -> CostModel {
        var model = CostModel()
        guard let dataset = try? WorkloadName.shuffled.make(size: 1_000, seed: seed) else { return model }
        let facts = PairFacts(dataset) { _, _, _ in false }
        for engine in engines {
            guard let units = units(engine, facts: facts, oldCount: dataset.old.count, newCount: dataset.new.count) else {
                continue
            }
            let call = { () -> Changeset? in
                try? DiffEngines.diff(engine, from: dataset.old, to: dataset.new, identity: IdentifiedElements<FeedItem>())
            }
            blackHole(call())
            var best = Double.infinity
            for _ in 0..<3 {
                let start = monotonicNanoseconds()
                let result = call()
                let elapsed = Double(monotonicNanoseconds() - start)
                blackHole(result)
                best = min(best, elapsed)
            }
            model.nanosecondsPerUnit[engine] = best / units
        }
        return model
    }

    /// Predicted seconds for one call, or nil when the engine is linear.
    func predictedSeconds(_ engine: EngineName, facts: PairFacts, oldCount: Int, newCount: Int) -> Double? {
        guard let units = CostModel.units(engine, facts: facts, oldCount: oldCount, newCount: newCount),
            let perUnit = nanosecondsPerUnit[engine]
        else { return nil }
        return units * perUnit / 1e9
    }
}
