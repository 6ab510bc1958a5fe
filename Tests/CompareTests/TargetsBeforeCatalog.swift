import Foundation
import RunResults

// The performance targets as code, frozen as they were before they became
// data (issue 27): the oracle `TargetsEquivalenceTests` holds the catalog's
// verdicts to. Not to be edited when a target changes: a change of a limit
// or a meaning shows there as a difference, on purpose.

/// The project's performance targets, checked against one run's results:
/// every figure is a ratio or a per-unit cost within that run, so the check
/// means the same on any machine. The list mirrors the performance issue;
/// each line names the rows it reads.
enum TargetsBeforeCatalog {
    struct Check: Hashable, Sendable {
        var area: String
        var subject: String
        var target: String
        var measured: String
        /// nil when the run lacks the rows (not measured).
        var met: Bool?
    }

    static let heckelCases: [(workload: String, size: Int, limit: Double)] = [
        ("mixed", 5_000, 0.009), ("shuffled", 2_000, 0.0012), ("feed", 100, 0.023), ("updates", 10_000, 0.025),
        ("same", 10_000, 1.0), ("created", 10_000, 0.0001), ("deleted", 10_000, 0.0001),
    ]
    static let myersCases: [(workload: String, size: Int, limit: Double)] = [
        ("mixed", 5_000, 0.1), ("shuffled", 2_000, 0.1), ("updates", 10_000, 0.1), ("created", 10_000, 0.001),
        ("deleted", 10_000, 0.001), ("same", 10_000, 1.0),
    ]

    /// The `lcs` table's cost per cell against the floor's cost per element
    /// (one dictionary insert or probe) on the same dataset in the same run.
    /// Once an absolute 1.5 ns per cell, which a loaded machine missed with
    /// a correct build (1.55 and 1.71 ns); as a ratio it moves with the
    /// machine. Set from a run on a loaded two-core machine, where it
    /// measured 0.094 (mixed@5000) and 0.17 (shuffled@2000).
    static let lcsCellOverFloorElementLimit = 0.25

