import DiffEngines
import Foundation
import Testing
import DiffBenchTestSupport

/// Slider placement: the step count never changes, the result still
/// verifies and applies, `down` places as GNU diff does and `indent` as
/// git's indent heuristic does (both checked against the real programs).
@Suite(.tags(.process)) struct SliderPlacementTests {
    static let diffProgram = "/usr/bin/diff"
    static let gitProgram = "/usr/bin/git"

    @Test(arguments: EngineName.builtIns, SliderPolicy.allCases)
    func placingSlidersKeepsTheStepsAndStillVerifies(engine: EngineName, policy: SliderPolicy) throws {
        var rng = TestRandom(seed: 28)
        var slid = 0
        for _ in 0..<300 {
            let (old, new) = Self.randomLines(using: &rng)
            guard let changeset = try? BuiltInEngine.diff(engine, from: old, to: new, identity: ValueElements<String>()) else {
                continue  // set refuses repeated lines
            }
            let placed = changeset.placingSliders(policy, oldLines: old, newLines: new)
            #expect(placed.stepCount == changeset.stepCount)
            #expect(placed.deletes.count == changeset.deletes.count && placed.inserts.count == changeset.inserts.count)
            #expect(placed.moves.count == changeset.moves.count)
            #expect(placed.verify(oldValues: old, newValues: new) == nil, "\(engine) \(policy): \(placed)")
            #expect(try placed.apply(to: old, using: new) == new)
            if placed != changeset { slid += 1 }
        }
        // The lists are full of sliders: a policy that moved nothing would show here.
        if policy != .none, engine != .set { #expect(slid > 0) }
    }

    @Test(arguments: EngineName.builtIns)
    func movesAndUpdatesFollowTheirElements(engine: EngineName) throws {
        var rng = TestRandom(seed: 9)
        for _ in 0..<400 {
            // Few ids, few contents: repeated ids, updates and moves inside the sliders.
            let old = (0..<rng.int(in: 0...30)).map { _ in Post(id: rng.below(4), content: rng.below(2)) }
            var new = old
            for _ in 0..<rng.int(in: 0...6) {
                switch rng.below(3) {
                case 0 where !new.isEmpty: new.remove(at: rng.below(new.count))
                case 1: new.insert(Post(id: rng.below(4), content: rng.below(2)), at: rng.below(new.count + 1))
                default: if !new.isEmpty { new[rng.below(new.count)].content += 1 }
                }
            }
            guard let changeset = try? BuiltInEngine.diff(engine, from: old, to: new, identity: IdentifiedElements<Post>()) else {
                continue
            }
            for policy in SliderPolicy.allCases {
                let placed = changeset.placingSliders(policy, old: old, new: new, identity: IdentifiedElements<Post>())
                #expect(placed.stepCount == changeset.stepCount)
                #expect(placed.updates.count == changeset.updates.count)
                #expect(placed.verify(old: old, new: new) == nil, "\(engine) \(policy): \(changeset) → \(placed)")
            }
        }
    }

    @Test func downPutsADuplicatedLineLast() {
        let old = ["a", "x", "b"], new = ["a", "x", "x", "b"]
        let first = Changeset(inserts: [1])
        #expect(first.verify(oldValues: old, newValues: new) == nil)
        #expect(first.placingSliders(.down, oldLines: old, newLines: new).inserts == [2])
        #expect(first.placingSliders(.none, oldLines: old, newLines: new).inserts == [1])
    }

    @Test func indentKeepsAnAddedBlockWhole() {
        // Down puts the added `if` after the first one (its "}" closes the
        // old block); the indent score adds the whole block at its own
        // indentation, as `git diff --indent-heuristic` does on these files.
        let block = ["    if a {", "        y()", "    }"]
        let old = ["func f() {"] + block + ["    x()"] + block + ["}"]
        let new = ["func f() {"] + block + block + ["    x()"] + block + ["}"]
        let engineStyle = Changeset(inserts: [2, 3, 4])  // "y()", "}", "if a {"
        #expect(engineStyle.verify(oldValues: old, newValues: new) == nil)
        #expect(engineStyle.placingSliders(.down, oldLines: old, newLines: new).inserts == [4, 5, 6])
        #expect(engineStyle.placingSliders(.indent, oldLines: old, newLines: new).inserts == [1, 2, 3])
        #expect(engineStyle.placingSliders(.none, oldLines: old, newLines: new) == engineStyle)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: diffProgram)))
    func downPlacesSlidersAsGNUDiffDoes() throws {
        var rng = TestRandom(seed: 1986)
        let scratch = ScratchDirectory()
        var differing = 0
        for round in 0..<200 {
            let (old, new) = Self.randomLines(using: &rng)
            let gnu = try Self.gnuDiff(old, new, in: scratch.path)
            #expect(gnu.verify(oldValues: old, newValues: new) == nil)
            let scrambled = Self.slidUp(gnu, old: old, new: new)
            #expect(scrambled.verify(oldValues: old, newValues: new) == nil)
            if scrambled != gnu { differing += 1 }
            #expect(scrambled.placingSliders(.down, oldLines: old, newLines: new) == gnu, "round \(round): \(old) → \(new)")
            #expect(gnu.placingSliders(.down, oldLines: old, newLines: new) == gnu)
        }
        #expect(differing > 40)  // the scrambling did move most cases away from GNU's answer
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: gitProgram)))
    func indentPlacesSlidersAsGitDoes() throws {
        var rng = TestRandom(seed: 2017)
        let scratch = ScratchDirectory()
        var differing = 0
        for round in 0..<150 {
            let (old, new) = Self.randomCode(using: &rng)
            let git = try Self.gitDiff(old, new, in: scratch.path)
            #expect(git.verify(oldValues: old, newValues: new) == nil)
            let scrambled = Self.slidUp(git, old: old, new: new)
            if scrambled != git { differing += 1 }
            #expect(scrambled.placingSliders(.indent, oldLines: old, newLines: new) == git, "round \(round): \(old) → \(new)")
        }
        #expect(differing > 20)
    }

    // MARK: - Cases

    /// Line lists with many repeated lines: a small alphabet, then blocks
    /// of the list copied next to themselves or removed.
    static func randomLines(using rng: inout TestRandom) -> (old: [String], new: [String]) {
        let alphabet = ["a", "b", "x", "", "}", "{", "c"]
        let old = (0..<rng.int(in: 0...30)).map { _ in alphabet[rng.below(rng.chance(0.5) ? 3 : alphabet.count)] }
        var new = old
        for _ in 0..<rng.int(in: 1...4) {
            switch rng.below(4) {
            case 0 where !new.isEmpty:
                let start = rng.below(new.count), length = min(rng.int(in: 1...3), new.count - start)
                new.insert(contentsOf: new[start..<(start + length)], at: start + length)
            case 1 where !new.isEmpty:
                let start = rng.below(new.count), length = min(rng.int(in: 1...3), new.count - start)
                new.removeSubrange(start..<(start + length))
            case 2: new.insert(alphabet[rng.below(alphabet.count)], at: rng.below(new.count + 1))
            default: if !new.isEmpty { new[rng.below(new.count)] = alphabet[rng.below(alphabet.count)] }
            }
        }
        return (old, new)
    }

    /// Code-like lines (functions with indented bodies and blank lines
    /// between them), with whole functions and lines added and removed.
    static func randomCode(using rng: inout TestRandom) -> (old: [String], new: [String]) {
        func function(_ name: Int) -> [String] {
            ["func f\(name)() {"] + (0..<rng.int(in: 0...2)).map { _ in ["    x()", "    y()", "    }", ""][rng.below(4)] } + ["}", ""]
        }
        var old: [String] = []
        for name in 0..<rng.int(in: 1...5) { old += function(name) }
        var new = old
        for k in 0..<rng.int(in: 1...3) {
            let at = rng.below(new.count + 1)
            switch rng.below(3) {
            case 0: new.insert(contentsOf: function(100 + k), at: at)
            case 1 where at < new.count: new.removeSubrange(at..<min(new.count, at + rng.int(in: 1...3)))
            default: new.insert(["", "    x()", "}"][rng.below(3)], at: at)
            }
        }
        return (old, new)
    }

    /// `changeset` with every run slid as far up as it goes without
    /// meeting another run: a different placement of the same edits,
    /// written apart from the library on purpose. The old side is placed
    /// first, facing the new side's runs where they are, so where the new
    /// side starts can change the answer (GNU diff and git share that
    /// order): the new side's runs are moved only when nothing is deleted.
    static func slidUp(_ changeset: Changeset, old: [String], new: [String]) -> Changeset {
        func up(_ indices: [Int], _ lines: [String]) -> [Int] {
            var changed = [Bool](repeating: false, count: lines.count)
            for i in indices { changed[i] = true }
            var start = 0
            while start < lines.count {
                guard changed[start] else { start += 1; continue }
                var end = start
                while end < lines.count, changed[end] { end += 1 }
                var lower = start, upper = end
                while lower > 0, !changed[lower - 1], lower < 2 || !changed[lower - 2], lines[lower - 1] == lines[upper - 1] {
                    changed[lower - 1] = true
                    changed[upper - 1] = false
                    lower -= 1
                    upper -= 1
                }
                start = end
            }
            return changed.indices.filter { changed[$0] }
        }
        return Changeset(
            deletes: up(changeset.deletes, old), inserts: changeset.deletes.isEmpty ? up(changeset.inserts, new) : changeset.inserts)
    }

    // MARK: - The reference programs

    /// GNU diff's answer, read from its normal output ("2,3d1", "4a5,6", "7c8").
    /// `--horizon-lines` keeps the whole common prefix and suffix in view:
    /// by default GNU diff sets them aside before it slides, so a slider
    /// stops at the identical ends of the files.
    static func gnuDiff(_ old: [String], _ new: [String], in folder: String) throws -> Changeset {
        let output = try run(
            diffProgram, ["--horizon-lines=100000", "old.txt", "new.txt"], old: old, new: new, in: folder, okStatus: [0, 1])
        var deletes: [Int] = [], inserts: [Int] = []
        for line in output.split(separator: "\n") where line.first?.isNumber == true {
            guard let command = line.firstIndex(where: { "acd".contains($0) }) else { continue }
            let left = range(line[..<command]), right = range(line[line.index(after: command)...])
            switch line[command] {
            case "a": inserts += right
            case "d": deletes += left
            default: deletes += left; inserts += right
            }
        }
        return Changeset(deletes: deletes, inserts: inserts)
        func range(_ text: Substring) -> [Int] {
            let bounds = text.split(separator: ",").compactMap { Int($0) }
            return Array((bounds[0] - 1)...((bounds.last ?? bounds[0]) - 1))
        }
    }

    /// git's answer with the indent heuristic, read from its hunk headers with no context.
    static func gitDiff(_ old: [String], _ new: [String], in folder: String) throws -> Changeset {
        let output = try run(
            gitProgram, ["diff", "--no-index", "--no-color", "--indent-heuristic", "-U0", "old.txt", "new.txt"],
            old: old, new: new, in: folder, okStatus: [0, 1])
        var deletes: [Int] = [], inserts: [Int] = []
        for line in output.split(separator: "\n") where line.hasPrefix("@@ ") {
            let fields = line.split(separator: " ")
            func span(_ field: Substring) -> [Int] {
                let parts = field.dropFirst().split(separator: ",").compactMap { Int($0) }
                let start = parts[0], count = parts.count > 1 ? parts[1] : 1
                return Array((start - 1)..<(start - 1 + count))
            }
            deletes += span(fields[1])
            inserts += span(fields[2])
        }
        return Changeset(deletes: deletes, inserts: inserts)
    }

    static func run(
        _ program: String, _ arguments: [String], old: [String], new: [String], in folder: String, okStatus: Set<Int32>
    ) throws -> String {
        try (old.map { $0 + "\n" }.joined()).write(toFile: folder + "/old.txt", atomically: true, encoding: .utf8)
        try (new.map { $0 + "\n" }.joined()).write(toFile: folder + "/new.txt", atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(okStatus.contains(process.terminationStatus))
        return String(decoding: data, as: UTF8.self)
    }
}
