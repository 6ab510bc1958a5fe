import CCallgrind
import DiffEngines
import Foundation
import Synchronization
import Formats
import Workloads

/// Something the runner times on a dataset: a registered engine, or the
/// `floor` reference.
enum Subject: Hashable, Sendable {
    case engine(EngineName)
    case floor

    var name: String {
        switch self {
        case let .engine(engine): return engine.rawValue
        case .floor: return "floor"
        }
    }
}

/// A test-only fault, set with the environment variable
/// `DIFFBENCH_TEST_FAULT`: `wrong:ENGINE` makes the engine's changeset wrong
/// (one delete dropped or added), `slow:ENGINE:FACTOR` makes each call run
/// the engine FACTOR times, and `work:ENGINE:PERCENT` adds about PERCENT %
/// more work to each call: after the real call the engine runs again on a
/// prefix of both lists, of the length that makes the extra call cost that
/// share of the full one (``workPrefix(count:percent:cost:)``). The extra
/// work is deterministic, so it shows in instruction counts, which is how
/// the CI gate is shown to catch a regression of a few percent. It is at
/// least PERCENT %: the extra call's fixed costs (copying the prefixes, its
/// own allocations) come on top, so `work:heckel:3` measured +6–8 % at
/// 10,000 items and more on small lists (+22 % on `same` at 1,000). It exists
/// so that the tests and the CI gate can prove a wrong or slower engine is
/// caught; nothing else reads it.
///
/// The faults of a misbehaving engine, for the isolation tests (each on
/// lists of more than MIN elements, old or new, MIN 0 when absent):
/// `trap:ENGINE[:MIN]` calls `fatalError`, `hang:ENGINE[:MIN]` never
/// returns, `hog:ENGINE[:MIN]` allocates 64 GiB (without touching it: only a
/// memory limit stops it), `drift:ENGINE` answers right on its first call in
/// a process and with an empty changeset after, and `chatter:ENGINE` prints
/// a line to standard output on every call.
///
/// The faults of an engine that leaves something running after its first
/// call in a process (each then answers right): `spawn:ENGINE` starts
/// `/bin/sleep 1000` with posix_spawn (it inherits the process's
/// descriptors), `fork:ENGINE` forks a child that waits for a signal,
/// `linger:ENGINE` starts a thread that never ends, and `late-trap:ENGINE`
/// starts a thread that traps MS milliseconds later (`late-trap:ENGINE:MS`,
/// 300 when absent), while other engines run; `late-kill:ENGINE[:MS]`
/// forks a child that sends its worker SIGSEGV MS milliseconds later (a
/// crash no thread count sees). `shm:ENGINE:MIB` maps MIB
/// MiB of shared anonymous memory on every call and touches each page (an
/// allocation outside the data segment), ending as an engine that checks
/// its allocation would when the mapping is refused.
public struct FaultInjection: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case wrong
        case slow(Int)
        /// Extra work as a percentage of one call.
        case work(Double)
        case trap(over: Int)
        case hang(over: Int)
        case hog(over: Int)
        case drift
        case chatter
        case spawn
        case fork
        case linger
        case lateTrap(milliseconds: Int)
        case lateKill(milliseconds: Int)
        case sharedMemory(mebibytes: Int)
    }
    public var engine: EngineName
    public var kind: Kind

    /// The fault the tests ask for, in debug builds only: a release build
    /// (what `make bench`, `make install` and CI's gate run) has no hook, and
    /// not even the variable's name is compiled into it.
    public static func fromEnvironment() -> FaultInjection? {
        #if DEBUG
        guard let text = ProcessInfo.processInfo.environment["DIFFBENCH_TEST_FAULT"], !text.isEmpty else { return nil }
        return parse(text)
        #else
        return nil
        #endif
    }

    /// `wrong:ENGINE`, `slow:ENGINE:FACTOR` or `work:ENGINE:PERCENT` (0 < PERCENT ≤ 100); nil otherwise.
    public static func parse(_ text: String) -> FaultInjection? {
        let parts = text.split(separator: ":").map(String.init)
        guard parts.count >= 2 else { return nil }
        let engine = EngineName(parts[1])
        switch parts[0] {
        case "wrong": return FaultInjection(engine: engine, kind: .wrong)
        case "slow": return FaultInjection(engine: engine, kind: .slow(max(1, Int(parts.count > 2 ? parts[2] : "2") ?? 2)))
        case "work":
            guard parts.count > 2, let percent = Double(parts[2]), percent > 0, percent <= 100 else { return nil }
            return FaultInjection(engine: engine, kind: .work(percent))
        case "trap", "hang", "hog":
            let over = parts.count > 2 ? Int(parts[2]) ?? 0 : 0
            let kind: Kind = parts[0] == "trap" ? .trap(over: over) : parts[0] == "hang" ? .hang(over: over) : .hog(over: over)
            return FaultInjection(engine: engine, kind: kind)
        case "drift": return FaultInjection(engine: engine, kind: .drift)
        case "chatter": return FaultInjection(engine: engine, kind: .chatter)
        case "spawn": return FaultInjection(engine: engine, kind: .spawn)
        case "fork": return FaultInjection(engine: engine, kind: .fork)
        case "linger": return FaultInjection(engine: engine, kind: .linger)
        case "late-trap": return FaultInjection(engine: engine, kind: .lateTrap(milliseconds: parts.count > 2 ? Int(parts[2]) ?? 300 : 300))
        case "late-kill": return FaultInjection(engine: engine, kind: .lateKill(milliseconds: parts.count > 2 ? Int(parts[2]) ?? 300 : 300))
        case "shm":
            guard parts.count > 2, let mebibytes = Int(parts[2]), mebibytes > 0 else { return nil }
            return FaultInjection(engine: engine, kind: .sharedMemory(mebibytes: mebibytes))
        default: return nil
        }
    }

    /// Calls of a `drift` engine in this process.
    static let calls = Atomic<Int>(0)
    /// Whether a `spawn`, `fork`, `linger`, `late-trap` or `late-kill` engine has left its process or thread.
    static let leftBehind = Atomic<Bool>(false)

    /// What a `spawn`, `fork`, `linger`, `late-trap` or `late-kill` engine leaves running
    /// after its first call in the process; nothing on later calls.
    static func leaveSomethingRunning(_ kind: Kind) {
        guard !leftBehind.exchange(true, ordering: .relaxed) else { return }
        switch kind {
        case .spawn:
            var child = pid_t()
            let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sleep", "1000"].map { (word: String) in strdup(word) } + [nil]
            defer { arguments.forEach { free($0) } }
            _ = posix_spawn(&child, "/bin/sleep", nil, nil, arguments, environ)
        case .fork:
            if diffbench_fork() == 0 {
                while true { pause() }
            }
        case .linger:
            Thread.detachNewThread {
                while true { sleep(1) }
            }
        case let .lateKill(milliseconds):
            if diffbench_fork() == 0 {
                usleep(useconds_t(milliseconds) * 1_000)
                kill(getppid(), SIGSEGV)
                diffbench_exit(0)
            }
        case let .lateTrap(milliseconds):
            Thread.detachNewThread {
                usleep(useconds_t(milliseconds) * 1_000)
                fatalError("test fault: a background thread traps \(milliseconds) ms after its engine's first call")
            }
        default:
            break
        }
    }

    /// A `shm` engine's call: maps `mebibytes` MiB shared and anonymous,
    /// writes a byte on each page, unmaps; traps naming the error when the
    /// mapping is refused.
    static func touchSharedMemory(mebibytes: Int) {
        let bytes = mebibytes << 20
        guard let mapped = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0), mapped != MAP_FAILED else {
            fatalError("test fault: mmap of \(mebibytes) MiB shared: \(String(cString: strerror(errno)))")
        }
        for page in stride(from: 0, to: bytes, by: 4096) { mapped.storeBytes(of: 1, toByteOffset: page, as: UInt8.self) }
        munmap(mapped, bytes)
    }

    /// The prefix length whose call costs `percent` % of a call on `count`
    /// items: the share itself for a linear engine; its square root for the
    /// engines whose work grows with the square of the lengths (table cells,
    /// D² when the differences grow with the lists), since a prefix of
    /// √p·n then costs p of the whole. At least one item. O(1).
    public static func workPrefix(count: Int, percent: Double, cost: EngineInfo.CostUnits) -> Int {
        let share = percent / 100
        let fraction = cost == .linear ? share : share.squareRoot()
        return min(count, max(1, Int((Double(count) * fraction).rounded())))
    }
}

