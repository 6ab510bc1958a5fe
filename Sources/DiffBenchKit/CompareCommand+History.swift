import ArgumentParser
import Compare
import FileSupport
import Foundation
import RunResults
import HistoryStore

/// `compare --against`: what a run is judged against.
enum CompareAgainst: String, ExpressibleByArgument, CaseIterable {
    /// A baseline file (a name under --baselines-dir, a results file or run folder): `compare BASELINE RUN`.
    case baseline
    /// The history store's recent runs of the same machine and plan on the base branch (``HistoryGate``).
    case history
}

extension CompareCommand {
    /// `compare --against history RUN`: the run at `path` judged against the
    /// store's history; the `--fallback` baseline instead when the store is
    /// missing or holds fewer earlier runs of the run's machine and plan on
    /// the branch than a band needs (a note on stderr says which was used).
    /// Without a fallback, too little history is bad input (exit 2): a gate
    /// that judged no row would pass anything.
    func judgeAgainstHistory(_ path: String) throws -> Outcome {
        let document: RunDocument
        do {
            document = try read(path)
        } catch {
            throw CLIFailure.badInput(error.description)
        }
        let gate = HistoryGate(branch: branch, window: window, thresholds: thresholds, allowMissing: allowMissing)
        let needed = gate.rule(for: .instructions)?.rule.minimumHistory ?? 1
        let branchName = branch.isEmpty ? "(unknown)" : branch
        guard FileManager.default.fileExists(atPath: history.path) else {
            return try fallBack(path, because: "no history store at \(history.path)")
        }
        let store = try history.open(create: false)
        let identity: RunIdentity
        do {
            identity = try RunIdentity(document)
        } catch {
            throw CLIFailure.badInput("\(path): \(error)")
        }
        let earlier = try gate.earlierRuns(of: document, identity: identity, in: store).count
        guard earlier >= needed else {
            return try fallBack(
                path,
                because: "\(history.path) holds \(Verdict.plural(earlier, "earlier run")) of this machine and plan on branch \(branchName) (a band needs \(needed))")
        }
        let report = try gate.judge(document, at: path, in: store)
        return Outcome(
            text: report.render(printing.format.reportFormat), headline: report.headline, failsCI: report.failsCI,
            failing: report.failing)
    }

    /// The comparison with `--fallback`, after a note naming `reason`; bad input without one.
    private func fallBack(_ path: String, because reason: String) throws -> Outcome {
        guard let fallback else {
            throw CLIFailure.badInput("\(TerminalText.visible(reason)): nothing to judge against; give --fallback BASELINE or compare with a baseline file")
        }
        StandardError.note("compare: \(TerminalText.visible(reason)): comparing with the baseline \(TerminalText.visible(fallback)) instead")
        return try compare(baseline: fallback, current: path)
    }
}
