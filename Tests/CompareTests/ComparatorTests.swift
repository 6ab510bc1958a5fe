import RunResults
import Testing

@testable import Compare
import DiffBenchTestSupport

@Suite struct TimingVerdictTests {
    @Test func identicalRunsAreUnchanged() throws {
        let rows = Fixture.plan()
        let report = try Fixture.compareTimeGated(rows, rows)
        #expect(report.rows.count == rows.count)
        #expect(report.rows.allSatisfy { $0.verdict == .unchanged }, "\(report.rows.filter { $0.verdict != .unchanged })")
        #expect(!report.failsCI)
        #expect(report.headline.hasPrefix("PASS"))
    }

    /// Machine-wide drift (every median of a run ×f) cancels in the ratio to stdlib.
    @Test func aSlowerMachineIsNotARegression() throws {
        var random = TestRandom(seed: 7)
        for _ in 0..<50 {
            let factor = random.double(0.3, 3)
            let rows = Fixture.plan()
            let slower = rows.map { row -> ResultRow in
                var row = row
                row.medianNs = row.medianNs.map { $0 * factor }
                row.spreadNs = row.spreadNs.map { $0 * factor }
                return row
            }
            let report = try Fixture.compareTimeGated(rows, slower)
            #expect(!report.failsCI, "factor \(factor)")
            for row in report.rows where row.metric != nil {
                #expect(row.metric != .medianNs)
                #expect(abs(row.change ?? 1) < 1e-9, "\(row.label) factor \(factor)")
            }
        }
    }

    /// Independent noise of up to ±15 % on every median (ratios then move by
    /// up to ±35 %) never fails with the default threshold.
    @Test func noiseWithinTheThresholdNeverFails() throws {
        var random = TestRandom(seed: 11)
        for trial in 0..<200 {
            let rows = Fixture.plan()
            let noisy = rows.map { row -> ResultRow in
                var row = row
                row.medianNs = row.medianNs.map { $0 * random.double(0.85, 1.15) }
                return row
            }
            let report = try Fixture.compareTimeGated(rows, noisy)
            #expect(!report.failsCI, "trial \(trial): \(report.headline)")
            #expect(report.rows.allSatisfy { $0.verdict != .regression && $0.verdict != .improvement }, "trial \(trial)")
        }
    }

    /// One engine on one dataset made k× slower (k in 2…4) is a regression,
    /// listed first; every other row stays unchanged.
    @Test func aClearSlowdownIsARegression() throws {
        var random = TestRandom(seed: 3)
        let rows = Fixture.plan()
        for _ in 0..<40 {
            let victim = rows[random.below(rows.count)]
            guard victim.engine != "floor" else { continue }
            let factor = random.double(2, 4)
            let slowed = Fixture.modify(rows, victim.engine, victim.workload, victim.size) { row in
                row.medianNs! *= factor
                row.spreadNs! *= factor
            }
            let report = try Fixture.compareTimeGated(rows, slowed)
            let first = try #require(report.rows.first)
            #expect(first.engine == victim.engine && first.workload == victim.workload && first.size == victim.size)
            #expect(abs((first.change ?? 0) - (factor - 1)) < 1e-9)
            let others = report.rows.dropFirst().filter { $0.workload == victim.workload && $0.size == victim.size }
            if victim.engine == "stdlib" {
                // The reference itself, against floor: reported, never failing;
                // every ratio to it drops.
                #expect(first.metric == .ratioToFloor)
                #expect(first.verdict == .warning)
                #expect(!report.failsCI)
                #expect(others.allSatisfy { $0.verdict == .improvement || $0.engine == "floor" })
            } else {
                #expect(first.metric == .ratioToStdlib)
                #expect(first.verdict == .regression)
                #expect(report.failsCI)
                #expect(report.rows.dropFirst().allSatisfy { $0.verdict == .unchanged })
                #expect(report.headline.hasPrefix("FAIL"))
                #expect(report.headline.contains("\(victim.engine) \(victim.workload)@\(victim.size)"))
            }
        }
    }

