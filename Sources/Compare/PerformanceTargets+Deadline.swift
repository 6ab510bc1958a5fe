import Foundation
import RunResults

/// The targets of the deadline and of anchor's bounded gap fill (issue 28),
/// read from one run like the others:
/// - on the `periodic` workload (ids `i mod 8`, a small fraction edited) at
///   1,000, 10,000 and 100,000, `anchor` takes at most 1.5× the steps of
///   `myers` (a shortest script) and at most 2× the time of `heckel`;
/// - in a run made with `--deadline 1`, every engine whose recorded claims
///   include honouring bounds (``EngineInfo/honoursBounds``) finishes each
///   case within 2 s, verified. An engine that takes no deadline (`stdlib`,
///   the linear engines) gets a row "not measured: takes no deadline".
extension PerformanceTargets {
    static let periodicWorkload = WorkloadName.periodic
    static let periodicSizes = [1_000, 10_000, 100_000]
    /// Anchor's steps over myers' on the periodic workload.
    static let anchorPeriodicStepsLimit = 1.5
    /// Anchor's median over heckel's on the periodic workload.
    static let anchorPeriodicTimeLimit = 2.0
    /// A case's median over the run's deadline.
    static let deadlineOverrunLimit = 2.0

    static let deadlineTargets: [PerformanceTarget] =
        periodicSizes.flatMap { size in
            [
                PerformanceTarget(
                    id: id("anchor-steps-myers", periodicWorkload, size), area: "anchor steps ÷ myers steps", measure: .stepsRatio,
                    engines: ["anchor"], reference: "myers", workloads: [periodicWorkload], sizes: [size],
                    limit: anchorPeriodicStepsLimit),
                PerformanceTarget(
                    id: id("anchor-heckel", periodicWorkload, size), area: "anchor ÷ heckel", measure: .medianRatio, engines: ["anchor"],
                    reference: "heckel", workloads: [periodicWorkload], sizes: [size], limit: anchorPeriodicTimeLimit),
            ]
        } + [
            PerformanceTarget(
                id: "deadline", area: "with a deadline, each case within \(format(deadlineOverrunLimit))× it, verified",
                measure: .deadlineOverrun, engines: [], elements: [], limit: deadlineOverrunLimit)
        ]

    /// One check per engine of the run (references left out; only the
    /// target's engines when it names some), over every row that was not
    /// skipped, of any dataset: all verified and ok, and the slowest median
    /// within `limit` × the run's deadline. Rows cut short are counted, not
    /// excused. An engine whose recorded claims lack `honours-bounds` is not
    /// measured (it takes no deadline); a file without claims measures all.
    ///
    /// - Complexity: O(E × R) for E engines and R rows.
    static func deadlineOverrun(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        let document = context.document
        // A file without the engines record (schema 1) had one reference, `floor`.
        let references = Set(document.engines.map { $0.filter(\.isReference).map(\.subject) } ?? [.floor])
            .union(document.rows.filter { $0.status == .reference }.map(\.engine))
        let engines = document.plan.engines.filter { !references.contains($0) && (target.engines.isEmpty || target.engines.contains($0)) }
        let rows = document.rows.filter { target.elements.isEmpty || target.elements.contains($0.elements) }
        let deadline = document.plan.deadlineSeconds
        let limit = deadline.map { target.limit * $0 }
        let area = deadline.map { "deadline \(format($0)) s: each case within \(format(target.limit * $0)) s, verified" } ?? target.area
        return engines.map { engine in
            var check = Check(
                targetID: target.id, area: area, subject: engine.name,
                target: limit.map { "\(target.comparison.symbol) \(format($0)) s" } ?? "a run with --deadline", measured: "not measured",
                met: nil)
            if document.engines?.first(where: { $0.subject == engine })?.honoursBounds == false {
                check.measured = "not measured: takes no deadline"
                return check
            }
            guard let limit else {
                check.measured = "not measured (the run had no deadline)"
                return check
            }
            let mine = rows.filter { $0.engine == engine && $0.status != .skipped }
            guard !mine.isEmpty else { return check }
            let failed = mine.filter { $0.status != .ok || !$0.verified || $0.medianNs == nil }
            let worst = mine.filter { $0.medianNs != nil }.max { $0.medianNs! < $1.medianNs! }
            let cut = mine.filter { $0.approximate == true }.count
            var words = worst.map { "worst \(format($0.medianNs! / 1e9)) s (\($0.workload)@\($0.size))" } ?? "no time"
            words += ", \(mine.count) cases, \(cut) cut short"
            if let first = failed.first { words += ", \(first.workload)@\(first.size) \(first.status.rawValue)" }
            check.measured = words
            check.met = failed.isEmpty && target.comparison.holds(worst?.medianNs ?? 0, limit * 1e9)
            return check
        }
    }
}
