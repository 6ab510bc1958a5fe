import RunResults
import Testing

@testable import Compare

/// Pins every default threshold and every comparison: each rule is tried
/// just at its limit (which must pass: the comparisons are strict) and one
/// unit beyond it (which must fail), with literal figures, so changing a
/// default, or `>` to `>=`, fails a test here.
@Suite struct ThresholdPinTests {
    /// The one dataset the pins vary; every other figure stays the same.
    func judge(_ change: (inout ResultRow) -> Void, base: (inout ResultRow) -> Void = { _ in }) throws -> RowComparison {
        let rows = Fixture.modify(Fixture.dataset("mixed", 1_000), "heckel", "mixed", 1_000, base)
        let changed = Fixture.modify(rows, "heckel", "mixed", 1_000, change)
        return try #require(try Fixture.compare(rows, changed).row("heckel", "mixed", 1_000))
    }

    @Test func theDefaultsAreTheDocumentedOnes() {
        let t = CompareThresholds()
        #expect(t.instructionFraction == 0.01)
        #expect(t.instructionSlack == 2_000)
        #expect(t.memoryFraction == 0.01)
        #expect(t.memorySlackBytes == 1_024)
        #expect(t.allocationSlack == 0)
        #expect(t.timing == 0.5)
        #expect(t.noiseK == 3)
        #expect(t.minSamples == 5)
        #expect(t.minimumGatedNanoseconds == 1_000)
        #expect(t.timeFails == false)
        #expect(CompareThresholds.defaults == t)
    }

    @Test func instructionsFailAboveOnePercent() throws {
        // 1,000,000 instructions: +10,000 is exactly 1 % (passes), +10,001 fails.
        let at = try judge({ $0.instructions = 1_010_000 }, base: { $0.instructions = 1_000_000 })
        #expect(at.verdict == .unchanged)
        let over = try judge({ $0.instructions = 1_010_001 }, base: { $0.instructions = 1_000_000 })
        #expect(over.verdict == .regression)
        #expect(over.findings.contains { $0.aspect == .instructions && $0.message.contains("+1.0%") })
        // Shrinking by more than both is an improvement.
        let less = try judge({ $0.instructions = 989_999 }, base: { $0.instructions = 1_000_000 })
        #expect(less.verdict == .improvement)
    }

    /// The timing reference's count moves with each rebuild (the toolchain's
    /// `difference(from:)`): +5 % warns on stdlib, and fails on an engine.
    @Test func stdlibInstructionsOnlyWarn() throws {
        let rows = Fixture.modify(Fixture.dataset("mixed", 1_000), "stdlib", "mixed", 1_000) { $0.instructions = 1_000_000 }
        let grown = Fixture.modify(rows, "stdlib", "mixed", 1_000) { $0.instructions = 1_050_000 }
        let report = try Fixture.compare(rows, grown)
        let stdlib = try #require(report.row("stdlib", "mixed", 1_000))
        #expect(stdlib.verdict == .warning)
        #expect(stdlib.findings.contains { $0.aspect == .instructions && $0.message.contains("+5.0%") })
        #expect(!report.failsCI)
        let heckel = try judge({ $0.instructions = 1_050_000 }, base: { $0.instructions = 1_000_000 })
        #expect(heckel.verdict == .regression)
        // Its missing count only warns too (an engine's fails: aMissingInstructionCountFails).
        let uncounted = try Fixture.compare(rows, Fixture.modify(rows, "stdlib", "mixed", 1_000) { $0.instructions = nil })
        #expect(try #require(uncounted.row("stdlib", "mixed", 1_000)).verdict == .warning)
        #expect(!uncounted.failsCI)
    }

    /// One rule for both gates (GateRole): stdlib is spared on instructions
    /// only, so its peak heap still fails like any engine's; an engine is
    /// spared nothing.
    @Test func stdlibIsSparedOnInstructionsOnly() throws {
        let rows = Fixture.modify(Fixture.dataset("mixed", 1_000), "stdlib", "mixed", 1_000) { $0.peakHeapBytes = 1_000_000 }
        let grown = Fixture.modify(rows, "stdlib", "mixed", 1_000) { $0.peakHeapBytes = 1_100_000 }
        let report = try Fixture.compare(rows, grown)
        #expect(try #require(report.row("stdlib", "mixed", 1_000)).verdict == .regression)
        #expect(report.failsCI)
        for measure in GateRole.Measure.allCases {
            #expect(GateRole.engine.gates(measure))
            #expect(!GateRole.floor.gates(measure))
            #expect(GateRole.toolchain.gates(measure) == (measure != .instructions))
        }
    }

