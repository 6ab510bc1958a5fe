import Foundation
import FileSupport
import RunResults
import Testing

@testable import RunReport

/// Issues 37 and 38: a results file's `elements` value is text from a file
/// like a workload's name. It reaches the page escaped for HTML and
/// Markdown, and the closing screen (`chart --brief`) and `chart`'s listing
/// with its control characters shown as escapes, as the lines beside it are.
@Suite("A hostile element kind") struct HostileKindTextTests {
    static let hostile = "<script>|x\n\u{1B}[31m"

    /// A control character a terminal would act on (a line break is one, except between lines).
    static func hasControl(_ line: Substring) -> Bool {
        line.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
    }

    @Test("the closing screen, the chart listing, the Markdown page and the HTML page all escape it")
    func everyOutputEscapesIt() throws {
        let kind = ElementKind(Self.hostile)
        var rows = [
            EngineAdviceTests.row("alpha", "plain", median: 100, steps: 5), EngineAdviceTests.row("beta", "plain", median: 200, steps: 5),
        ]
        // A row of the same dataset (its facts are the dataset's) whose answer failed verification.
        var failed = EngineAdviceTests.row("gamma", "plain", median: 300, steps: 5)
        failed.refuse(.failedVerification, "verification: apply gives a different list at 3")
        failed.verified = false
        rows.append(failed)
        for index in rows.indices { rows[index].elements = kind }
        var document = EngineAdviceTests.document(rows)
        document.plan.elements = [kind]
        let folder = try SyntheticRun.write(document)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let summary = try ReportBuilder.build(runDirectory: folder, gnuplot: .none)
        // It was read back as written, and is named on the screen (the failed row, the advice's heading).
        #expect(try ResultsStore.read(folder).rows.allSatisfy { $0.elements == kind })
        #expect(summary.brief.contains("x\\n\\u001b[31m"), "\(summary.brief)")
        for (name, text) in [("brief", summary.brief), ("text", summary.text)] {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                #expect(!Self.hasControl(line), "\(name): \(line.debugDescription)")
                #expect(!line.hasPrefix("\u{1B}") && !line.hasPrefix("[31m"), "\(name): a line broken by the kind: \(line.debugDescription)")
            }
        }
        let markdown = try String(contentsOfFile: folder + "/index.md", encoding: .utf8)
        #expect(!markdown.contains("<script>"))
        #expect(markdown.contains("\\<script\\>\\|x"))
        for line in markdown.split(separator: "\n") { #expect(!Self.hasControl(line), "index.md: \(line.debugDescription)") }
        let html = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(!html.contains("<script>|"))
        #expect(html.contains("&lt;script&gt;|x"))
    }
}
