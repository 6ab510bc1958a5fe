import DiffBenchTestSupport
import DiffEngines
import Foundation
import Testing

/// `patience` against `git diff --patience` itself, on seeded random texts
/// whose lines repeat (blank lines, braces) and whose unique lines move, so
/// that the order in which the unique pairs are laid out decides the anchors.
///
/// The oracle is git's own output, read from its hunk headers; a machine
/// without git skips the suite with that message.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: SliderPlacementTests.gitProgram),
                "needs git at /usr/bin/git to compare with `git diff --patience`"), .tags(.process))
struct PatienceAgainstGitTests {
    /// The deleted and inserted line counts of 200 pairs equal git's on at
    /// least 199 (the target; 200 measured through `diffbench diff`). Dealt in the new
    /// file's order they did on 189; in old order but with uniqueness
    /// counted in the trimmed middle only, on 197: git counts over the whole
    /// files, so a line repeated only in the trimmed ends (a `x += 1`
    /// beside the edit) was unique in our middle and not in git's.
    /// The hunks themselves, once slid as git slides them, are counted too.
    @Test(.timeLimit(.minutes(10)))
    func deletedAndInsertedLinesEqualGitsOnRandomTexts() throws {
        var random = TestRandom(seed: 35)
        let scratch = ScratchDirectory()
        var sameCounts = 0, sameHunks = 0
        var firstDifferences: [String] = []
        for round in 0..<200 {
            let (old, new) = Self.randomText(round: round, using: &random)
            let git = try Self.gitPatience(old, new, in: scratch.path)
            let ours = try PatienceEngine().diff(
                from: old, to: new, identity: ValueElements<String>(), options: DiffOptions(inferMoves: false))
            if ours.deletes.count == git.deletes.count, ours.inserts.count == git.inserts.count {
                sameCounts += 1
            } else if firstDifferences.count < 3 {
                firstDifferences.append(
                    "round \(round): ours −\(ours.deletes.count) +\(ours.inserts.count), git −\(git.deletes.count) +\(git.inserts.count)")
            }
            if ours.placingSliders(.indent, oldLines: old, newLines: new) == git { sameHunks += 1 }
        }
        #expect(sameCounts >= 199, "\(sameCounts) of 200 equal git's counts; \(firstDifferences)")
        // Same anchors and the same slider rule give the same hunks; a
        // different alignment of equal length would show here only.
        #expect(sameHunks >= 190, "\(sameHunks) of 200 hunks equal git's")
    }

    /// A case worked by hand where counting the trimmed ends matters. old
    /// `x p x A B`, new `x p B x A`: the common prefix is `x p`. Counted
    /// over the middle alone, `x A B` against `B x A`, x is unique and the
    /// run x A wins (B deleted and inserted: 2 lines). Counted over the
    /// whole lists, as git counts, x occurs twice in each: the unique pairs
    /// are p (1 → 1), A (3 → 4) and B (4 → 2), and patience sorting keeps
    /// p B, so `x A` is deleted and inserted after B (4 lines).
    @Test func theTrimmedEndsCountAsGitCountsThem() throws {
        let old = ["x", "p", "x", "A", "B"], new = ["x", "p", "B", "x", "A"]
        let ours = try PatienceEngine().diff(
            from: old, to: new, identity: ValueElements<String>(), options: DiffOptions(inferMoves: false))
        #expect(ours.deletes == [2, 3] && ours.inserts == [3, 4], "\(ours)")
        let scratch = ScratchDirectory()
        #expect(try Self.gitPatience(old, new, in: scratch.path) == ours)
    }

    /// A case worked by hand where the two orders disagree. old `A B x x`,
    /// new `B x x A`: the unique pairs are A (0 → 3) and B (1 → 0). Walked
    /// in old order the new positions are 3, 0: patience sorting keeps the
    /// last card of the one pile, B, and `x x` then match after it (A
    /// deleted and inserted: 2 lines). Walked in new order it would keep A,
    /// and `B x x` would go on both sides (6 lines).
    @Test func theUniquePairsAreLaidOutInOldOrder() throws {
        let old = ["A", "B", "x", "x"], new = ["B", "x", "x", "A"]
        let ours = try PatienceEngine().diff(
            from: old, to: new, identity: ValueElements<String>(), options: DiffOptions(inferMoves: false))
        #expect(ours.deletes == [0] && ours.inserts == [3])
        let scratch = ScratchDirectory()
        #expect(try Self.gitPatience(old, new, in: scratch.path) == ours)
    }

    // MARK: - Cases

    /// Text with repeated lines (blank, braces, a few statements) and unique
    /// ones (numbered), then edited: blocks moved, removed, copied, unique
    /// and repeated lines inserted. Moves of blocks holding unique lines are
    /// what make the orders of the unique pairs disagree.
    static func randomText(round: Int, using random: inout TestRandom) -> (old: [String], new: [String]) {
        let repeated = ["", "}", "{", "    return", "    x += 1", "else"]
        var unique = 0
        func line() -> String {
            if random.chance(0.45) {
                unique += 1
                return "line \(round).\(unique)"
            }
            return repeated[random.below(repeated.count)]
        }
        let old = (0..<random.int(in: 5...60)).map { _ in line() }
        var new = old
        for _ in 0..<random.int(in: 1...6) {
            switch random.below(5) {
            case 0 where new.count > 2:
                // Move a block elsewhere.
                let start = random.below(new.count), length = min(random.int(in: 1...6), new.count - start)
                let block = Array(new[start..<(start + length)])
                new.removeSubrange(start..<(start + length))
                new.insert(contentsOf: block, at: random.below(new.count + 1))
            case 1 where !new.isEmpty:
                let start = random.below(new.count), length = min(random.int(in: 1...4), new.count - start)
                new.removeSubrange(start..<(start + length))
            case 2 where !new.isEmpty:
                let start = random.below(new.count), length = min(random.int(in: 1...3), new.count - start)
                new.insert(contentsOf: new[start..<(start + length)], at: random.below(new.count + 1))
            default:
                new.insert(contentsOf: (0..<random.int(in: 1...3)).map { _ in line() }, at: random.below(new.count + 1))
            }
        }
        return (old, new)
    }

    /// `git diff --patience` with no context, read from its hunk headers
    /// (git slides its hunks with the indent heuristic, on by default; it is
    /// named so that a user's configuration cannot change it).
    static func gitPatience(_ old: [String], _ new: [String], in folder: String) throws -> Changeset {
        let output = try SliderPlacementTests.run(
            SliderPlacementTests.gitProgram,
            ["-c", "core.attributesFile=/dev/null", "diff", "--no-index", "--no-color", "--no-ext-diff", "--no-textconv",
             "--patience", "--indent-heuristic", "-U0", "old.txt", "new.txt"],
            old: old, new: new, in: folder, okStatus: [0, 1])
        var deletes: [Int] = [], inserts: [Int] = []
        for line in output.split(separator: "\n") where line.hasPrefix("@@ ") {
            let fields = line.split(separator: " ")
            func span(_ field: Substring) -> [Int] {
                let parts = field.dropFirst().split(separator: ",").compactMap { Int($0) }
                let start = parts[0], count = parts.count > 1 ? parts[1] : 1
                // "-3,0" is an empty span placed after line 3.
                return count == 0 ? [] : Array((start - 1)..<(start - 1 + count))
            }
            deletes += span(fields[1])
            inserts += span(fields[2])
        }
        return Changeset(deletes: deletes, inserts: inserts)
    }
}