    /// The goals above are set for integer ids: rows of other element kinds
    /// are left out of them, and so are rows on a dataset the run recorded
    /// as not made by the generator (a user's file naming a workload counts
    /// for nothing); the string-id goals that follow read the `uuid` and
    /// `record` rows (``stringIDChecks(_:)``).
    static func evaluate(_ document: RunDocument) -> [Check] {
        let rows = document.rows.filter { $0.elements == "int" && document.shape(of: $0)?.generated != false }
        func row(_ engine: String, _ workload: String, _ size: Int) -> ResultRow? {
            rows.first { $0.engine.name == engine && $0.workload.rawValue == workload && $0.size == size && $0.status == .ok }
        }
        func format(_ value: Double) -> String { String(format: "%.3g", value) }
        var checks: [Check] = []

        for (workload, size, limit) in heckelCases {
            let ratio = row("heckel", workload, size)?.ratioToStdlib
            checks.append(Check(
                area: "heckel ÷ stdlib", subject: "\(workload)@\(size)", target: "≤ \(format(limit))",
                measured: ratio.map(format) ?? "not measured", met: ratio.map { $0 <= limit }))
        }
        for (workload, size, _) in heckelCases {
            let set = row("set", workload, size), heckel = row("heckel", workload, size)
            var met: Bool?
            var measured = "not measured"
            if let set, let heckel, let s = set.medianNs, let h = heckel.medianNs, h > 0 {
                let minimal = set.minMoves.map { $0 == set.moves } ?? true
                met = s / h <= 1.5 && minimal
                measured = format(s / h) + "× heckel" + (set.minMoves != nil ? (minimal ? ", fewest moves" : ", NOT the fewest moves") : "")
            }
            checks.append(Check(
                area: "set ÷ heckel", subject: "\(workload)@\(size)", target: "≤ 1.5×, fewest moves", measured: measured,
                met: met))
        }
        for (workload, size, limit) in myersCases {
            let ratio = row("myers", workload, size)?.ratioToStdlib
            checks.append(Check(
                area: "myers ÷ stdlib", subject: "\(workload)@\(size)", target: "≤ \(format(limit))",
                measured: ratio.map(format) ?? "not measured", met: ratio.map { $0 <= limit }))
        }
        for (workload, size) in [("mixed", 5_000), ("shuffled", 2_000)] {
            var time: Check = Check(
                area: "lcs cell ÷ floor element", subject: "\(workload)@\(size)", target: "≤ \(format(lcsCellOverFloorElementLimit))",
                measured: "not measured", met: nil)
            var space: Check = Check(
                area: "lcs bytes per cell", subject: "\(workload)@\(size)", target: "table ≤ 2 B/cell (peak ≤ 2·cells + 64·(N+M))",
                measured: "not measured", met: nil)
            if let lcs = row("lcs", workload, size), let n = lcs.trimmedOld, let m = lcs.trimmedNew {
                let cells = Double(n + 1) * Double(m + 1)
                if let ratio = lcs.ratioToFloor {
                    // (lcs median ÷ cells) ÷ (floor median ÷ (N + M)): both medians from this run.
                    let perCell = ratio * Double(lcs.sizeOld + lcs.sizeNew) / cells
                    time.measured = format(perCell) + " (\(Int(cells)) cells after trimming)"
                    time.met = perCell <= lcsCellOverFloorElementLimit
                }
                if let peak = lcs.peakHeapBytes {
                    space.measured = format(Double(peak) / cells) + " B of peak heap per cell"
                    space.met = Double(peak) <= 2 * cells + 64 * Double(lcs.sizeOld + lcs.sizeNew)
                }
            }
            checks.append(time)
            checks.append(space)
        }
        for engine in ["heckel", "set", "myers"] {  // hand-picked: frozen as the targets were written
            var check = Check(area: "peak heap per element", subject: "\(engine) mixed@100000", target: "≤ 64 B", measured: "not measured", met: nil)
            if let r = row(engine, "mixed", 100_000), let peak = r.peakHeapBytes {
                let perElement = Double(peak) / Double(r.sizeOld + r.sizeNew)
                check.measured = format(perElement) + " B"
                check.met = perElement <= 64
            }
            checks.append(check)
        }
        for engine in ["heckel", "set"] {
            for workload in ["mixed", "feed", "shuffled"] {
                // The same fit over the same sizes as the charts' legends (PowerLawFit.sizeRange).
                let points = rows.filter { $0.engine.name == engine && $0.workload.rawValue == workload && $0.status == .ok && $0.parameters.isEmpty }
                    .compactMap { row in row.medianNs.map { (size: row.size, value: $0) } }
                let (fit, sizes) = PowerLawFit.fitInRange(points)
                checks.append(Check(
                    area: "scaling exponent", subject: "\(engine) \(workload)", target: "≤ 1.1 (\(PowerLawFit.sizeRangeText))",
                    measured: fit.map { format($0.exponent) + " over \(sizes.map(String.init).joined(separator: ", "))" } ?? "not measured",
                    // One deliberate change since: a fit short of the range's top is not measured (it was a miss).
                    met: sizes.last == PowerLawFit.sizeRange.upperBound ? fit.map { $0.exponent <= 1.1 } : nil))
            }
        }
        for (workload, size, _) in heckelCases where !["created", "deleted", "same", "updates"].contains(workload) {
            let ratio = row("heckel", workload, size)?.ratioToFloor
            checks.append(Check(
                area: "heckel ÷ floor (aim)", subject: "\(workload)@\(size)", target: "≤ 2",
                measured: ratio.map(format) ?? "not measured", met: ratio.map { $0 <= 2 }))
        }
        checks += deadlineChecks(document, rows: rows)
        checks += stringIDChecks(document.rows)
        // A row that failed (a wrong answer, a crash, a hang, memory) misses its target whatever its figures.
        for failed in document.rows where failed.status.isFailure {
            let kind = failed.elements == "int" ? "" : " (\(failed.elements))"
            checks.append(Check(
                area: "no failed rows", subject: "\(failed.engine) \(failed.workload)@\(failed.size)\(kind)", target: "ok",
                measured: failed.status.rawValue, met: false))
        }
        return checks
    }
}