    @Test func aSlowdownInsideTheNoiseOnlyWarns() throws {
        let rows = Fixture.plan()
        // +70 % but the current run's samples are all over the place (MAD 30 %).
        let noisy = Fixture.modify(rows, "heckel", "mixed", 1_000) { row in
            row.medianNs! *= 1.7
            row.spreadNs = row.medianNs! * 0.3
        }
        let report = try Fixture.compareTimeGated(rows, noisy)
        let row = try #require(report.row("heckel", "mixed", 1_000))
        #expect(row.verdict == .warning)
        #expect(row.findings.contains { $0.aspect == .time && $0.message.contains("within noise") })
        #expect(!report.failsCI)
        // The same change with steady samples fails.
        let steady = Fixture.modify(rows, "heckel", "mixed", 1_000) { row in row.medianNs! *= 1.7 }
        #expect(try Fixture.compareTimeGated(rows, steady).row("heckel", "mixed", 1_000)?.verdict == .regression)
    }

    @Test func aSlowdownOfASubMicrosecondCallOnlyWarns() throws {
        // A 200 ns call doubling, with tight samples: beyond noise, yet below
        // the gated floor of 1 µs it only warns.
        let base = Fixture.dataset("same", 100, medians: ["heckel": 200, "set": 210, "lcs": 190, "myers": 195, "floor": 2_000])
        let fast = Fixture.modify(base, "heckel", "same", 100) { row in row.medianNs! = 200 }
        let slowed = Fixture.modify(fast, "heckel", "same", 100) { row in row.medianNs! = 400 }
        let report = try Fixture.compareTimeGated(fast, slowed)
        let row = try #require(report.row("heckel", "same", 100))
        #expect(row.verdict == .warning)
        #expect(row.findings.contains { $0.aspect == .time && $0.message.contains("under 1000 ns") })
        #expect(!report.failsCI)
        // The same doubling on a 2 µs call fails.
        let slower = Fixture.modify(fast, "heckel", "same", 100) { row in row.medianNs! = 2_000 }
        let slowest = Fixture.modify(fast, "heckel", "same", 100) { row in row.medianNs! = 4_000 }
        #expect(try Fixture.compareTimeGated(slower, slowest).row("heckel", "same", 100)?.verdict == .regression)
        // A sub-microsecond baseline call that crosses 1 µs in the current run
        // is still a short call: it only warns.
        let crossing = Fixture.modify(fast, "heckel", "same", 100) { row in row.medianNs! = 1_050 }
        let crossed = try #require(try Fixture.compareTimeGated(fast, crossing).row("heckel", "same", 100))
        #expect(crossed.verdict == .warning)
        #expect(crossed.findings.contains { $0.message.contains("under 1000 ns in one run") })
    }

    @Test func aSmallChangeIsUnchangedEvenWithoutNoise() throws {
        let rows = Fixture.plan().map { row -> ResultRow in
            var row = row
            row.spreadNs = 0
            return row
        }
        let slightly = Fixture.modify(rows, "set", "feed", 100) { row in row.medianNs! *= 1.3 }
        let report = try Fixture.compareTimeGated(rows, slightly)
        #expect(report.row("set", "feed", 100)?.verdict == .unchanged)
        #expect(abs((report.row("set", "feed", 100)?.change ?? 0) - 0.3) < 1e-9)
        // A tighter threshold catches it.
        let strict = try Fixture.compare(rows, slightly, thresholds: CompareThresholds(timing: 0.2, timeFails: true))
        #expect(strict.row("set", "feed", 100)?.verdict == .regression)
    }

