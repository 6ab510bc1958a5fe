import Foundation
import RunResults

extension PerformanceTarget.Measure {
    /// Over the pairs imported from git (``DatasetShape/fromGit``) on which
    /// the subject and the reference both have a median: the sum of the
    /// subject's medians over the sum of the reference's. A total, as git's
    /// own comparisons of its algorithms on a history are.
    package static let gitSummedMedianRatio = Self("git-summed-median-ratio")
    /// In a run made with `--sliders indent`: the share of pairs imported
    /// from git on which the subject's hunks equal git's
    /// (`git diff --histogram --indent-heuristic`), read from the rows'
    /// `git_hunks_equal`.
    package static let gitHunksShare = Self("git-hunks-share")
}

/// The targets on real histories (issue 28), read from one run made with
/// `run --from-git`:
/// - speed: histogram's summed medians at most 1.0× myers', patience's at
///   most 1.3× (git's own log: histogram 1.90 s, myers 1.93 s, patience 2.25 s);
/// - readability: with `--sliders indent`, each engine that searches for a
///   short script gives git's hunks on at least 95 % of the pairs.
///
/// The pairs are the datasets the run recorded as imported from git, never
/// guessed from a workload's name; `int` rows only, as for the other goals
/// (a run of git pairs also times them as `uuid`, the same pairs again).
///
/// Engines that do not search (linear cost as the run's engine records say:
/// `heckel`, `set`) are left out of the readability target rather than
/// reported as missing it: they pair items by unique ids in one pass and
/// never look for a short script, so on text, where blank lines and braces
/// repeat, git's hunks are not their aim (`hunks` measured heckel at 86 % on
/// swift-syntax). Their share stays in each row's `git_hunks_equal` and in
/// `diffbench hunks`.
extension PerformanceTargets {
    /// Each engine's summed medians over myers', at most.
    static let historySpeedLimits: [(engine: Subject, limit: Double)] = [(.engine(.histogram), 1.0), (.engine(.patience), 1.3)]
    /// The share of git pairs whose hunks equal git's, at least.
    static let gitHunksShareLimit = 0.95
    /// The slider policy the readability target is set for (the measure's own condition).
    static let gitHunksSliders = "indent"

    static let historyTargets: [PerformanceTarget] =
        historySpeedLimits.map { item in
            PerformanceTarget(
                id: id("git-history", item.engine, "myers"), area: "git history: total time ÷ myers",
                measure: .gitSummedMedianRatio, engines: [item.engine], reference: .engine(.myers), limit: item.limit)
        } + [
            PerformanceTarget(
                id: "git-history-hunks", area: "git history: hunks equal git's (--sliders \(gitHunksSliders))",
                measure: .gitHunksShare, engines: [], limit: gitHunksShareLimit, comparison: .atLeast)
        ]

    /// The rows of `target`'s kinds on pairs the run imported from git, and those pairs.
    /// O(R × D) for R rows and D datasets.
    static func gitRows(_ target: PerformanceTarget, _ context: Context) -> (rows: [ResultRow], pairs: [DatasetShape]) {
        let document = context.document
        let pairs = document.datasets?.filter { $0.fromGit == true } ?? []
        let rows = document.rows.filter { row in
            (target.elements.isEmpty || target.elements.contains(row.elementKind)) && row.status == .ok
                && document.shape(of: row)?.fromGit == true
        }
        return (rows, pairs)
    }

    static let noGitPairs = "not measured (no pair imported with --from-git)"

    /// One check per subject engine. O(P × R) for P pairs and R rows.
    static func gitSummedMedianRatio(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        let (rows, pairs) = gitRows(target, context)
        guard let reference = target.reference else { return [] }
        return target.engines.map { engine in
            var check = Check(
                targetID: target.id, area: target.area, subject: engine.name, target: goal(target),
                measured: pairs.isEmpty ? noGitPairs : "not measured", met: nil)
            var mine = 0.0, theirs = 0.0, counted = 0
            for pair in pairs {
                guard let subject = rows.first(where: { $0.engine == engine && pair.describes($0) })?.medianNs,
                    let base = rows.first(where: { $0.engine == reference && pair.describes($0) })?.medianNs
                else { continue }
                mine += subject
                theirs += base
                counted += 1
            }
            if counted > 0, theirs > 0 {
                let ratio = mine / theirs
                check.measured = format(ratio) + "× over \(counted) of \(pairs.count) pairs "
                    + "(\(format(mine / 1e6)) ms against \(format(theirs / 1e6)) ms)"
                check.met = target.comparison.holds(ratio, target.limit)
            }
            return check
        }
    }

    /// One check per engine of the target, or, when it names none, per
    /// engine of the run that searches (recorded cost not linear), in plan
    /// order. O(E × R).
    static func gitHunksShare(_ target: PerformanceTarget, _ context: Context) -> [Check] {
        let document = context.document
        let (rows, pairs) = gitRows(target, context)
        let engines = !target.engines.isEmpty ? target.engines : document.plan.engines.filter { name in
            guard let info = document.engines?.first(where: { $0.subject == name }) else { return false }
            return info.cost != .linear && !info.isReference
        }
        let sliders = document.plan.sliders
        return engines.map { engine in
            var check = Check(
                targetID: target.id, area: target.area, subject: engine.name, target: "\(goal(target)) of pairs",
                measured: "not measured", met: nil)
            if pairs.isEmpty {
                check.measured = noGitPairs
            } else if sliders != gitHunksSliders {
                check.measured = "not measured (the run placed sliders by \(sliders))"
            } else {
                let mine = rows.filter { $0.engine == engine }
                // A pair the engine failed on (a wrong answer, a crash) counts as one
                // whose hunks differ: failing on the hardest pairs must not raise the share.
                let failed = context.document.rows.filter { row in
                    row.engine == engine && row.status.isFailure && (target.elements.isEmpty || target.elements.contains(row.elementKind))
                        && context.document.shape(of: row)?.fromGit == true
                }.count
                let judged = mine.compactMap(\.gitHunksEqual)
                if judged.count + failed > 0 {
                    let equal = judged.filter { $0 }.count
                    let share = Double(equal) / Double(judged.count + failed)
                    let unjudged = mine.count - judged.count
                    check.measured = format(share * 100) + " % (\(equal) of \(judged.count + failed) pairs"
                        + (failed > 0 ? "; \(failed) failed, counted as differing" : "")
                        + (unjudged > 0 ? "; \(unjudged) without an answer" : "") + ")"
                    check.met = target.comparison.holds(share, target.limit)
                }
            }
            return check
        }
    }
}
