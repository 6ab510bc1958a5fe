import Foundation
import RunResults
import Testing

@testable import RunReport

/// The report without gnuplot: data files, exponents, verdicts, the page.
@Suite("Report builder") struct ReportBuilderTests {
    typealias Identity = String

    static func identity(_ row: ResultRow) -> Identity { "\(row.engine)|\(row.workload)|\(row.parameters)|\(row.size)" }

    /// Which results rows each chart must hold (the rules the README and
    /// the `.dat` headers state), computed here from the document alone.
    static func expectedRows(_ document: RunDocument, slugs: [String: String]) -> [String: [ResultRow]] {
        var expected: [String: [ResultRow]] = [:]
        let measured = document.rows.filter { $0.status == .ok || $0.status == .reference }
        for (key, slug) in slugs {
            let mine = measured.filter { "\($0.workload)|\($0.parameters)" == key }
            let timed = mine.filter { ($0.medianNs ?? 0) > 0 }
            if !timed.isEmpty {
                expected["time-\(slug)"] = timed
                expected["scaling-\(slug)"] = timed
            }
            let heap = mine.filter { ($0.peakHeapBytes ?? 0) > 0 }
            if !heap.isEmpty { expected["memory-\(slug)"] = heap }
        }
        func defined(_ count: Int?, _ fewest: Int?) -> Bool {
            guard let count, let fewest else { return false }
            return fewest > 0 || count == 0
        }
        /// Per workload, the rows at the largest size where every engine that has
        /// a row at some size has one (so no engine with a result is left out);
        /// the largest size when no size has them all.
        func atComparableSize(_ rows: [ResultRow]) -> [ResultRow] {
            let keys = Set(rows.map { "\($0.workload)|\($0.parameters)" })
            return rows.filter { row in
                let mine = rows.filter { "\($0.workload)|\($0.parameters)" == "\(row.workload)|\(row.parameters)" }
                let everyone = Set(mine.map(\.engine))
                let sizes = Set(mine.map(\.size)).sorted(by: >)
                let size = sizes.first { size in Set(mine.filter { $0.size == size }.map(\.engine)) == everyone } ?? sizes[0]
                return keys.contains("\(row.workload)|\(row.parameters)") && row.size == size
            }
        }
        let quality = atComparableSize(document.rows.filter { row in
            guard row.status == .ok else { return false }
            let moves = defined(row.moves, row.minMoves)
            let edits = row.deletes != nil && row.inserts != nil && row.moves != nil
                && defined(row.deletes.map { $0 + row.inserts! + 2 * row.moves! }, row.minEdits)
            return moves || edits
        })
        if !quality.isEmpty { expected["quality"] = quality }
        // The trade-off needs a stdlib ratio (and a defined steps ratio): each
        // workload at its comparable size among such rows.
        let placeable = document.rows.filter { row in
            guard row.status == .ok, (row.ratioToStdlib ?? 0) > 0, let d = row.deletes, let i = row.inserts, let m = row.moves,
                let edits = row.minEdits
            else { return false }
            return defined(d + i + m, row.minMoves.map { edits - $0 } ?? edits)
        }
        let tradeoff = atComparableSize(placeable)
        if !tradeoff.isEmpty { expected["tradeoff"] = tradeoff }
        // Time against (N + M)·D: verified engine rows with a time and a D above 0, drawn
        // when they fall in at least two half-decade buckets (one element kind in these runs).
        let complex = document.rows.filter { $0.status == .ok && ($0.medianNs ?? 0) > 0 && ($0.minEdits ?? 0) > 0 }
        let halfDecades = Set(complex.map { Int((2 * log10(Double(($0.sizeOld + $0.sizeNew) * $0.minEdits!))).rounded(.down)) })
        if halfDecades.count >= 2 { expected["complexity"] = complex }
        return expected
    }

    static var slugs: [String: String] {
        Dictionary(uniqueKeysWithValues: SyntheticRun.workloads.map { ("\($0.name)|\($0.parameters)", $0.slug) })
    }