    @Test func tooFewSamplesAreNotJudged() throws {
        let rows = Fixture.plan()
        let sparse = Fixture.modify(rows, "lcs", "mixed", 100) { row in
            row.medianNs! *= 3
            row.samples = 3
        }
        let report = try Fixture.compareTimeGated(rows, sparse)
        let row = try #require(report.row("lcs", "mixed", 100))
        #expect(row.verdict == .warning)
        #expect(row.findings.contains { $0.message.contains("3 samples") })
        // Too few samples of the reference count too.
        let sparseReference = Fixture.modify(
            Fixture.modify(rows, "lcs", "mixed", 100) { $0.medianNs! *= 3 }, "stdlib", "mixed", 100) { $0.samples = 2 }
        #expect(try Fixture.compareTimeGated(rows, sparseReference).row("lcs", "mixed", 100)?.verdict == .warning)
    }

    @Test func aFasterEngineIsAnImprovement() throws {
        let rows = Fixture.plan()
        let faster = Fixture.modify(rows, "myers", "mixed", 1_000) { row in row.medianNs! /= 4 }
        let report = try Fixture.compareTimeGated(rows, faster)
        #expect(report.row("myers", "mixed", 1_000)?.verdict == .improvement)
        #expect(!report.failsCI)
    }

    @Test func timingAcrossBuildConfigurationsOnlyWarns() throws {
        let rows = Fixture.plan()
        let slowed = Fixture.modify(rows, "heckel", "feed", 100) { $0.medianNs! *= 3 }
        let report = try Fixture.compare(rows, slowed, currentBuild: "debug")
        #expect(report.row("heckel", "feed", 100)?.verdict == .warning)
        #expect(!report.failsCI)
        #expect(report.notes.contains { $0.contains("debug") })
    }

    @Test func theFloorReferenceOnlyWarns() throws {
        let rows = Fixture.plan()
        let slowed = Fixture.modify(rows, "floor", "mixed", 100) {
            $0.medianNs! *= 3
            $0.peakHeapBytes! *= 2
        }
        let report = try Fixture.compareTimeGated(rows, slowed)
        #expect(report.row("floor", "mixed", 100)?.verdict == .warning)
        #expect(!report.failsCI)
    }

    @Test func withoutAnyReferenceRawTimesOnlyWarn() throws {
        let rows = Fixture.plan().filter { $0.engine != "stdlib" && $0.engine != "floor" }
        let slowed = Fixture.modify(rows, "set", "mixed", 100) { $0.medianNs! *= 3 }
        let report = try Fixture.compareTimeGated(rows, slowed)
        let row = try #require(report.row("set", "mixed", 100))
        #expect(row.metric == .medianNs)
        #expect(row.verdict == .warning)
        #expect(!report.failsCI)
    }
}

@Suite struct ExactFigureTests {
    @Test func aMemoryIncreaseIsARegression() throws {
        let rows = Fixture.plan()
        let bigger = Fixture.modify(rows, "set", "mixed", 1_000) { $0.peakHeapBytes! += 4_096 }
        let report = try Fixture.compare(rows, bigger)
        let row = try #require(report.row("set", "mixed", 1_000))
        #expect(row.verdict == .regression)
        #expect(row.findings.contains { $0.aspect == .memory && $0.message.contains("peak heap") })
        #expect(report.failsCI)

        let moreAllocations = Fixture.modify(rows, "heckel", "feed", 100) { $0.allocations! += 1 }
        let allocationReport = try Fixture.compare(rows, moreAllocations)
        #expect(allocationReport.row("heckel", "feed", 100)?.verdict == .regression)
    }

    /// Increases within the slack or the fraction are bookkeeping, not regressions;
    /// decreases beyond both are improvements.
    @Test func memoryThresholdsHoldBothWays() throws {
        var random = TestRandom(seed: 5)
        let thresholds = CompareThresholds()
        for _ in 0..<300 {
            let base = 1_000 + random.below(200_000)
            let delta = random.below(2 * 2_048 + 1) - 2_048
            let rows = Fixture.modify(Fixture.dataset("mixed", 100), "lcs", "mixed", 100) { $0.peakHeapBytes = base }
            let changed = Fixture.modify(rows, "lcs", "mixed", 100) { $0.peakHeapBytes = base + delta }
            let row = try #require(try Fixture.compare(rows, changed).row("lcs", "mixed", 100))
            let beyond = abs(delta) > thresholds.memorySlackBytes && Double(abs(delta)) > thresholds.memoryFraction * Double(base)
            let expected: Verdict = !beyond ? .unchanged : (delta > 0 ? .regression : .improvement)
            #expect(row.verdict == expected, "\(base) → \(base + delta)")
        }
    }

