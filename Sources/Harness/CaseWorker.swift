import CCallgrind
import DiffEngines
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import InputFiles
import RunResults
import Workloads

/// The call a case is making, as a worker announces it before the call.
public enum CallPhase: String, Codable, Sendable {
    case calibration, verification, timed, memory
    /// The one call of `diff` or `teach` (``EngineCall``).
    case call

    /// "its verification call": the phase in a row's reason.
    var words: String {
        switch self {
        case .calibration: return "its calibration calls (shuffled@1000, before the cases)"
        case .verification: return "its verification call"
        case .timed: return "its timed calls"
        case .memory: return "its memory pass call"
        case .call: return "its call"
        }
    }
}

/// What a running case tells whoever supervises it.
enum CaseEvent {
    /// The facts are known: a row to copy for an engine that fails, and
    /// the case's default wall-clock limit (``RunPlan/caseLimitSeconds(predictedCalls:)``).
    case prepared(template: ResultRow, limitSeconds: Double)
    /// The subject named is about to be called.
    case calling(subject: Subject, phase: CallPhase)
    /// Where the timed rounds stand (a few times a second at most).
    case sampling(SamplingProgress)
}

/// What `measure-case` is asked to do: one dataset × kind with every
/// subject still in it (or, first, the calibration of the cost model), and
/// the plan's sampling settings. Written by ``CaseSupervisor`` to a file
/// the worker reads.
struct WorkerJob: Codable {
    enum Task: String, Codable { case calibrate, measure, call }
    /// A random id the parent makes for this job alone: the worker's report
    /// carries it, and the parent accepts no report without it (an engine
    /// writing a report of its own on the channel does not know it: the
    /// worker removes the job file once read).
    var id: String
    var task: Task
    /// The dataset × kind and the subjects (for `calibrate`, the engines to calibrate).
    var job: CaseJob
    var seed: UInt64
    var minSamples: Int
    var minTime: Double
    var maxSamples: Int
    var timeBudget: Double
    var sampleTargetNanoseconds: Double
    var lcsMemoryBudget: Int
    var deadline: Double?
    var measureMemory: Bool
    var cost: CostModel?
    /// Bytes of address space the worker may take (`RLIMIT_AS`), and of
    /// memory its cgroup may hold.
    var memoryLimit: Int
    /// The folder of the memory cgroup the worker joins before any engine
    /// runs (``MemoryCgroup``), or nil where the parent could make none.
    var memoryCgroup: String?
    /// The plan's slider policy (nil from a parent before sliders: none).
    var sliders: SliderPolicy?
    /// The plan's element kinds, which the calibration prices (nil: int only).
    var elementKinds: [ElementKind]?
    /// For a `call` job: the one engine call to make (``EngineCall``).
    var call: EngineCall?

    init(_ task: Task, job: CaseJob, plan: RunPlan, cost: CostModel?) {
        id = UUID().uuidString
        self.task = task
        self.job = job
        seed = plan.seed
        minSamples = plan.minSamples
        minTime = plan.minTime
        maxSamples = plan.maxSamples
        timeBudget = plan.timeBudget
        sampleTargetNanoseconds = plan.sampleTargetNanoseconds
        lcsMemoryBudget = plan.lcsMemoryBudget
        deadline = plan.deadline
        measureMemory = plan.measureMemory
        self.cost = cost
        memoryLimit = plan.caseMemory ?? RunPlan.defaultCaseMemory
        sliders = plan.sliders
        elementKinds = plan.elementKinds
    }

    /// The worker's plan: this one case, these subjects, the parent's settings.
    func plan(registry: EngineRegistry, source: RunPlan.Source, kind: ElementKind) -> RunPlan {
        var plan = RunPlan(
            engines: job.subjects.compactMap(\.engineName), registry: registry,
            includeFloor: job.subjects.contains(.floor), cases: [source], elementKinds: [kind], seed: seed, minSamples: minSamples,
            minTime: minTime, maxSamples: maxSamples, timeBudget: timeBudget, sampleTargetNanoseconds: sampleTargetNanoseconds,
            lcsMemoryBudget: lcsMemoryBudget, measureMemory: measureMemory, outputDirectory: "", runName: "")
        plan.sliders = sliders ?? .none
        plan.deadline = deadline
        return plan
    }
}