/// One call of a subject on a dataset's lists in one element kind. An
/// engine goes through its descriptor's call for that kind, specialized
/// where the descriptor was made, exactly as an app calling the engine type
/// directly would be.
struct SubjectCall {
    typealias Call<Element> = @Sendable ([Element], [Element], DiffOptions) throws(DiffError) -> Changeset

    let subject: Subject
    // The descriptor's calls, held one by one rather than the descriptor
    // itself: a call then retains nothing but the one closure it makes
    // (copying a descriptor out of an optional retained its strings, its
    // existential and all four closures on every call: about 65 ns, a third
    // of a 100-item `same` call).
    let diffItems: Call<FeedItem>?
    let diffUUIDs: Call<UUIDItem>?
    let diffRecords: Call<FeedRecord>?
    let diffStrings: Call<String>?
    let cost: EngineInfo.CostUnits
    let options: DiffOptions
    let fault: FaultInjection?

    init(subject: Subject, registry: EngineRegistry, options: DiffOptions, fault: FaultInjection?) {
        var descriptor: EngineDescriptor?
        if case let .engine(name) = subject { descriptor = registry.descriptor(named: name) }
        self.init(subject: subject, descriptor: descriptor, options: options, fault: fault)
    }

    /// A call of `descriptor` (the floor when nil), with no registry: the cost model's calibration.
    init(subject: Subject, descriptor: EngineDescriptor?, options: DiffOptions, fault: FaultInjection? = nil) {
        self.subject = subject
        diffItems = descriptor?.diffItems
        diffUUIDs = descriptor?.diffUUIDs
        diffRecords = descriptor?.diffRecords
        diffStrings = descriptor?.diffStrings
        cost = descriptor?.info.cost ?? .linear
        self.options = options
        self.fault = fault.flatMap { fault in subject == .engine(fault.engine) ? fault : nil }
    }

