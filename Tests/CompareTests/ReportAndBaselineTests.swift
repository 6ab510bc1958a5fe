import DiffBenchTestSupport
import Foundation
import RunResults
import Testing

@testable import Compare

@Suite struct ReportFormatTests {
    func regressed() throws -> ComparisonReport {
        let rows = Fixture.plan()
        let more = Fixture.modify(rows, "heckel", "mixed", 1_000) {
            $0.instructions = $0.instructions! * 103 / 100
            $0.medianNs! *= 3
        }
        let worse = Fixture.modify(more, "myers", "mixed", 1_000) { $0.allocations! += 50 }
        let noisy = Fixture.modify(worse, "set", "mixed", 100) { $0.medianNs! *= 1.3 }
        return try Fixture.compare(rows, noisy.filter { $0.engine != "lcs" || $0.workload != "mixed" })
    }

    @Test func markdownLeadsWithTheVerdictAndTheFailingFigures() throws {
        let report = try regressed()
        let markdown = report.render(.md)
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("**❌ FAIL** — 2 regressions, 2 missing rows, 20 unchanged."), "\(lines[0])")
        #expect(lines[0].contains("heckel mixed@1000: instructions 160,000 → 164,800 (+3.0%)"))
        // The failing table: one line per failing figure, with its metric and change.
        let failing = try #require(lines.firstIndex { $0.hasPrefix("### Failing (4 rows)") })
        #expect(lines[failing + 2] == "| row | failed on | baseline | current | change |")
        let tableRows = lines[(failing + 4)...].prefix { $0.hasPrefix("| ") }
        #expect(tableRows.count == 4)
        #expect(tableRows[failing + 4].hasPrefix("| heckel mixed@1000 | instructions | 160,000 | 164,800 | +3.0% "))
        #expect(tableRows[failing + 5].hasPrefix("| myers mixed@1000 | allocations | 103 | 153 | +48.5% "))
        #expect(tableRows[failing + 6].hasPrefix("| lcs mixed@100 | in the baseline, not in the current run |"))
        // Heckel's tripled time is a warning beside its failing count, not a failure.
        #expect(!tableRows.contains { $0.contains("time") })
        #expect(markdown.contains("wall time only warns"))
        // A wall-time swing under the threshold is labelled noise, not unchanged.
        let setRow = try #require(lines.first { $0.contains("| set | mixed | 100 |") })
        #expect(setRow.contains("+30.0% (noise)"))
        // What to do when it was intended, before the folded table.
        let hint = try #require(lines.firstIndex { $0.contains("make bench-ci-baseline") && $0.contains("Reports/baselines/ci.json") })
        let fold = try #require(lines.firstIndex { $0.hasPrefix("<details>") })
        #expect(hint > failing && hint < fold)
    }

    @Test func pluralsAreRight() throws {
        let rows = Fixture.plan()
        let one = Fixture.modify(rows, "set", "feed", 100) { $0.steps! += 1 }
        let report = try Fixture.compare(rows, one)
        #expect(report.headline.hasPrefix("FAIL — 1 regression, 23 unchanged."), "\(report.headline)")
        let two = Fixture.modify(Fixture.modify(one, "heckel", "feed", 100) { $0.medianNs! *= 3 }, "myers", "feed", 100) { $0.medianNs! *= 3 }
        #expect(try Fixture.compare(rows, two).headline.contains("1 regression, 2 warnings,"))
        #expect(try Fixture.compare(rows, rows).headline == "PASS — 24 unchanged (24 rows compared)")
    }

    @Test func aPassingReportSaysPass() throws {
        let rows = Fixture.plan()
        let markdown = try Fixture.compare(rows, rows).render(.md)
        #expect(markdown.hasPrefix("**✅ PASS**"))
        #expect(!markdown.contains("🔴"))
        #expect(!markdown.contains("make bench-ci-baseline"))
    }

    @Test func jsonIsVersionedAndCarriesTheResult() throws {
        let report = try regressed()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(report.render(.json).utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "diffbench.compare")
        #expect(object["version"] as? Int == 1)
        #expect(object["result"] as? String == "fail")
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.count == report.rows.count)
        #expect(rows.first?["verdict"] as? String == "regression")
        #expect(rows.first?["metric"] as? String == "ratio_to_stdlib")
        let thresholds = try #require(object["thresholds"] as? [String: Any])
        #expect(thresholds["timing"] as? Double == CompareThresholds().timing)
    }

    @Test func textHasOneLinePerRow() throws {
        let report = try regressed()
        let lines = report.render(.text).split(separator: "\n").map(String.init)
        #expect(lines[0].hasPrefix("FAIL"))
        let rowLines = lines.filter { line in Verdict.allCases.contains { line.hasPrefix($0.rawValue + " ") } }
        #expect(rowLines.count == report.rows.count)
        #expect(rowLines[0].hasPrefix("regression"))
    }

    @Test func thresholdsParseAsFractionsOrPercentages() {
        #expect(CompareThresholds.parseFraction("0.25") == 0.25)
        #expect(CompareThresholds.parseFraction("25%") == 0.25)
        #expect(CompareThresholds.parseFraction(" 150% ") == 1.5)
        #expect(CompareThresholds.parseFraction("0") == nil)
        #expect(CompareThresholds.parseFraction("-5%") == nil)
        #expect(CompareThresholds.parseFraction("fast") == nil)
    }
}

@Suite struct BaselineStoreTests {
    func temporaryFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("compare-test-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func saveListAndResolve() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ResultsStore.write(Fixture.document(Fixture.plan()), to: folder + "/run-1")
        let baselines = folder + "/baselines"
        let (path, document) = try Baselines.save(name: "ci", from: folder + "/run-1", in: baselines)
        #expect(path == baselines + "/ci.json")
        #expect(document.rows.count == Fixture.plan().count)
        // The baseline is an ordinary results file that reads back identically.
        #expect(try ResultsStore.read(path) == Fixture.document(Fixture.plan()))
        #expect(Baselines.list(in: baselines).map(\.name) == ["ci"])
        #expect(try Baselines.resolve("ci", in: baselines) == path)
        #expect(try Baselines.resolve(folder + "/run-1", in: baselines) == folder + "/run-1")
        #expect(throws: CompareInputError.self) { try Baselines.resolve("nightly", in: baselines) }
        // No temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: baselines) == ["ci.json"])
    }

    @Test func refusesBadNamesInterruptedAndFailedRuns() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try ResultsStore.write(Fixture.document(Fixture.plan(), complete: false), to: folder + "/partial")
        let broken = Fixture.modify(Fixture.plan(), "set", "mixed", 100) { $0.status = .failed }
        try ResultsStore.write(Fixture.document(broken), to: folder + "/broken")
        try ResultsStore.write(Fixture.document(Fixture.plan()), to: folder + "/good")
        let baselines = folder + "/baselines"
        for name in ["", ".hidden", "a/b", "x y"] {
            #expect(throws: CompareInputError.self, "\(name)") { try Baselines.save(name: name, from: folder + "/good", in: baselines) }
        }
        #expect(throws: CompareInputError.self) { try Baselines.save(name: "p", from: folder + "/partial", in: baselines) }
        #expect(throws: CompareInputError.self) { try Baselines.save(name: "b", from: folder + "/broken", in: baselines) }
        #expect(throws: CompareInputError.self) { try Baselines.save(name: "m", from: folder + "/missing", in: baselines) }
        #expect(!FileManager.default.fileExists(atPath: baselines) || Baselines.list(in: baselines).isEmpty)
    }
}