/// One line of a worker's report to its parent (JSON, one a line).
enum WorkerMessage: Codable {
    case calling(subject: Subject, phase: CallPhase)
    case prepared(template: ResultRow, limitSeconds: Double)
    /// The case's rows, under the id of the job they answer (``WorkerJob/id``).
    case rows(job: String, rows: [ResultRow])
    /// The calibrated cost model, under the job's id.
    case cost(job: String, CostModel)
    /// The answer to a `call` job (``EngineCall``), under the job's id.
    case answer(job: String, EngineCall.Answer)
    /// Threads or child processes `subject` started outlived its call (``ThreadWatch``).
    case lingering(subject: Subject, threads: Int, processes: Int)
    /// Where the case's timed rounds stand, for the parent's progress line.
    case sampling(SamplingProgress)
    /// The job could not run (its dataset cannot be made or read): bad input, not an engine's fault.
    case failure(String)
}

/// The worker: `diffbench measure-case JOB`, started by ``CaseSupervisor``.
///
/// It dies with its parent (`PR_SET_PDEATHSIG`), so a killed run leaves no
/// worker behind, and where the system allows it, its /dev/shm is its own
/// (``diffbench_confine_worker``). It reports on a descriptor of its own: at start it copies standard
/// output to a new descriptor for its messages and points standard output
/// at standard error, so whatever an engine prints (to either) reaches the
/// parent's capture of its stderr and never the messages or the parent's
/// own output. It limits its address space with `setrlimit(RLIMIT_AS)`
/// (every mapping counts, shared ones too) and gives up the right to
/// raise it (`CAP_SYS_RESOURCE`, which a worker run as root holds), then runs
/// the job as the runner would in process, announcing each call before it
/// makes it, and ends with its rows, under the job's id (``WorkerJob/id``). Between calls it counts its threads
/// (``ThreadWatch``) and names an engine whose threads outlive its call.
/// An engine that closes or replaces the report descriptor ends the worker
/// with ``lostChannelStatus`` at its next message (``WorkerChannel``).
public enum CaseWorker {
    /// The exit status of a worker whose report descriptor an engine closed
    /// or replaced (`dup2` over it): the parent's `report-channel-lost`.
    /// Far from the small statuses programs exit with; an engine that exits
    /// with it itself only labels its own crashed row so.
    static let lostChannelStatus: Int32 = 86

