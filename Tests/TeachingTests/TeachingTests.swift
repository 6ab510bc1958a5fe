import DiffEngines
import Foundation
import Testing

@testable import Teaching
import DiffBenchTestSupport
import Rendering

/// A list element with an id and a content, for updates.
private struct Post: Identifiable, Equatable {
    var id: Int
    var body: Int
}

@Suite struct HeckelTraceTests {
    /// With unique ids, pass 3 already links every id present in both lists,
    /// the links are mutual, and the symbol table counts what a plain count finds.
    @Test func uniqueIdsAreAllLinkedByPassThree() {
        var random = TestRandom(seed: 0x4EC6E1)
        for _ in 0..<60 {
            let universe = Array(0..<(5 + random.below(20)))
            let old = universe.filter { _ in random.below(4) != 0 }
            var new = universe.filter { _ in random.below(4) != 0 }
            for k in stride(from: new.count - 1, to: 0, by: -1) { new.swapAt(k, random.below(k + 1)) }
            let trace = HeckelTrace(codes: IdentityCodes(old: old, new: new, identity: ValueElements<Int>()))
            let afterThree = trace.states[2]
            for (j, id) in new.enumerated() {
                if let i = old.firstIndex(of: id) {
                    #expect(afterThree.na[j] == Int32(i) && afterThree.oa[i] == Int32(j))
                    #expect(afterThree.linkedByPass[j] == 3)
                } else {
                    #expect(afterThree.na[j] == -1)
                }
            }
            #expect(trace.final.na == afterThree.na)
        }
    }

    /// Repeated ids: a pair next to a linked unique pair is linked by pass 4
    /// (after it) or pass 5 (before it).
    @Test func neighboursOfUniquePairsAreLinkedByPassesFourAndFive() {
        // old: x A y A ; new: x A y A with x, y unique: A's link through x (pass 4) and y (pass 4/5).
        let old = ["q", "A", "r", "A", "B"], new = ["A", "r", "A", "B", "q"]
        let trace = HeckelTrace(codes: IdentityCodes(old: old, new: new, identity: ValueElements<String>()))
        let final = trace.final
        // r and B are unique in both (pass 3); the A after r is linked forward (4), the A before r backward (5).
        #expect(final.linkedByPass[1] == 3 && final.linkedByPass[3] == 3)
        #expect(final.linkedByPass[2] == 4 && final.na[2] == 3)
        #expect(final.linkedByPass[0] == 5 && final.na[0] == 1)
    }

