import DiffEngines
import Testing

/// Histogram diff's own cases: the rarest run wins, and past 64
/// occurrences an id is no anchor and Myers decides.
@Suite struct HistogramEngineTests {
    /// `q` × 70 then `p` × `count` against the two blocks swapped. The
    /// shortest script keeps the longer block (the 70 `q`) and deletes and
    /// inserts the `p`s. Histogram, while `p` occurs at most 64 times,
    /// anchors on the rarer `p` block and deletes and inserts the 70 `q`s
    /// instead; at 65 no common id qualifies, Myers decides, and the script
    /// is the shortest. (Scripts without move pairing, which would hide the
    /// anchor behind the fewest moves.)
    @Test(arguments: [60, 64, 65, 66])
    func theRarestRunIsTheAnchorUpToSixtyFourOccurrences(count: Int) throws {
        let old = Array(repeating: "q", count: 70) + Array(repeating: "p", count: count)
        let new = Array(repeating: "p", count: count) + Array(repeating: "q", count: 70)
        let script = try HistogramEngine().diff(fromValues: old, toValues: new, options: DiffOptions(inferMoves: false))
        if count <= HistogramEngine.maxOccurrences {
            #expect(script.deletes == Array(0..<70))
            #expect(script.inserts == Array(count..<(count + 70)))
        } else {
            #expect(script.deletes == Array(70..<(70 + count)))
            #expect(script.inserts == Array(0..<count))
        }
    }

    /// Equally rare runs: the longest wins. `ab` and `cde` are both unique;
    /// anchoring on `cde` leaves `ab` to move, and the `b` that follows
    /// `a` stays with it. Without move pairing the script shows the anchor.
    @Test func amongEquallyRareRunsTheLongestWins() throws {
        let old = Array("abXcde"), new = Array("cdeYab")
        let histogram = try HistogramEngine().diff(fromValues: old, toValues: new)
        #expect(histogram.moves.map { [$0.from, $0.to] } == [[0, 4], [1, 5]])
        #expect(histogram.deletes == [2] && histogram.inserts == [3])
        let script = try HistogramEngine().diff(fromValues: old, toValues: new, options: DiffOptions(inferMoves: false))
        #expect(script.deletes == [0, 1, 2] && script.inserts == [3, 4, 5])
    }

    /// The stayers are chosen again after the moves are paired. Every id
    /// is unique; `abc` is the only common run longer than one, so it is
    /// the anchor, and the script deletes and inserts the six others. Paired,
    /// they would be six moves; but `d e f i` keep their order (old
    /// positions 3, 5, 7, 8), four items that can stay against the anchor's
    /// three, so the fewest moves are 9 − 4 = 5.
    @Test func theMovesAreTheFewestForTheMatching() throws {
        let old = Array("abcdgehfi"), new = Array("defghiabc")
        let script = try HistogramEngine().diff(fromValues: old, toValues: new, options: DiffOptions(inferMoves: false))
        #expect(script.deletes == Array(3...8) && script.inserts == Array(0...5))
        let changes = try HistogramEngine().diff(fromValues: old, toValues: new)
        #expect(changes.deletes.isEmpty && changes.inserts.isEmpty)
        #expect(changes.moves.count == 5)
    }
}