    /// Runs the job in `jobPath`; the process's exit status (0, or 2 when
    /// the job or its dataset cannot be read).
    public static func serve(jobPath: String, registry: EngineRegistry, loadFile: (String) throws -> Dataset) -> Int32 {
        _ = diffbench_die_with_parent()
        fflush(nil)
        let channel = WorkerChannel(descriptor: dup(STDOUT_FILENO))
        dup2(STDERR_FILENO, STDOUT_FILENO)
        let job: WorkerJob
        do {
            job = try JSONDecoder().decode(WorkerJob.self, from: Data(contentsOf: URL(fileURLWithPath: jobPath)))
        } catch {
            channel.send(.failure("\(jobPath): not a worker job: \(error)"))
            return 2
        }
        // Its id is for this worker's report alone: no engine reads it from the file.
        unlink(jobPath)
        // Before any engine runs: the worker's memory cgroup, which every
        // process it starts is in too, and which no engine can leave
        // (the confinement below mounts no cgroup file system for it).
        if let folder = job.memoryCgroup { _ = MemoryCgroup.join(folder) }
        // Before any engine runs: /dev/shm is the worker's own, held to the case's memory.
        _ = diffbench_confine_worker(job.memoryLimit)
        // The address space, not the data segment: RLIMIT_DATA leaves out
        // shared mappings, so an engine mapping shared memory passed it.
        var limit = rlimit(rlim_cur: rlim_t(job.memoryLimit), rlim_max: rlim_t(job.memoryLimit))
        setrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit)
        // A file written with `write` (a memfd, a /dev/shm file) takes
        // memory no address space shows: no file may outgrow the case's
        // memory (SIGXFSZ), and the parent counts the ones held open.
        setrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit)
        // A worker run as root could raise its own limit again: it gives up the right.
        _ = diffbench_drop_limit_raising()
        // A fatal signal stops the worker first, so the parent reads the
        // address space it died with (``MemoryWatch``).
        _ = diffbench_stop_on_fatal_signals()
        Runner.steadyAllocator()
        switch job.task {
        case .calibrate:
            let engines = job.job.subjects.compactMap { $0.engineName.flatMap(registry.descriptor(named:)) }
            let kinds = job.elementKinds ?? [.int]
            if let unknown = kinds.first(where: { !$0.isRegistered }) {
                channel.send(.failure("\(jobPath): the job names an unknown element kind \(unknown)"))
                return 2
            }
            let cost = CostModel.calibrate(engines: engines, kinds: kinds, seed: job.seed) { channel.send(.calling(subject: .engine($0), phase: .calibration)) }
            channel.send(.cost(job: job.id, cost))
        case .call:
            guard let call = job.call else {
                channel.send(.failure("\(jobPath): a call job without its call"))
                return 2
            }
            channel.send(.calling(subject: .engine(call.engine), phase: .call))
            let answer = call.answer(registry: registry)
            channel.send(.answer(job: job.id, answer))
        case .measure:
            guard let source = job.job.source, let kind = job.job.kind else {
                channel.send(.failure("\(jobPath): the job names no known case or element kind"))
                return 2
            }
            let dataset: Dataset
            do {
                dataset = try job.job.dataset(seed: job.seed, loadFile: loadFile)
            } catch {
                channel.send(.failure("\(error)"))
                return 2
            }
            var runner = Runner(plan: job.plan(registry: registry, source: source, kind: kind))
            let threads = ThreadWatch()
            runner.events = { event in
                switch event {
                case let .prepared(template, seconds):
                    threads.reset()
                    channel.send(.prepared(template: template, limitSeconds: seconds))
                case let .calling(subject, phase):
                    if let left = threads.callEnded(next: subject) {
                        channel.send(.lingering(subject: left.subject, threads: left.threads, processes: left.processes))
                    }
                    channel.send(.calling(subject: subject, phase: phase))
                case let .sampling(progress): channel.send(.sampling(progress))
                }
            }
            let rows = CaseRun(runner: runner, dataset: dataset, kind: kind, cost: job.cost ?? CostModel()).rows()
            if let left = threads.callEnded(next: nil) {
                channel.send(.lingering(subject: left.subject, threads: left.threads, processes: left.processes))
            }
            channel.send(.rows(job: job.id, rows: rows))
        }
        return 0
    }
}

/// The worker's end of its report: whole lines written straight to the
/// descriptor (no buffer an engine's crash could lose). The announcement
/// of a call is encoded once per subject and phase, so the line written
/// before each timed sample costs one `write`.
///
/// Each message first checks that the descriptor is still the pipe it was
/// (its device and inode, one `fstat`): an engine runs in this process and
/// may close it or `dup2` another file over it, after which the parent
/// would hear nothing, or the worker would write its report into the
/// engine's file. The worker then ends at once with
/// ``CaseWorker/lostChannelStatus``, its reason on stderr.
final class WorkerChannel {
    let descriptor: Int32
    private let identity: (device: UInt, inode: UInt)?
    private var encoded: [String: [UInt8]] = [:]

    init(descriptor: Int32) {
        self.descriptor = descriptor
        identity = Self.identity(of: descriptor)
    }

    /// The device and inode of the file `descriptor` refers to, or nil when it is not open.
    private static func identity(of descriptor: Int32) -> (device: UInt, inode: UInt)? {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        return (UInt(status.st_dev), UInt(status.st_ino))
    }

    /// Ends the worker: its report channel is not its own any more.
    private func lost() -> Never {
        let words = "diffbench worker: an engine closed or replaced the report descriptor; the worker ends\n"
        _ = words.withCString { write(STDERR_FILENO, $0, strlen($0)) }
        diffbench_exit(CaseWorker.lostChannelStatus)
    }

    func send(_ message: WorkerMessage) {
        guard let identity, let now = Self.identity(of: descriptor), now == identity else { lost() }
        var key: String?
        if case let .calling(subject, phase) = message { key = subject.name + "\u{0}" + phase.rawValue }
        let bytes: [UInt8]
        if let key, let known = encoded[key] {
            bytes = known
        } else {
            bytes = Array(((try? JSONEncoder().encode(message)) ?? Data()) + Data("\n".utf8))
            if let key { encoded[key] = bytes }
        }
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                lost()
            }
            offset += written
        }
    }
}
