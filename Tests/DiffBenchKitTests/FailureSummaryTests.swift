import RunResults
import Testing

@testable import DiffBenchKit

/// Issues 37 and 38: `run`'s closing summary of failed rows shows a row's
/// element kind as it shows its workload: escaped, so a kind's text cannot
/// act on the terminal or start a line of its own.
@Suite struct FailureSummaryTests {
    @Test("the element kind of a failed row is shown with its control characters escaped")
    func elementKindIsEscaped() {
        var row = ResultRow(engine: "heckel", workload: "mixed", size: 10, sizeOld: 10, sizeNew: 10, seed: 1, parameters: "")
        row.elements = ElementKind("<script>|x\n\u{1B}[31m")
        row.refuse(.crashed, "killed by SIGILL")
        let summary = RunCommand.failureSummary([row])
        let lines = summary.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2, "\(summary.debugDescription)")
        #expect(!summary.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F..<0xA0).contains($0.value) }, "\(summary.debugDescription)")
        #expect(lines.last?.contains("(elements \"<script>|x\\n\\u001b[31m\"): crashed: killed by SIGILL") == true, "\(summary)")
    }
}
