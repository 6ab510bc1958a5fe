import RunResults
import Testing

@testable import Compare

/// The string-id targets read `uuid` and `record` rows: ratios to the floor
/// row of the same dataset and kind, anchor's string time over its int time,
/// and peak heap per element on uuid lists.
@Suite("Targets: string ids") struct StringIDTargetsTests {
    /// One row of `kind` with the given median and peak heap; with a floor
    /// ratio, its median is that ratio of the floor's (100 ns, ``withFloors(_:)``).
    func row(_ engine: Subject, _ workload: WorkloadName, _ size: Int, _ kind: ElementKind, median: Double, ratio: Double? = nil, peak: Int? = nil)
        -> ResultRow
    {
        var row = Fixture.row(engine, workload, size, median: ratio.map { $0 * 100 } ?? median)
        row.elements = kind
        row.peakHeapBytes = peak
        return row
    }

    /// `rows` and a floor row of 100 ns for each dataset and kind among them.
    func withFloors(_ rows: [ResultRow]) -> [ResultRow] {
        var floors: [ResultRow] = []
        for row in rows where !floors.contains(where: { $0.workload == row.workload && $0.size == row.size && $0.elements == row.elements }) {
            var floor = Fixture.row("floor", row.workload, row.size, median: 100)
            floor.elements = row.elements
            floors.append(floor)
        }
        return rows + floors
    }

    func stringIDChecks(_ rows: [ResultRow]) -> [PerformanceTargets.Check] {
        var document = Fixture.document([])
        document.rows = withFloors(rows)
        return PerformanceTargets.evaluate(document, targets: PerformanceTargets.stringIDTargets)
    }

    func check(_ checks: [PerformanceTargets.Check], _ area: String, _ subject: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> PerformanceTargets.Check
    {
        try #require(checks.first { $0.area == area && $0.subject == subject }, "\(area) \(subject)", sourceLocation: sourceLocation)
    }

    @Test("floor ratios are met at the limit and missed above it, shuffled at 10,000 has its own limit")
    func floorRatios() throws {
        let rows = [
            row("heckel", "mixed", 1_000, "uuid", median: 1, ratio: 0.35),
            row("set", "mixed", 1_000, "uuid", median: 1, ratio: 0.36),
            row("anchor", "feed", 10_000, "record", median: 1, ratio: 0.2),
            row("heckel", "shuffled", 10_000, "uuid", median: 1, ratio: 0.59),
            row("set", "shuffled", 10_000, "uuid", median: 1, ratio: 0.61),
            row("heckel", "text", 1_000, "record", median: 1, ratio: 0.4),
            // An int row never answers for a string kind.
            row("anchor", "sectioned", 1_000, "int", median: 1, ratio: 0.1),
        ]
        let checks = stringIDChecks(rows)
        #expect(try check(checks, "heckel ÷ floor, uuid ids", "mixed@1000").met == true)
        #expect(try check(checks, "set ÷ floor, uuid ids", "mixed@1000").met == false)
        #expect(try check(checks, "anchor ÷ floor, record ids", "feed@10000").met == true)
        #expect(try check(checks, "heckel ÷ floor, uuid ids", "shuffled@10000").met == true)
        #expect(try check(checks, "set ÷ floor, uuid ids", "shuffled@10000").met == false)
        #expect(try check(checks, "heckel ÷ floor, record ids", "text@1000").met == false)
        #expect(try check(checks, "anchor ÷ floor, uuid ids", "sectioned@1000").met == nil)
        #expect(try check(checks, "anchor ÷ floor, uuid ids", "sectioned@1000").measured == "not measured")
    }

    @Test("anchor on string values is compared with anchor on int ids of the same dataset")
    func anchorOverInt() throws {
        let rows = [
            row("anchor", "duplicates", 10_000, "int", median: 100),
            row("anchor", "duplicates", 10_000, "uuid", median: 119),
            row("anchor", "duplicates", 10_000, "record", median: 121),
            row("anchor", "text", 1_000, "uuid", median: 50),
        ]
        let checks = stringIDChecks(rows)
        let uuid = try check(checks, "anchor uuid ÷ anchor int", "duplicates@10000")
        #expect(uuid.met == true)
        #expect(uuid.measured == "1.19×")
        #expect(try check(checks, "anchor record ÷ anchor int", "duplicates@10000").met == false)
        // No int row: not measured.
        #expect(try check(checks, "anchor uuid ÷ anchor int", "text@1000").met == nil)
    }

    @Test("peak heap per element takes the worst uuid row of each engine")
    func peakHeap() throws {
        let rows = [
            row("heckel", "mixed", 1_000, "uuid", median: 1, peak: 24 * 2_000),
            row("heckel", "feed", 10_000, "uuid", median: 1, peak: 20 * 20_000),
            row("set", "mixed", 1_000, "uuid", median: 1, peak: 20 * 2_000),
            row("set", "shuffled", 10_000, "uuid", median: 1, peak: 25 * 20_000),
            // Other kinds do not count.
            row("heckel", "shuffled", 10_000, "record", median: 1, peak: 90 * 20_000),
        ]
        let checks = stringIDChecks(rows)
        let heckel = try check(checks, "peak heap per element, uuid ids", "heckel")
        #expect(heckel.met == true)
        #expect(heckel.measured == "24 B (worst: mixed@1000)")
        let set = try check(checks, "peak heap per element, uuid ids", "set")
        #expect(set.met == false)
        #expect(set.measured.hasSuffix("(worst: shuffled@10000)"))
    }

    @Test("evaluate reports the string-id checks beside the int ones")
    func evaluateIncludesThem() {
        let document = Fixture.document([row("heckel", "mixed", 1_000, "uuid", median: 1, ratio: 0.2)])
        let checks = PerformanceTargets.evaluate(document)
        #expect(checks.contains { $0.area == "heckel ÷ floor, uuid ids" && $0.subject == "mixed@1000" })
        #expect(checks.filter { $0.area.hasSuffix("ids") || $0.area.hasPrefix("anchor uuid") }.count > 40)
    }
}
