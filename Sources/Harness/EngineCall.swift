import DiffEngines
import FileSupport
import InputFiles
import ListUpdates
import RunResults
import Foundation
import Workloads

/// One engine called once on one pair of lists, as a command other than
/// `run` asks for it (`diff` in each format, `teach`, `hunks` on each
/// file), described so that a worker can make the call: the engine's name,
/// the lists and the options.
///
/// A plug-in engine (one not in ``BuiltInEngine/all``) is untrusted code,
/// so these commands make its call in a worker (``runInWorker(_:)``), and
/// the calibration of its cost when they predict a call
/// (``CallPrediction``), with the limits `run` gives a case, through the same machinery: the
/// job file and `measure-case` worker of ``CaseWorker``, the process group
/// and its kill of ``ChildProcess``, the fault labels of ``CaseSupervisor``.
/// A plug-in that stalls or grows without bound then costs its own answer
/// only. The built-ins are the project's own tested code and are called in
/// process (``needsWorker(_:)``).
public struct EngineCall: Codable, Sendable {
    /// The two lists, in the element types the commands hold them in.
    public enum Lists: Codable, Sendable {
        /// Plain values, each its own identity (`diff`'s lines, `--chars`).
        case values(old: [String], new: [String])
        /// Lines of text, compared by their bytes (`diff --lines`, `hunks`).
        case lines(old: [String], new: [String])
        /// A user's `{"id", "content"}` objects (``UserItem``).
        case userItems(old: [WireUserItem], new: [WireUserItem])
        /// Interned items (``FeedItem``: `teach`'s lists).
        case items(old: [WireFeedItem], new: [WireFeedItem])
        /// A list view's rows, matched by id (`diff --format batch` of plain lists).
        case rows(old: [ListRow], new: [ListRow])
        /// A list view's sections (`diff --format batch` of files of
        /// sections). The worker makes the whole ``SectionedDiff`` (the
        /// engine on the section ids, then on the rows, whose lists depend
        /// on the first answer) and answers its staged batches.
        case sections(old: [ListSection<UserKey, ListRow>], new: [ListSection<UserKey, ListRow>])

        public init(_ lists: UserLists) {
            switch lists {
            case let .values(old, new): self = .values(old: old, new: new)
            case let .lines(old, new): self = .lines(old: old, new: new)
            case let .items(old, new): self = .userItems(old: old.map(WireUserItem.init), new: new.map(WireUserItem.init))
            }
        }

        public init(items old: [FeedItem], _ new: [FeedItem]) {
            self = .items(old: old.map(WireFeedItem.init), new: new.map(WireFeedItem.init))
        }
    }

    /// A ``UserItem`` on the wire.
    public struct WireUserItem: Codable, Sendable {
        var id: String
        var number: Bool
        var content: String
        init(_ item: UserItem) { (id, number, content) = (item.id.text, item.id.isNumber, item.content) }
        var item: UserItem { UserItem(id: UserID(text: id, isNumber: number), content: content) }
    }

    /// A ``FeedItem`` on the wire.
    public struct WireFeedItem: Codable, Sendable {
        var id: Int
        var content: Int
        init(_ item: FeedItem) { (id, content) = (item.id, item.content) }
        var item: FeedItem { FeedItem(id: id, content: content) }
    }

    public var engine: EngineName
    public var lists: Lists
    var inferMoves: Bool
    var minimizeMoves: Bool
    var lcsMemoryBudget: Int
    var costLimit: Int?
    var deadlineSeconds: Double?

