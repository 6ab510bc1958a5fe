import DiffBenchTestSupport
import DiffEngines
import FileSupport
import Foundation
import Testing

@testable import Teaching
import Rendering

/// Issue 17: the pictures follow Myers' orientation, keep their text inside
/// the picture for any input up to the limit, Heckel's picture shows the
/// passes, and the index explains how the engines' answers relate to the
/// drawn path.
@Suite(.serialized, .tags(.process)) struct TeachingPictureTests {
    private func write(_ old: [String], _ new: [String], into directory: String, gnuplot: String?) throws -> TeachingReport.Summary {
        try TeachingReport.write(
            old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new,
            title: "\(old.joined()) → \(new.joined())", to: directory, gnuplot: gnuplot)
    }

    /// Segment rows (x, y, dx, dy) of the data block whose comment starts with `comment`.
    private func segments(in data: String, block comment: String) -> [(Int, Int, Int, Int)] {
        let blocks = data.components(separatedBy: "\n\n")
        guard let block = blocks.first(where: { $0.contains(": " + comment) }) else { return [] }
        return block.split(separator: "\n").dropFirst().compactMap { line in
            let fields = line.split(separator: "\t").compactMap { Int($0) }
            return fields.count >= 4 ? (fields[0], fields[1], fields[2], fields[3]) : nil
        }
    }

    /// In the paper's orientation a step along x (right) consumes an old
    /// element: the drawn path must have N − LCS of them and M − LCS steps
    /// down. ABCABBA → CBABAC has 3 deletes and 2 inserts, so a transposed
    /// picture (the old layout) swaps the counts and fails.
    @Test func theEditGraphDrawsOldAlongX() throws {
        let old = "ABCABBA".map(String.init), new = "CBABAC".map(String.init)
        let scratch = ScratchDirectory()
        _ = try write(old, new, into: scratch.path + "/r", gnuplot: nil)
        let lcs = referenceLCSTable(old, new)[old.count][new.count]
        let data = try String(contentsOfFile: scratch.path + "/r/myers-graph.dat", encoding: .utf8)
        let path = segments(in: data, block: "shortest path")
        #expect(path.filter { $0.2 == 1 && $0.3 == 0 }.count == old.count - lcs)
        #expect(path.filter { $0.2 == 0 && $0.3 == 1 }.count == new.count - lcs)
        // Every free diagonal starts at (x, y) with old[x] = new[y].
        let diagonals = segments(in: data, block: "free diagonals")
        #expect(!diagonals.isEmpty)
        for (x, y, _, _) in diagonals {
            // A transposed picture puts new indices on x: out of range here, or pointing at different elements.
            #expect(x < old.count && y < new.count && old[x] == new[y], "free diagonal at (\(x), \(y))")
        }
        let trace = try String(contentsOfFile: scratch.path + "/r/myers-trace.txt", encoding: .utf8)
        #expect(trace.contains("old along x"))
        #expect(trace.contains("right    (x+1, y)    deletes old[x]"))
    }

    /// The free diagonals are green; no round of the search may be.
    @Test func roundColoursAreNeverTheFreeDiagonalGreen() {
        for rounds in 1...40 {
            for d in 0..<rounds {
                let hex = EditGraphCanvas.roundColor(d, rounds: rounds)
                let rgb = Int(hex.dropFirst(), radix: 16) ?? 0
                let r = rgb >> 16, g = (rgb >> 8) & 0xFF, b = rgb & 0xFF
                #expect(hex != Palette.freeDiagonal)
                #expect(!(g > r + 40 && g > b + 40), "round \(d) of \(rounds) is green: \(hex)")
            }
        }
        let few = (0..<9).map { EditGraphCanvas.roundColor($0, rounds: 9) }
        #expect(Set(few).count == 9)
    }

    /// True when the `margin` pixels along every edge are the background:
    /// text running past an edge leaves ink there.
    private func edgesAreBlank(_ image: RasterImage, margin: Int = 4) -> (Bool, String) {
        func ink(_ x: Int, _ y: Int) -> Bool {
            let p = image[x, y]
            return Int(p.r) + Int(p.g) + Int(p.b) < 3 * 235
        }
        for y in 0..<image.height {
            for x in Array(0..<margin) + Array((image.width - margin)..<image.width) where ink(x, y) { return (false, "ink at (\(x), \(y))") }
        }
        for x in 0..<image.width {
            for y in Array(0..<margin) + Array((image.height - margin)..<image.height) where ink(x, y) { return (false, "ink at (\(x), \(y))") }
        }
        return (true, "")
    }

    /// The widest inputs the pictures accept: 60 wide capitals a side (the
    /// title holds all 120 of them), 60 labels of the longest shown length,
    /// a pair that links nothing in Heckel, and one empty side. Nothing may
    /// touch the picture's edges.
    @Test(.timeLimit(.minutes(10))) func noTextRunsOffAnyPicture() throws {
        let gnuplot = try #require(GnuplotProcess.executable(), "gnuplot is needed to draw the pictures (make setup installs it)")
        let scratch = ScratchDirectory()
        let wide = (0..<60).map { $0 % 2 == 0 ? "W" : "M" }
        let long = (0..<60).map { "WWMMWWMMWWMM\($0)" }
        let cases: [(String, [String], [String])] = [
            ("wide", wide, wide.reversed().map { $0 == "W" ? "@" : $0 }),
            ("long", long, Array(long.dropFirst(7) + long.prefix(7))),
            ("abcabba", "ABCABBA".map(String.init), "CBABAC".map(String.init)),
            ("empty", [], ["x", "y", "z"]),
        ]
        for (name, old, new) in cases {
            let directory = scratch.path + "/" + name
            let summary = try write(old, new, into: directory, gnuplot: gnuplot)
            #expect(summary.gnuplotFailures.isEmpty, "\(summary.gnuplotFailures)")
            for picture in TeachingReportTests.pictures {
                let image = try PNGFile.read(directory + "/" + picture)
                let (blank, where_) = edgesAreBlank(image)
                #expect(blank, "\(name)/\(picture): text or drawing runs off the picture, \(where_)")
            }
        }
    }

    /// BALLOON → SALOON: pass 3 links A and N (each once in both words),
    /// pass 4 the L right after A, pass 5 the two Os right before N. The
    /// picture's array tables tint each entry with the colour of its pass,
    /// so both the pass-4 and the pass-5 tint must be on it; ABCABBA →
    /// CBABAC links nothing, so neither is.
    @Test(.timeLimit(.minutes(10))) func heckelPictureShowsPassesFourAndFive() throws {
        let gnuplot = try #require(GnuplotProcess.executable(), "gnuplot is needed to draw the pictures")
        let scratch = ScratchDirectory()
        // heckel.png alone, made and drawn as TeachingReport.write makes and draws it (the whole report
        // drew some 15 pictures with gnuplot to read this one).
        func colours(_ old: String, _ new: String) throws -> Set<UInt32> {
            let directory = scratch.path + "/" + old
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let oldList = old.map(String.init), newList = new.map(String.init)
            let pair = try TeachingPair(old: oldList, new: newList, identity: ValueElements<String>(), oldLabels: oldList, newLabels: newList)
            let picture = HeckelPicture.make(pair, trace: HeckelTrace(codes: pair.codes), title: "\(old) → \(new)")
            try TeachingFile.write(picture.data, to: directory + "/" + picture.dataFile)
            try TeachingFile.write(picture.script, to: directory + "/" + picture.scriptFile)
            try GnuplotProcess.render(script: picture.scriptFile, output: picture.png, in: directory, gnuplot: gnuplot)
            let image = try PNGFile.read(directory + "/" + picture.png)
            var seen = Set<UInt32>()
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let p = image[x, y]
                    seen.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
                }
            }
            return seen
        }
        let tint4: UInt32 = 0xCFEBCF, tint5: UInt32 = 0xE3D7F0
        let balloon = try colours("BALLOON", "SALOON")
        #expect(balloon.contains(tint4) && balloon.contains(tint5))
        let abcabba = try colours("ABCABBA", "CBABAC")
        #expect(!abcabba.contains(tint4) && !abcabba.contains(tint5))
        let codes = IdentityCodes(old: "BALLOON".map(String.init), new: "SALOON".map(String.init), identity: ValueElements<String>())
        #expect(HeckelTrace(codes: codes).final.linkedByPass == [0, 3, 4, 5, 5, 3])
    }

    /// The index pairs each move with the delete and insert it replaced:
    /// a move's old and new element are the same item, and the sentence
    /// names both. kitten → sitting also gets the Levenshtein note
    /// (distance 3, the textbook value, against D = 5).
    @Test func indexExplainsMovesAndLevenshtein() throws {
        let scratch = ScratchDirectory()
        let old = "ABCABBA".map(String.init), new = "CBABAC".map(String.init)
        _ = try write(old, new, into: scratch.path + "/a", gnuplot: nil)
        let index = try String(contentsOfFile: scratch.path + "/a/index.md", encoding: .utf8)
        let changeset = try BuiltInEngine.diff(.myers, from: old, to: new, identity: ValueElements<String>())
        #expect(!changeset.moves.isEmpty)
        for move in changeset.moves {
            #expect(old[move.from] == new[move.to])
            let sentence = "old[\(move.from)] \(old[move.from]) + new[\(move.to)] \(new[move.to]) → move \(move.from)→\(move.to)"
            #expect(index.contains(MarkdownText.escape(sentence)))
        }
        #expect(index.contains("[Step through the algorithms](stepper.html)"))
        let html = try String(contentsOfFile: scratch.path + "/a/index.html", encoding: .utf8)
        #expect(html.contains("<a href=\"stepper.html\">"))
        _ = try write("kitten".map(String.init), "sitting".map(String.init), into: scratch.path + "/k", gnuplot: nil)
        let kitten = try String(contentsOfFile: scratch.path + "/k/index.md", encoding: .utf8)
        #expect(kitten.contains("Levenshtein distance = 3"))
        #expect(kitten.contains("D = 5:"))
    }

    /// Large memo tables: the caption font grows with the picture, so a
    /// capital letter is at least 1% of the width tall (the old 2× font was
    /// 14 pixels on a 2,500-pixel table).
    @Test(.timeLimit(.minutes(10))) func largeHeatmapCaptionsAreReadable() throws {
        let table = try LCSTable(old: Array(0..<2400), new: Array(0..<2400).map { ($0 * 7) % 2400 }, identity: ValueElements<Int>())
        let image = LCSHeatmap.render(table: table, title: "BIG TABLE")
        #expect(image.width >= 2400)
        // The first caption line: rows from the top with dark ink in the left part.
        var inkRows: [Int] = []
        for y in 0..<min(200, image.height) {
            for x in 0..<min(400, image.width) where Int(image[x, y].r) + Int(image[x, y].g) + Int(image[x, y].b) < 200 {
                inkRows.append(y)
                break
            }
        }
        let first = try #require(inkRows.first)
        var last = first
        while inkRows.contains(last + 1) { last += 1 }
        #expect(Double(last - first + 1) >= Double(image.width) / 100, "caption capitals are \(last - first + 1) px on a \(image.width) px picture")
    }
}

