import Foundation
import Formats

/// The targets of issue 28 on real histories, read from one run made with
/// `run --from-git` like the others:
/// - speed: over the pairs imported from git, the sum of `histogram`'s
///   medians is at most 1.0× the sum of `myers`', and `patience`'s at most
///   1.3× (git's own log: histogram 1.90 s, myers 1.93 s, patience 2.25 s);
/// - readability: in a run made with `--sliders indent`, each engine that
///   searches for a short script gives git's hunks (`git diff --histogram
///   --indent-heuristic`) on at least 95 % of the pairs.
///
/// The pairs are the datasets the run recorded as imported from git
/// (``DatasetShape/fromGit``), never guessed from a workload's name; rows
/// of the `int` element kind only, as for the other goals (a run of git
/// pairs also times them as `uuid`, the same pairs again).
///
/// Engines that do not search (linear cost: `heckel`, `set`) are left out
/// of the readability target, not reported as missing it: they pair items
/// by unique ids in one pass and never look for a short script, so on text,
/// where blank lines and braces repeat, their hunks are not git's by design
/// (the `hunks` command measured heckel at 86 % on swift-syntax). A check
/// they could neither meet nor miss would only swell the "not measured"
/// count; their share stays in each row's `git_hunks_equal` and in
/// `diffbench hunks`.
extension PerformanceTargets {
    /// The engine every history speed ratio is taken against.
    static let historyReference = "myers"
    /// Each engine's summed medians over the reference's, at most.
    static let historySpeedLimits: [(engine: String, limit: Double)] = [("histogram", 1.0), ("patience", 1.3)]
    /// The share of git pairs whose hunks equal git's, at least.
    static let gitHunksShareLimit = 0.95
    /// The slider policy the readability target is set for.
    static let gitHunksSliders = "indent"

    /// The speed checks, then one readability check per searching engine
    /// of the run; "not measured" when the run has no git pairs, or (for
    /// readability) another slider policy.
    ///
    /// - Complexity: O(R × D) for R rows and D datasets (matching a row to
    ///   its dataset's shape).
    static func historyChecks(_ document: RunDocument) -> [Check] {
        func format(_ value: Double) -> String { String(format: "%.3g", value) }
        let rows = document.rows.filter { $0.elementKind == "int" && document.shape(of: $0)?.fromGit == true }
        let pairs = document.datasets?.filter { $0.fromGit == true } ?? []
        var checks: [Check] = []

        // Speed: only the pairs on which the reference and both engines have a median.
        var sums: [String: Double] = [:]
        var counted = 0
        let engines = [historyReference] + historySpeedLimits.map(\.engine)
        for pair in pairs {
            let medians = engines.map { engine in
                rows.first { $0.engine == engine && $0.status == .ok && pair.describes($0) }?.medianNs
            }
            guard medians.allSatisfy({ $0 != nil }) else { continue }
            counted += 1
            for (engine, median) in zip(engines, medians) { sums[engine, default: 0] += median! }
        }
        for (engine, limit) in historySpeedLimits {
            var check = Check(
                area: "git history: total time ÷ \(historyReference)", subject: engine, target: "≤ \(format(limit))×",
                measured: pairs.isEmpty ? "not measured (no pair imported with --from-git)" : "not measured", met: nil)
            if counted > 0, let mine = sums[engine], let reference = sums[historyReference], reference > 0 {
                check.measured = format(mine / reference) + "× over \(counted) of \(pairs.count) pairs "
                    + "(\(format(mine / 1e6)) ms against \(format(reference / 1e6)) ms)"
                check.met = mine / reference <= limit
            }
            checks.append(check)
        }

        // Readability: the run's searching engines (as its engine records say), in plan order.
        let searching = document.plan.engines.filter { name in
            guard let info = document.engines?.first(where: { $0.name == name }) else { return false }
            return info.cost != .linear && !info.isReference
        }
        let sliders = document.plan.sliders ?? "none"
        for engine in searching {
            var check = Check(
                area: "git history: hunks equal git's (--sliders \(gitHunksSliders))", subject: engine,
                target: "≥ \(format(gitHunksShareLimit * 100)) % of pairs", measured: "not measured", met: nil)
            if pairs.isEmpty {
                check.measured = "not measured (no pair imported with --from-git)"
            } else if sliders != gitHunksSliders {
                check.measured = "not measured (the run placed sliders by \(sliders))"
            } else {
                let mine = rows.filter { $0.engine == engine }
                let judged = mine.compactMap(\.gitHunksEqual)
                if !judged.isEmpty {
                    let equal = judged.filter { $0 }.count
                    let share = Double(equal) / Double(judged.count)
                    let unjudged = mine.count - judged.count
                    check.measured = format(share * 100) + " % (\(equal) of \(judged.count) pairs"
                        + (unjudged > 0 ? "; \(unjudged) without an answer" : "") + ")"
                    check.met = share >= gitHunksShareLimit
                }
            }
            checks.append(check)
        }
        return checks
    }
}
