import SplitMix
import InputFiles

extension Generators {
    /// `mixed`: the mixed edit of the most cited list-diff benchmark. With
    /// integer division throughout:
    ///
    /// - remove the block `[4n/10, 6n/10)` of the old list,
    /// - insert `2n/10` new items where it was,
    /// - derange the first `4n/100` positions of the result (every one of
    ///   them gets an item from another of them; fewer than 2 positions
    ///   cannot be deranged, so below n = 50 nothing is shuffled).
    ///
    /// At n = 5,000 that is exactly 1,000 deletions, 1,000 insertions and 200
    /// shuffled positions. The shuffled prefix lies before the removed block,
    /// so the three edits never overlap.
    static func mixed(_ n: Int, _ rng: inout SplitMix64) -> Dataset {
        let old = items(n, firstID: 1, &rng)
        let (lower, upper) = (n * 4 / 10, n * 6 / 10)
        var new = Array(old[0..<lower])
        new += items(n * 2 / 10, firstID: n + 1, &rng)
        new += old[upper...]
        let shuffledCount = n * 4 / 100
        if shuffledCount >= 2 {
            let prefix = Array(new[0..<shuffledCount])
            for (position, source) in rng.derangement(of: shuffledCount).enumerated() {
                new[position] = prefix[source]
            }
        }
        return dataset(.identified, old: old, new: new)
    }
}
