import Testing
@testable import DiffEngines
import DiffBenchTestSupport

// Tests of the Myers engine. Every expected edit distance comes either from
// the literature or from an independent computation in this file (a plain
// O(N·M) LCS-length table, or, for lists with unique values, the longest
// increasing subsequence of old positions in new order).

/// The module's seeded SplitMix64 (TestSupport.swift), so every failure is reproducible.
private typealias SplitMix64 = TestRandom

/// An element identified by `id` whose `content` may change (an update).
private struct Item: Identifiable, Equatable, CustomStringConvertible {
    var id: Int
    var content: Int
    var description: String { "\(id):\(content)" }
}

/// LCS length by the textbook recurrence (TestSupport.swift). O(N·M).


/// LCS length of two lists whose elements are each unique within their list:
/// the common elements, taken in new order, must keep increasing old
/// positions, so the LCS is the longest strictly increasing subsequence of
/// those positions (patience sorting). O((N+M) log N).
private func lcsLengthOfUnique(_ a: [Int], _ b: [Int]) -> Int {
    var position: [Int: Int] = [:]
    for (i, value) in a.enumerated() { position[value] = i }
    var tails: [Int] = []
    for value in b {
        guard let p = position[value] else { continue }
        var lo = 0, hi = tails.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tails[mid] < p { lo = mid + 1 } else { hi = mid }
        }
        if lo == tails.count { tails.append(p) } else { tails[lo] = p }
    }
    return tails.count
}

private let noMoves = DiffOptions(inferMoves: false)

/// Diffs plain values both without and with move inference and checks the
/// result against `expectedLCS`: the changeset verifies, rebuilds `new`, and
/// is minimal (every move pairs one delete with one insert, so deletes +
/// inserts + 2·moves stays at N + M − 2·LCS).
private func checkValues<T: Hashable>(
    _ old: [T], _ new: [T], expectedLCS: Int, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let distance = old.count + new.count - 2 * expectedLCS
    let plain = try MyersEngine().diff(fromValues: old, toValues: new, options: noMoves)
    #expect(plain.verify(oldValues: old, newValues: new) == nil, "\(old) → \(new): \(plain)", sourceLocation: sourceLocation)
    #expect(try plain.apply(to: old, using: new) == new, sourceLocation: sourceLocation)
    #expect(plain.moves.isEmpty && plain.updates.isEmpty, sourceLocation: sourceLocation)
    #expect(
        plain.deletes.count + plain.inserts.count == distance,
        "\(old) → \(new): \(plain.deletes.count) deletes + \(plain.inserts.count) inserts, want \(distance)",
        sourceLocation: sourceLocation)

    let moved = try MyersEngine().diff(fromValues: old, toValues: new)
    #expect(moved.verify(oldValues: old, newValues: new) == nil, "\(old) → \(new): \(moved)", sourceLocation: sourceLocation)
    #expect(try moved.apply(to: old, using: new) == new, sourceLocation: sourceLocation)
    #expect(
        moved.deletes.count + moved.inserts.count + 2 * moved.moves.count == distance, sourceLocation: sourceLocation)
}

/// The old elements the changeset keeps in place (neither deleted nor moved).
private func kept<T>(_ old: [T], _ changes: Changeset) -> [T] {
    let gone = Set(changes.deletes).union(changes.moves.map(\.from))
    return old.indices.filter { !gone.contains($0) }.map { old[$0] }
}

// MARK: - Literature examples

@Suite("Myers engine")
struct MyersEngineTests {
    @Test("ABCABBA → CBABAC has D = 5 (Myers 1986, figure 1)")
    func myersPaperExample() throws {
        let old = Array("ABCABBA"), new = Array("CBABAC")
        let changes = try MyersEngine().diff(fromValues: old, toValues: new, options: noMoves)
        #expect(changes.deletes.count + changes.inserts.count == 5)
        #expect(kept(old, changes).count == 4)
        try checkValues(old, new, expectedLCS: 4)
    }

    @Test("ADFGT → AFOXT keeps AFT")
    func adfgt() throws {
        let old = Array("ADFGT"), new = Array("AFOXT")
        let changes = try MyersEngine().diff(fromValues: old, toValues: new, options: noMoves)
        #expect(String(kept(old, changes)) == "AFT")
        try checkValues(old, new, expectedLCS: 3)
    }

    @Test("SMARTPHONE → HARPOON keeps ARPON")
    func smartphone() throws {
        let old = Array("SMARTPHONE"), new = Array("HARPOON")
        let changes = try MyersEngine().diff(fromValues: old, toValues: new, options: noMoves)
        #expect(String(kept(old, changes)) == "ARPON")
        try checkValues(old, new, expectedLCS: 5)
    }

