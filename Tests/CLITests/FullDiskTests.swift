import Foundation
import Testing

/// Issue 37: a disk that fills while `merge` or `compare --to` writes gives a
/// message in words naming the file that could not be written, exit 2, and
/// nothing half-written: no part of the new file, no temporary left, and an
/// earlier run or report as it was. The full disk is the debug build's
/// `DIFFBENCH_TEST_FAULT=full-disk:NAME` (half of the file's bytes land, then
/// the write fails with ENOSPC), so the test needs no mount and no root.
@Suite struct FullDiskTests {
    static func fullDisk(_ name: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["DIFFBENCH_TEST_FAULT"] = "full-disk:" + name
        return environment
    }

    @Test(.timeLimit(.minutes(10)), arguments: ["results.json", "results.csv"])
    func mergeOnAFullDiskNamesTheFileAndKeepsTheEarlierRun(file: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s1 = try LyingResultsTests.write(LyingResultsTests.shard(1, size: 100), as: "s1", in: dir)
        let s2 = try LyingResultsTests.write(LyingResultsTests.shard(2, size: 1000), as: "s2", in: dir)
        let out = dir.path + "/out"
        // Into a new folder: nothing of the merged run appears.
        let fresh = try CLI.run(["merge", s1, s2, "--output", out], environment: Self.fullDisk(file))
        #expect(fresh.status == 2, "\(fresh.stderr)")
        #expect(fresh.stderr.contains("out/\(file): cannot write: No space left on device; the merged run was not written (nothing was)"), "\(fresh.stderr)")
        #expect(!fresh.stderr.contains("Error Domain") && !fresh.stderr.contains("NSCocoa"), "\(fresh.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).isEmpty, "files left in the new output")
        // Over an earlier run with --force: the earlier run stays whole.
        let first = try CLI.run(["merge", s1, s2, "--output", out])
        #expect(first.status == 0, "\(first.stderr)")
        try Data("chart".utf8).write(to: URL(fileURLWithPath: out + "/index.html"))
        let before = NoWriteOverInputTests.snapshot(URL(fileURLWithPath: out))
        let forced = try CLI.run(["merge", s2, s1, "--output", out, "--force"], environment: Self.fullDisk(file))
        #expect(forced.status == 2, "\(forced.stderr)")
        #expect(forced.stderr.contains("\(file): cannot write: No space left on device; the merged run was not written, and the earlier run there is unchanged"), "\(forced.stderr)")
        #expect(NoWriteOverInputTests.snapshot(URL(fileURLWithPath: out)) == before, "the earlier run changed")
    }

    @Test(.timeLimit(.minutes(10)))
    func compareToOnAFullDiskNamesTheReportAndLeavesNoPartOfIt() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = try NoWriteOverInputTests.runFolder("base", in: dir)
        let current = try NoWriteOverInputTests.runFolder("current", in: dir)
        let report = dir.path + "/reports/report.md"
        let failed = try CLI.run(["compare", base, current, "--to", report], environment: Self.fullDisk("report.md"))
        #expect(failed.status == 2, "\(failed.stderr)")
        #expect(failed.stderr.contains("\(report): cannot write: No space left on device; the report was not written"), "\(failed.stderr)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir.path + "/reports")) ?? []).isEmpty, "a part of the report was left")
        // An earlier report there stays as it was.
        try Data("earlier".utf8).write(to: URL(fileURLWithPath: report))
        let again = try CLI.run(["compare", base, current, "--to", report], environment: Self.fullDisk("report.md"))
        #expect(again.status == 2, "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path + "/reports") == ["report.md"])
        #expect(FileManager.default.contents(atPath: report) == Data("earlier".utf8))
        // Without the fault the same command writes the report.
        let fine = try CLI.run(["compare", base, current, "--to", report])
        #expect(fine.status == 0, "\(fine.stderr)")
        #expect(FileManager.default.contents(atPath: report) != Data("earlier".utf8))
    }
}
