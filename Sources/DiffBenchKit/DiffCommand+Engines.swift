import DiffEngines
import FileSupport
import Foundation
import Harness

extension DiffCommand {
    /// `diff --engines`: each engine once on the user's pair, one line each —
    /// its steps and moves, whether the lines it keeps are a longest common
    /// subsequence (its edit script, a move as a delete plus an insert, is
    /// as short as myers' without moves), and the time of that one call.
    /// A refused or skipped engine says why; a wrong changeset is exit 1.
    ///
    /// One call is one sample: a first impression, not a benchmark — the
    /// line says so, and names `run --old --new` for the real thing.
    func compare(_ descriptors: [EngineDescriptor], on pair: UserListPair, options: DiffOptions, registry: EngineRegistry) throws {
        let counts = pair.lists.counts
        let fewest = registry.descriptor(named: .myers).flatMap { myers in
            (try? myers.diff(pair.lists, options: DiffOptions(inferMoves: false))).map { $0.deletes.count + $0.inserts.count }
        }
        print("\(counts.old) → \(counts.new) elements; one call each (a first look: `diffbench run --old A --new B` times them properly)")
        let width = descriptors.map(\.name.rawValue.count).max() ?? 0
        var wrong: [String] = []
        var failed: [String] = []
        for descriptor in descriptors {
            let name = descriptor.name
            let label = name.rawValue.padding(toLength: width, withPad: " ", startingAt: 0)
            func fail(_ fault: EngineCall.Fault) {
                failed.append("\(name.rawValue): \(fault.code.rawValue): \(TerminalText.visible(fault.reason))")
                print("\(label)  \(fault.code.rawValue) (a plug-in, in its worker): \(TerminalText.visible(fault.reason))")
            }
            if timeBudget > 0, !deadlineBounds(descriptor) {
                let predicted: Double?
                do {
                    predicted = try pluginLimits.predictedSeconds(descriptor, lists: pair.lists, timeBudget: timeBudget)
                } catch let fault as EngineCall.Fault {
                    fail(fault)
                    continue
                }
                if let seconds = predicted, seconds > timeBudget {
                    print("\(label)  skipped: predicted \(String(format: "%.0f", seconds)) s, over the --time-budget of \(timeBudget) s")
                    continue
                }
            }
            // A plug-in's call is made in a worker: its time then includes the worker's start.
            var outcome: EngineCall.Outcome<Changeset>!
            let elapsed = try ContinuousClock().measure {
                outcome = try pluginLimits.call(descriptor, EngineCall.Lists(pair.lists), options: options, timeBudget: timeBudget) {
                    Result { () throws(DiffError) -> Changeset in try descriptor.diff(pair.lists, options: options) }
                }
            }
            guard case let .answered(result) = outcome! else {
                if case let .failed(fault) = outcome! { fail(fault) }
                continue
            }
            switch result {
            case let .failure(error):
                print("\(label)  refused: \(pair.describe(error))")
            case let .success(changeset):
                if let problem = pair.verify(changeset) {
                    wrong.append("\(name.rawValue): \(problem)")
                    print("\(label)  WRONG: \(problem)")
                    continue
                }
                let edits = changeset.deletes.count + changeset.inserts.count + 2 * changeset.moves.count
                let minimal = fewest.map { edits == $0 ? "yes" : "no (\(edits) edits, fewest \($0))" } ?? "unknown"
                let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
                print(
                    "\(label)  \(Formatting.counted(changeset.stepCount, "step")), \(Formatting.counted(changeset.moves.count, "move")), minimal: \(minimal), "
                        + Formatting.duration(nanoseconds) + (changeset.isApproximate ? ", approximate (deadline)" : ""))
            }
        }
        let problems = (wrong.isEmpty ? [] : ["wrong changesets:"] + wrong.map { "  " + $0 })
            + (failed.isEmpty ? [] : ["plug-ins that failed in their workers:"] + failed.map { "  " + $0 })
        if !problems.isEmpty { throw CLIFailure.checkFailed(problems.joined(separator: "\n")) }
    }
}