/// The targets of the deadline and of anchor's bounded gap fill (issue 28),
/// read from one run like the others:
/// - on the `periodic` workload (ids `i mod 8`, a small fraction edited) at
///   1,000, 10,000 and 100,000, `anchor` takes at most 1.5× the steps of
///   `myers` (a shortest script) and at most 2× the time of `heckel`;
/// - in a run made with `--deadline 1`, every engine finishes each case
///   within 2 s, verified.
extension TargetsBeforeCatalog {
    static let periodicWorkload = "periodic"
    static let periodicSizes = [1_000, 10_000, 100_000]
    /// Anchor's steps over myers' on the periodic workload.
    static let anchorPeriodicStepsLimit = 1.5
    /// Anchor's median over heckel's on the periodic workload.
    static let anchorPeriodicTimeLimit = 2.0
    /// A case's median over the run's deadline.
    static let deadlineOverrun = 2.0

    /// Both checks; rows missing from the run give "not measured".
    ///
    /// - Complexity: O(R × (S + E)) for R rows, S sizes and E engines.
    static func deadlineChecks(_ document: RunDocument, rows: [ResultRow]) -> [Check] {
        func format(_ value: Double) -> String { String(format: "%.3g", value) }
        var checks: [Check] = []
        for size in periodicSizes {
            let anchors = rows.filter { $0.engine == "anchor" && $0.workload.rawValue == periodicWorkload && $0.size == size && $0.status == .ok }
            var steps = Check(
                area: "anchor steps ÷ myers steps", subject: "\(periodicWorkload)@\(size)",
                target: "≤ \(format(anchorPeriodicStepsLimit))×", measured: "not measured", met: nil)
            var time = Check(
                area: "anchor ÷ heckel", subject: "\(periodicWorkload)@\(size)", target: "≤ \(format(anchorPeriodicTimeLimit))×",
                measured: "not measured", met: nil)
            for anchor in anchors {
                func partner(_ engine: String) -> ResultRow? {
                    rows.first { $0.engine.name == engine && $0.workload == anchor.workload && $0.size == size && $0.parameters == anchor.parameters && $0.status == .ok }
                }
                if let anchorSteps = anchor.steps, let myers = partner("myers")?.steps, myers > 0 {
                    let ratio = Double(anchorSteps) / Double(myers)
                    steps.measured = format(ratio) + "× (\(anchorSteps) against \(myers))"
                    steps.met = ratio <= anchorPeriodicStepsLimit && steps.met != false
                }
                if let anchorTime = anchor.medianNs, let heckel = partner("heckel")?.medianNs, heckel > 0 {
                    time.measured = format(anchorTime / heckel) + "×"
                    time.met = anchorTime / heckel <= anchorPeriodicTimeLimit && time.met != false
                }
            }
            checks.append(steps)
            checks.append(time)
        }
        let engines = document.plan.engines.filter { $0 != "floor" }
        guard let deadline = document.plan.deadlineSeconds else {
            checks += engines.map { engine in
                Check(
                    area: "with a deadline, each case within \(format(deadlineOverrun))× it, verified", subject: engine.name,
                    target: "a run with --deadline", measured: "not measured (the run had no deadline)", met: nil)
            }
            return checks
        }
        let limit = deadlineOverrun * deadline
        for engine in engines {
            let mine = document.rows.filter { $0.engine == engine && $0.status != .skipped }
            var check = Check(
                area: "deadline \(format(deadline)) s: each case within \(format(limit)) s, verified", subject: engine.name,
                target: "≤ \(format(limit)) s", measured: "not measured", met: nil)
            if !mine.isEmpty {
                let failed = mine.filter { $0.status != .ok || !$0.verified || $0.medianNs == nil }
                let worst = mine.filter { $0.medianNs != nil }.max { $0.medianNs! < $1.medianNs! }
                let cut = mine.filter { $0.approximate == true }.count
                var words = worst.map { "worst \(format($0.medianNs! / 1e9)) s (\($0.workload)@\($0.size))" } ?? "no time"
                words += ", \(mine.count) cases, \(cut) cut short"
                if let first = failed.first { words += ", \(first.workload)@\(first.size) \(first.status.rawValue)" }
                check.measured = words
                check.met = failed.isEmpty && (worst?.medianNs ?? 0) <= limit * 1e9
            }
            checks.append(check)
        }
        return checks
    }
}


