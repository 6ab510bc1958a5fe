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
    /// Edit distance D used to predict the cost of the alignment engines:
    /// where ids repeat and no search found it, an upper bound
    /// (``chainedEditBound(old:new:)``), so that a prediction errs high.
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
            editDistance = minEdits ?? min(bound, Self.chainedEditBound(old: old, new: new))
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

    /// An upper bound on D where ids repeat, from a common subsequence
    /// found without a search: D ≤ N + M − 2·L for any common subsequence of
    /// length L. The subsequence is built from the ids that occur equally
    /// often in both lists (the anchors, once each, among them), the k-th
    /// occurrence in the old list paired with the k-th in the new; the
    /// longest chain of those pairs increasing in both lists (O(P log P)
    /// for P pairs); and at each gap between two links of the chain (and
    /// before the first, after the last) the gap's common prefix and suffix.
    /// O(N + M + P log P).
    ///
    /// Why equal counts and not the anchors alone: a line an edit touches
    /// (deleted, replaced, inserted) changes its id's count, so the ids
    /// whose counts agree are, on text, those no edit touched, and their
    /// occurrences pair up in order; a line repeated four times over is
    /// paired as well as a line once. On the 1,000,000-line text pair of
    /// real sources with 1 % of lines deleted, replaced and inserted, this
    /// bound is 54,781 and 47,519 with the sources written out four times,
    /// where the multiset difference (Σ |count old − count new|, a lower
    /// bound of D) is 40,201 (D itself: patience's script has as many
    /// edits): the search's D²/2 priced from it errs high by less than 2×. The anchors alone left 317,199 (their gaps hold
    /// several edits apart), and nothing on the fourfold text; the
    /// trimmed length, 1,999,963, priced myers' 4.98 s call at 2,714 s.
    static func chainedEditBound(old: [FeedItem], new: [FeedItem]) -> Int {
        var counts: [Int: (old: Int, new: Int)] = [:]
        counts.reserveCapacity(old.count)
        for item in old { counts[item.id, default: (0, 0)].old += 1 }
        for item in new { counts[item.id]?.new += 1 }
        // Each paired id's occurrences in the old list, contiguous in `oldPositions` from its start.
        var start: [Int: Int] = [:]
        var total = 0
        for (id, count) in counts where count.old == count.new {
            start[id] = total
            total += count.old
        }
        var oldPositions = [Int](repeating: 0, count: total)
        var next = start
        for (position, item) in old.enumerated() {
            guard let slot = next[item.id] else { continue }
            oldPositions[slot] = position
            next[item.id] = slot + 1
        }
        // The pairs in the new list's order, and the longest chain increasing in the old list's.
        next = start
        var pairs: [(old: Int, new: Int)] = []
        pairs.reserveCapacity(total)
        for (position, item) in new.enumerated() {
            guard let slot = next[item.id] else { continue }
            pairs.append((oldPositions[slot], position))
            next[item.id] = slot + 1
        }
        var tails: [Int] = []  // index in `pairs` of the smallest old position ending a chain of each length
        var previous = [Int](repeating: -1, count: pairs.count)
        for (index, pair) in pairs.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if pairs[tails[middle]].old < pair.old { low = middle + 1 } else { high = middle }
            }
            previous[index] = low > 0 ? tails[low - 1] : -1
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var chain: [(old: Int, new: Int)] = []
        var link = tails.last ?? -1
        while link >= 0 {
            chain.append(pairs[link])
            link = previous[link]
        }
        chain.reverse()
        chain.append((old.count, new.count))
        var common = chain.count - 1
        var (a, b) = (0, 0)
        for end in chain {
            while a < end.old, b < end.new, old[a].id == new[b].id { (a, b, common) = (a + 1, b + 1, common + 1) }
            var (x, y) = (end.old, end.new)
            while x > a, y > b, old[x - 1].id == new[y - 1].id { (x, y, common) = (x - 1, y - 1, common + 1) }
            (a, b) = (end.old + 1, end.new + 1)
        }
        return old.count + new.count - 2 * common
    }
}