    @inline(never)
    func callAsFunction(_ lists: ProjectedLists) throws(DiffError) -> Changeset? {
        guard diffItems != nil else {
            blackHole(floorReference(lists))
            return nil
        }
        guard let fault else { return try diff(lists) }
        let (oldCount, newCount) = lists.counts
        switch fault.kind {
        case let .trap(over) where max(oldCount, newCount) > over:
            fatalError("test fault: \(fault.engine) traps on lists over \(over) elements")
        case let .hang(over) where max(oldCount, newCount) > over:
            while true { blackHole(monotonicNanoseconds()) }
        case let .hog(over) where max(oldCount, newCount) > over:
            let block = UnsafeMutableRawPointer.allocate(byteCount: 64 << 30, alignment: 16)
            blackHole(block)
            block.deallocate()
        case .drift:
            FaultInjection.calls.add(1, ordering: .relaxed)
            if FaultInjection.calls.load(ordering: .relaxed) > 1 { return Changeset() }
        case .chatter:
            print("test fault: \(fault.engine) prints this to standard output")
        case .spawn, .fork, .linger, .lateTrap, .lateKill:
            FaultInjection.leaveSomethingRunning(fault.kind)
        case let .sharedMemory(mebibytes):
            FaultInjection.touchSharedMemory(mebibytes: mebibytes)
        default:
            break
        }
        var repeats = 1
        if case let .slow(factor) = fault.kind { repeats = factor }
        var result = Changeset()
        for _ in 0..<repeats { result = try diff(lists) }
        if case let .work(percent) = fault.kind {
            let oldPrefix = FaultInjection.workPrefix(count: oldCount, percent: percent, cost: cost)
            let newPrefix = FaultInjection.workPrefix(count: newCount, percent: percent, cost: cost)
            blackHole(try? diff(lists.prefixes(old: oldPrefix, new: newPrefix)))
        }
        if fault.kind == .wrong {
            if result.deletes.isEmpty { result.deletes = [0] } else { result.deletes.removeLast() }
        }
        return result
    }

    /// The engine's call for the lists' element kind.
    @inline(__always)
    func diff(_ lists: ProjectedLists) throws(DiffError) -> Changeset {
        switch lists {
        case let .items(old, new): return try diffItems!(old, new, options)
        case let .uuids(old, new): return try diffUUIDs!(old, new, options)
        case let .records(old, new): return try diffRecords!(old, new, options)
        case let .strings(old, new): return try diffStrings!(old, new, options)
        }
    }
}

/// The least work any identity-based diff must do, for the kind's id type:
/// one dictionary build over the old ids and one probe per new id. Engines'
/// medians are also reported as ratios to this.
func floorReference(_ lists: ProjectedLists) -> Int {
    switch lists {
    case let .items(old, new): return floorReference(old, new)
    case let .uuids(old, new): return floorReference(old, new)
    case let .records(old, new): return floorReference(old, new)
    case let .strings(old, new): return floorReference(values: old, new)
    }
}

/// The floor for identified elements (specialized per element type).
@inline(never)
func floorReference<E: Identifiable>(_ old: [E], _ new: [E]) -> Int {
    var table = [E.ID: Int32](minimumCapacity: old.count)
    for index in old.indices { table[old[index].id] = Int32(truncatingIfNeeded: index) }
    var found = 0
    for item in new where table[item.id] != nil { found &+= 1 }
    return found
}

/// The floor for plain values, each its own id.
@inline(never)
func floorReference<V: Hashable>(values old: [V], _ new: [V]) -> Int {
    var table = [V: Int32](minimumCapacity: old.count)
    for index in old.indices { table[old[index]] = Int32(truncatingIfNeeded: index) }
    var found = 0
    for value in new where table[value] != nil { found &+= 1 }
    return found
}