    @Test("kit → kat replaces the i")
    func kit() throws {
        let changes = try MyersEngine().diff(fromValues: Array("kit"), toValues: Array("kat"))
        #expect(changes == Changeset(deletes: [1], inserts: [1]))
        try checkValues(Array("kit"), Array("kat"), expectedLCS: 2)
    }

    @Test("kitten → sitting: the only LCS is ittn")
    func kitten() throws {
        let changes = try MyersEngine().diff(fromValues: Array("kitten"), toValues: Array("sitting"))
        #expect(changes == Changeset(deletes: [0, 4], inserts: [0, 4, 6]))
        try checkValues(Array("kitten"), Array("sitting"), expectedLCS: 4)
    }

    @Test("a → b, 1234 → 1, and the empty cases")
    func tinyCases() throws {
        #expect(try MyersEngine().diff(fromValues: ["a"], toValues: ["b"]) == Changeset(deletes: [0], inserts: [0]))
        #expect(try MyersEngine().diff(fromValues: Array("1234"), toValues: ["1"]) == Changeset(deletes: [1, 2, 3]))
        #expect(try MyersEngine().diff(fromValues: [Int](), toValues: []) == Changeset())
        #expect(try MyersEngine().diff(fromValues: [], toValues: [7, 8]) == Changeset(inserts: [0, 1]))
        #expect(try MyersEngine().diff(fromValues: [7, 8], toValues: []) == Changeset(deletes: [0, 1]))
        try checkValues(["a"], ["b"], expectedLCS: 0)
        try checkValues(Array("1234"), ["1"], expectedLCS: 1)
    }

    @Test("a swapped pair becomes one move with inference on")
    func swapIsOneMove() throws {
        let changes = try MyersEngine().diff(fromValues: [1, 2, 3, 4], toValues: [1, 3, 2, 4])
        #expect(changes.moves.count == 1 && changes.deletes.isEmpty && changes.inserts.isEmpty)
        #expect(changes.verify(oldValues: [1, 2, 3, 4], newValues: [1, 3, 2, 4]) == nil)
    }

    @Test("the registry hands out this engine")
    func registry() throws {
        #expect(MyersEngine.name == .myers)
        #expect(try BuiltInEngine(named: "myers").engine is MyersEngine)
    }

    // MARK: - Seeded random pairs against the LCS table

    @Test("random pairs over tiny alphabets (many duplicates)", arguments: [2, 3, 5])
    func tinyAlphabets(alphabet: Int) throws {
        var rng = SplitMix64(seed: 0xA1FA + UInt64(alphabet))
        for _ in 0..<300 {
            let old = (0..<rng.below(40)).map { _ in rng.below(alphabet) }
            let new = (0..<rng.below(40)).map { _ in rng.below(alphabet) }
            try checkValues(old, new, expectedLCS: referenceLCSLength(old, new))
        }
    }

    @Test("thin pairs: one short side against a long one")
    func thinPairs() throws {
        var rng = SplitMix64(seed: 0x7411)
        for _ in 0..<200 {
            let short = (0..<(1 + rng.below(3))).map { _ in rng.below(6) }
            let long = (0..<(1 + rng.below(60))).map { _ in rng.below(6) }
            try checkValues(short, long, expectedLCS: referenceLCSLength(short, long))
            try checkValues(long, short, expectedLCS: referenceLCSLength(long, short))
        }
    }

    @Test("empty sides, identical, reversed and shuffled lists", arguments: [0, 1, 2, 3, 10, 57, 200])
    func shapes(count: Int) throws {
        var rng = SplitMix64(seed: 0x5EED + UInt64(count))
        let list = (0..<count).map { _ in rng.below(1_000) }
        try checkValues(list, [], expectedLCS: 0)
        try checkValues([], list, expectedLCS: 0)
        try checkValues(list, list, expectedLCS: count)
        #expect(try MyersEngine().diff(fromValues: list, toValues: list).isEmpty)
        let reversed = Array(list.reversed())
        try checkValues(list, reversed, expectedLCS: referenceLCSLength(list, reversed))
        for _ in 0..<5 {
            var shuffled = list
            rng.shuffle(&shuffled)
            try checkValues(list, shuffled, expectedLCS: referenceLCSLength(list, shuffled))
        }
    }

