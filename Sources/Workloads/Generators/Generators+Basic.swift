import SplitMix
import InputFiles

extension Generators {
    /// `same`: the new list is the old one. The engines' best case, and the
    /// commonest refresh of all (nothing happened); an engine should finish it
    /// in one linear pass.
    static func same(_ n: Int, _ rng: inout SplitMix64) -> Dataset {
        let old = items(n, firstID: 1, &rng)
        return dataset(.identified, old: old, new: old)
    }

    /// `created`: first load, every item inserted.
    static func created(_ n: Int, _ rng: inout SplitMix64) -> Dataset {
        dataset(.identified, old: [], new: items(n, firstID: 1, &rng))
    }

    /// `deleted`: the list cleared, every item deleted.
    static func deleted(_ n: Int, _ rng: inout SplitMix64) -> Dataset {
        dataset(.identified, old: items(n, firstID: 1, &rng), new: [])
    }

    /// `shuffled`: a uniformly random permutation of the old items — the
    /// worst case for move-reporting engines (about n − O(√n) moves are
    /// needed) and for LCS-based ones (a short common subsequence).
    static func shuffled(_ n: Int, _ rng: inout SplitMix64) -> Dataset {
        let old = items(n, firstID: 1, &rng)
        var new = old
        rng.shuffle(&new)
        return dataset(.identified, old: old, new: new)
    }
}
