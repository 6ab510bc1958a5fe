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
            "instructions=\(plan.instructions ? "yes" : "no")", "sliders=\(plan.sliders)",
        ]
        if let deadline = plan.deadlineSeconds { parts.append("deadline=\(deadline)") }
        return parts.joined(separator: ";")
    }

    /// The fingerprint method this build writes (the store's
    /// `runs.fingerprint_version`, schema version 3): 3, the catalog, the
    /// document's head and every row's values hashed by their bits
    /// (``catalogFingerprint(_:)``, ``contentFingerprint(_:catalog:)``).
    /// Version 2 hashed rows as CSV text and the catalog as sorted-key JSON
    /// (``contentFingerprintVersion2(_:catalog:)``), version 1 the whole
    /// document as JSON (``legacyContentFingerprint(_:)``); a run stored
    /// under either is compared by its own method, so adding it again still
    /// changes nothing. A change to what is hashed, or how, is a new version.
    package static let fingerprintVersion = 3

    /// The prefix of this version's fingerprints, so a catalog or content
    /// fingerprint read in `history list` says how it was made.
    static let versionPrefix = "\(fingerprintVersion):"

    /// The catalog records the run carries (engines with their claims,
    /// workloads, element kinds, targets), fingerprinted by their structure
    /// and values (``FingerprintEncoder``): two runs made with the same
    /// catalog have the same one. `3:` and 16 hex digits; "none" for a file
    /// written before the records. O(records).
    package static func catalogFingerprint(_ document: RunDocument) -> String {
        guard let catalog = Catalog(document), let hash = FingerprintEncoder.fingerprint(catalog) else { return "none" }
        return versionPrefix + FNV1a(value: hash).hex
    }

    /// The catalog records of a run document, as both fingerprint methods
    /// read them; nil when it carries none.
    struct Catalog: Encodable {
        var engines: [EngineInfo]?
        var workloads: [WorkloadInfo]?
        var elementKinds: [ElementKindInfo]?
        var targets: [PerformanceTarget]?

        init?(_ document: RunDocument) {
            engines = document.engines
            workloads = document.workloads
            elementKinds = document.elementKinds
            targets = document.targets
            if engines == nil, workloads == nil, elementKinds == nil, targets == nil { return nil }
        }
    }

    /// The head of a run document the content fingerprint covers beside its rows.
    struct Header: Encodable {
        var schema: String
        var version: Int
        var complete: Bool
        var environment: RunEnvironment
        var plan: PlanSummary
        var machines: [RunEnvironment]?

        init(_ document: RunDocument) {
            schema = document.schema
            version = document.version
            complete = document.complete
            environment = document.environment
            plan = document.plan
            machines = document.machines
        }
    }

    /// What tells one run's content from another's under the same id: the
    /// document's schema version, completeness, environment, plan and
    /// machines (``FingerprintEncoder``), the catalog's fingerprint, and
    /// every row's values in the CSV's column order (every JSON key of a
    /// row, `csvColumnsMatchTheJSONKeys`), each as its kind and its bits
    /// (a number's IEEE bits, a text's length and bytes): any stored value
    /// that changes changes it. Written as `3:` and 16 hex digits.
    ///
    /// Version 2 wrote every number as text to hash it, 43 of the 330
    /// million instructions of a `history add` of a 300-row run (callgrind).
    /// O(size of the rows).
    package static func contentFingerprint(_ document: RunDocument, catalog: String) -> String {
        var hash = FNV1a()
        hash.add(word: FingerprintEncoder.fingerprint(Header(document)) ?? 0)
        hash.add(catalog)
        hash.add(0x1D)
        let columns = ResultRow.csvTable
        for row in document.rows {
            hash.add(0x1E)
            for column in columns { hash.add(column.value(row)) }
        }
        return versionPrefix + hash.hex
    }

    /// Fingerprint version 2's catalog fingerprint: FNV-1a of the records'
    /// sorted-key JSON. Only to recognise a run stored under version 2. O(records).
    static func catalogFingerprintVersion2(_ document: RunDocument) -> String {
        guard let catalog = Catalog(document) else { return "none" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(catalog) else { return "none" }
        return fingerprint(Array(data))
    }

    /// Fingerprint version 2's content fingerprint (`2:` and 16 hex
    /// digits): the head as sorted-key JSON, the version-2 catalog
    /// fingerprint, and every row's CSV fields as text, each ended by a
    /// unit separator. Only to recognise a run stored under version 2.
    /// O(size of the rows).
    static func contentFingerprintVersion2(_ document: RunDocument, catalog: String) -> String {
        var hash = FNV1a()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        hash.add(bytes: (try? encoder.encode(Header(document))) ?? Data())
        hash.add(catalog)
        for row in document.rows {
            hash.add(0x1E)
            for field in row.csvFields {
                hash.add(field)
                hash.add(0x1F)
            }
        }
        return "2:" + hash.hex
    }

    /// Fingerprint version 1's: FNV-1a of the whole document as sorted-key
    /// JSON. Only to recognise a run stored under version 1. O(size of the document).
    package static func legacyContentFingerprint(_ document: RunDocument) -> String {
        fingerprint(Array((try? ResultsStore.json(document))?.utf8 ?? "".utf8))
    }

    /// Whether `stored`, a run's content fingerprint in the store made by
    /// fingerprint version `version`, is `document`'s. A run of an older
    /// version costs its own method's time, once per add of it again.
    package func hasContent(_ stored: String, version: Int, of document: RunDocument) -> Bool {
        switch version {
        case Self.fingerprintVersion: return stored == content
        case 2: return stored == Self.contentFingerprintVersion2(document, catalog: Self.catalogFingerprintVersion2(document))
        case 1: return stored == Self.legacyContentFingerprint(document)
        default: return false
        }
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a fingerprint, not a defence
    /// against forgery (the readers' checks are that). O(bytes).
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash = FNV1a()
        hash.add(bytes: bytes)
        return hash.hex
    }
}
