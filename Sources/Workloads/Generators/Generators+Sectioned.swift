import SplitMix
import ListUpdates
import InputFiles

extension Generators {
    /// `sectioned`: a grouped feed (posts by day, contacts by letter). The
    /// old list has `sections` sections (ids 1...sections) holding rows
    /// 1...n, cut at random places (no section is empty when n ≥ sections).
    /// With k = max(1, sections/10), the new list
    ///
    /// - deletes k whole sections (never all of them), with their rows;
    /// - deletes, edits and moves `n/20` rows each, chosen among the rows of
    ///   the surviving sections; a moved row lands in another section;
    /// - moves k surviving sections to another place (when 2 or more survive);
    /// - inserts k new sections of `n/sections` new rows each;
    /// - inserts `n/20` new rows into random sections.
    ///
    /// `old`/`new` are the rows of the sections, concatenated: a flat engine
    /// sees the same data, so sectioned and flat diffs can be compared.
    /// O(n log n).
    static func sectioned(_ n: Int, sections: Int, _ rng: inout SplitMix64) -> Dataset {
        let rows = items(n, firstID: 1, &rng)
        let cuts: [Int]
        if n >= sections {
            cuts = rng.sample(sections - 1, from: max(n - 1, 0)).map { $0 + 1 }.sorted()
        } else {
            cuts = (0..<(sections - 1)).map { _ in rng.below(n + 1) }.sorted()
        }
        let bounds = [0] + cuts + [n]
        let oldSections = (0..<sections).map {
            ListSection<Int, FeedItem>(id: $0 + 1, rows: Array(rows[bounds[$0]..<bounds[$0 + 1]]))
        }

        let k = max(1, sections / 10)
        var deletedSection = [Bool](repeating: false, count: sections)
        for index in rng.sample(min(k, sections - 1), from: sections) { deletedSection[index] = true }
        var survivors = oldSections.indices.filter { !deletedSection[$0] }.map { oldSections[$0] }

        // Row edits, over the surviving rows numbered across sections.
        let survivingRows = survivors.reduce(0) { $0 + $1.rows.count }
        let rowChanges = n / 20
        let picked = rng.sample(min(3 * rowChanges, survivingRows), from: survivingRows)
        enum RowFate { case kept, deleted, edited, moved }
        var fate = [RowFate](repeating: .kept, count: survivingRows)
        for (rank, index) in picked.enumerated() {
            fate[index] = rank < rowChanges ? .deleted : rank < 2 * rowChanges ? .edited : .moved
        }
        var movers: [(row: FeedItem, from: Int)] = []
        var number = 0
        for s in survivors.indices {
            var kept: [FeedItem] = []
            for var row in survivors[s].rows {
                switch fate[number] {
                case .kept: kept.append(row)
                case .deleted: break
                case .edited:
                    row.content = changed(row.content, &rng)
                    kept.append(row)
                case .moved: movers.append((row, survivors[s].id))
                }
                number += 1
            }
            survivors[s].rows = kept
        }

        // Section moves: out of its place, into a different one.
        if survivors.count >= 2 {
            for _ in 0..<min(k, survivors.count - 1) {
                let from = rng.below(survivors.count)
                let section = survivors.remove(at: from)
                var to = rng.below(survivors.count)
                if to >= from { to += 1 }  // any place but the one it left
                survivors.insert(section, at: to)
            }
        }

        // New sections, with new rows.
        var nextRowID = n + 1
        var newSections = survivors
        for offset in 0..<k {
            let fresh = items(n / sections, firstID: nextRowID, &rng)
            nextRowID += fresh.count
            newSections.insert(
                ListSection(id: sections + 1 + offset, rows: fresh), at: rng.below(newSections.count + 1))
        }

        // Moved and new rows, merged into their sections in one pass each.
        var insertions = [[Insertion<FeedItem>]](repeating: [], count: newSections.count)
        for mover in movers {
            var target = rng.below(newSections.count)
            if newSections[target].id == mover.from, newSections.count >= 2 {
                target = (target + 1 + rng.below(newSections.count - 1)) % newSections.count
            }
            insertions[target].append(
                Insertion(gap: rng.below(newSections[target].rows.count + 1), element: mover.row))
        }
        for row in items(rowChanges, firstID: nextRowID, &rng) {
            let target = rng.below(newSections.count)
            insertions[target].append(Insertion(gap: rng.below(newSections[target].rows.count + 1), element: row))
        }
        for s in newSections.indices where !insertions[s].isEmpty {
            newSections[s].rows = newSections[s].rows.inserting(insertions[s])
        }

        return dataset(
            .identified, old: rows, new: newSections.flatMap(\.rows), oldSections: oldSections,
            newSections: newSections)
    }
}