    @Test("every .dat file holds exactly the results rows its chart draws, as results.csv spells them", arguments: [1, 2, 3] as [UInt64])
    func dataFilesHoldTheRows(seed: UInt64) throws {
        let run = SyntheticRun(seed: seed)
        let folder = try SyntheticRun.write(run.document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        let expected = Self.expectedRows(run.document, slugs: Self.slugs)
        #expect(Set(summary.charts.map(\.name)) == Set(expected.keys))
        let byIdentity = Dictionary(grouping: run.document.rows, by: Self.identity)
        for chart in summary.charts {
            let file = try DataFile(path: folder + "/" + chart.data)
            let resultColumns = file.columns.filter { !file.derived.contains($0) }
            #expect(Array(resultColumns.prefix(5)) == ["engine", "workload", "parameters", "size", "status"])
            #expect(resultColumns.allSatisfy(ResultRow.csvColumns.contains), "\(chart.name): \(resultColumns)")
            var found: [Identity] = []
            for line in file.lines {
                #expect(line.count == file.columns.count, "\(chart.name): \(line)")
                let identity = [0, 1, 2, 3].map { line[$0] }.joined(separator: "|")
                found.append(identity)
                let row = try #require(byIdentity[identity]?.first, "\(chart.name): no results row \(identity)")
                for column in resultColumns {
                    let field = row.csvFields[ResultRow.csvColumns.firstIndex(of: column)!]
                    #expect(file.value(line, column) == field, "\(chart.name) \(identity) \(column)")
                }
            }
            #expect(found.sorted() == (expected[chart.name] ?? []).map(Self.identity).sorted(), "\(chart.name)")
            #expect(chart.rows == found.count)
            // One block per engine, so `index N` picks one engine.
            #expect(file.blocks == Set(file.lines.map { $0[0] }).count, "\(chart.name)")
        }
    }

    @Test("fitted exponents match the laws the synthetic results follow")
    func exponents() throws {
        let run = SyntheticRun(seed: 7, failures: 0)
        let folder = try SyntheticRun.write(run.document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        let time = summary.exponents.filter { $0.metric == .time }
        let memory = summary.exponents.filter { $0.metric == .memory }
        // Every engine on every workload, but set on the two workloads with repeated ids (skipped).
        #expect(time.count == run.timeExponents.count - 2)
        for fit in time {
            let truth = try #require(run.timeExponents["\(fit.engine)/\(fit.workload)"])
            #expect(abs(try #require(fit.fit).exponent - truth) < 1e-9, "\(fit.engine)/\(fit.workload)")
            // Fitted over the one stated range (PowerLawFit.sizeRange): 100 lies outside it.
            #expect(fit.sizes == [1_000, 10_000])
        }
        for fit in memory {
            // Bytes are whole numbers, so the law holds to rounding.
            let truth = try #require(run.memoryExponents["\(fit.engine)/\(fit.workload)"], "\(fit.engine)/\(fit.workload)")
            #expect(abs(try #require(fit.fit).exponent - truth) < 1e-3)
        }
        // The floor allocated nothing on `same`: no memory fit for it there.
        #expect(!memory.contains { $0.engine == "floor" && $0.workload == "same" })
        // ... and the memory legend says so instead of leaving it out silently.
        let sameMemory = try String(contentsOfFile: folder + "/charts/memory-same.gp", encoding: .utf8)
        #expect(sameMemory.contains("\"0 B (no heap use):\"") && sameMemory.contains("\"  floor\""))
        // The legends carry the exponents and the range they were fitted over.
        let script = try String(contentsOfFile: folder + "/charts/scaling-mixed.gp", encoding: .utf8)
        #expect(script.contains("over n = 1,000–100,000"))
        // Time per workload: dots with whiskers, no bars from an arbitrary axis floor.
        let timeScript = try String(contentsOfFile: folder + "/charts/time-mixed.gp", encoding: .utf8)
        #expect(!timeScript.contains("boxxyerror") && !timeScript.contains("boxes"))
        #expect(timeScript.components(separatedBy: " with points pt ").count - 1 == Set(run.document.rows.filter { $0.workload == "mixed" && ($0.status == .ok || $0.status == .reference) }.map(\.engine)).count)
        for fit in time where fit.workload == "mixed" {
            #expect(script.contains("\(fit.engine) ∝ n^{\(String(format: "%.2f", fit.fit!.exponent))}"))
        }
    }

    @Test("scaling legend: a line drawn on top of another's says so; one 20 % away does not")
    func overplotted() {
        func row(_ engine: String, _ size: Int, _ median: Double) -> ResultRow {
            var row = ResultRow(engine: Subject(engine), workload: "w", size: size, sizeOld: size, sizeNew: size, seed: 1, parameters: "")
            row.status = .ok
            row.medianNs = median
            return row
        }
        let rows = [
            row("a", 1_000, 100), row("a", 10_000, 1_000),
            row("b", 1_000, 105), row("b", 10_000, 960),  // within 10 % of a everywhere
            row("c", 1_000, 100), row("c", 10_000, 1_200),  // 20 % off at one size
        ]
        let same = ScalingChart.coinciding(engines: ["a", "b", "c"], rows: rows) { $0.medianNs }
        #expect(same == ["b": "a"])
    }

    @Test("under three sizes: no scaling or memory charts and no exponents from two noisy points", arguments: [[500], [1_000, 10_000]])
    func fewSizes(sizes: [Int]) throws {
        let run = SyntheticRun(seed: 8, sizes: sizes)
        let folder = try SyntheticRun.write(run.document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        #expect(!summary.charts.contains { $0.kind == ScalingChart.kind || $0.kind == MemoryChart.kind })
        #expect(summary.charts.contains { $0.kind == TimeChart.kind })
        #expect(summary.exponents.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder + "/charts/scaling-same.gp"))
    }

    @Test("trade-off: a workload whose largest size has no stdlib time is drawn at the largest size that has one")
    func tradeoffFallsBackToTimedSize() throws {
        var run = SyntheticRun(seed: 4, failures: 0)
        // As the runner leaves it when stdlib is predicted to exceed its budget.
        for index in run.document.rows.indices where run.document.rows[index].workload == "shuffled" && run.document.rows[index].size == 10_000 {
            if run.document.rows[index].engine == "stdlib" {
                run.document.rows[index].refuse(.overTimeBudget, "predicted over the case budget", predictedSeconds: 9)
                run.document.rows[index].medianNs = nil
            }
            run.document.rows[index].ratioToStdlib = nil
        }
        let folder = try SyntheticRun.write(run.document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        let file = try DataFile(path: folder + "/charts/tradeoff.dat")
        let shuffledSizes = Set(file.lines.filter { $0[1] == "shuffled" }.map { $0[3] })
        let mixedSizes = Set(file.lines.filter { $0[1] == "mixed" }.map { $0[3] })
        #expect(shuffledSizes == ["1000"])
        #expect(mixedSizes == ["10000"])
        let script = try String(contentsOfFile: folder + "/charts/tradeoff.gp", encoding: .utf8)
        #expect(script.contains("each at its largest size timed with stdlib"))
        #expect(script.contains("shuffled, n = 1,000"))
    }

    @Test("verdict: fastest verified engine and fewest steps at the largest size")
    func verdicts() throws {
        let run = SyntheticRun(seed: 9)
        let folder = try SyntheticRun.write(run.document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        #expect(summary.verdicts.count == SyntheticRun.workloads.count)
        for (verdict, workload) in zip(summary.verdicts, SyntheticRun.workloads) {
            let rows = run.document.rows.filter {
                $0.workload == workload.name && $0.parameters == workload.parameters && $0.size == 10_000 && $0.status == .ok
            }
            #expect(verdict.size == 10_000)
            let fastest = rows.min { $0.medianNs! < $1.medianNs! }
            #expect(verdict.fastest == fastest?.engine)
            // Ties: exactly the other verified engines whose median ± MAD range meets
            // the fastest's, or whose median is within 3 % of it.
            if let fastest {
                let low = fastest.medianNs! + (fastest.spreadNs ?? 0)
                let tied = rows.filter { row in
                    row.engine != fastest.engine
                        && (row.medianNs! - (row.spreadNs ?? 0) <= low || row.medianNs! <= fastest.medianNs! * 1.03)
                }
                #expect(Set(verdict.fastestTies) == Set(tied.map(\.engine)))
            }
            let least = rows.map { $0.steps! }.min()
            #expect(verdict.steps == least)
            #expect(Set(verdict.fewestSteps) == Set(rows.filter { $0.steps == least }.map(\.engine)))
            #expect(!verdict.fewestSteps.contains("floor"))
            if !workload.uniqueIDs { #expect(verdict.absent.contains { $0.hasPrefix("set: skipped") }) }
        }
    }

    @Test("without gnuplot: page, .dat and .gp written, no PNG, the page says how to install gnuplot")
    func withoutGnuplot() throws {
        let run = SyntheticRun(seed: 4)
        let folder = try SyntheticRun.write(run.document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A PNG left from an earlier drawing must not survive as if current.
        try FileManager.default.createDirectory(atPath: folder + "/charts", withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder + "/charts/quality.png"))
        try Data([1]).write(to: URL(fileURLWithPath: folder + "/charts/time-gone.dat"))
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        #expect(summary.gnuplotMissing)
        #expect(summary.charts.allSatisfy { !$0.drawn })
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/charts")
        #expect(!files.contains { $0.hasSuffix(".png") })
        #expect(!files.contains("time-gone.dat"))
        for chart in summary.charts {
            #expect(files.contains("\(chart.name).dat") && files.contains("\(chart.name).gp"))
        }
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        let markdown = try String(contentsOfFile: folder + "/index.md", encoding: .utf8)
        #expect(html.contains("apt-get install gnuplot-nox") && markdown.contains("apt-get install gnuplot-nox"))
        #expect(!html.contains("<img"))
        try PageChecks.referencesExist(html: html, markdown: markdown, folder: folder)
    }

    @Test("the page: environment, verdicts, every chart with its caption, the results table, escaped text")
    func page() throws {
        let run = SyntheticRun(seed: 5)
        let folder = try SyntheticRun.write(run.document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        let markdown = try String(contentsOfFile: folder + "/index.md", encoding: .utf8)
        // Environment strings are escaped, not markup.
        #expect(html.contains("Test OS &lt;1&gt;") && html.contains("Test CPU &amp; co"))
        #expect(!html.contains("Test OS <1>"))
        for chart in summary.charts {
            #expect(html.contains(ReportPage.escapeHTML(chart.finding)), "\(chart.name)")
            #expect(html.contains(ReportPage.escapeHTML(chart.caption)), "\(chart.name)")
            #expect(markdown.contains(chart.data) && markdown.contains(chart.script))
        }
        // One results-table line per row, in both pages.
        #expect(html.components(separatedBy: "<tr class=\"").count - 1 == run.document.rows.count)
        let resultsPart = try #require(markdown.range(of: "## Results"))
        let environmentPart = try #require(markdown.range(of: "## Environment"))
        let tableLines = markdown[resultsPart.upperBound..<environmentPart.lowerBound].split(separator: "\n").filter { $0.hasPrefix("| ") }
        #expect(tableLines.count == run.document.rows.count + 1)
        // Self-contained: one inline script (the browser test's probe), no remote references.
        #expect(html.components(separatedBy: "<script").count == 2 && !html.contains("<script src"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link"))
        // Order: the advice first, the environment last; the full table collapsed.
        let order = ["id=\"advice\"", "id=\"charts\"", "id=\"verdict\"", "id=\"results\"", "id=\"environment\""].map {
            html.range(of: $0)?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil } && zip(order, order.dropFirst()).allSatisfy { $0! < $1! })
        let mdOrder = ["## Which engine should I use?", "## Charts", "## Results", "## Environment"].map { markdown.range(of: $0)?.lowerBound }
        #expect(mdOrder.allSatisfy { $0 != nil } && zip(mdOrder, mdOrder.dropFirst()).allSatisfy { $0! < $1! })
        let details = try #require(html.range(of: "<details><summary>All \(run.document.rows.count) rows"))
        #expect(html.range(of: "</details>", range: details.upperBound..<html.endIndex)!.lowerBound > html.range(of: "<tr class=\"", range: details.upperBound..<html.endIndex)!.lowerBound)
        // The advice names an engine for every shape the synthetic run holds.
        #expect(summary.advice.map(\.shape) == [.uniqueIDs, .repeatedIDs, .sectioned])
        for advice in summary.advice {
            let pick = try #require(advice.pick)
            #expect(html.contains("Use <strong class=\"engine\">") && markdown.contains("Use **\(pick)**"))
        }
        // No ratio in exponent notation anywhere on the page.
        #expect(html.range(of: #"[0-9]e-[0-9]"#, options: .regularExpression) == nil)
        #expect(html.contains("<style>"))
        for verdict in summary.verdicts { #expect(html.contains(ReportPage.escapeHTML(verdict.workload))) }
    }

    @Test("extra sections and the memo folder are linked between the markers; missing files are not")
    func sections() throws {
        let run = SyntheticRun(seed: 6, sizes: [100, 1_000])
        let folder = try SyntheticRun.write(run.document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/memo", withIntermediateDirectories: true)
        try Data("table".utf8).write(to: URL(fileURLWithPath: folder + "/memo/lcs-same-100.txt"))
        try Data("table".utf8).write(to: URL(fileURLWithPath: folder + "/memo/lcs-mixed 100.tsv"))
        try Data("x".utf8).write(to: URL(fileURLWithPath: folder + "/teach.txt"))
        let extra = ReportSection(
            title: "Teaching pictures", text: "Step by step.",
            links: [.init(label: "present", path: "teach.txt"), .init(label: "absent", path: "nothere.png")])
        let summary = try ReportBuilder.build(runDirectory: folder, extraSections: [extra], gnuplot: .none)
        #expect(summary.sections == ["Teaching pictures", "Memoization tables"])
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        let markdown = try String(contentsOfFile: folder + "/index.md", encoding: .utf8)
        for page in [html, markdown] {
            let begin = try #require(page.range(of: ReportPage.extraBegin))
            let end = try #require(page.range(of: ReportPage.extraEnd))
            let between = page[begin.upperBound..<end.lowerBound]
            #expect(between.contains("Teaching pictures") && between.contains("Memoization tables"))
            #expect(between.contains("memo/lcs-same-100.txt") && between.contains("memo/lcs-mixed%20100.tsv"))
            #expect(between.contains("teach.txt") && !between.contains("nothere.png"))
        }
        try PageChecks.referencesExist(html: html, markdown: markdown, folder: folder)

        // With an index in the folder, the page links the index instead of every file.
        try Data("# memo".utf8).write(to: URL(fileURLWithPath: folder + "/memo/index.md"))
        _ = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        let again = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(again.contains("href=\"memo/index.md\"") && !again.contains("memo/lcs-same-100.txt"))
    }

    @Test("bad run folders: missing, no results.json, other schema, other version")
    func badInput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("charts-bad-\(UUID().uuidString)").path
        #expect(throws: ReportError.self) { try ReportBuilder.build(runDirectory: folder, gnuplot: .none) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
            Issue.record("an empty folder was accepted")
        } catch {
            #expect(error.description.contains("results.json"))
        }
        for (text, words) in [
            (#"{"schema": "diffbench.dataset", "version": 1}"#, "schema"),
            (#"{"schema": "diffbench.results", "version": 99}"#, "version 99"),
            ("not json", "not a results file"),
        ] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/results.json"))
            do {
                _ = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.description.contains(words), "\(error)")
                // The file, with the line and column of the problem (issue 15, item 9).
                #expect(error.path.range(of: #"results\.json:\d+:\d+$"#, options: .regularExpression) != nil, "\(error.path)")
            }
            // Nothing half-written.
            #expect(!FileManager.default.fileExists(atPath: folder + "/index.html"))
            #expect(!FileManager.default.fileExists(atPath: folder + "/charts"))
        }
    }

    @Test("a path to results.json works like its folder")
    func resultsPath() throws {
        let run = SyntheticRun(seed: 10, sizes: [100, 1_000])
        let folder = try SyntheticRun.write(run.document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ReportBuilder.build(runDirectory: folder + "/results.json", gnuplot: .none)
        #expect(summary.runDirectory == folder)
        #expect(FileManager.default.fileExists(atPath: folder + "/index.html"))
    }
}

enum PageChecks {
    /// Every `src`/`href` in the HTML and every link target in the Markdown
    /// names a file that exists in the run folder (anchors aside).
    static func referencesExist(html: String, markdown: String, folder: String) throws {
        var targets: [String] = []
        for attribute in ["src=\"", "href=\""] {
            var rest = Substring(html)
            while let start = rest.range(of: attribute) {
                let after = rest[start.upperBound...]
                let end = try #require(after.firstIndex(of: "\""))
                targets.append(String(after[..<end]))
                rest = after[end...]
            }
        }
        var rest = Substring(markdown)
        while let start = rest.range(of: "](") {
            let after = rest[start.upperBound...]
            let end = try #require(after.firstIndex(of: ")"))
            targets.append(String(after[..<end]))
            rest = after[end...]
        }
        #expect(!targets.isEmpty)
        for target in targets where !target.hasPrefix("#") {
            #expect(!target.contains("://"), "remote reference \(target)")
            let path = folder + "/" + (target.removingPercentEncoding ?? target).replacingOccurrences(of: "&amp;", with: "&")
            #expect(FileManager.default.fileExists(atPath: path), "page links to missing \(target)")
        }
    }
}