/// The string-id targets (issue 26): heckel, set and anchor on `uuid` and
/// `record` lists, as ratios to the floor row of the same dataset and kind
/// (one `Dictionary` build and one probe per new id, with the same ids), so
/// they are met or missed by `diffbench run --elements uuid,record --sizes
/// 1000,10000` alone.
extension TargetsBeforeCatalog {
    /// Workloads whose ids are unique within each list.
    static let uniqueIDWorkloads = ["shuffled", "mixed", "feed", "sectioned"]
    /// Workloads of plain values with repeated ids.
    static let repeatedIDWorkloads = ["duplicates", "text"]
    static let stringKinds = ["uuid", "record"]
    static let stringSizes = [1_000, 10_000]
    /// Heckel, set and anchor ÷ floor on the unique-id workloads.
    static let stringFloorLimit = 0.35
    /// shuffled at 10,000, where each id is fetched from a random place in
    /// memory and the floor waits on the same cache misses.
    static let shuffledLargeFloorLimit = 0.6
    /// Anchor on string values ÷ anchor on int ids of the same dataset.
    static let anchorStringOverIntLimit = 1.2
    /// Peak heap bytes per element (old + new) of heckel and set on uuid lists.
    static let stringPeakHeapLimit = 24.0

    /// The checks for string ids; rows missing from the run give "not measured".
    ///
    /// - Complexity: O(R × C) for R rows and C checks (a few dozen of each).
    static func stringIDChecks(_ rows: [ResultRow]) -> [Check] {
        func format(_ value: Double) -> String { String(format: "%.3g", value) }
        func row(_ engine: String, _ workload: String, _ size: Int, _ kind: String) -> ResultRow? {
            rows.first { $0.engine.name == engine && $0.workload.rawValue == workload && $0.size == size && $0.elements.rawValue == kind && $0.status == .ok }
        }
        var checks: [Check] = []
        for kind in stringKinds {
            for size in stringSizes {
                for workload in uniqueIDWorkloads {
                    let limit = workload == "shuffled" && size == 10_000 ? shuffledLargeFloorLimit : stringFloorLimit
                    for engine in ["heckel", "set", "anchor"] {  // hand-picked: frozen as the targets were written
                        let ratio = row(engine, workload, size, kind)?.ratioToFloor
                        checks.append(Check(
                            area: "\(engine) ÷ floor, \(kind) ids", subject: "\(workload)@\(size)", target: "≤ \(format(limit))",
                            measured: ratio.map(format) ?? "not measured", met: ratio.map { $0 <= limit }))
                    }
                }
                for workload in repeatedIDWorkloads {
                    let ratio = row("heckel", workload, size, kind)?.ratioToFloor
                    checks.append(Check(
                        area: "heckel ÷ floor, \(kind) ids", subject: "\(workload)@\(size)", target: "≤ \(format(stringFloorLimit))",
                        measured: ratio.map(format) ?? "not measured", met: ratio.map { $0 <= stringFloorLimit }))
                    var check = Check(
                        area: "anchor \(kind) ÷ anchor int", subject: "\(workload)@\(size)", target: "≤ \(format(anchorStringOverIntLimit))×",
                        measured: "not measured", met: nil)
                    if let strings = row("anchor", workload, size, kind), let stringMedian = strings.medianNs,
                        let ints = rows.first(where: {
                            $0.engine == "anchor" && $0.workload.rawValue == workload && $0.size == size && $0.parameters == strings.parameters
                                && $0.elements == "int" && $0.status == .ok
                        })?.medianNs, ints > 0
                    {
                        let strings = stringMedian
                        check.measured = format(strings / ints) + "×"
                        check.met = strings / ints <= anchorStringOverIntLimit
                    }
                    checks.append(check)
                }
            }
        }
        for engine in ["heckel", "set"] {
            // The worst uuid row of the sizes above (set refuses repeated ids).
            let measured = rows.filter { row in
                row.engine.name == engine && row.elements == "uuid" && stringSizes.contains(row.size) && row.status == .ok
                    && row.peakHeapBytes != nil && row.sizeOld + row.sizeNew > 0
            }.map { row in (row, Double(row.peakHeapBytes!) / Double(row.sizeOld + row.sizeNew)) }
            let worst = measured.max { $0.1 < $1.1 }
            checks.append(Check(
                area: "peak heap per element, uuid ids", subject: engine, target: "≤ \(format(stringPeakHeapLimit)) B",
                measured: worst.map { format($0.1) + " B (worst: \($0.0.workload)@\($0.0.size))" } ?? "not measured",
                met: worst.map { $0.1 <= stringPeakHeapLimit }))
        }
        return checks
    }
}
