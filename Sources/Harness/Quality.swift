import DiffEngines
import InputFiles

/// What the best possible changeset for a pair looks like, computed once per
/// dataset outside every timed region.
struct PairFacts {
    var uniqueIDs: Bool
    /// No id of the new list occurs in the old one.
    var nothingInCommon = false
    /// Fewest moves (common items − LIS), when ids are unique.
    var minMoves: Int?
    /// n + m − 2·LCS of the id sequences: exact for unique ids (the LCS of
    /// two lists without repeats is the LIS of the common items), otherwise
    /// computed by the myers engine when affordable.
    var minEdits: Int?
    /// Edit distance D used to predict the cost of the alignment engines (an
    /// upper bound when ids repeat).
    var editDistance: Int
    /// Sizes left after trimming the common prefix and suffix by id.
    var trimmedOld: Int
    var trimmedNew: Int
    /// Ids that occur exactly once in each list, where ids repeat (0 for
    /// unique ids, where every common id is one): the lines an engine that
    /// anchors first (patience, histogram) splits the search at, which the
    /// cost model reads (``CostModel/predictedSeconds(_:facts:oldCount:newCount:)``).
    var anchors = 0
    /// Ids that occur in both lists, where ids repeat, and at most
    /// ``HistogramEngine/maxOccurrences`` times in the old one (at least
    /// ``anchors``): where histogram may split, since it anchors on ids that
    /// are merely rare. A text whose every line repeats (the same sources
    /// concatenated four times) has no anchor for patience but tens of
    /// thousands for histogram.
    var rareAnchors = 0

    /// `myersAffordable(bound, trimmedOld, trimmedNew)` says whether an
    /// unbounded Myers run fits when D may be as large as `bound`; when it
    /// does not, a run stopped at `myersCostLimit` diagonal cells is tried
    /// instead (nil: none), and its D is kept when it finished exactly. That
    /// finds D on long lists whose D is small (a periodic list with 1 %
    /// edits at 100,000 elements) without risking the disjoint case. Lists
    /// with repeated ids and no id in common need no search: D = N + M.
    init(_ dataset: Dataset, myersCostLimit: Int? = nil, myersAffordable: (Int, Int, Int) -> Bool) {
        let old = dataset.old, new = dataset.new
        var oldIDs = Set<Int>(minimumCapacity: old.count)
        var unique = old.allSatisfy { oldIDs.insert($0.id).inserted }
        var newIDs = Set<Int>(minimumCapacity: new.count)
        unique = unique && new.allSatisfy { newIDs.insert($0.id).inserted }
        uniqueIDs = unique
        var prefix = 0
        while prefix < min(old.count, new.count), old[prefix].id == new[prefix].id { prefix += 1 }
        var suffix = 0
        while suffix < min(old.count, new.count) - prefix, old[old.count - 1 - suffix].id == new[new.count - 1 - suffix].id {
            suffix += 1
        }
        trimmedOld = old.count - prefix - suffix
        trimmedNew = new.count - prefix - suffix
        if unique {
            let moves = MinimumMoves.count(old: old, new: new)
            let common = new.reduce(0) { $0 + (oldIDs.contains($1.id) ? 1 : 0) }
            nothingInCommon = common == 0
            minMoves = moves
            minEdits = old.count + new.count - 2 * (common - moves)
            editDistance = minEdits!
        } else {
            minMoves = nil
            // Upper bound without computing: everything in the trimmed middle changes.
            let bound = trimmedOld + trimmedNew
            let oldSet = Set(old.map(\.id))
            var limit: Int?? = .none
            if myersAffordable(bound, trimmedOld, trimmedNew) {
                limit = .some(nil)
            } else if let myersCostLimit {
                limit = .some(myersCostLimit)
            }
            nothingInCommon = !new.contains(where: { oldSet.contains($0.id) })
            (anchors, rareAnchors) = Self.anchorCounts(old: old, new: new)
            if nothingInCommon {
                minEdits = old.count + new.count
            } else if let limit,
                let plain = try? MyersEngine().diff(from: old, to: new, options: DiffOptions(inferMoves: false, costLimit: limit)),
                !plain.isApproximate
            {
                minEdits = plain.deletes.count + plain.inserts.count
            } else {
                minEdits = nil
            }
            editDistance = minEdits ?? bound
        }
    }

    /// Ids occurring exactly once in `old` and once in `new`. O(N + M).
    static func countAnchors(old: [FeedItem], new: [FeedItem]) -> Int { anchorCounts(old: old, new: new).once }

    /// ``anchors`` and ``rareAnchors`` from one count of each list. O(N + M).
    static func anchorCounts(old: [FeedItem], new: [FeedItem]) -> (once: Int, rare: Int) {
        var counts: [Int: (old: Int, new: Int)] = [:]
        counts.reserveCapacity(old.count)
        for item in old { counts[item.id, default: (0, 0)].old += 1 }
        for item in new {
            guard let count = counts[item.id] else { continue }
            counts[item.id] = (count.old, count.new + 1)
        }
        var once = 0, rare = 0
        for count in counts.values where count.new > 0 {
            if count.old == 1 && count.new == 1 { once += 1 }
            if count.old <= HistogramEngine.maxOccurrences { rare += 1 }
        }
        return (once, rare)
    }
}
