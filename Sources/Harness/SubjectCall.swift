import DiffEngines
import InputFiles
import RunResults
import Workloads

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
    #if DEBUG
    /// The test fault the environment gives this subject (``FaultInjection``; debug builds only).
    let fault: FaultInjection?
    #endif

    init(subject: Subject, registry: EngineRegistry, options: DiffOptions) {
        var descriptor: EngineDescriptor?
        if case let .engine(name) = subject { descriptor = registry.descriptor(named: name) }
        self.init(subject: subject, descriptor: descriptor, options: options, withTestFault: true)
    }

    /// A call of `descriptor` (the floor when nil), with no registry: the
    /// cost model's calibration, which a test fault leaves alone
    /// (`withTestFault` false; debug builds only have faults).
    init(subject: Subject, descriptor: EngineDescriptor?, options: DiffOptions, withTestFault: Bool = false) {
        self.subject = subject
        diffItems = descriptor?.diffItems
        diffUUIDs = descriptor?.diffUUIDs
        diffRecords = descriptor?.diffRecords
        diffStrings = descriptor?.diffLines
        cost = descriptor?.info.cost ?? .linear
        self.options = options
        #if DEBUG
        fault = FaultInjection.active.flatMap { fault in
            if !withTestFault { return nil }
            if subject == .engine(fault.engine) { return fault }
            if case let .killDuring(victim) = fault.kind, subject == .engine(victim) { return fault }
            return nil
        }
        #endif
    }

    @inline(never)
    func callAsFunction(_ lists: ProjectedLists) throws(DiffError) -> Changeset? {
        guard diffItems != nil else {
            blackHole(floorReference(lists))
            return nil
        }
        #if DEBUG
        if let fault { return try fault.apply(to: self, lists) }
        #endif
        return try diff(lists)
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
