@testable import Dashboard
import Foundation
import Testing

/// The History tab links a stored run to its folder when the store's
/// source for it is one of the served runs, and to nothing else.
@Suite struct HistoryTabLinkTests {
    @Test func aStoredRunIsLinkedOnlyWhenItsFolderIsAServedRun() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-history-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = root.appendingPathComponent("reports/ci/run <1>")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: run.appendingPathComponent("results.json"))
        let outside = root.appendingPathComponent("elsewhere/run")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: outside.appendingPathComponent("results.json"))
        let folder = try ReportsFolder(root.appendingPathComponent("reports").path)
        let listed = Set(folder.runs().map(\.name))
        #expect(folder.runName(at: run.path, among: listed) == "ci/run <1>")
        #expect(folder.runName(at: run.path + "/../../ci/run <1>", among: listed) == "ci/run <1>")
        #expect(folder.runName(at: outside.path, among: listed) == nil)
        #expect(folder.runName(at: root.appendingPathComponent("reports/ci").path, among: listed) == nil)
        let page = DashboardPage.history(
            hasPage: false,
            storedRuns: [
                (name: "run <1>", start: "2026-01-01T00:00:00Z", commit: "abc", rows: 1, folder: "ci/run <1>"),
                (name: "far", start: "2026-01-01T00:01:00Z", commit: "def", rows: 1, folder: nil),
            ], storeProblem: nil)
        #expect(page.contains("<a href=\"/runs/ci/run%20%3C1%3E/results.json\">run &lt;1&gt;</a>"), "\(page)")
        #expect(page.contains("<tr><td>far</td>"))
    }
}
