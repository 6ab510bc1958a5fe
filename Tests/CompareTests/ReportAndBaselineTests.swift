import DiffBenchTestSupport
import Foundation
import Formats
import Testing

@testable import Compare

@Suite struct ReportFormatTests {
    func regressed() throws -> ComparisonReport {
        let rows = Fixture.plan()
        let slowed = Fixture.modify(rows, "heckel", "feed", 100) { $0.medianNs! *= 3 }
        let worse = Fixture.modify(slowed, "myers", "mixed", 1_000) { $0.allocations! += 50 }
        return try Fixture.compare(rows, worse.filter { $0.engine != "lcs" || $0.workload != "mixed" })
    }

    @Test func markdownLeadsWithTheVerdictAndRegressions() throws {
        let report = try regressed()
        let markdown = report.render(.md)
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].hasPrefix("**❌ FAIL**"))
        #expect(lines[0].contains("2 regression"))
        let tableRows = lines.filter { $0.hasPrefix("| ") && !$0.hasPrefix("| verdict") }
        // The first table rows are the regressions, the worst timing change first.
        #expect(tableRows[0].contains("regression") && tableRows[0].contains("heckel") && tableRows[0].contains("+200.0%"))
        #expect(tableRows[1].contains("regression") && tableRows[1].contains("myers") && tableRows[1].contains("allocations"))
        #expect(tableRows[2].contains("missing") && tableRows[2].contains("lcs"))
        // Unchanged rows are folded away, after the notable ones.
        let fold = try #require(lines.firstIndex { $0.hasPrefix("<details>") })
        let lastNotable = try #require(lines.lastIndex { $0.contains("missing") })
        #expect(fold > lastNotable)
        #expect(markdown.contains("ratio of each engine's median to the median of `stdlib`"))
    }

    @Test func aPassingReportSaysPass() throws {
        let rows = Fixture.plan()
        let markdown = try Fixture.compare(rows, rows).render(.md)
        #expect(markdown.hasPrefix("**✅ PASS**"))
        #expect(!markdown.contains("🔴"))
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
