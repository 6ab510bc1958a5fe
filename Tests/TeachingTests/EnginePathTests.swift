import DiffBenchTestSupport
import DiffEngines
import Foundation
import Testing
@testable import Teaching

/// Any engine's answer as a path on the edit graph (engine-path.png), and
/// teach with an engine the teaching code has never heard of.
@Suite struct EnginePathTests {
    /// The path's steps: diagonals only on matches, and as many right/down
    /// steps as the changeset has deletes + inserts + 2 × moves; for a
    /// shortest-script engine that is D = N + M − 2·LCS. Every engine that
    /// takes repeated values (these lists repeat them), from the catalog.
    @Test(arguments: BuiltInEngine.all.filter { !$0.claims.contains(.uniqueIDsOnly) }.map(\.name))
    func aChangesetsPathStepsOnlyOnMatchesAndCountsItsEdits(engine: EngineName) throws {
        var random = TestRandom(seed: 31)
        for _ in 0..<300 {
            let old = (0..<random.below(12)).map { _ in random.below(6) }
            let new = (0..<random.below(12)).map { _ in random.below(6) }
            let changeset = try BuiltInEngine.diff(engine, from: old, to: new, identity: ValueElements<Int>())
            let path = try #require(EnginePathPicture.path(of: changeset, n: old.count, m: new.count))
            #expect(path.first == GridPoint(0, 0) && path.last == GridPoint(old.count, new.count))
            var edits = 0
            for (p, q) in zip(path, path.dropFirst()) {
                let dx = q.x - p.x, dy = q.y - p.y
                #expect([(1, 0), (0, 1), (1, 1)].contains { $0 == (dx, dy) }, "\(p) → \(q)")
                if dx == 1 && dy == 1 { #expect(old[p.x] == new[p.y], "diagonal off a match at \(p)") } else { edits += 1 }
            }
            #expect(edits == changeset.deletes.count + changeset.inserts.count + 2 * changeset.moves.count)
            if try BuiltInEngine(engine).claims.contains(.minimalEdits) { #expect(edits == old.count + new.count - 2 * referenceLCSLength(old, new)) }
        }
    }

    @Test func staysOutOfOrderHaveNoPath() {
        // Both items stay, but crossed: no verifier would accept it, and no path draws it.
        #expect(EnginePathPicture.path(of: Changeset(), n: 2, m: 1) == nil)
    }

    @Test func anEngineUnknownToTeachingIsPlayedAndDrawn() throws {
        let scratch = ScratchDirectory()
        let old = Array("ADFGT").map(String.init), new = Array("AFOXT").map(String.init)
        let summary = try TeachingReport.write(
            old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new, title: "ADFGT → AFOXT",
            to: scratch.path, storyboardEngine: ReplaceAll.name, engines: BuiltInEngine.all.map(\.engine) + [ReplaceAll()],
            gnuplot: nil)
        #expect(summary.engineProblems.isEmpty)
        let data = try String(contentsOfFile: scratch.path + "/engine-path.dat", encoding: .utf8)
        // Delete all five (right along the top), then insert all five (down the right edge).
        let block = try #require(
            data.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .newlines) }.first { $0.contains("replace-all path") })
        let rows = block.split(separator: "\n").dropFirst().map(String.init)
        #expect(rows == (0..<5).map { "\($0)\t0\t1\t0" } + (0..<5).map { "5\t\($0)\t0\t1" })
        let index = try String(contentsOfFile: scratch.path + "/index.md", encoding: .utf8)
        #expect(index.contains("replace-all"))
        let script = try String(contentsOfFile: scratch.path + "/engine-path.gp", encoding: .utf8)
        #expect(script.contains("10 edits on this graph, 6 more than D = 4"))
    }
}

/// Deletes everything and inserts everything: valid, never short.
private struct ReplaceAll: DiffEngine {
    static let name: EngineName = "replace-all"
    func diff<I: ElementIdentity>(from old: [I.Element], to new: [I.Element], identity: I, options: DiffOptions)
        throws(DiffError) -> Changeset
    {
        Changeset(deletes: Array(old.indices), inserts: Array(new.indices))
    }
}