    @Test func textShowsTheSymbolTableCountsAndEveryPass() throws {
        let old = Array("ABCABBA").map(String.init), new = Array("CBABAC").map(String.init)
        let pair = try TeachingPair(old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new)
        let trace = HeckelTrace(codes: pair.codes)
        let text = HeckelText.make(pair, trace: trace, engineChangeset: .success(Changeset()), title: "t")
        // Counted here independently: A is 3× old, 2× new; C once old, twice new.
        let rows = text.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(rows.contains(["0", "A", "many", "many", "6"]))
        #expect(rows.contains(["2", "C", "many", "1", "2"]))
        for pass in 1...5 { #expect(text.contains("after pass  \(pass)")) }
        #expect(text.contains("deletes (OA still a symbol): old[0] A, old[1] B, old[2] C"))
    }
}

@Suite struct BatchStoryboardTests {
    /// Every engine's changeset, played stage by stage, rebuilds the new list
    /// (with updates), and the stages have the sizes the rule implies.
    @Test func everyEnginePlaysBackToTheNewList() throws {
        var random = TestRandom(seed: 0x5709_4B0A)
        for _ in 0..<80 {
            let old = (0..<random.below(12)).map { _ in Post(id: random.below(9), body: random.below(2)) }
            let new = (0..<random.below(12)).map { _ in Post(id: random.below(9), body: random.below(2)) }
            for engine in EngineName.builtIns {
                guard let changeset = try? BuiltInEngine.diff(engine, from: old, to: new, identity: IdentifiedElements<Post>()) else {
                    continue  // the set engine refuses repeated ids
                }
                let board = try BatchStoryboard(changeset: changeset, old: old, new: new, identity: IdentifiedElements<Post>())
                #expect(board.resultEqualsNew, "\(engine): \(old) → \(new)")
                #expect(board.stages[0].count == old.count)
                #expect(board.stages[1].count == old.count - changeset.deletes.count)
                #expect(board.stages[2].count == new.count && board.stages[3].count == new.count)
                for (j, entry) in board.stages[2].enumerated() where entry.role == .inserted { #expect(entry.item == .new(j)) }
                #expect(board.stages[3].filter { $0.role == .moved || $0.role == .movedAndUpdated }.count == changeset.moves.count)
            }
        }
    }

    @Test func aWrongChangesetIsCaught() throws {
        let old = [Post(id: 1, body: 0), Post(id: 2, body: 0)]
        let new = [Post(id: 2, body: 0), Post(id: 1, body: 0)]
        // Claims nothing changed.
        let board = try BatchStoryboard(changeset: Changeset(), old: old, new: new, identity: IdentifiedElements<Post>())
        #expect(!board.resultEqualsNew)
        // Forgets an update.
        let updated = [Post(id: 1, body: 1), Post(id: 2, body: 0)]
        let missed = try BatchStoryboard(changeset: Changeset(), old: old, new: updated, identity: IdentifiedElements<Post>())
        #expect(!missed.resultEqualsNew)
    }
}

@Suite(.serialized, .tags(.process)) struct TeachingReportTests {
    static let pictures = [
        "lcs-table.png", "myers-graph.png", "myers-middle-snake.png", "work.png", "heckel.png", "engine-path.png", "storyboard.png",
    ]
    static let texts = ["lcs-table.txt", "lcs-table.tsv", "myers-trace.txt", "heckel-passes.txt", "stepper.html", "index.md", "index.html"]

    private func write(_ old: [String], _ new: [String], into directory: String, gnuplot: String?) throws -> TeachingReport.Summary {
        try TeachingReport.write(
            old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new,
            title: "\(old.joined()) → \(new.joined())", to: directory, gnuplot: gnuplot)
    }

    @Test func canonicalReportsHaveEveryFileAndNonBlankPictures() throws {
        let gnuplot = try #require(GnuplotProcess.executable(), "gnuplot is needed to draw the pictures (make setup installs it)")
        let scratch = ScratchDirectory()
        let words: [(String, String)] = [
            ("ADFGT", "AFOXT"), ("SMARTPHONE", "HARPOON"), ("kitten", "sitting"), ("ABCABBA", "CBABAC"), ("", "xyz"),
        ]
        var cases: [([String], [String])] = words.map { pair in (pair.0.map(String.init), pair.1.map(String.init)) }
        cases.append(((1...10).map(String.init), ["1", "4", "5", "6", "3", "9", "2"]))
        for (index, (old, new)) in cases.enumerated() {
            let directory = scratch.path + "/case-\(index)"
            let summary = try write(old, new, into: directory, gnuplot: gnuplot)
            #expect(summary.gnuplotFailures.isEmpty, "\(summary.gnuplotFailures)")
            #expect(summary.engineProblems.isEmpty)
            for name in TeachingReportTests.texts { #expect(FileManager.default.fileExists(atPath: directory + "/" + name), "\(name)") }
            for name in TeachingReportTests.pictures {
                let image = try PNGFile.read(directory + "/" + name)
                #expect(image.width >= 400 && image.height >= 300, "\(name)")
                #expect(image.distinctColors(limit: 100) >= 20, "\(name) looks blank")
            }
            let index = try String(contentsOfFile: directory + "/index.md", encoding: .utf8)
            let reference = referenceLCSTable(old, new)[old.count][new.count]
            #expect(index.contains("N = \(old.count) old elements"))
            #expect(index.contains("M = \(new.count) new elements"))
            #expect(index.contains("LCS (length \(reference))"))
            #expect(index.contains("D = \(old.count + new.count - 2 * reference):"))
            for engine in EngineName.builtIns { #expect(index.contains("| \(engine.rawValue) |")) }
            for name in TeachingReportTests.pictures { #expect(index.contains("(\(name))")) }
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains(".tmp-") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test func withoutGnuplotTheTextAndScriptsAreStillWritten() throws {
        let scratch = ScratchDirectory()
        let summary = try write(["a", "b"], ["b", "c"], into: scratch.path + "/r", gnuplot: nil)
        // Every engine answers a → b lists with unique ids, so each one besides the chosen myers gets its own path picture.
        let otherEngines = EngineName.builtIns.filter { $0 != .myers }.map { "engine-path-\($0.rawValue).png" }
        #expect(Set(summary.picturesWithoutGnuplot) == Set(TeachingReportTests.pictures + otherEngines))
        for name in TeachingReportTests.texts { #expect(FileManager.default.fileExists(atPath: scratch.path + "/r/" + name)) }
        for name in TeachingReportTests.pictures {
            #expect(!FileManager.default.fileExists(atPath: scratch.path + "/r/" + name))
            #expect(FileManager.default.fileExists(atPath: scratch.path + "/r/" + name.replacingOccurrences(of: ".png", with: ".gp")))
        }
        let index = try String(contentsOfFile: scratch.path + "/r/index.md", encoding: .utf8)
        #expect(index.contains("gnuplot missing"))
        #expect(!index.contains("!["))
    }

    /// The index says why each answer differs from the gold path, with
    /// counts worked out by hand. ABCABBA → CBABAC: no id occurs once in
    /// both lists (C is once in the old, twice in the new), so heckel links
    /// nothing: 7 deletes + 6 inserts = 13 edits, 8 more than D = 5. abca →
    /// cab: set refuses the repeated "a", named as written.
    @Test(arguments: [
        ("ABCABBA", "CBABAC", "13 edits on the edit graph (a move counts as a delete plus an insert there), 8 more than D = 5"),
        ("abca", "cab", "refused: duplicate id \"a\" in the old list at positions 0 and 3"),
    ])
    func theIndexSaysWhyAnAnswerDiffers(_ old: String, _ new: String, _ sentence: String) throws {
        let scratch = ScratchDirectory()
        _ = try write(old.map(String.init), new.map(String.init), into: scratch.path + "/r", gnuplot: nil)
        let index = try String(contentsOfFile: scratch.path + "/r/index.md", encoding: .utf8)
        #expect(index.contains(sentence))
        #expect(index.matches(of: /duplicate id [^"]/).isEmpty, "an id not named as written")
    }

    /// Labels come from files: in index.md a label that spells a link, an
    /// image or emphasis stays text, escaped by the same rule as the run
    /// report's page (not only `|`, as the teaching index once did).
    @Test func markdownInLabelsStaysText() throws {
        let scratch = ScratchDirectory()
        let old = ["[x](http://e.invalid)", "*b*", "![i](p.png)"], new = ["*b*", "c|d", "[x](http://e.invalid)"]
        _ = try write(old, new, into: scratch.path + "/r", gnuplot: nil)
        let index = try String(contentsOfFile: scratch.path + "/r/index.md", encoding: .utf8)
        #expect(!index.contains("[x](http"))
        #expect(!index.contains("![i]"))
        #expect(!index.contains(" *b*"))
        #expect(index.contains("\\[x\\](http://e.invalid)"))
    }

    @Test func badInputsAreRefusedBeforeAnythingIsWritten() throws {
        let scratch = ScratchDirectory()
        let directory = scratch.path + "/never"
        #expect(throws: TeachingError.bothEmpty) { try write([], [], into: directory, gnuplot: nil) }
        let long = (0...TeachingPair.maximumCount).map(String.init)
        #expect(throws: TeachingError.tooLarge(side: .old, count: 61, limit: 60)) { try write(long, ["a"], into: directory, gnuplot: nil) }
        #expect(throws: TeachingError.tooLarge(side: .new, count: 61, limit: 60)) { try write(["a"], long, into: directory, gnuplot: nil) }
        #expect(!FileManager.default.fileExists(atPath: directory))
        #expect(TeachingError.bothEmpty.description.contains("both lists are empty"))
        #expect(TeachingError.tooLarge(side: .new, count: 61, limit: 60).description.contains("at most 60"))
    }

    /// Sixty elements a side, the largest input: still a valid report.
    @Test func theLargestInputStillRenders() throws {
        let gnuplot = try #require(GnuplotProcess.executable(), "gnuplot is needed to draw the pictures")
        var random = TestRandom(seed: 60)
        let old = (0..<60).map { _ in String(random.below(30)) }
        let new = (0..<60).map { _ in String(random.below(30)) }
        let scratch = ScratchDirectory()
        let summary = try write(old, new, into: scratch.path + "/big", gnuplot: gnuplot)
        #expect(summary.gnuplotFailures.isEmpty, "\(summary.gnuplotFailures)")
        for name in TeachingReportTests.pictures {
            #expect(try PNGFile.read(scratch.path + "/big/" + name).distinctColors(limit: 100) >= 20)
        }
    }
}

@Suite struct MemoTableDumpTests {
    @Test func scaleEnlargesSmallTablesAndAveragesLargeOnes() {
        #expect(LCSHeatmap.scale(rows: 11, columns: 8, maxSide: 4096) == (1, 16))
        #expect(LCSHeatmap.scale(rows: 101, columns: 211, maxSide: 4096) == (1, 4))
        #expect(LCSHeatmap.scale(rows: 5001, columns: 3001, maxSide: 1000) == (6, 1))
        #expect(LCSHeatmap.scale(rows: 4096, columns: 10, maxSide: 4096) == (1, 1))
    }

    /// The heatmap puts the path where the traceback is, colours the rest by
    /// value (darker low, lighter high), and stays within the size limit.
    @Test func heatmapDrawsThePathAndTheValues() throws {
        let old = Array(0..<40), new = Array(0..<40).filter { $0 % 3 != 0 }
        let table = try LCSTable(old: old, new: new, identity: ValueElements<Int>())
        let map = LCSHeatmap.heatmap(table: table, block: 1, enlarge: 2, width: 2 * table.columns, height: 2 * table.rows)
        for cell in table.tracebackPath() { #expect(map[cell.j * 2, cell.i * 2] == LCSHeatmap.pathColor) }
        // Top-right is LCS 0 (darkest), bottom-left too; the value grows down the rows.
        #expect(map[2 * table.columns - 1, 0] == ColorRamp.viridis.color(at: 0))
        let image = LCSHeatmap.render(table: table, title: "T")
        #expect(image.distinctColors(limit: 200) > 20)
        let big = try LCSTable(old: Array(0..<1500), new: Array(0..<1500).reversed(), identity: ValueElements<Int>())
        let reduced = LCSHeatmap.render(table: big, title: "BIG", maxSide: 300)
        #expect(reduced.width < 1000 && reduced.height < 600)
    }

    @Test func dumpWritesTextTSVAndPNG() throws {
        let scratch = ScratchDirectory()
        var random = TestRandom(seed: 100)
        let old = Array(1...100)
        var new = old.filter { _ in random.below(5) != 0 } + Array(1000..<1110)
        for k in stride(from: new.count - 1, to: 0, by: -1) where random.below(10) == 0 { new.swapAt(k, random.below(k + 1)) }
        let files = try MemoTableDump.write(old: old, new: new, title: "feed 100 → 210", to: scratch.path + "/run/memo")
        let text = try String(contentsOfFile: try #require(files.text), encoding: .utf8)
        #expect(text.contains("LCS (length \(referenceLCSTable(old, new)[old.count][new.count]))"))
        let tsv = try String(contentsOfFile: try #require(files.tsv), encoding: .utf8)
        #expect(tsv.split(separator: "\n").count == 1 + 101 * (new.count + 1))
        #expect(try PNGFile.read(files.png).distinctColors(limit: 100) > 20)
        #expect(files.note == nil)
    }

    @Test func largeDumpsSkipTheTextAndOverBudgetTablesAreRefused() throws {
        let scratch = ScratchDirectory()
        let files = try MemoTableDump.write(old: Array(0..<600), new: Array(0..<600), title: "big", to: scratch.path)
        #expect(files.text == nil && files.tsv == nil && files.note != nil)
        #expect(FileManager.default.fileExists(atPath: files.png))
        do {
            _ = try MemoTableDump.write(old: Array(0..<2000), new: Array(0..<2000), title: "x", to: scratch.path + "/no", memoryBudget: 1 << 20)
            Issue.record("a table over the budget was drawn")
        } catch {
            guard case let .tableRefused(reason) = error else { Issue.record("wrong error \(error)"); return }
            #expect(reason.contains("memory budget"))
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/no"))
    }
}