    @Test func moreStepsIsARegressionFewerAnImprovement() throws {
        let rows = Fixture.plan()
        let worse = Fixture.modify(rows, "heckel", "mixed", 100) {
            $0.moves! += 2
            $0.steps! += 2
        }
        let report = try Fixture.compare(rows, worse)
        let row = try #require(report.row("heckel", "mixed", 100))
        #expect(row.verdict == .regression)
        #expect(row.findings.contains { $0.aspect == .quality && $0.message.contains("steps") && $0.message.contains("moves") })

        let better = Fixture.modify(rows, "heckel", "mixed", 100) {
            $0.deletes! -= 1
            $0.inserts! -= 1
            $0.steps! -= 2
        }
        #expect(try Fixture.compare(rows, better).row("heckel", "mixed", 100)?.verdict == .improvement)
    }

    @Test func aQualityChangeWithTheSameStepsIsReported() throws {
        let rows = Fixture.plan()
        let reshaped = Fixture.modify(rows, "lcs", "feed", 100) {
            $0.moves! += 1
            $0.deletes! -= 1
        }
        let report = try Fixture.compare(rows, reshaped)
        let row = try #require(report.row("lcs", "feed", 100))
        #expect(row.verdict == .warning)
        #expect(row.findings.contains { $0.aspect == .quality && $0.message.contains("moves") && $0.message.contains("deletes") })
        #expect(!report.failsCI)
    }

    @Test func aFailedVerificationAlwaysFails() throws {
        let rows = Fixture.plan()
        let broken = Fixture.modify(rows, "set", "feed", 100) {
            $0.status = .failed
            $0.verified = false
            $0.reason = "verification: apply gives a different list at 3"
        }
        let report = try Fixture.compare(rows, broken, thresholds: CompareThresholds(timing: 100))
        #expect(report.rows.first?.verdict == .failed)
        #expect(report.rows.first?.engine == "set")
        #expect(report.rows.first?.findings.first?.message.contains("apply gives") == true)
        #expect(report.failsCI)
        // Also when the baseline had no such row.
        let onlyNew = try Fixture.compare(rows.filter { !($0.engine == "set" && $0.workload == "feed") }, broken)
        #expect(onlyNew.row("set", "feed", 100)?.verdict == .failed)
        #expect(onlyNew.failsCI)
    }

    @Test(arguments: ResultRow.Status.faults)
    func aCrashAHangOrARunawayAllocationAlwaysFails(status: ResultRow.Status) throws {
        let rows = Fixture.plan()
        let broken = Fixture.modify(rows, "set", "feed", 100) {
            $0.status = status
            $0.verified = false
            $0.batchVerified = nil
            $0.reason = "killed by SIGILL (illegal instruction) during its verification call"
            $0.samples = 0
            ($0.medianNs, $0.minNs, $0.p90Ns, $0.maxNs, $0.spreadNs, $0.ratioToStdlib, $0.ratioToFloor) = (nil, nil, nil, nil, nil, nil, nil)
            ($0.peakHeapBytes, $0.allocations, $0.instructions) = (nil, nil, nil)
        }
        let report = try Fixture.compare(rows, broken)
        let row = try #require(report.row("set", "feed", 100))
        #expect(row.verdict == .failed)
        #expect(row.findings.first?.message.hasPrefix(status.rawValue + " — killed by SIGILL") == true, "\(row.findings)")
        #expect(report.failsCI)
        let onlyNew = try Fixture.compare(rows.filter { !($0.engine == "set" && $0.workload == "feed") }, broken)
        #expect(onlyNew.row("set", "feed", 100)?.verdict == .failed)
        #expect(onlyNew.failsCI)
    }
}

