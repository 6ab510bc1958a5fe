import RunResults

/// Joins the shards of one plan (`run --shard K/N`, one CI job each) into one
/// run, which `compare` then judges as if it had run on one machine: every
/// dataset ran with its own references inside one shard, so its ratios are
/// valid, and instruction counts do not depend on the machine at all.
///
/// The whole set is checked, and refused (the message names the file, and
/// the row where one is at fault):
/// - shards of different builds or plans: another build configuration or
///   seed, other engines or sampling settings, instruction counts in some
///   shards only;
/// - shards of different machines (CPU, cores, OS, Swift version, build
///   commit), unless `allowMixedMachines`: then the merged document lists
///   each machine (`machines`) and each row names its own (`machine`).
///   A shard's `machines` record (an earlier mixed merge) counts as its
///   machines too: without `allowMixedMachines` a shard that has one is
///   refused, since the reader accepts a record only of two or more
///   different machines each measuring rows (``ResultsValidator``). What
///   merge cannot check is a shard that lies consistently: its
///   environment copied from another machine and no record of its own;
///   the README says so ("Sharding a run");
/// - a shard label out of range (`3/2`), labels of different counts, the
///   same label twice, a label missing from the set, a labelled shard
///   beside an unlabelled one;
/// - a row outside its shard's plan (an engine, element kind, workload,
///   size or seed the plan does not have);
/// - a shard that says it is complete but lacks rows of its share: a plan
///   workload, size or kind with no row, or a dataset without a row for
///   each engine in each kind;
/// - a row in two shards (which one is "the" measurement?);
/// - catalog records that disagree: an engine, workload, element kind or
///   target recorded otherwise in two shards, or recorded in one shard
///   and absent from another (``mergedRecords(_:_:_:name:)``).
///
/// O(R · E) for R rows and E engines.
package enum RunMerge {
    /// A shard as read: where it came from and what it holds.
    package struct Part: Sendable {
        package var path: String
        package var document: RunDocument
        /// `file:line:column` of each row, for refusals of one row (empty: the path is named).
        package var rowLocations: [String]
        package init(path: String, document: RunDocument, rowLocations: [String] = []) {
            self.path = path
            self.document = document
            self.rowLocations = rowLocations
        }

        /// Where row `index` is: its place in the file when known, else the file.
        func location(ofRow index: Int) -> String {
            rowLocations.indices.contains(index) ? rowLocations[index] : path
        }
    }

    /// The merged document (rows in shard order), and notes for the user
    /// (incomplete shards).
    package static func merge(_ parts: [Part], runName: String, allowMixedMachines: Bool = false)
        throws(CompareInputError) -> (RunDocument, [String])
    {
        guard let first = parts.first else { throw CompareInputError(path: "merge", problem: "no runs to merge") }
        var notes: [String] = []
        var seenShards: [Int: String] = [:]
        var shardCount: Int?
        var rowsByKey: [String: String] = [:]
        var rows: [ResultRow] = []
        var machines: [RunEnvironment] = []
        var workloads: [WorkloadName] = [], sizes: Set<Int> = [], extra: [String] = []
        for part in parts {
            let plan = part.document.plan
            try checkSameRun(part, as: first, allowMixedMachines: allowMixedMachines)
            let label = try shardLabel(part, first: first)
            if let (index, count) = label {
                if let shardCount, count != shardCount {
                    throw CompareInputError(
                        path: part.path, problem: "the shard count is \(count) but \(shardCount) in \(first.path): these are not shards of one run")
                }
                shardCount = count
                if let other = seenShards[index] {
                    throw CompareInputError(path: part.path, problem: "shard \(index)/\(count) is given twice (also \(other))")
                }
                seenShards[index] = part.path
            }
            try checkRowsInPlan(part)
            if part.document.complete {
                try checkShareIsWhole(part)
            } else {
                notes.append("\(part.path) is incomplete (interrupted): the merged run is incomplete too.")
            }
            for (index, row) in part.document.rows.enumerated() {
                if let other = rowsByKey[row.key] {
                    throw CompareInputError(
                        path: part.location(ofRow: index), key: row.key, problem: "this row is also in \(other): shards must not overlap")
                }
                rowsByKey[row.key] = part.path
                var row = row
                if allowMixedMachines {
                    let machine = part.document.environment(of: row)
                    if let index = machines.firstIndex(where: { $0.sameMachine(as: machine) }) {
                        row.machine = index
                    } else {
                        row.machine = machines.count
                        machines.append(machine)
                    }
                }
                rows.append(row)
            }
            for workload in plan.workloads where !workloads.contains(workload) { workloads.append(workload) }
            sizes.formUnion(plan.sizes)
            extra += plan.extraCases
        }
        if let shardCount {
            let missing = (1...shardCount).filter { seenShards[$0] == nil }
            if !missing.isEmpty {
                throw CompareInputError(
                    path: first.path,
                    problem: "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(shardCount)" }.joined(separator: ", ")) "
                        + "not given: a merge needs every shard of the plan")
            }
        }
        var plan = first.document.plan
        plan.workloads = workloads
        plan.sizes = sizes.sorted()
        plan.extraCases = extra
        plan.shard = nil
        var environment = first.document.environment
        environment.runName = runName
        let engines = try mergedRecords(parts, "engine", \.engines, name: \.name)
        var document = RunDocument(
            environment: environment, plan: plan, complete: parts.allSatisfy(\.document.complete),
            engines: engines, rows: rows)
        document.workloads = try mergedRecords(parts, "workload", \.workloads, name: \.name)
        document.elementKinds = try mergedRecords(parts, "element kind", \.elementKinds, name: \.name)
        document.targets = try mergedRecords(parts, "target", \.targets, name: \.id)
        // One machine after all: the document's environment says it, as for any run.
        if machines.count > 1 {
            document.machines = machines
        } else {
            for index in document.rows.indices { document.rows[index].machine = nil }
        }
        return (document, notes)
    }

    /// One catalog record of the merged run (`engines`, `workloads`,
    /// `element_kinds`, `targets`): every record of every shard, once, in
    /// shard order. Shards of one plan agree on them: a record named alike
    /// but stated otherwise in two shards, or a shard without the record
    /// beside one with it (another build), is refused. Nil when no shard
    /// has it (older files). O(P × K²) for P parts and K records.
    static func mergedRecords<Record: Equatable>(
        _ parts: [Part], _ what: String, _ records: (RunDocument) -> [Record]?, name: (Record) -> String
    ) throws(CompareInputError) -> [Record]? {
        guard let first = parts.first(where: { records($0.document) != nil }) else { return nil }
        var merged: [Record] = []
        var source: [String: String] = [:]
        for part in parts {
            guard let mine = records(part.document) else {
                throw CompareInputError(
                    path: part.path,
                    problem: "records no \(what)s but \(first.path) does: these are not shards of one run (made by different builds?)")
            }
            for record in mine {
                if let index = merged.firstIndex(where: { name($0) == name(record) }) {
                    if merged[index] != record {
                        throw CompareInputError(
                            path: part.path,
                            problem: "its \(what) \(name(record)) is recorded otherwise in \(source[name(record)] ?? first.path): "
                                + "these are not shards of one run (made by different builds?)")
                    }
                } else {
                    merged.append(record)
                    source[name(record)] = part.path
                }
            }
        }
        return merged
    }

    /// Refuses a shard of another build, plan or (unless allowed) machine than the first.
    static func checkSameRun(_ part: Part, as first: Part, allowMixedMachines: Bool) throws(CompareInputError) {
        let environment = part.document.environment, plan = part.document.plan
        let reference = first.document.environment, referencePlan = first.document.plan
        var checks: [(String, String, String)] = [
            ("the build configuration", environment.buildConfiguration, reference.buildConfiguration),
            ("the seed", String(environment.seed), String(reference.seed)),
            ("the engines", plan.engines.map(\.name).joined(separator: ","), referencePlan.engines.map(\.name).joined(separator: ",")),
            ("the minimum samples", String(plan.minSamples), String(referencePlan.minSamples)),
            ("the minimum time", String(plan.minTimeSeconds), String(referencePlan.minTimeSeconds)),
            ("the time budget", String(plan.timeBudgetSeconds), String(referencePlan.timeBudgetSeconds)),
            ("the lcs memory budget", String(plan.lcsMemoryBudgetBytes), String(referencePlan.lcsMemoryBudgetBytes)),
            ("instruction counting", String(plan.instructions), String(referencePlan.instructions)),
        ]
        if !allowMixedMachines {
            checks += zip(environment.machineFields, reference.machineFields).map { ($0.name, $0.value, $1.value) }
            if let machines = part.document.machines {
                throw CompareInputError(
                    path: part.path,
                    problem: "holds rows of \(machines.count) machines (its machines record): merging it mixes machines; "
                        + "--allow-mixed-machines merges them, keeping each row's machine")
            }
        }
        for (what, mine, theirs) in checks where mine != theirs {
            let hint = environment.machineFields.contains { $0.name == what } ? " (--allow-mixed-machines merges them, keeping each row's machine)" : ""
            throw CompareInputError(
                path: part.path, problem: "\(what) is \(mine) but \(theirs) in \(first.path): these are not shards of one run\(hint)")
        }
    }

    /// The shard's `K/N`, checked: 1 ≤ K ≤ N, and labelled like the first part.
    static func shardLabel(_ part: Part, first: Part) throws(CompareInputError) -> (Int, Int)? {
        guard let shard = part.document.plan.shard else {
            if first.document.plan.shard != nil {
                throw CompareInputError(path: part.path, problem: "not a shard (no shard label) but \(first.path) is one")
            }
            return nil
        }
        if first.document.plan.shard == nil {
            throw CompareInputError(path: part.path, problem: "shard \(shard) beside \(first.path), which is not a shard")
        }
        return (shard.index, shard.count)
    }

    /// Refuses a row its shard's plan has no place for. Rows of dataset
    /// files (`extra_cases`) carry the file's workload, size and seed, so
    /// those three are checked only when the plan has no files.
    static func checkRowsInPlan(_ part: Part) throws(CompareInputError) {
        for (index, row) in part.document.rows.enumerated() {
            if let problem = ResultsValidator.planProblem(of: row, in: part.document.plan, seed: part.document.environment.seed) {
                throw CompareInputError(path: part.location(ofRow: index), key: row.key, problem: "outside the shard's plan: " + problem)
            }
        }
    }

    /// Refuses a shard marked complete whose rows do not cover its plan.
    static func checkShareIsWhole(_ part: Part) throws(CompareInputError) {
        let plan = part.document.plan, rows = part.document.rows
        let kinds = plan.elements
        func refuse(_ problem: String) -> CompareInputError {
            CompareInputError(path: part.path, problem: "says it is complete but \(problem)")
        }
        if rows.isEmpty, !(plan.workloads.isEmpty && plan.extraCases.isEmpty) { throw refuse("holds no rows") }
        if let workload = plan.workloads.first(where: { workload in !rows.contains { $0.workload == workload } }) {
            throw refuse("has no row of its plan's workload \(workload)")
        }
        if plan.extraCases.isEmpty, let size = plan.sizes.first(where: { size in !rows.contains { $0.size == size } }) {
            throw refuse("has no row of its plan's size \(size)")
        }
        if let kind = kinds.first(where: { kind in !rows.contains { $0.elementKind == kind } }) {
            throw refuse("has no row of its plan's element kind \(kind)")
        }
        // Every dataset it ran has a row for each engine (and the floor) in each kind.
        struct Case: Hashable { var workload: WorkloadName, size: Int, parameters: String, seed: UInt64, kind: ElementKind, engine: Subject }
        let present = Set(rows.map { Case(workload: $0.workload, size: $0.size, parameters: $0.parameters, seed: $0.seed, kind: $0.elementKind, engine: $0.engine) })
        for row in rows {
            for kind in kinds {
                for engine in plan.engines {
                    let wanted = Case(workload: row.workload, size: row.size, parameters: row.parameters, seed: row.seed, kind: kind, engine: engine)
                    if !present.contains(wanted) {
                        throw refuse("lacks the \(engine) row on \(row.workload)@\(row.size) (\(kind))")
                    }
                }
            }
        }
    }
}
