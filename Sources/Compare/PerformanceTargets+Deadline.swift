import Foundation
import Formats

/// The targets of the deadline and of anchor's bounded gap fill (issue 28),
/// read from one run like the others:
/// - on the `periodic` workload (ids `i mod 8`, a small fraction edited) at
///   1,000, 10,000 and 100,000, `anchor` takes at most 1.5× the steps of
///   `myers` (a shortest script) and at most 2× the time of `heckel`;
/// - in a run made with `--deadline 1`, every engine finishes each case
///   within 2 s, verified.
extension PerformanceTargets {
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
            let anchors = rows.filter { $0.engine == "anchor" && $0.workload == periodicWorkload && $0.size == size && $0.status == .ok }
            var steps = Check(
                area: "anchor steps ÷ myers steps", subject: "\(periodicWorkload)@\(size)",
                target: "≤ \(format(anchorPeriodicStepsLimit))×", measured: "not measured", met: nil)
            var time = Check(
                area: "anchor ÷ heckel", subject: "\(periodicWorkload)@\(size)", target: "≤ \(format(anchorPeriodicTimeLimit))×",
                measured: "not measured", met: nil)
            for anchor in anchors {
                func partner(_ engine: String) -> ResultRow? {
                    rows.first { $0.engine == engine && $0.workload == anchor.workload && $0.size == size && $0.parameters == anchor.parameters && $0.status == .ok }
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
                    area: "with a deadline, each case within \(format(deadlineOverrun))× it, verified", subject: engine,
                    target: "a run with --deadline", measured: "not measured (the run had no deadline)", met: nil)
            }
            return checks
        }
        let limit = deadlineOverrun * deadline
        for engine in engines {
            let mine = document.rows.filter { $0.engine == engine && $0.status != .skipped }
            var check = Check(
                area: "deadline \(format(deadline)) s: each case within \(format(limit)) s, verified", subject: engine,
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
