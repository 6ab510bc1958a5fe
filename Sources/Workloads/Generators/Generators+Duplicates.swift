import SplitMix
import InputFiles

extension Generators {
    /// `duplicates`: plain values drawn uniformly from `0..<alphabet`, so the
    /// same value occurs many times (at n > alphabet, by pigeonhole). The new
    /// list deletes `n/10` of the old positions and inserts `n/10` fresh
    /// draws at random places. Identity-based engines must pair equal values
    /// somehow, and the set engine must refuse the input; this is where
    /// Heckel's "unique lines" assumption stops helping.
    static func duplicates(_ n: Int, alphabet: Int, _ rng: inout SplitMix64) -> Dataset {
        var oldValues: [Int] = []
        oldValues.reserveCapacity(n)
        for _ in 0..<n { oldValues.append(rng.below(alphabet)) }
        var deleted = [Bool](repeating: false, count: n)
        for index in rng.sample(n / 10, from: n) { deleted[index] = true }
        let kept = oldValues.indices.filter { !deleted[$0] }.map { oldValues[$0] }
        var insertions: [Insertion<Int>] = []
        for _ in 0..<(n / 10) {
            insertions.append(Insertion(gap: rng.below(kept.count + 1), element: rng.below(alphabet)))
        }
        return dataset(.values, old: values(oldValues), new: values(kept.inserting(insertions)))
    }
}
