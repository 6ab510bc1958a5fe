import Foundation
import RunResults

/// What keys a run in the history, derived from its run document alone
/// (nothing from the binary that reads it): its id, its machines, its plan
/// settings, the catalog it ran with, and a fingerprint of its content
/// that tells a second `add` of the same run from a different run of the
/// same name.
package struct RunIdentity: Hashable, Sendable {
    package var runID: String
    /// Each row's machine name, by the row's index into the document's
    /// machines (index -1: the document's own environment).
    package var machineNames: [Int: String]
    package var plan: String
    package var catalog: String
    package var content: String

    /// The identity of `document`; `machine` names every row's machine
    /// instead of the recorded one (refused for a merge of several
    /// machines: that would mix them). O(size of the document).
    package init(_ document: RunDocument, machine: String? = nil) throws(HistoryInputError) {
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
        content = RunIdentity.contentFingerprint(document, catalog: catalog)
    }

    /// The machine name of `row` in `document`.
    package func machine(of row: ResultRow) -> String { machineNames[row.machine ?? -1] ?? machineNames[-1]! }

    /// A machine as the store names it by default: CPU model, cores, memory
    /// and operating system — what makes two machines' times incomparable.
    /// The Swift version and commit are not part of it: a new toolchain or
    /// commit on the same machine is a step in its series, not a new one.
    package static func machineName(_ environment: RunEnvironment) -> String {
        let gib = Double(environment.memoryBytes) / Double(1 << 30)
        return "\(environment.cpu), \(environment.cores) cores, \(String(format: "%.1f", gib)) GiB, \(environment.os)"
    }

    /// The settings that decide how a row was measured, as one text: the
    /// build, repetitions, minimum time, time budget, lcs budget, whether
    /// instructions were counted, sliders and deadline. The engines,
    /// workloads and sizes are not part of it (they are in each series'
    /// own key), so adding a workload to a plan does not restart every
    /// series. O(1).
    package static func planSettings(_ plan: PlanSummary, build: String) -> String {
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
    package static func catalogFingerprint(_ document: RunDocument) -> String {
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

    /// The prefix of a content fingerprint made by ``contentFingerprint(_:catalog:)``;
    /// a stored fingerprint without it was made by ``legacyContentFingerprint(_:)``.
    static let contentPrefix = "2:"

    /// What tells one run's content from another's under the same id: the
    /// document's schema version, completeness, environment, plan and
    /// machines (as sorted-key JSON: a few hundred bytes), the catalog's
    /// fingerprint, and every row's fields in the CSV's column order (every
    /// JSON key of a row, `csvColumnsMatchTheJSONKeys`), each field ended by
    /// a unit separator. Written as `2:` and 16 hex digits.
    ///
    /// It replaces hashing the whole document re-encoded as sorted-key JSON
    /// (``legacyContentFingerprint(_:)``), which was 54 of the 192 million
    /// instructions of a `history add` of the CI baseline's 207 rows
    /// (callgrind). O(size of the rows).
    package static func contentFingerprint(_ document: RunDocument, catalog: String) -> String {
        struct Header: Encodable {
            var schema: String
            var version: Int
            var complete: Bool
            var environment: RunEnvironment
            var plan: PlanSummary
            var machines: [RunEnvironment]?
        }
        var hash = FNV1a()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let header = Header(
            schema: document.schema, version: document.version, complete: document.complete, environment: document.environment,
            plan: document.plan, machines: document.machines)
        hash.add(bytes: (try? encoder.encode(header)) ?? Data())
        hash.add(catalog)
        for row in document.rows {
            hash.add(0x1E)
            for field in row.csvFields {
                hash.add(field)
                hash.add(0x1F)
            }
        }
        return contentPrefix + hash.hex
    }

    /// The content fingerprint the store wrote before ``contentFingerprint(_:catalog:)``:
    /// FNV-1a of the whole document as sorted-key JSON. Computed only when a
    /// run is added again to a store that holds it under this older
    /// fingerprint, so a second add still changes nothing. O(size of the document).
    package static func legacyContentFingerprint(_ document: RunDocument) -> String {
        fingerprint(Array((try? ResultsStore.json(document))?.utf8 ?? "".utf8))
    }

    /// Whether `stored` (a run's content fingerprint in the store) is
    /// `document`'s, by whichever method made it.
    package func hasContent(_ stored: String, of document: RunDocument) -> Bool {
        if stored == content { return true }
        return !stored.hasPrefix(Self.contentPrefix) && stored == Self.legacyContentFingerprint(document)
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a fingerprint, not a defence
    /// against forgery (the readers' checks are that). O(bytes).
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash = FNV1a()
        hash.add(bytes: bytes)
        return hash.hex
    }
}
