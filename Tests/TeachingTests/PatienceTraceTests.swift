import DiffBenchTestSupport
import DiffEngines
import Foundation
import Testing

@testable import Teaching

struct PatienceTraceTests {
    /// The trace replays the engine: on random lists over small alphabets
    /// (many repeats, so Myers boxes occur) and large ones (many unique
    /// ids, so anchors nest), what the trace leaves unpaired is exactly what
    /// the patience engine deletes and inserts before moves are paired, and
    /// its pairs increase on both sides.
    @Test(arguments: [2, 4, 12, 40])
    func theTraceKeepsWhatTheEngineKeeps(alphabet: Int) throws {
        var random = TestRandom(seed: 0x9A71_E4CE + UInt64(alphabet))
        for _ in 0..<300 {
            let old = random.codes(count: random.int(in: 0...24), alphabet: alphabet)
            let new = random.codes(count: random.int(in: 0...24), alphabet: alphabet)
            guard !(old.isEmpty && new.isEmpty) else { continue }
            let pair = try TeachingPair(
                old: old, new: new, identity: ValueElements<Int32>(), oldLabels: old.map(String.init), newLabels: new.map(String.init))
            let trace = PatienceTrace(codes: pair.codes)
            let engine = try PatienceEngine().diff(fromValues: old, toValues: new, options: DiffOptions(inferMoves: false))
            let keptOld = Set(trace.pairs.map(\.old)), keptNew = Set(trace.pairs.map(\.new))
            #expect(Set(old.indices).subtracting(keptOld).sorted() == engine.deletes, "\(old) → \(new)")
            #expect(Set(new.indices).subtracting(keptNew).sorted() == engine.inserts, "\(old) → \(new)")
            for (left, right) in zip(trace.pairs, trace.pairs.dropFirst()) {
                #expect(left.old < right.old && left.new < right.new, "\(old) → \(new)")
            }
            for pair in trace.pairs { #expect(old[pair.old] == new[pair.new]) }
        }
    }

    /// Patience sorting on 3 1 4 5 2, by hand: 3 starts pile 1; 1 goes on
    /// it; 4 starts pile 2 (linked to 1, pile 1's top); 5 starts pile 3
    /// (linked to 4); 2 goes on pile 2. Three piles, and the links back from
    /// 5 spell 1 4 5.
    @Test func patienceSortingOnAHandWorkedSequence() {
        let (piles, run) = PatienceTrace.patienceSort([3, 1, 4, 5, 2])
        #expect(piles == [[0, 1], [2, 4], [3]])
        #expect(run == [1, 2, 3])
    }

    /// The longest increasing run has the length an O(n²) count gives, and
    /// increases, on random sequences of distinct positions.
    @Test func theRunIsALongestIncreasingOne() {
        var random = TestRandom(seed: 0x11_5EED)
        for _ in 0..<200 {
            var values = Array(0..<random.int(in: 0...30))
            random.shuffle(&values)
            let run = PatienceTrace.patienceSort(values).run.map { values[$0] }
            var best = [Int](repeating: 1, count: values.count)
            for i in values.indices { for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) } }
            #expect(run.count == (best.max() ?? 0), "\(values)")
            #expect(zip(run, run.dropFirst()).allSatisfy { $0 < $1 }, "\(values)")
        }
    }

    /// Guides/Patience.md's worked example, as the guide tells it by hand:
    /// the first box matches old 9–10 with new 21–22 as equal ends, and its
    /// unique pairs old 0 ↔ new 5, old 2 ↔ new 7, old 5 ↔ new 10 are all anchors.
    @Test func theGuidesWorkedExampleReproduces() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        func lines(_ name: String) throws -> [String] {
            let data = try Data(contentsOf: root.appendingPathComponent("Datasets/examples/guides/\(name).json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String])
        }
        let old = try lines("functions-old"), new = try lines("functions-new")
        let pair = try TeachingPair(old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new)
        let first = try #require(PatienceTrace(codes: pair.codes).steps.first)
        #expect(Set(first.trimmed.map { [$0.old, $0.new] }) == [[9, 21], [10, 22]])
        #expect(first.anchors.map { [first.candidates[$0].old, first.candidates[$0].new] } == [[0, 5], [2, 7], [5, 10]])
        #expect(first.candidates.count == 3)
    }
}
