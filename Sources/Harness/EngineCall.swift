import DiffEngines
import FileSupport
import InputFiles
import RunResults
import Foundation
import Workloads

/// One engine called once on one pair of lists, as a command other than
/// `run` asks for it (`diff`, `teach`), described so that a worker can make
/// the call: the engine's name, the lists and the options.
///
/// A plug-in engine (one not in ``BuiltInEngine/all``) is untrusted code,
/// so these commands make its call in a worker (``runInWorker(executable:limits:)``)
/// with the limits `run` gives a case, through the same machinery: the
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
        /// A user's `{"id", "content"}` objects (``UserItem``).
        case userItems(old: [WireUserItem], new: [WireUserItem])
        /// Interned items (``FeedItem``: `teach`'s lists).
        case items(old: [WireFeedItem], new: [WireFeedItem])

        public init(_ lists: UserLists) {
            switch lists {
            case let .values(old, new): self = .values(old: old, new: new)
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

    public var engine: String
    public var lists: Lists
    var inferMoves: Bool
    var minimizeMoves: Bool
    var lcsMemoryBudget: Int
    var costLimit: Int?
    var deadlineSeconds: Double?

    public init(engine: EngineName, lists: Lists, options: DiffOptions) {
        self.engine = engine.rawValue
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

    /// What became of a call made in a worker.
    public enum Outcome: Sendable {
        /// The engine answered, or refused with its own error.
        case answered(Result<Changeset, DiffError>)
        /// The worker met a fault (`crashed`, `timed-out`, `out-of-memory`),
        /// with the reason in the words of a `run` row.
        case failed(ResultRow.ReasonCode, String)
    }

    /// Makes the call in a fresh worker of `executable` (a diffbench, or a
    /// tool built on `DiffBenchCLI.main(engines:)`, with the same engines)
    /// under `limits`; its job file lives in a temporary folder removed
    /// before this returns. Throws ``WorkerJobError`` when no worker can be
    /// started. Costs one process start (tens of milliseconds) on top of the call.
    public func runInWorker(executable: String, limits: Limits) throws -> Outcome {
        var plan = RunPlan(engines: [EngineName(engine)], includeFloor: false, cases: [], outputDirectory: "", runName: "")
        plan.caseTimeout = limits.seconds
        plan.caseMemory = limits.memory
        let folder = FileManager.default.temporaryDirectory.path + "/diffbench-call-\(getpid())-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let supervisor = CaseSupervisor(plan: plan, executable: executable, workDirectory: folder, progress: nil)
        var job = WorkerJob(.call, job: CaseJob(elements: nil, subjects: [engine]), plan: plan, cost: nil)
        job.call = self
        let attempt = try supervisor.run(job, startLimit: limits.seconds)
        if let failure = attempt.failure { throw WorkerJobError(description: failure) }
        if let answer = attempt.answer, attempt.ending == .exited(0) {
            if let changeset = answer.changeset { return .answered(.success(changeset)) }
            if let refusal = answer.refusal { return .answered(.failure(refusal.error)) }
        }
        let (code, reason) = CaseSupervisor.fault(attempt, plan: plan)
        return .failed(code, reason)
    }

    /// The call, made in this process (by the worker): the engine's answer
    /// or refusal.
    func answer(registry: EngineRegistry) -> Answer {
        do throws(DiffError) {
            let descriptor = try registry.lookup(engine)
            let changeset: Changeset
            switch lists {
            case let .values(old, new): changeset = try descriptor.diff(UserLists.values(old, new), options: options)
            case let .userItems(old, new): changeset = try descriptor.diff(UserLists.items(old.map(\.item), new.map(\.item)), options: options)
            case let .items(old, new): changeset = try descriptor.diffItems(old.map(\.item), new.map(\.item), options)
            }
            return Answer(changeset: changeset, refusal: nil)
        } catch {
            return Answer(changeset: nil, refusal: Refusal(error))
        }
    }

    /// A worker's answer to a call: the changeset, or the engine's refusal.
    struct Answer: Codable {
        var changeset: Changeset?
        var refusal: Refusal?
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
