import DiffBenchTestSupport
import DiffEngines
import Foundation
import Testing

@testable import Teaching


@Suite(.serialized, .tags(.browser)) struct StepperPageTests {
    static let hostileOld = ["</script><b>x", "<!--", "a&amp;b", "\u{2028}", "A"]
    static let hostileNew = ["A", "</SCRIPT >", "'\"", "<b>x"]

    private func page(_ old: [String], _ new: [String], title: String) throws -> String {
        let pair = try TeachingPair(old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new)
        let greedy = MyersTrace(old: pair.codes.old, new: pair.codes.new)
        let linear = MyersMiddleSnakeTrace(old: pair.codes.old, new: pair.codes.new)
        let engine = Result { () throws(DiffError) -> Changeset in
            try BuiltInEngine.diff(.heckel, from: old, to: new, identity: ValueElements<String>())
        }
        let patience = Result { () throws(DiffError) -> Changeset in
            try BuiltInEngine.diff(.patience, from: old, to: new, identity: ValueElements<String>())
        }
        return StepperPage.html(
            pair, greedy: greedy, linear: linear, heckel: HeckelTrace(codes: pair.codes), heckelEngine: engine,
            patience: PatienceTrace(codes: pair.codes), patienceEngine: patience, title: title)
    }

    /// Labels come from user files: none may end the data block or add
    /// markup. The page has exactly its two script elements, the labels
    /// come back intact from the JSON, and nothing is fetched from anywhere.
    @Test func embeddedDataCannotBreakOutOfItsScript() throws {
        let html = try page(StepperPageTests.hostileOld, StepperPageTests.hostileNew, title: "<img src=x onerror=alert(1)>")
        #expect(html.lowercased().components(separatedBy: "</script").count - 1 == 2)
        #expect(html.lowercased().components(separatedBy: "<script").count - 1 == 2)
        #expect(!html.contains("<!--"))
        #expect(!html.contains("<b>"))
        #expect(!html.contains("<img"))
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"stepper-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = String(html[start.upperBound..<end.lowerBound])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["old"] as? [String] == StepperPageTests.hostileOld.map { $0 == "\u{2028}" ? " " : $0 })
        #expect(object["new"] as? [String] == StepperPageTests.hostileNew)
        // Offline: no fetched resource of any kind.
        for pattern in ["src=\"http", "href=\"http", "<link", "@import", "fetch(", "XMLHttpRequest", "url("] {
            #expect(!html.contains(pattern), "\(pattern)")
        }
    }

    /// The page states D: for the paper's pair, D = 5 (Myers 1986, fig. 1).
    @Test func thePageStatesD() throws {
        let html = try page("ABCABBA".map(String.init), "CBABAC".map(String.init), title: "ABCABBA → CBABAC")
        #expect(html.contains("\"distance\":5"))
        #expect(html.contains("D = \" + data.distance"))
    }

    private func writeStepper(_ old: [String], _ new: [String], into directory: String) throws -> String {
        _ = try TeachingReport.write(
            old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new,
            title: "\(old.joined()) → \(new.joined())", to: directory, gnuplot: nil)
        return "file://" + directory + "/stepper.html"
    }

    /// In a real browser, offline: the page renders, states D = 5, and a
    /// step changes what is shown (the LCS table fills, Myers shows more
    /// rounds and ends on D, Heckel shows later passes). One screenshot is
    /// taken, to show the page draws at a laptop's size: each algorithm's
    /// steps are read from the DOMs above, and a screenshot per algorithm
    /// (removed with the scratch folder, never compared) cost a browser
    /// start each, about a second of CPU.
    @Test(
        .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"),
        .timeLimit(.minutes(10)))
    func stepsChangeThePageInChromium() throws {
        let scratch = ScratchDirectory()
        let url = try writeStepper("ABCABBA".map(String.init), "CBABAC".map(String.init), into: scratch.path + "/r")
        // Each fragment is a fresh load of the page; one browser start loads them all.
        let doms = try HeadlessChromium.dumps(url: url, fragments: [
            "algo=lcs&step=0", "algo=lcs&step=5", "algo=myers&step=0", "algo=myers&step=999",
            "algo=linear&step=0", "algo=linear&step=999", "algo=heckel&step=2", "algo=heckel&step=5",
        ])
        let explained = StepperPageTests.explained
        let lcs0 = doms[0], lcs5 = doms[1]
        #expect(lcs0.contains("data-step=\"0\"") && lcs5.contains("data-step=\"5\""))
        #expect(lcs0 != lcs5)
        #expect(lcs0.contains("D = 5"))
        // Step 5 fills cell (1, 5): old[0] = A against new[4] = A, a match.
        #expect(explained(lcs5).contains("Cell (1, 5)"))
        let myers0 = doms[2], myersLast = doms[3]
        #expect(myers0 != myersLast)
        #expect(explained(myersLast).contains("A path reached (7, 6) in round 5: D = 5"))
        #expect(explained(myers0).hasPrefix("Round d = 0"))
        let linear0 = doms[4], linearLast = doms[5]
        #expect(explained(linear0).hasPrefix("Search 1 of"))
        #expect(explained(linearLast).contains("D = 5"))
        #expect(!explained(myers0).contains("A path reached"))
        let heckel3 = doms[6], heckel6 = doms[7]
        #expect(explained(heckel3).hasPrefix("Pass 3") && explained(heckel6).hasPrefix("Pass 6"))

        let shotsFolder = ScratchDirectory(prefix: "stepper-shots")
        defer { withExtendedLifetime(shotsFolder) {} }
        let shots = shotsFolder.path
        let file = shots + "/lcs-step30.png"
        _ = try HeadlessChromium.run(["--window-size=1200,1000", "--screenshot=" + file], url: url + "#algo=lcs&step=30")
        #expect(FileManager.default.fileExists(atPath: file), "no screenshot \(file)")
    }

    /// The V array of the greedy search, written here apart from
    /// `MyersTrace`: round d extends each diagonal k = −d, −d+2, …, d inside
    /// the grid from whichever neighbour of round d − 1 gets further (down
    /// from k + 1 keeps x, right from k − 1 adds 1; a move off the grid is no
    /// choice), then follows matches. `rows[d][k]` = x, until (N, M) is reached.
    static func referenceV(_ old: [Character], _ new: [Character]) -> [[Int: Int]] {
        let n = old.count, m = new.count
        func snake(_ x: Int, _ y: Int) -> Int {
            var x = x, y = y
            while x < n, y < m, old[x] == new[y] { x += 1; y += 1 }
            return x
        }
        var rows: [[Int: Int]] = [[0: snake(0, 0)]]
        while rows[rows.count - 1][n - m] != n {
            let d = rows.count, last = rows[d - 1]
            var row: [Int: Int] = [:]
            for k in stride(from: -d, through: d, by: 2) where k >= -m && k <= n {
                var best: Int?
                if let x = last[k + 1], x - (k + 1) < m { best = x }
                if let x = last[k - 1], x < n, x + 1 > (best ?? -1) { best = x + 1 }
                if let x = best { row[k] = snake(x, x - k) }
            }
            rows.append(row)
        }
        return rows
    }

    /// The page's Myers data: each move's V cells and reason, for the
    /// issue's pair. By hand: in round 5 the path on k = 0 ends at (7, 7),
    /// so going down from it to k = −1 would reach y = 8 > M = 7, and the
    /// move must go right from k − 1; k = −5 has no path at all (k + 1 = −4
    /// also ends on the bottom edge, and round 4 has nothing on −6).
    @Test func theMyersMovesGiveTheVCellsTheyReadAndWhy() throws {
        let old = Array("GAATTCAG"), new = Array("GGATCGA")
        let pair = try TeachingPair(
            old: old.map(String.init), new: new.map(String.init), identity: ValueElements<String>(),
            oldLabels: old.map(String.init), newLabels: new.map(String.init))
        let moves = StepperPage.moves(MyersTrace(old: pair.codes.old, new: pair.codes.new))
        let reference = StepperPageTests.referenceV(old, new)
        #expect(moves.map(\.d).max() == reference.count - 1)
        for move in moves where move.edit != "none" {
            #expect(move.end.first == reference[move.d][move.k], "d = \(move.d), k = \(move.k)")
            if move.d > 0 {
                #expect(move.down == reference[move.d - 1][move.k + 1] && move.right == reference[move.d - 1][move.k - 1])
            }
        }
        let offGrid = try #require(moves.first { $0.d == 5 && $0.k == -1 })
        #expect(offGrid.edit == "delete")
        #expect(offGrid.why?.contains("right from k−1: down from k+1 (V[0] = 7, at (7,7)) would leave the grid: y = 8 > M = 7") == true)
        let none = try #require(moves.first { $0.d == 5 && $0.k == -5 })
        #expect(none.edit == "none" && none.why?.hasPrefix("no path on k = −5") == true)
    }

    /// The Myers stepper in a real browser, on GAATTCAG → GGATCGA: at the last
    /// step the V table holds every round's values (from the reference
    /// above), and the step for round 5, k = −1 gives the off-grid reason.
    @Test(
        .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"),
        .timeLimit(.minutes(10)))
    func theMyersStepperShowsVForEachRoundAndTheOffGridReason() throws {
        let scratch = ScratchDirectory()
        let url = try writeStepper(Array("GAATTCAG").map(String.init), Array("GGATCGA").map(String.init), into: scratch.path + "/g")
        let reference = StepperPageTests.referenceV(Array("GAATTCAG"), Array("GGATCGA"))
        let doms = try HeadlessChromium.dumps(url: url, fragments: ["algo=myers&step=999", "algo=myers&step=17"])
        let last = doms[0]
        let table = try #require(StepperPageTests.element("table", class: "grid v-table", in: last))
        let rows = table.matches(of: /<tr>(.*?)<\/tr>/).map { row in
            String(row.output.1).matches(of: /<t[hd][^>]*>(.*?)<\/t[hd]>/).map { String($0.output.1) }
        }
        let columns = rows[0].dropFirst().map { Int($0.replacingOccurrences(of: "−", with: "-"))! }
        #expect(rows.count - 1 == reference.count, "one row per round d = 0 … D")
        for (d, row) in rows.dropFirst().enumerated() {
            for (column, k) in columns.enumerated() {
                let expected = reference[d][k].map(String.init)
                let shown = row[column + 1]
                #expect(expected == nil ? (shown == "" || shown == "–") : shown == expected, "V[\(k)] after round \(d): \(shown)")
            }
        }
        // Rounds 0–4 fill all their diagonals (1 + 2 + 3 + 4 + 5 steps); round 5 tries −5, −3, then −1.
        let step = doms[1]
        let text = StepperPageTests.explained(step)
        #expect(text.contains("Round d = 5, diagonal k = −1"))
        #expect(text.contains("down from k+1 (V[0] = 7, at (7,7)) would leave the grid: y = 8 &gt; M = 7"))
        #expect(step.contains("class=\"read\""), "the two V cells read are highlighted")
    }

    /// Heckel's links in a real browser, on GAATTCAG → GGATCGA. By hand: C
    /// is the only id once in each list (old[5], new[4]): pass 3 links it;
    /// pass 4 finds A ≠ G after it; pass 5 links T (old[4], new[3]) before
    /// it. So one link after pass 3, two after pass 5, and pass 6 reads
    /// 8 − 2 = 6 deletes + 7 − 2 = 5 inserts = 11 edits against D = 5.
    @Test(
        .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"),
        .timeLimit(.minutes(10)))
    func theHeckelStepperDrawsTheLinks() throws {
        let scratch = ScratchDirectory()
        let url = try writeStepper(Array("GAATTCAG").map(String.init), Array("GGATCGA").map(String.init), into: scratch.path + "/h")
        func links(_ dom: String) -> Int { dom.components(separatedBy: "class=\"link\"").count - 1 }
        let passes = try HeadlessChromium.dumps(url: url, fragments: ["algo=heckel&step=1", "algo=heckel&step=2", "algo=heckel&step=5"])
        let pass2 = passes[0], pass3 = passes[1], pass6 = passes[2]
        #expect(links(pass2) == 0)
        #expect(links(pass3) == 1)
        #expect(links(pass6) == 2)
        let text = StepperPageTests.explained(pass6)
        #expect(text.contains("6 deletes + 5 inserts = 11 edits, more than D = 5"))
        #expect(text.contains("The heckel engine's own answer"))
    }

    /// Patience in a real browser, on the guide's two functions. By hand
    /// (Guides/Patience.md): the first box has three unique pairs, all
    /// anchors (three piles); the last step counts 0 deletes + 12 inserts,
    /// as few as D = 12, and quotes the engine's answer.
    @Test(
        .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"),
        .timeLimit(.minutes(10)))
    func thePatienceStepperShowsTheAnchors() throws {
        let scratch = ScratchDirectory()
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        func lines(_ name: String) throws -> [String] {
            let data = try Data(contentsOf: root.appendingPathComponent("Datasets/examples/guides/\(name).json"))
            return try #require(try JSONSerialization.jsonObject(with: data) as? [String])
        }
        let url = try writeStepper(try lines("functions-old"), try lines("functions-new"), into: scratch.path + "/p")
        let doms = try HeadlessChromium.dumps(url: url, fragments: ["algo=patience&step=0", "algo=patience&step=999"])
        let first = doms[0], last = doms[1]
        func count(_ dom: String, _ cls: String) -> Int { dom.components(separatedBy: "class=\"\(cls)\"").count - 1 }
        #expect(count(first, "pair anchor") == 3)
        #expect(count(first, "card anchor") == 3)
        #expect(count(first, "pile") == 3)
        #expect(StepperPageTests.explained(first).hasPrefix("Box 1 of"))
        let text = StepperPageTests.explained(last)
        #expect(text.contains("0 deletes + 12 inserts = 12 edits, as few as D = 12"))
        #expect(text.contains("The patience engine's own answer"))
    }

    /// The explanation the page shows (the script's own source holds the same phrases).
    static func explained(_ dom: String) -> String {
        guard let start = dom.range(of: "id=\"explain\" aria-live=\"polite\">"),
            let end = dom.range(of: "</div>", range: start.upperBound..<dom.endIndex)
        else { return "" }
        return String(dom[start.upperBound..<end.lowerBound])
    }

    /// The first `<tag class="…">…</tag>` of a dumped DOM (no nesting of the same tag).
    static func element(_ tag: String, class name: String, in dom: String) -> String? {
        guard let start = dom.range(of: "<\(tag) class=\"\(name)\">"),
            let end = dom.range(of: "</\(tag)>", range: start.upperBound..<dom.endIndex)
        else { return nil }
        return String(dom[start.upperBound..<end.lowerBound])
    }

    /// Hostile labels in a real browser: they show as text, no element is
    /// made from them.
    @Test(
        .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"),
        .timeLimit(.minutes(10)))
    func hostileLabelsStayText() throws {
        let scratch = ScratchDirectory()
        let url = try writeStepper(StepperPageTests.hostileOld, StepperPageTests.hostileNew, into: scratch.path + "/h")
        let dom = try HeadlessChromium.run(["--dump-dom"], url: url + "#algo=lcs&step=3")
        #expect(dom.contains("data-step=\"3\""), "the page did not run")
        #expect(dom.contains("&lt;/script&gt;&lt;b&gt;x"))
        #expect(!dom.contains("<b>x"))
    }
}
