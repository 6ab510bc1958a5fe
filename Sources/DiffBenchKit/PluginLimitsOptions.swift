import ArgumentParser
import DiffEngines
import FileSupport
import InputFiles
import RunResults
import Harness

/// `--case-timeout` and `--case-memory` of the commands that call engines
/// once on a user's pair (`diff`, `teach`): the limits of the worker a
/// plug-in engine's call is made in (``EngineCall``), with `run`'s meaning
/// (a worker killed at the time limit, its address space capped) and its
/// memory default. The built-in engines are called in process.
struct PluginLimitsOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Seconds a plug-in engine's call may take in its worker before it is killed (built-in engines run in process). "
                + "Default: twice the time budget plus 30 s.",
            valueName: "seconds"))
    var caseTimeout: Double?

    @Option(
        help: ArgumentHelp(
            "Address space a plug-in engine's worker may take, plain or with a unit (4G, 512M). "
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

    /// `descriptor`'s call on `lists`: in this process for a built-in
    /// engine, in a worker under these limits for a plug-in.
    func call(_ descriptor: EngineDescriptor, _ lists: EngineCall.Lists, options: DiffOptions, timeBudget: Double,
              inProcess: () -> Result<Changeset, DiffError>) throws -> EngineCall.Outcome
    {
        guard EngineCall.needsWorker(descriptor), !self.inProcess else { return .answered(inProcess()) }
        let call = EngineCall(engine: descriptor.name, lists: lists, options: options)
        do {
            return try call.runInWorker(executable: InstructionCounter.currentExecutable, limits: limits(timeBudget: timeBudget))
        } catch {
            throw CLIFailure.checkFailed("\(descriptor.name.rawValue): \(error)")
        }
    }
}
