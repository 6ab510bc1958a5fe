import Foundation
import RunResults

/// What keys a run in the history, derived from its run document alone
/// (nothing from the binary that reads it): its id, its machines, its plan
/// settings, the catalog it ran with, and a fingerprint of its content
/// that tells a second `add` of the same run from a different run of the
/// same name.
public struct RunIdentity: Hashable, Sendable {
    public var runID: String
    /// Each row's machine name, by the row's index into the document's
    /// machines (index -1: the document's own environment).
    public var machineNames: [Int: String]
    public var plan: String
    public var catalog: String
    public var content: String

    /// The identity of `document`; `machine` names every row's machine
    /// instead of the recorded one (refused for a merge of several
    /// machines: that would mix them). O(size of the document).
    public init(_ document: RunDocument, machine: String? = nil) throws(HistoryInputError) {
        let environment = document.environment
        runID = "\(environment.runName)@\(environment.startTime)"
        var names: [Int: String] = [-1: machine ?? RunIdentity.machineName(environment)]
        if let machines = document.machines {
            if machine != nil, Set(machines.map(RunIdentity.machineName)).count > 1 {
                throw HistoryInputError("the run was measured on \(machines.count) machines; --machine would mix them: add it without --machine")
            }
            for (index, other) in machines.enumerated() { names[index] = machine ?? RunIdentity.machineName(other) }
        }
        machineNames = names
        plan = RunIdentity.planSettings(document.plan, build: environment.buildConfiguration)
        catalog = RunIdentity.catalogFingerprint(document)
        content = RunIdentity.fingerprint(Array((try? ResultsStore.json(document))?.utf8 ?? "".utf8))
    }

    /// The machine name of `row` in `document`.
    public func machine(of row: ResultRow) -> String { machineNames[row.machine ?? -1] ?? machineNames[-1]! }

    /// A machine as the store names it by default: CPU model, cores, memory
    /// and operating system — what makes two machines' times incomparable.
    /// The Swift version and commit are not part of it: a new toolchain or
    /// commit on the same machine is a step in its series, not a new one.
    public static func machineName(_ environment: RunEnvironment) -> String {
        let gib = Double(environment.memoryBytes) / Double(1 << 30)
        return "\(environment.cpu), \(environment.cores) cores, \(String(format: "%.1f", gib)) GiB, \(environment.os)"
    }

    /// The settings that decide how a row was measured, as one text: the
    /// build, repetitions, minimum time, time budget, lcs budget, whether
    /// instructions were counted, sliders and deadline. The engines,
    /// workloads and sizes are not part of it (they are in each series'
    /// own key), so adding a workload to a plan does not restart every
    /// series. O(1).
    public static func planSettings(_ plan: PlanSummary, build: String) -> String {
        var parts = [
            "build=\(build)", "repetitions=\(plan.minSamples)", "min_time=\(plan.minTimeSeconds)",
            "time_budget=\(plan.timeBudgetSeconds)", "lcs_mib=\(plan.lcsMemoryBudgetBytes >> 20)",
            "instructions=\(plan.instructions == true ? "yes" : "no")", "sliders=\(plan.sliders ?? "none")",
        ]
        if let deadline = plan.deadlineSeconds { parts.append("deadline=\(deadline)") }
        return parts.joined(separator: ";")
    }

    /// The catalog records the run carries (engines with their claims,
    /// workloads, element kinds, targets), as a 64-bit FNV-1a fingerprint of
    /// their JSON in sorted-key form: two runs made with the same catalog
    /// have the same one. "none" for a file written before the records. O(records).
    public static func catalogFingerprint(_ document: RunDocument) -> String {
        struct Catalog: Encodable {
            var engines: [EngineInfo]?
            var workloads: [WorkloadInfo]?
            var elementKinds: [ElementKindInfo]?
            var targets: [PerformanceTarget]?
        }
        let catalog = Catalog(engines: document.engines, workloads: document.workloads, elementKinds: document.elementKinds, targets: document.targets)
        if catalog.engines == nil, catalog.workloads == nil, catalog.elementKinds == nil, catalog.targets == nil { return "none" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(catalog) else { return "none" }
        return fingerprint(Array(data))
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a fingerprint, not a defence
    /// against forgery (the readers' checks are that). O(bytes).
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// A run document the history cannot take as it is (rows that repeat a
/// case, a machine override on a mixed merge): the command names the file.
public struct HistoryInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var problem: String
    public init(_ problem: String) { self.problem = problem }
    public var description: String { problem }
}