/// ``TextFit`` guesses text widths for gnuplot, which cannot measure them;
/// a guess below what cairo really draws is what cuts sentences off. So the
/// guesses are checked against real drawings: each sample is rendered by
/// gnuplot and its ink measured.
@Suite(.tags(.process)) struct TextFitTests {
    @Test(
        .enabled(if: GnuplotProcess.executable() != nil, "gnuplot not found: the width check against real drawings is skipped"),
        .timeLimit(.minutes(10)))
    func estimatesAreNeverNarrowerThanTheDrawing() throws {
        let samples = [
            "WWWWMMMMWWWWMMMM", "Round d extends the furthest path on each diagonal k = x − y by one edit",
            "iiiilllljjjj....", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789 → ∅ ↖ ← ↑", "ÆØÅ éèê ßü",
            "@@@@%%%%", "mmmmwwww",
        ]
        let scratch = ScratchDirectory()
        let width = 2400, height = 60
        for bold in [false, true] {
            for (index, sample) in samples.enumerated() {
                let name = "t\(index)\(bold ? "b" : "r")"
                let script = GnuplotScript.preamble(width: width, height: height, output: name + ".png", fontSize: 11) + [
                    GnuplotScript.screenLabel(sample, x: 10, y: 36, width: width, height: height, font: (bold ? "DejaVu Sans Bold," : "DejaVu Sans,") + "14"),
                    "plot 2 lc rgb 'white' notitle",
                ]
                try script.joined(separator: "\n").write(toFile: scratch.path + "/" + name + ".gp", atomically: true, encoding: .utf8)
                let gnuplot = try #require(GnuplotProcess.executable())
                try GnuplotProcess.render(script: name + ".gp", output: name + ".png", in: scratch.path, gnuplot: gnuplot)
                let image = try PNGFile.read(scratch.path + "/" + name + ".png")
                var right = 0
                for y in 0..<image.height {
                    for x in 0..<image.width where Int(image[x, y].r) + Int(image[x, y].g) + Int(image[x, y].b) < 600 { right = max(right, x) }
                }
                let drawn = Double(right - 10 + 1)
                #expect(drawn > 0, "\(sample): nothing drawn")
                let estimate = TextFit.width(sample, points: 14, bold: bold)
                #expect(estimate >= drawn, "\(sample) (\(bold ? "bold" : "regular")): estimated \(estimate) px, drawn \(drawn) px")
            }
        }
    }

    @Test func wrappedLinesAndFittedLabelsStayWithinTheirWidth() {
        let text = String(repeating: "A diff is a list of edits; ", count: 12) + String(repeating: "W", count: 200)
        for maxWidth in [120.0, 400, 990] {
            let lines = TextFit.wrap(text, maxWidth: maxWidth, points: 11)
            #expect(lines.count > 1)
            for line in lines { #expect(TextFit.width(line, points: 11) <= maxWidth, "\(line)") }
            // Nothing is lost: the words come back in order.
            #expect(lines.joined(separator: " ").replacingOccurrences(of: " ", with: "") == text.replacingOccurrences(of: " ", with: ""))
        }
        for label in ["W", "WWM", "sitting", "a very long label"] {
            let fitted = TextFit.fit(label, maxWidth: 20, points: 8.5)
            #expect(fitted == label || fitted.hasSuffix("…"))
            // Fits, unless only one character and the ellipsis are left.
            #expect(TextFit.width(fitted, points: 8.5) <= 20 || fitted.count <= 2, "\(fitted)")
        }
    }
}