@Suite struct PresenceTests {
    @Test func missingAndNewRowsAreReported() throws {
        let rows = Fixture.plan()
        let withoutMyers = rows.filter { $0.engine != "myers" }
        let report = try Fixture.compare(rows, withoutMyers + Fixture.dataset("text", 100))
        let missing = report.rows.filter { $0.verdict == .missing }
        #expect(Set(missing.map(\.engine)) == ["myers"])
        #expect(missing.count == rows.filter { $0.engine == "myers" }.count)
        let new = report.rows.filter { $0.verdict == .new }
        #expect(new.count == 6 && new.allSatisfy { $0.workload == "text" })
        // Missing rows fail (a nearly empty run must not pass) …
        #expect(report.failsCI)
        #expect(report.headline.hasPrefix("FAIL") && report.headline.contains("\(missing.count) missing rows"))
        // … unless the plan was changed on purpose; new rows never fail.
        let allowed = try Comparator(allowMissing: true).compare(
            baseline: Fixture.document(rows), at: "base.json", current: Fixture.document(withoutMyers + Fixture.dataset("text", 100)),
            at: "current.json")
        #expect(!allowed.failsCI)
        #expect(allowed.rows.filter { $0.verdict == .missing }.count == missing.count)
    }

    @Test func skippedRowsAreMissingOrNew() throws {
        let rows = Fixture.plan()
        let skipped = Fixture.modify(rows, "lcs", "mixed", 1_000) {
            $0.status = .skipped
            $0.reason = "predicted 9 s"
            $0.medianNs = nil
        }
        #expect(try Fixture.compare(rows, skipped).row("lcs", "mixed", 1_000)?.verdict == .missing)
        #expect(try Fixture.compare(skipped, rows).row("lcs", "mixed", 1_000)?.verdict == .new)
        #expect(try Fixture.compare(skipped, skipped).row("lcs", "mixed", 1_000)?.verdict == .unchanged)
    }
}

@Suite struct RefusalTests {
    @Test func differentWorkloadParametersAreRefused() throws {
        let baseline = Fixture.plan()
        let current = Fixture.plan().map { row -> ResultRow in
            var row = row
            if row.workload == "updates" { row.parameters = "fraction=0.5" }
            return row
        }
        do {
            _ = try Fixture.compare(baseline, current)
            Issue.record("expected a refusal")
        } catch let error as CompareInputError {
            #expect(error.path == "current.json")
            #expect(error.key == "lcs/updates/1000")
            #expect(error.description.contains("\"fraction=0.5\""))
            #expect(error.description.contains("\"fraction=0.1\""))
            #expect(error.description.contains("base.json"))
        }
    }

    @Test func aDifferentSeedOrListSizeIsRefused() throws {
        let baseline = Fixture.plan()
        let reseeded = Fixture.modify(baseline, "heckel", "feed", 100) { $0.seed = 2 }
        #expect(throws: CompareInputError.self) { try Fixture.compare(baseline, reseeded) }
        do {
            _ = try Fixture.compare(baseline, reseeded)
        } catch let error as CompareInputError {
            #expect(error.key == "heckel/feed/100" && error.problem.contains("seed"))
        }
        let resized = Fixture.modify(baseline, "set", "mixed", 100) { $0.sizeNew = 101 }
        #expect(throws: CompareInputError.self) { try Fixture.compare(baseline, resized) }
        let otherPair = Fixture.modify(baseline, "set", "mixed", 100) { $0.minMoves! += 1 }
        #expect(throws: CompareInputError.self) { try Fixture.compare(baseline, otherPair) }
    }

    @Test func aDuplicatedRowIsRefused() throws {
        let rows = Fixture.plan()
        do {
            _ = try Fixture.compare(rows + [rows[0]], rows)
            Issue.record("expected a refusal")
        } catch let error as CompareInputError {
            #expect(error.path == "base.json" && error.key == "lcs/mixed/100" && error.problem.contains("twice"))
        }
    }
}
