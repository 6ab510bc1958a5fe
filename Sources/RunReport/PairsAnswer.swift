import FileSupport
import RunResults

/// One answer for a run over many of the user's pairs (`run --from-git
/// --range`, or `--old/--new` given more than once): the engine to use for
/// the whole set, and how many pairs each engine won, before any pair's
/// own block.
///
/// The pick over all pairs is ``EngineAdvice``'s rule with every pair as
/// one workload of the set (fewest steps within 1 % on the most pairs, then
/// the best geometric mean of time over the fastest), so one large pair
/// does not decide alone and an engine that could not run on some pair is
/// named under "avoid". Pairs of another shape than the set's most common
/// one (a JSON pair among text files) keep their own blocks and are left
/// out of the set's answer, and the answer says how many that was.
/// A pair is *won* by its own block's pick; a pair whose pick is tied with
/// others counts as a tie, not a win. O(pairs · engines) plus the advice's
/// bootstrap.
package struct PairsAnswer: Hashable, Sendable, Codable {
    /// The advice over the set (nil when no engine was verified on every pair).
    package var advice: EngineAdvice?
    /// Pairs of the set (of its shape).
    package var pairs: Int
    /// Pairs left out (another shape than the set's).
    package var otherShape: Int
    /// Pairs won outright by one engine.
    package struct Win: Hashable, Sendable, Codable {
        package var engine: Subject
        package var pairs: Int
    }

    /// Pairs won outright, by engine, most first (then palette order).
    package var wins: [Win]
    /// Pairs whose pick was tied with another engine.
    package var ties: Int

    /// The answer for `blocks` (``YourLists/blocks(_:palette:)``) of
    /// `document`, or nil for fewer than two pairs (one pair's block is its
    /// own answer).
    package static func answer(_ blocks: [YourLists], document: RunDocument, palette: EnginePalette) -> PairsAnswer? {
        guard blocks.count >= 2 else { return nil }
        let datasets = document.datasets ?? []
        let allSeries = RunSeries.group(document, palette: palette)
        // Each pair's deciding series: the one its block was decided on.
        let series = blocks.compactMap { block in
            allSeries.first { one in
                one.rows.contains { block.shape.describes($0) } && one.elements == block.elements
            }
        }
        let shapes = series.map { EngineAdvice.shape(of: $0, datasets: datasets) }
        let common = EngineAdvice.Shape.allCases.max { a, b in
            shapes.filter { $0 == a }.count < shapes.filter { $0 == b }.count
        } ?? .text
        let mine = zip(series, shapes).filter { $0.1 == common }.map(\.0)
        let advice = EngineAdvice.advise(shape: common, mine, datasets: datasets)
        var counts: [Subject: Int] = [:]
        var ties = 0
        for block in blocks {
            guard let advice = block.advice, let pick = advice.pick else { continue }
            if advice.pickTies.isEmpty { counts[pick, default: 0] += 1 } else { ties += 1 }
        }
        let order = palette.sorted(Array(counts.keys))
        // Most wins first; a stable sort keeps palette order among equals.
        var wins = order.map { Win(engine: $0, pairs: counts[$0]!) }
        wins = wins.enumerated().sorted { ($0.element.pairs, -$0.offset) > ($1.element.pairs, -$1.offset) }.map(\.element)
        return PairsAnswer(advice: advice, pairs: mine.count, otherShape: blocks.count - mine.count, wins: wins, ties: ties)
    }

    /// "One answer for 238 pairs: use histogram", the heading.
    package var headline: String {
        let use = advice?.pick.map { "use \($0)" } ?? "no engine was verified on every pair"
        return "One answer for \(Formatting.grouped(pairs)) pairs: \(use)"
    }

    /// "Pairs won: histogram 120, myers 60, anchor 38; tied 20." O(engines).
    package var winsLine: String {
        var text = "Pairs won: " + (wins.isEmpty ? "none outright" : wins.map { "\($0.engine) \(Formatting.grouped($0.pairs))" }.joined(separator: ", "))
        if ties > 0 { text += "; tied \(Formatting.grouped(ties))" }
        if otherShape > 0 { text += "; \(Formatting.grouped(otherShape)) pair\(otherShape == 1 ? "" : "s") of another kind left out of this answer" }
        return text + "."
    }
}