    public init(engine: EngineName, lists: Lists, options: DiffOptions) {
        self.engine = engine
        self.lists = lists
        inferMoves = options.inferMoves
        minimizeMoves = options.minimizeMoves
        lcsMemoryBudget = options.lcsMemoryBudget
        costLimit = options.costLimit
        deadlineSeconds = options.deadline.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 }
    }

    var options: DiffOptions {
        DiffOptions(
            inferMoves: inferMoves, minimizeMoves: minimizeMoves, lcsMemoryBudget: lcsMemoryBudget, costLimit: costLimit,
            deadline: deadlineSeconds.map { .nanoseconds(Int64($0 * 1e9)) })
    }

    /// Whether `descriptor`'s calls belong in a worker: every engine that is
    /// not one of the built-ins. O(built-ins).
    public static func needsWorker(_ descriptor: EngineDescriptor) -> Bool {
        !BuiltInEngine.all.contains { $0.name == descriptor.name }
    }

    /// The limits of one call in a worker: `run`'s limits of one case.
    public struct Limits: Sendable {
        /// Seconds before the worker is killed (`--case-timeout`).
        public var seconds: Double
        /// Bytes of address space the worker may take (`--case-memory`).
        public var memory: Int
        public init(seconds: Double, memory: Int) {
            self.seconds = seconds
            self.memory = memory
        }
    }

    /// Where a plug-in's code runs: a fresh worker of `executable` (a
    /// diffbench, or a tool built on `DiffBenchCLI.main(engines:)`, with
    /// the same engines) under `limits`. Commands pass nil for an engine
    /// called in process (a built-in, or any engine under `--in-process`).
    public struct Worker: Sendable {
        public var executable: String
        public var limits: Limits
        public init(executable: String, limits: Limits) {
            self.executable = executable
            self.limits = limits
        }
    }

    /// A worker that met a fault (`crashed`, `timed-out`, `out-of-memory`),
    /// with the reason in the words of a `run` row. Thrown where a command
    /// asked for something other than an answer (``CallPrediction``'s
    /// calibration calls).
    public struct Fault: Error, Hashable, Sendable, CustomStringConvertible {
        public var code: ResultRow.ReasonCode
        public var reason: String
        /// "timed-out: killed after …".
        public var description: String { "\(code.rawValue): \(reason)" }
    }

    /// What became of a call made in a worker.
    public enum Outcome<Value: Sendable>: Sendable {
        /// The engine answered, or refused with its own error.
        case answered(Result<Value, DiffError>)
        /// The worker met a fault.
        case failed(Fault)

        /// The answer; the engine's refusal thrown as its ``DiffError``, a
        /// worker's fault as its ``Fault``.
        public func get() throws -> Value {
            switch self {
            case let .answered(result): return try result.get()
            case let .failed(fault): throw fault
            }
        }
    }

    /// Makes the call in a fresh worker. Throws ``WorkerJobError`` when no
    /// worker can be started. Costs one process start (tens of
    /// milliseconds) on top of the call.
    public func runInWorker(_ worker: Worker) throws -> Outcome<Changeset> {
        try answerInWorker(worker, \.changeset)
    }

    /// The staged batches of a ``Lists/sections(old:new:)`` call, made in a
    /// fresh worker, as ``runInWorker(_:)``.
    public func stagedInWorker(_ worker: Worker) throws -> Outcome<StagedBatches> {
        try answerInWorker(worker, \.staged)
    }

    /// The call made in a worker, its answer read at `value`. A worker
    /// that exits 0 with neither that value nor a refusal did not make the
    /// call asked for: a fault, as one with no answer.
    private func answerInWorker<Value>(_ worker: Worker, _ value: KeyPath<Answer, Value?>) throws -> Outcome<Value> {
        let (attempt, plan) = try Self.attempt(.call, engine: engine, call: self, in: worker)
        if let answer = attempt.answer, attempt.process.completed {
            if let found = answer[keyPath: value] { return .answered(.success(found)) }
            if let refusal = answer.refusal { return .answered(.failure(refusal.error)) }
        }
        let (code, reason) = CaseSupervisor.fault(attempt, plan: plan)
        return .failed(Fault(code: code, reason: reason))
    }

    /// `engine`'s cost model (``CostModel/calibrate(engines:kinds:seed:announce:)``
    /// with seed 1, as ``CallPrediction`` makes it in process), calibrated
    /// in a fresh worker: the calibration's calls are the engine's code on
    /// a list of 1,000 items, as untrusted as its call. Throws the
    /// worker's ``Fault``, or ``WorkerJobError`` when none can be started.
    static func calibrated(_ engine: EngineName, kinds: [ElementKind], in worker: Worker) throws -> CostModel {
        let (attempt, plan) = try attempt(.calibrate, engine: engine, kinds: kinds, call: nil, in: worker)
        if let cost = attempt.cost, attempt.process.completed { return cost }
        let (code, reason) = CaseSupervisor.fault(attempt, plan: plan)
        throw Fault(code: code, reason: reason)
    }

    /// One worker's `task` on `engine` (its `call` for a call job) run to
    /// its end through ``CaseSupervisor``, with the job file in a temporary
    /// folder removed before this returns; and the plan that holds the
    /// limits, for the fault's words.
    private static func attempt(_ task: WorkerJob.Task, engine: EngineName, kinds: [ElementKind] = [.int], call: EngineCall?, in worker: Worker) throws
        -> (CaseSupervisor.Attempt, RunPlan)
    {
        var plan = RunPlan(engines: [engine], includeFloor: false, cases: [], outputDirectory: "", runName: "")
        plan.elementKinds = kinds
        plan.caseTimeout = worker.limits.seconds
        plan.caseMemory = worker.limits.memory
        let folder = FileManager.default.temporaryDirectory.path + "/diffbench-call-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let supervisor = CaseSupervisor(plan: plan, executable: worker.executable, workDirectory: folder, progress: nil)
        var job = WorkerJob(task, job: CaseJob(elements: nil, subjects: [.engine(engine)]), plan: plan, cost: nil)
        job.call = call
        let attempt = try supervisor.run(job, startLimit: worker.limits.seconds)
        if let failure = attempt.failure { throw WorkerJobError(description: failure) }
        return (attempt, plan)
    }

    /// The call, made in this process (by the worker): the engine's answer
    /// or refusal.
    func answer(registry: EngineRegistry) -> Answer {
        do throws(DiffError) {
            let descriptor = try registry.lookup(engine.rawValue)
            let changeset: Changeset
            switch lists {
            case let .values(old, new): changeset = try descriptor.diff(UserLists.values(old, new), options: options)
            case let .lines(old, new): changeset = try descriptor.diff(UserLists.lines(old, new), options: options)
            case let .userItems(old, new): changeset = try descriptor.diff(UserLists.items(old.map(\.item), new.map(\.item)), options: options)
            case let .items(old, new): changeset = try descriptor.diffItems(old.map(\.item), new.map(\.item), options)
            case let .rows(old, new):
                changeset = try descriptor.engine.diff(from: old, to: new, identity: IdentifiedElements<ListRow>(), options: options)
            case let .sections(old, new):
                return Answer(staged: try SectionedDiff.diff(using: descriptor.engine, old: old, new: new, options: options))
            }
            return Answer(changeset: changeset)
        } catch {
            return Answer(refusal: Refusal(error))
        }
    }

    /// A worker's answer to a call: the changeset (the staged batches of a
    /// sectioned call), or the engine's refusal.
    struct Answer: Codable {
        var changeset: Changeset?
        var staged: StagedBatches?
        var refusal: Refusal?
        init(changeset: Changeset? = nil, staged: StagedBatches? = nil, refusal: Refusal? = nil) {
            (self.changeset, self.staged, self.refusal) = (changeset, staged, refusal)
        }
    }

    /// A ``DiffError`` on the wire.
    enum Refusal: Codable {
        case duplicateID(id: String, side: String, first: Int, second: Int)
        case memoryBudgetExceeded(engine: String, cells: Int, bytes: Int, budget: Int)
        case inconsistentChangeset(engine: String, problem: String)
        case unknownEngine(String, known: [String])

        init(_ error: DiffError) {
            switch error {
            case let .duplicateID(id, side, first, second): self = .duplicateID(id: id, side: side.rawValue, first: first, second: second)
            case let .memoryBudgetExceeded(engine, cells, bytes, budget):
                self = .memoryBudgetExceeded(engine: engine, cells: cells, bytes: bytes, budget: budget)
            case let .inconsistentChangeset(engine, problem): self = .inconsistentChangeset(engine: engine, problem: problem)
            case let .unknownEngine(name, known): self = .unknownEngine(name, known: known)
            }
        }

        var error: DiffError {
            switch self {
            case let .duplicateID(id, side, first, second):
                return .duplicateID(id: id, side: DiffError.Side(rawValue: side) ?? .old, first: first, second: second)
            case let .memoryBudgetExceeded(engine, cells, bytes, budget):
                return .memoryBudgetExceeded(engine: engine, cells: cells, bytes: bytes, budget: budget)
            case let .inconsistentChangeset(engine, problem): return .inconsistentChangeset(engine: engine, problem: problem)
            case let .unknownEngine(name, known): return .unknownEngine(name, known: known)
            }
        }
    }
}
