import Foundation
import Formats
import Testing

@testable import Compare

/// The scaling-exponent targets use the one fit the charts' legends use:
/// least squares over the sizes in `PowerLawFit.sizeRange` only.
@Suite("Targets: one fit range") struct TargetsFitRangeTests {
    @Test("a size outside the range does not move the targets' exponent")
    func sizeOutsideRangeIgnored() throws {
        // heckel on mixed grows as n^1.05 from 1,000 to 100,000; the point at 100
        // is far off that line (a fixed cost), and would pull a fit over all sizes.
        var rows: [ResultRow] = []
        for size in [100, 1_000, 10_000, 100_000] {
            let median = size == 100 ? 1_000_000 : 3 * pow(Double(size), 1.05)
            rows += Fixture.dataset("mixed", size).map { row in
                var row = row
                if row.engine == "heckel" { row.medianNs = median }
                return row
            }
        }
        let checks = PerformanceTargets.evaluate(Fixture.document(rows))
        let check = try #require(checks.first { $0.area == "scaling exponent" && $0.subject == "heckel mixed" })
        #expect(check.measured.hasPrefix("1.05 over 1000, 10000, 100000"), "\(check.measured)")
        #expect(check.target.contains(PowerLawFit.sizeRangeText))
        #expect(check.met == true)
    }
}

@Suite("Targets: generated workloads only") struct TargetsGeneratedOnlyTests {
    @Test("rows on a dataset recorded as not generated meet no target, whatever workload they name", arguments: [true, false])
    func userDataNotCounted(generated: Bool) throws {
        var document = Fixture.document(Fixture.dataset("mixed", 5_000))
        document.datasets = [
            DatasetShape(
                workload: "mixed", size: 5_000, sizeOld: 5_000, sizeNew: 5_000, idsRepeat: false, changedFraction: 0.4,
                generated: generated)
        ]
        let check = try #require(PerformanceTargets.evaluate(document).first { $0.area == "heckel ÷ stdlib" && $0.subject == "mixed@5000" })
        #expect((check.met != nil) == generated, "\(check)")
    }
}
