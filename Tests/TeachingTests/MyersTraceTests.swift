import Testing

@testable import Teaching
import DiffBenchTestSupport

/// Checks that `path` is a path of the edit graph of a and b from (0,0) to
/// (N,M) and returns its number of edits (non-diagonal steps).
private func edits(of path: [GridPoint], _ a: [Int32], _ b: [Int32]) -> Int? {
    guard path.first == GridPoint(0, 0), path.last == GridPoint(a.count, b.count) else { return nil }
    var count = 0
    for (p, q) in zip(path, path.dropFirst()) {
        switch (q.x - p.x, q.y - p.y) {
        case (1, 0), (0, 1): count += 1
        case (1, 1): if a[p.x] != b[p.y] { return nil }
        default: return nil
        }
    }
    return count
}

@Suite struct MyersTraceTests {
    /// The example of Myers' paper: ABCABBA → CBABAC has D = 5.
    @Test func paperExample() {
        let a: [Int32] = Array("ABCABBA".unicodeScalars.map { Int32($0.value) })
        let b: [Int32] = Array("CBABAC".unicodeScalars.map { Int32($0.value) })
        let trace = MyersTrace(old: a, new: b)
        #expect(trace.distance == 5)
        #expect(edits(of: trace.path, a, b) == 5)
        let linear = MyersMiddleSnakeTrace(old: a, new: b)
        #expect(edits(of: linear.path, a, b) == 5)
    }

    /// On seeded random lists the traced searches find a valid path whose
    /// edit count is N + M − 2·LCS, with the LCS from an independent table.
    @Test func randomPairsMatchTheLCSDistance() {
        var random = TestRandom(seed: 0x7EAC_4001)
        for round in 0..<400 {
            let a = random.codes(count: random.below(18), alphabet: 1 + random.below(5))
            let b = random.codes(count: random.below(18), alphabet: 1 + random.below(5))
            let lcs = referenceLCSTable(a, b)[a.count][b.count]
            let expected = a.count + b.count - 2 * lcs
            let trace = MyersTrace(old: a, new: b)
            #expect(trace.distance == expected, "round \(round): \(a) → \(b)")
            #expect(edits(of: trace.path, a, b) == expected, "round \(round): \(a) → \(b)")
            let linear = MyersMiddleSnakeTrace(old: a, new: b)
            #expect(edits(of: linear.path, a, b) == expected, "linear, round \(round): \(a) → \(b)")
            for search in linear.searches {
                let region = search.corner.x - search.origin.x + search.corner.y - search.origin.y
                #expect(search.distance <= region)
                #expect(search.snakeStart.k == search.snakeEnd.k)
            }
        }
    }

    /// Every round's frontier lies on the diagonals of its parity and inside the grid.
    @Test func frontiersStayOnTheGrid() {
        var random = TestRandom(seed: 99)
        for _ in 0..<100 {
            let a = random.codes(count: 1 + random.below(12), alphabet: 3)
            let b = random.codes(count: 1 + random.below(12), alphabet: 3)
            let trace = MyersTrace(old: a, new: b)
            for d in 0...trace.distance {
                for (k, x) in trace.frontier(after: d) {
                    #expect((k - d) % 2 == 0)
                    #expect(x >= 0 && x <= a.count && x - k >= 0 && x - k <= b.count)
                }
            }
        }
    }
}
