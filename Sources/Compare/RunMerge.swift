import Formats

/// Joins the shards of one plan (`run --shard K/N`, one CI job each) into one
/// run, which `compare` then judges as if it had run on one machine: every
/// dataset ran with its own references inside one shard, so its ratios are
/// valid, and instruction counts do not depend on the machine at all.
///
/// Refused (the message names the file): rows that appear in two shards
/// (which one is "the" measurement?), and shards of different builds or
/// plans: another git commit, build configuration, Swift version or seed,
/// other engines or sampling settings, another shard count, the same shard
/// twice, or instruction counts in some shards only. O(R) for R rows.
public enum RunMerge {
    /// A shard as read: where it came from and what it holds.
    public struct Part: Sendable {
        public var path: String
        public var document: RunDocument
        public init(path: String, document: RunDocument) {
            self.path = path
            self.document = document
        }
    }

    /// The merged document (rows in shard order), and notes for the user
    /// (shards that were not given, incomplete shards).
    public static func merge(_ parts: [Part], runName: String) throws(CompareInputError) -> (RunDocument, [String]) {
        guard let first = parts.first else { throw CompareInputError(path: "merge", problem: "no runs to merge") }
        var notes: [String] = []
        var seenShards: [String: String] = [:]
        var rowsByKey: [String: String] = [:]
        var rows: [ResultRow] = []
        var workloads: [String] = [], sizes: Set<Int> = [], extra: [String] = []
        var shardCount: Int?
        for part in parts {
            let environment = part.document.environment, plan = part.document.plan
            func refuse(_ what: String, _ mine: String, _ theirs: String) -> CompareInputError {
                CompareInputError(
                    path: part.path, problem: "\(what) is \(mine) but \(theirs) in \(first.path): these are not shards of one run")
            }
            let reference = first.document.environment, referencePlan = first.document.plan
            let checks: [(String, String, String)] = [
                ("the git commit", environment.gitCommit, reference.gitCommit),
                ("the build configuration", environment.buildConfiguration, reference.buildConfiguration),
                ("the Swift version", environment.swiftVersion, reference.swiftVersion),
                ("the seed", String(environment.seed), String(reference.seed)),
                ("the engines", plan.engines.joined(separator: ","), referencePlan.engines.joined(separator: ",")),
                ("the minimum samples", String(plan.minSamples), String(referencePlan.minSamples)),
                ("the minimum time", String(plan.minTimeSeconds), String(referencePlan.minTimeSeconds)),
                ("the time budget", String(plan.timeBudgetSeconds), String(referencePlan.timeBudgetSeconds)),
                ("the lcs memory budget", String(plan.lcsMemoryBudgetBytes), String(referencePlan.lcsMemoryBudgetBytes)),
                ("instruction counting", String(plan.instructions ?? false), String(referencePlan.instructions ?? false)),
            ]
            for (what, mine, theirs) in checks where mine != theirs { throw refuse(what, mine, theirs) }
            if let shard = plan.shard {
                let count = Int(shard.split(separator: "/").last ?? "")
                if let shardCount, count != shardCount {
                    throw refuse("the shard count", shard, "\(shardCount)")
                }
                shardCount = count
                if let other = seenShards[shard] {
                    throw CompareInputError(path: part.path, problem: "shard \(shard) is given twice (also \(other))")
                }
                seenShards[shard] = part.path
            }
            if !part.document.complete { notes.append("\(part.path) is incomplete (interrupted): the merged run is incomplete too.") }
            for row in part.document.rows {
                if let other = rowsByKey[row.key] {
                    throw CompareInputError(
                        path: part.path, key: row.key, problem: "this row is also in \(other): shards must not overlap")
                }
                rowsByKey[row.key] = part.path
                rows.append(row)
            }
            for workload in plan.workloads where !workloads.contains(workload) { workloads.append(workload) }
            sizes.formUnion(plan.sizes)
            extra += plan.extraCases
        }
        if let shardCount {
            let missing = (1...max(shardCount, 1)).map { "\($0)/\(shardCount)" }.filter { seenShards[$0] == nil }
            if !missing.isEmpty {
                notes.append("Shard\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) not given: their rows will be missing.")
            }
        }
        var plan = first.document.plan
        plan.workloads = workloads
        plan.sizes = sizes.sorted()
        plan.extraCases = extra
        plan.shard = nil
        var environment = first.document.environment
        environment.runName = runName
        let engines = parts.compactMap(\.document.engines).first
        let document = RunDocument(
            environment: environment, plan: plan, complete: parts.allSatisfy(\.document.complete) && notes.isEmpty,
            engines: engines, rows: rows)
        return (document, notes)
    }
}
