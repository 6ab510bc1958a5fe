import Foundation
import RunResults

/// The timing verdict of one row, robust to the noise of shared machines.
///
/// Three defences, each against a different kind of noise:
/// 1. **A ratio to an in-run reference.** The runner samples every engine of
///    a dataset interleaved, so a slower machine, a busy neighbour or a
///    frequency change hits the engine and `stdlib` alike; their ratio
///    cancels it. Only this ratio can fail CI. `stdlib` itself (and an
///    engine whose dataset has no stdlib time in both runs) is compared
///    against `floor` (one dictionary build + one probe per new id), and
///    that only warns: a stdlib call lasts 100–10,000× a floor call, and
///    when another process competes for the CPU the long calls are
///    preempted and the short ones mostly not, so stdlib/floor moved by
///    +50 % to +295 % under a CPU hog while no engine's ratio to stdlib
///    grew by more than 25 %. With no reference in both runs the raw
///    median is compared, and only warns: absolute speed is the machine's.
/// 2. **A threshold.** What is left of run-to-run noise (code layout,
///    caches) stays well under the threshold, which is why a change must
///    exceed it.
/// 3. **Non-overlapping noise ranges.** Each run gives a range for the
///    ratio from its medians ± k·MAD (the engine's and the reference's), so
///    a run whose own samples were unsteady cannot fail CI on a change its
///    spread could explain. A change beyond the threshold with overlapping
///    ranges is a warning.
/// By default even a slowdown past all three only warns: wall time on a
/// shared machine is not trusted to fail CI, instruction counts are
/// (``CompareThresholds/timeFails`` turns the failure back on).
/// Rows with fewer than the minimum samples (in either run, engine or
/// reference) are not judged, and a call that lasted under
/// ``CompareThresholds/minimumGatedNanoseconds`` in either run only warns.
/// A regression can still be withdrawn by a confirmation run
/// (``ComparisonReport/confirmed(by:)``). Cost: O(1) per row.
struct TimingCheck {
    let thresholds: CompareThresholds

    /// A timing figure with its noise range.
    struct Figure {
        var value: Double
        var low: Double
        var high: Double
        var samples: Int
    }

    /// The figure of `metric` for a row: the median ratio, widened by the
    /// relative MAD of the row and of its reference.
    func figure(_ row: ResultRow, reference: ResultRow?, metric: TimingMetric) -> Figure? {
        guard let median = row.medianNs, median > 0 else { return nil }
        let spread = thresholds.noiseK * (row.spreadNs ?? 0) / median
        switch metric {
        case .medianNs:
            return Figure(value: median, low: median * max(0, 1 - spread), high: median * (1 + spread), samples: row.samples)
        case .ratioToStdlib, .ratioToFloor:
            guard let reference, let referenceMedian = reference.medianNs, referenceMedian > 0 else { return nil }
            let value = metric == .ratioToStdlib ? (row.ratioToStdlib ?? median / referenceMedian) : (row.ratioToFloor ?? median / referenceMedian)
            let referenceSpread = thresholds.noiseK * (reference.spreadNs ?? 0) / referenceMedian
            let low = value * max(0, 1 - spread) / (1 + referenceSpread)
            let high = referenceSpread < 1 ? value * (1 + spread) / (1 - referenceSpread) : .infinity
            return Figure(value: value, low: low, high: high, samples: min(row.samples, reference.samples))
        }
    }

    /// The metric both runs can be compared on for this row, with the
    /// reference engine it is taken against.
    static func metric(for engine: Subject, baseline: ResultRow, current: ResultRow) -> (TimingMetric, Subject?) {
        if engine != .stdlib, baseline.ratioToStdlib != nil, current.ratioToStdlib != nil { return (.ratioToStdlib, .stdlib) }
        if engine != .floor, baseline.ratioToFloor != nil, current.ratioToFloor != nil { return (.ratioToFloor, .floor) }
        return (.medianNs, nil)
    }

    /// Fills the timing part of `comparison`. `gated` is false for rows that
    /// may only warn (reference rows, runs of different build configurations).
    func judge(
        _ comparison: inout RowComparison, baseline: ResultRow, current: ResultRow, baselineReference: (Subject) -> ResultRow?,
        currentReference: (Subject) -> ResultRow?, gated: Bool
    ) {
        guard baseline.medianNs != nil, current.medianNs != nil else { return }
        let (metric, referenceName) = TimingCheck.metric(for: comparison.engine, baseline: baseline, current: current)
        let baselineRef = referenceName.flatMap(baselineReference)
        let currentRef = referenceName.flatMap(currentReference)
        guard let old = figure(baseline, reference: baselineRef, metric: metric),
            let new = figure(current, reference: currentRef, metric: metric)
        else { return }
        let ratio = new.value / old.value
        comparison.metric = metric
        comparison.baseline = old.value
        comparison.current = new.value
        comparison.change = ratio - 1

        let change = TimingCheck.percent(ratio - 1)
        let limit = 1 + thresholds.timing
        guard ratio > limit || ratio < 1 / limit else { return }
        let slower = ratio > limit
        let what = slower ? "slower" : "faster"
        if old.samples < thresholds.minSamples || new.samples < thresholds.minSamples {
            if slower {
                comparison.findings.append(Finding(
                    .time, .warning,
                    "time \(metric.label) \(change), not judged: \(min(old.samples, new.samples)) samples (minimum \(thresholds.minSamples))"))
            }
            return
        }
        let separated = slower ? new.low > old.high : new.high < old.low
        guard separated else {
            if slower {
                comparison.findings.append(Finding(
                    .time, .warning, "time \(metric.label) \(change), within noise (median ± \(TimingCheck.number(thresholds.noiseK))·MAD ranges overlap)"))
            }
            return
        }
        if !slower {
            comparison.findings.append(Finding(.time, .improvement, "time \(metric.label) \(change) (\(what))"))
        } else if metric == .medianNs {
            comparison.findings.append(Finding(.time, .warning, "time \(change) in absolute ns (no in-run reference to compare with; never fails)"))
        } else if metric == .ratioToFloor {
            comparison.findings.append(Finding(.time, .warning, "time \(metric.label) \(change) (against floor: only warns)"))
        } else if !gated {
            comparison.findings.append(Finding(.time, .warning, "time \(metric.label) \(change) (not gated)"))
        } else if min(baseline.medianNs!, current.medianNs!) < thresholds.minimumGatedNanoseconds {
            comparison.findings.append(Finding(
                .time, .warning,
                "time \(metric.label) \(change), beyond noise but a call under \(TimingCheck.number(thresholds.minimumGatedNanoseconds)) ns in one run (only warns)"))
        } else if !thresholds.timeFails {
            comparison.findings.append(Finding(
                .time, .warning, "time \(metric.label) \(change) (over +\(TimingCheck.number(thresholds.timing * 100))%, beyond noise; wall time only warns)",
                metric: "time " + metric.label, baseline: old.value, current: new.value, change: ratio - 1))
        } else {
            comparison.findings.append(Finding(
                .time, .regression, "time \(metric.label) \(change) (over +\(TimingCheck.number(thresholds.timing * 100))%, beyond noise)",
                metric: "time " + metric.label, baseline: old.value, current: new.value, change: ratio - 1))
        }
    }

    static func percent(_ fraction: Double) -> String {
        String(format: "%+.1f%%", fraction * 100)
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
    }
}