    @Test func instructionsBelowTheSlackNeverFail() throws {
        // 100,000 instructions: +2,000 is 2 % but only the slack (passes), +2,001 fails.
        let at = try judge({ $0.instructions = 102_000 }, base: { $0.instructions = 100_000 })
        #expect(at.verdict == .unchanged)
        let over = try judge({ $0.instructions = 102_001 }, base: { $0.instructions = 100_000 })
        #expect(over.verdict == .regression)
    }

    @Test func aMissingInstructionCountFails() throws {
        let row = try judge({ $0.instructions = nil }, base: { $0.instructions = 500_000 })
        #expect(row.verdict == .missing)
        let rows = Fixture.dataset("mixed", 1_000)
        let without = Fixture.modify(rows, "heckel", "mixed", 1_000) { $0.instructions = nil }
        #expect(try Fixture.compare(rows, without).failsCI)
        // A baseline without counts judges none (older baselines still compare).
        #expect(try !Fixture.compare(without, rows).failsCI)
    }

    @Test func peakHeapFailsAboveOnePercentAndOneKibibyte() throws {
        let at = try judge({ $0.peakHeapBytes = 1_010_000 }, base: { $0.peakHeapBytes = 1_000_000 })
        #expect(at.verdict == .unchanged)
        let over = try judge({ $0.peakHeapBytes = 1_010_001 }, base: { $0.peakHeapBytes = 1_000_000 })
        #expect(over.verdict == .regression)
        // 10,000 bytes: +1,024 is 10 % but only the slack (passes), +1,025 fails.
        let slack = try judge({ $0.peakHeapBytes = 11_024 }, base: { $0.peakHeapBytes = 10_000 })
        #expect(slack.verdict == .unchanged)
        let beyond = try judge({ $0.peakHeapBytes = 11_025 }, base: { $0.peakHeapBytes = 10_000 })
        #expect(beyond.verdict == .regression)
    }

    @Test func anyAllocationMoreFails() throws {
        // 100,000 allocations: one more is 0.001 %, and fails (the count is exact).
        let one = try judge({ $0.allocations = 100_001 }, base: { $0.allocations = 100_000 })
        #expect(one.verdict == .regression)
        #expect(one.findings.contains { $0.message.contains("allocations") })
        let same = try judge({ $0.allocations = 100_000 }, base: { $0.allocations = 100_000 })
        #expect(same.verdict == .unchanged)
        let fewer = try judge({ $0.allocations = 99_999 }, base: { $0.allocations = 100_000 })
        #expect(fewer.verdict == .improvement)
    }

    @Test func oneStepMoreFails() throws {
        let more = try judge({ $0.steps! += 1; $0.moves! += 1 })
        #expect(more.verdict == .regression)
    }

    @Test func wallTimeOnlyWarnsByDefault() throws {
        // Three times slower, steady samples: reported, never failing.
        let slower = try judge({ $0.medianNs! *= 3 })
        #expect(slower.verdict == .warning)
        #expect(slower.findings.contains { $0.aspect == .time && $0.message.contains("only warns") })
    }

    @Test func wallTimeIsReportedAboveFiftyPercent() throws {
        // The ratio to stdlib ×1.49 is not reported; ×1.51 is (a warning).
        let at = try judge({ $0.medianNs! *= 1.49; $0.spreadNs = 0 }, base: { $0.spreadNs = 0 })
        #expect(at.verdict == .unchanged)
        let over = try judge({ $0.medianNs! *= 1.51; $0.spreadNs = 0 }, base: { $0.spreadNs = 0 })
        #expect(over.verdict == .warning)
    }

    @Test func gatedTimeNeedsFiveSamplesAndAMicrosecond() throws {
        var gated = CompareThresholds()
        gated.timeFails = true
        func verdict(samples: Int, median: Double) throws -> Verdict? {
            let rows = Fixture.modify(Fixture.dataset("mixed", 100), "heckel", "mixed", 100) { $0.medianNs = median }
            let changed = Fixture.modify(rows, "heckel", "mixed", 100) {
                $0.medianNs = median * 3
                $0.samples = samples
            }
            return try Fixture.compare(rows, changed, thresholds: gated).row("heckel", "mixed", 100)?.verdict
        }
        #expect(try verdict(samples: 4, median: 10_000) == .warning)
        #expect(try verdict(samples: 5, median: 10_000) == .regression)
        #expect(try verdict(samples: 5, median: 999) == .warning)
        #expect(try verdict(samples: 5, median: 1_000) == .regression)
    }
}
