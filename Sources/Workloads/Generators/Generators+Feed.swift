import SplitMix
import InputFiles

extension Generators {
    /// `feed`: a pull-to-refresh of a timeline of n posts (newest first).
    /// With integer division:
    ///
    /// 1. `n/10` posts are removed (deleted by their authors, hidden);
    /// 2. `n/10` of the remaining ones are edited (same id, new content);
    /// 3. `n/20` of the remaining ones are bumped up by score: each jumps
    ///    ahead of at least one post that was before it;
    /// 4. `n/5` new posts are interleaved at random places (posts that
    ///    arrived late, ranked into the old part of the timeline);
    /// 5. `n` new posts are prepended (what the refresh fetched).
    ///
    /// So n posts become `n − n/10 + n/5 + n` — 100 → 210, the refresh a list
    /// UI animates every day, with every kind of change at once.
    ///
    /// Every step is one pass (insertions are merged, never inserted one at a
    /// time), so the whole generator is O(n log n) at most.
    static func feed(_ n: Int, _ rng: inout SplitMix64) -> Dataset {
        let old = items(n, firstID: 1, &rng)

        var removed = [Bool](repeating: false, count: n)
        for index in rng.sample(n / 10, from: n) { removed[index] = true }
        var timeline = old.indices.filter { !removed[$0] }.map { old[$0] }

        for index in rng.sample(min(n / 10, timeline.count), from: timeline.count) {
            timeline[index].content = changed(timeline[index].content, &rng)
        }

        // Bumped posts: taken out, then put back into a gap strictly before
        // the last post that preceded them, so that each really jumps over
        // someone. Position 0 cannot be bumped.
        let bumpable = max(timeline.count - 1, 0)
        var bumped = [Bool](repeating: false, count: timeline.count)
        for index in rng.sample(min(n / 20, bumpable), from: bumpable) { bumped[index + 1] = true }
        var rest: [FeedItem] = []
        var insertions: [Insertion<FeedItem>] = []
        for (index, post) in timeline.enumerated() {
            if bumped[index], !rest.isEmpty {
                insertions.append(Insertion(gap: rng.below(rest.count), element: post))
            } else {
                rest.append(post)
            }
        }
        timeline = rest.inserting(insertions)

        let interleaved = items(n / 5, firstID: n + 1, &rng)
        timeline = timeline.inserting(interleaved.map { Insertion(gap: rng.below(timeline.count + 1), element: $0) })

        // The fetched page: the newest post (highest id) on top.
        let fetched = items(n, firstID: n + n / 5 + 1, &rng).reversed()
        return dataset(.identified, old: old, new: Array(fetched) + timeline)
    }
}
