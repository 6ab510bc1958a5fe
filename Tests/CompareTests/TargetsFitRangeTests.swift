import Foundation
import RunResults
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

@Suite("Targets: a fit short of the range") struct TargetsShortFitTests {
    @Test("a run whose sizes stop below the range's top gives no exponent verdict; with the top it does", arguments: [false, true])
    func shortRunNotMeasured(withTop: Bool) throws {
        var rows: [ResultRow] = []
        for size in withTop ? [1_000, 10_000, 100_000] : [1_000, 10_000] {
            rows += Fixture.dataset("feed", size).map { row in
                var row = row
                if row.engine == "heckel" { row.medianNs = 3 * pow(Double(size), 1.3) }
                return row
            }
        }
        let checks = PerformanceTargets.evaluate(Fixture.document(rows))
        let check = try #require(checks.first { $0.area == "scaling exponent" && $0.subject == "heckel feed" })
        // 1.3 is over the limit: missed when the range is whole, not measured when it is not.
        #expect(check.met == (withTop ? false : nil), "\(check)")
        #expect(check.measured.hasPrefix(withTop ? "1.3 over" : "not measured (1.3 over 1000, 10000"), "\(check.measured)")
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

/// The `lcs` speed target is a ratio within the run: a table cell against one
/// floor element on the same dataset, never nanoseconds, so a loaded or slow
/// machine that slows both alike meets or misses it as a quiet one does.
@Suite("Targets: lcs per cell against the floor") struct LCSCellTargetTests {
    /// mixed@5000 with 1,000 × 1,000 trimmed items (1,002,001 cells) and
    /// 10,000 elements; the floor's median is `floor`, lcs's makes the ratio `perCell`.
    static func check(perCell: Double, floor: Double) throws -> PerformanceTargets.Check {
        let cells = 1_001.0 * 1_001.0
        let lcsMedian = perCell * cells * floor / 10_000
        let rows = Fixture.dataset("mixed", 5_000).map { row -> ResultRow in
            var row = row
            (row.sizeOld, row.sizeNew) = (5_000, 5_000)
            if row.engine == "floor" { row.medianNs = floor }
            if row.engine == "lcs" { (row.medianNs, row.trimmedOld, row.trimmedNew) = (lcsMedian, 1_000, 1_000) }
            return row
        }
        return try #require(
            PerformanceTargets.evaluate(Fixture.document(rows)).first { $0.area == "lcs cell ÷ floor element" && $0.subject == "mixed@5000" })
    }

    @Test(
        "the same ratio meets or misses the target whatever the machine's speed",
        arguments: [(0.2, true), (0.3, false)], [50_000.0, 5_000_000.0])
    func aRatioNotNanoseconds(perCell: (Double, Bool), floor: Double) throws {
        let check = try Self.check(perCell: perCell.0, floor: floor)
        #expect(check.met == perCell.1, "\(check)")
        #expect(check.measured.hasPrefix(String(format: "%.3g", perCell.0)), "\(check.measured)")
        #expect(!check.target.contains("ns"))
    }
}
