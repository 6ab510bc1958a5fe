import ArgumentParser
import DiffEngines
import FileSupport
import InputFiles
import RunResults
import Harness

/// `--case-timeout` and `--case-memory` of the commands that call engines
/// outside `run` (`diff` in each format, `teach`, `hunks`): the limits of
/// the worker each call of a plug-in engine is made in (``EngineCall``),
/// and the calibration of its cost when a call is predicted
/// (``CallPrediction``), with `run`'s meaning (a worker killed at the time
/// limit, its address space capped) and its memory default. The built-in
/// engines are called in process.
struct PluginLimitsOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Seconds a plug-in engine's call may take in its worker before it is killed (built-in engines run in process). "
                + "Default: twice the time budget plus 30 s.",
            valueName: "seconds"))
    var caseTimeout: Double?

    @Option(
        help: ArgumentHelp(
            "Memory a plug-in engine's worker may take (its address space, and the memory files it holds open), plain or with a unit (4G, 512M). "
                + "Default: half the physical memory (\(Formatting.bytes(RunPlan.defaultCaseMemory))).",
            valueName: "size"))
    var caseMemory: ByteCount?

    @Flag(help: "Call plug-in engines in this process too, with no limits (for debugging a plug-in; one that hangs or crashes then stalls or ends the command).")
    var inProcess = false

    func validate() throws {
        try Self.checkWorkerLimits(caseTimeout: caseTimeout, caseMemory: caseMemory)
    }

    /// The one check of a worker's `--case-timeout` and `--case-memory`,
    /// shared with `run` (whose timeout is per case, not per call).
    static func checkWorkerLimits(caseTimeout: Double?, caseMemory: ByteCount?) throws {
        if let caseTimeout, !(caseTimeout > 0 && caseTimeout.isFinite) {
            throw ValidationError("--case-timeout must be a positive number of seconds")
        }
        if let caseMemory, caseMemory.bytes < 16 << 20 { throw ValidationError("--case-memory must be at least 16M (\(16 << 20) bytes)") }
    }

    /// The limits of one call when the time budget is `budget` seconds (0: none, then `run`'s default budget).
    func limits(timeBudget budget: Double) -> EngineCall.Limits {
        let seconds = caseTimeout ?? 30 + 2 * (budget > 0 ? budget : RunPlan.defaultTimeBudget)
        return EngineCall.Limits(seconds: seconds, memory: caseMemory?.bytes ?? RunPlan.defaultCaseMemory)
    }

    /// Where `descriptor`'s code runs: a worker under these limits for a
    /// plug-in, nil (this process) for a built-in or under `--in-process`.
    /// The one place these commands decide it.
    func worker(for descriptor: EngineDescriptor, timeBudget: Double) -> EngineCall.Worker? {
        guard EngineCall.needsWorker(descriptor), !inProcess else { return nil }
        // A descendant of the worker that left its group is this process's to end (OrphanReaper).
        OrphanReaper.adopt()
        return EngineCall.Worker(executable: InstructionCounter.currentExecutable, limits: limits(timeBudget: timeBudget))
    }

    /// `descriptor`'s call on `lists`: in this process for a built-in
    /// engine, in a worker under these limits for a plug-in.
    func call(_ descriptor: EngineDescriptor, _ lists: EngineCall.Lists, options: DiffOptions, timeBudget: Double,
              inProcess: () -> Result<Changeset, DiffError>) throws -> EngineCall.Outcome<Changeset>
    {
        try call(descriptor, timeBudget: timeBudget, inProcess: inProcess) {
            try EngineCall(engine: descriptor.name, lists: lists, options: options).runInWorker($0)
        }
    }

    /// `descriptor`'s call: `inProcess`, or `inWorker` in the worker
    /// ``worker(for:timeBudget:)`` gives. A worker that cannot be started
    /// is exit 1, naming the engine.
    func call<Value>(
        _ descriptor: EngineDescriptor, timeBudget: Double, inProcess: () -> Result<Value, DiffError>,
        inWorker: (EngineCall.Worker) throws -> EngineCall.Outcome<Value>
    ) throws -> EngineCall.Outcome<Value> {
        guard let worker = worker(for: descriptor, timeBudget: timeBudget) else {
            let answer = inProcess()
            // An engine called here (a plug-in under --in-process) may have changed the mask, environment or locale.
            LaunchState.restore()
            return .answered(answer)
        }
        do {
            return try inWorker(worker)
        } catch {
            throw CLIFailure.checkFailed("\(descriptor.name.rawValue): \(error)")
        }
    }

    /// ``CallPrediction``'s seconds for `descriptor` on `old` → `new`,
    /// with a plug-in's calibration calls made in its worker: its fault is
    /// thrown as ``EngineCall/Fault``, a worker that cannot be started is
    /// exit 1. O(N + M) plus the calibration.
    func predictedSeconds(_ descriptor: EngineDescriptor, old: [FeedItem], new: [FeedItem], timeBudget: Double) throws -> Double? {
        try predicted(descriptor) { try CallPrediction.seconds(descriptor, old: old, new: new, in: worker(for: descriptor, timeBudget: timeBudget)) }
    }

    /// ``predictedSeconds(_:old:new:timeBudget:)`` on a user's lists.
    func predictedSeconds(_ descriptor: EngineDescriptor, lists: UserLists, timeBudget: Double) throws -> Double? {
        try predicted(descriptor) { try CallPrediction.seconds(descriptor, lists: lists, in: worker(for: descriptor, timeBudget: timeBudget)) }
    }

    private func predicted(_ descriptor: EngineDescriptor, _ prediction: () throws -> Double?) throws -> Double? {
        // The calibration calls of an engine called in process may change the mask, environment or locale.
        defer { LaunchState.restore() }
        do {
            return try prediction()
        } catch let fault as EngineCall.Fault {
            throw fault
        } catch {
            throw CLIFailure.checkFailed("\(descriptor.name.rawValue): \(error)")
        }
    }

    /// The error that ends a command whose one engine, a plug-in, met a
    /// fault in its worker: exit 1, the fault and its reason.
    static func failure(_ name: EngineName, _ fault: EngineCall.Fault) -> CLIFailure {
        .checkFailed("\(name.rawValue) (a plug-in, called in a worker): \(fault.code.rawValue): \(TerminalText.visible(fault.reason))")
    }
}