    @Test("random edits of a list: inserts, deletes, replacements, moves")
    func randomEdits() throws {
        var rng = SplitMix64(seed: 0xED17)
        var fresh = 10_000
        for _ in 0..<300 {
            let old = (0..<rng.below(120)).map { _ in rng.below(40) }
            var new = old
            for _ in 0..<rng.below(12) {
                switch rng.below(4) {
                case 0:
                    new.insert(rng.below(2) == 0 ? fresh : rng.below(40), at: rng.below(new.count + 1))
                    fresh += 1
                case 1 where !new.isEmpty:
                    new.remove(at: rng.below(new.count))
                case 2 where !new.isEmpty:
                    new[rng.below(new.count)] = rng.below(40)
                case 3 where !new.isEmpty:
                    let item = new.remove(at: rng.below(new.count))
                    new.insert(item, at: rng.below(new.count + 1))
                default:
                    break
                }
            }
            try checkValues(old, new, expectedLCS: referenceLCSLength(old, new))
        }
    }

    @Test("identifiable items: updates are reported, the changeset verifies and rebuilds new")
    func identifiableItems() throws {
        var rng = SplitMix64(seed: 0x1D)
        for round in 0..<200 {
            let count = rng.below(80)
            let old = (0..<count).map { Item(id: $0, content: rng.below(3)) }
            var new = old.filter { _ in rng.below(8) != 0 }
            for _ in 0..<rng.below(6) {
                new.insert(Item(id: 1_000 + round * 10 + new.count, content: 0), at: rng.below(new.count + 1))
            }
            for j in new.indices where rng.below(5) == 0 { new[j].content += 1 }
            if rng.below(3) == 0, new.count > 1 { new.swapAt(rng.below(new.count), rng.below(new.count)) }

            let lcs = referenceLCSLength(old.map(\.id), new.map(\.id))
            let distance = old.count + new.count - 2 * lcs
            for options in [noMoves, DiffOptions.default, DiffOptions(minimizeMoves: true)] {
                let changes = try MyersEngine().diff(from: old, to: new, options: options)
                #expect(changes.verify(old: old, new: new) == nil, "\(old) → \(new): \(changes)")
                #expect(try changes.apply(to: old, using: new) == new)
                if options.inferMoves {
                    #expect(changes.deletes.count + changes.inserts.count + 2 * changes.moves.count == distance)
                } else {
                    #expect(changes.deletes.count + changes.inserts.count == distance)
                }
                // Ids are unique, so with inference every shared id is paired
                // (aligned or moved) and each content change is an update;
                // without it, an id that is deleted and re-inserted is not.
                let changedContent = new.filter { item in old.contains { $0.id == item.id && $0 != item } }.count
                if options.inferMoves {
                    #expect(changes.updates.count == changedContent)
                } else {
                    #expect(changes.updates.count <= changedContent)
                }
            }
        }
    }

    // MARK: - Larger inputs against the unique-element LCS

    @Test("unique values: random edits and shuffles against the LIS-based LCS")
    func uniqueValues() throws {
        var rng = SplitMix64(seed: 0x0111)
        for count in [50, 300, 1_000] {
            let old = Array(0..<count)
            var shuffled = old
            rng.shuffle(&shuffled)
            try checkValues(old, shuffled, expectedLCS: lcsLengthOfUnique(old, shuffled))
            var edited = old.filter { _ in rng.below(5) != 0 }
            for k in 0..<(count / 5) { edited.insert(count + k, at: rng.below(edited.count + 1)) }
            try checkValues(old, edited, expectedLCS: lcsLengthOfUnique(old, edited))
        }
    }

    @Test("disjoint and reversed lists of 2,000 (the deepest splits)")
    func deepDistance() throws {
        let old = Array(0..<2_000)
        try checkValues(old, Array(2_000..<4_000), expectedLCS: 0)
        try checkValues(old, Array(old.reversed()), expectedLCS: 1)
    }

    @Test("20,000 elements with a few hundred edits")
    func largeInput() throws {
        var rng = SplitMix64(seed: 0x20_000)
        let old = Array(0..<20_000)
        var new = old
        var fresh = 20_000
        for _ in 0..<300 {
            switch rng.below(3) {
            case 0:
                new.remove(at: rng.below(new.count))
            case 1:
                new.insert(fresh, at: rng.below(new.count + 1))
                fresh += 1
            default:
                let item = new.remove(at: rng.below(new.count))
                new.insert(item, at: rng.below(new.count + 1))
            }
        }
        try checkValues(old, new, expectedLCS: lcsLengthOfUnique(old, new))
    }
}
