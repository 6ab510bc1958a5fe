import SplitMix
import ListUpdates
import InputFiles

/// The workload generators, one file per workload. Each takes the size and
/// the seeded generator and returns the two lists; ``WorkloadName/make(size:seed:parameters:)``
/// fills in the name, size, seed and parameters.
///
/// Conventions shared by all of them, so that datasets are easy to read:
/// the old list's items have ids 1...n in order; items that are new in the
/// new list get ids from n + 1 up; contents are draws from 0..<1,000,000
/// (a post body digest or a like count); a changed content always differs.
enum Generators {
    /// Contents are drawn below this bound.
    static let contentRange = 1_000_000

    /// `count` items with ids `firstID...` in order and random contents. O(count).
    static func items(_ count: Int, firstID: Int, _ rng: inout SplitMix64) -> [FeedItem] {
        var items: [FeedItem] = []
        items.reserveCapacity(count)
        for offset in 0..<count {
            items.append(FeedItem(id: firstID + offset, content: rng.below(contentRange)))
        }
        return items
    }

    /// A content different from `content`, uniform among the others.
    static func changed(_ content: Int, _ rng: inout SplitMix64) -> Int {
        (content + 1 + rng.below(contentRange - 1)) % contentRange
    }

    /// The values of a plain-values list as items: the value is the id, and
    /// the content is always 0 (values never update).
    static func values(_ values: [Int]) -> [FeedItem] {
        values.map { FeedItem(id: $0, content: 0) }
    }

    /// A values dataset of text lines: ids by first appearance (old list
    /// first), the texts in ``Dataset/symbols`` (none for two empty lists:
    /// the file format cannot tell them apart). O(N + M).
    static func lines(old: [String], new: [String]) -> Dataset {
        var interner = Interner()
        let oldIDs = old.map { interner.code(for: $0) }
        let newIDs = new.map { interner.code(for: $0) }
        return dataset(
            .values, old: values(oldIDs), new: values(newIDs), symbols: interner.texts.isEmpty ? nil : interner.texts)
    }

    /// A dataset with the generator's lists; name, size, seed and
    /// parameters are filled in by ``WorkloadName/make(size:seed:parameters:)``.
    static func dataset(
        _ kind: ListKind, old: [FeedItem], new: [FeedItem],
        oldSections: [ListSection<Int, FeedItem>]? = nil, newSections: [ListSection<Int, FeedItem>]? = nil,
        symbols: [String]? = nil
    ) -> Dataset {
        Dataset(
            workload: "", size: 0, seed: 0, kind: kind, old: old, new: new, oldSections: oldSections,
            newSections: newSections, symbols: symbols)
    }
}

extension Array {
    /// The array with `insertions` placed in their gaps; several insertions
    /// in one gap keep their order in `insertions`. One merge pass,
    /// O(n + k log k) — inserting one at a time would be O(n·k), which at
    /// n = 100,000 is the difference between milliseconds and minutes.
    func inserting(_ insertions: [Insertion<Element>]) -> [Element] {
        let order = insertions.indices.sorted { a, b in
            insertions[a].gap != insertions[b].gap ? insertions[a].gap < insertions[b].gap : a < b
        }
        var result: [Element] = []
        result.reserveCapacity(count + insertions.count)
        var next = 0
        for gap in 0...count {
            while next < order.count, insertions[order[next]].gap == gap {
                result.append(insertions[order[next]].element)
                next += 1
            }
            if gap < count { result.append(self[gap]) }
        }
        precondition(next == order.count, "an insertion gap lies outside 0...\(count)")
        return result
    }
}
