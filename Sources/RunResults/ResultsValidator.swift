import DiffEngines

/// The one place that says which results cannot be true. Every reader of
/// results — chart and the report page, targets, compare, baseline save,
/// merge, history add — reads through ``ResultsStore/read(_:)``, which runs
/// ``firstProblem(in:)`` on every document, so a rule added here holds for
/// all of them; a refusal names the file, the row's place in it and the
/// field, and the command exits 2.
///
/// The rules of one row alone are ``problem(of:)``. Across rows:
/// - no row twice: two rows of one engine, workload, size, parameters and
///   element kind (either could be "the" measurement);
/// - no row outside the plan (``planProblem(of:in:seed:)``);
/// - the rows of one dataset (workload, size, parameters, element kind,
///   seed, machine) agree on its facts: list lengths, fewest moves, fewest
///   edits, trimmed lengths. The floor's row, when there is one, states
///   them; so an engine's row cannot claim an easier pair than its
///   neighbours to hide steps below the fewest possible;
/// - a ratio agrees with the medians: `ratio_to_stdlib` is the row's median
///   over the dataset's `stdlib` median, `ratio_to_floor` over the floor's,
///   within ``ratioTolerance`` (where that row and both medians are given);
/// - the `machines` record is what merge writes (``machinesProblem(in:)``).
///
/// What no reader can check: a file forged whole and consistently (every
/// row's medians scaled alike, say). The rules catch the figures that
/// cannot belong together, not figures that are merely false.
public enum ResultsValidator {
    /// A problem found: the row (0-based; nil for the document's head) and the words.
    public struct Finding: Hashable, Sendable {
        public var row: Int?
        /// The top-level key the problem is under when it is not a row (`machines`).
        public var key: String?
        public var problem: String
    }

    /// Relative difference allowed between a stored ratio and the one its
    /// medians give: the run divides the same doubles, and the JSON keeps
    /// them exactly, so only a hand-rounded file comes near it.
    public static let ratioTolerance = 1e-6

    /// The first thing in `document` that cannot be true, in file order of
    /// rows (a row's own rules first, then its place among the others).
    /// O(rows) with hashing.
    public static func firstProblem(in document: RunDocument) -> Finding? {
        let machines = document.machines?.count ?? 0
        var seen: [String: Int] = [:]
        var datasets: [DatasetKey: Int] = [:]
        for (index, row) in document.rows.enumerated() {
            let dataset = DatasetKey(row), floor = row.engine.isFloor
            if datasets[dataset] == nil || floor { datasets[dataset] = index }
            var problem = problem(of: row)
            if problem == nil, let machine = row.machine, !(0..<machines).contains(machine) {
                problem = "machine is \(machine) but the file lists \(machines) machine\(machines == 1 ? "" : "s") (machines)"
            }
            if problem == nil, let other = seen.updateValue(index, forKey: row.key) {
                problem = "the row appears twice (also row \(other + 1)): either could be the measurement"
            }
            if problem == nil, let plan = planProblem(of: row, in: document.plan, seed: document.environment.seed) {
                problem = "outside the plan: " + plan
            }
            if let problem { return Finding(row: index, problem: problem) }
        }
        for (index, row) in document.rows.enumerated() {
            guard let stated = datasets[DatasetKey(row)] else { continue }
            let reference = document.rows[stated]
            if let problem = factsProblem(row, against: reference, at: stated) ?? ratioProblem(row, among: document.rows, seen) {
                return Finding(row: index, problem: problem)
            }
        }
        if let problem = machinesProblem(in: document) { return Finding(row: nil, key: "machines", problem: problem) }
        return nil
    }

    /// One dataset of a run, as its rows name it.
    struct DatasetKey: Hashable {
        var workload: WorkloadName, size: Int, parameters: String, kind: ElementKind, seed: UInt64, machine: Int?
        init(_ row: ResultRow) {
            (workload, size, parameters, kind, seed, machine) = (row.workload, row.size, row.parameters, row.elementKind, row.seed, row.machine)
        }
    }

    /// Whether `row` has a place in `plan`: its engine among the plan's
    /// (the floor is listed there when it ran), its element kind among the
    /// plan's kinds, and, when the plan reads no dataset files (whose rows
    /// carry the file's workload, size and seed), its workload, size and
    /// seed among the plan's. O(plan).
    public static func planProblem(of row: ResultRow, in plan: PlanSummary, seed: UInt64) -> String? {
        let kinds = plan.elements
        if !plan.engines.contains(row.engine) {
            return "engine \(row.engine) is not among the plan's engines (\(plan.engines.map(\.name).joined(separator: ", ")))"
        }
        if !kinds.contains(row.elementKind) {
            return "element kind \(row.elementKind) is not among the plan's (\(kinds.map(\.rawValue).joined(separator: ", ")))"
        }
        guard plan.extraCases.isEmpty else { return nil }
        if !plan.workloads.contains(row.workload) {
            return "workload \(row.workload) is not among the plan's (\(plan.workloads.map(\.rawValue).joined(separator: ", ")))"
        }
        if !plan.sizes.contains(row.size) {
            return "size \(row.size) is not among the plan's (\(plan.sizes.map(String.init).joined(separator: ", ")))"
        }
        if row.seed != seed { return "seed \(row.seed) is not the run's seed \(seed)" }
        return nil
    }

    /// The dataset's facts in `row` against those of the row that states
    /// them (the floor's, else the dataset's first). O(1).
    static func factsProblem(_ row: ResultRow, against reference: ResultRow, at index: Int) -> String? {
        typealias Key = ResultRow.CodingKeys
        let facts: [(Key, Int?, Int?)] = [
            (.sizeOld, row.sizeOld, reference.sizeOld), (.sizeNew, row.sizeNew, reference.sizeNew),
            (.minMoves, row.minMoves, reference.minMoves), (.minEdits, row.minEdits, reference.minEdits),
            (.trimmedOld, row.trimmedOld, reference.trimmedOld), (.trimmedNew, row.trimmedNew, reference.trimmedNew),
        ]
        for (key, mine, theirs) in facts where mine != theirs {
            let shown = { (value: Int?) in value.map(String.init) ?? "empty" }
            return "\(key.rawValue) is \(shown(mine)) but \(shown(theirs)) in row \(index + 1) (\(reference.engine)) of the same dataset: "
                + "the rows of one dataset share its facts"
        }
        return nil
    }

    /// Each ratio of `row` against its medians: its median over the
    /// dataset's `stdlib` (or floor) median. O(1) per ratio.
    /// `index` is each row's position by ``ResultRow/key`` (one row per key).
    static func ratioProblem(_ row: ResultRow, among rows: [ResultRow], _ index: [String: Int]) -> String? {
        guard let median = row.medianNs else { return nil }
        let references: [(ResultRow.CodingKeys, Double?, Subject)] = [
            (.ratioToStdlib, row.ratioToStdlib, .stdlib), (.ratioToFloor, row.ratioToFloor, .floor),
        ]
        for case let (key, ratio?, engine) in references {
            var reference = row
            reference.engine = engine
            guard let index = index[reference.key], rows[index].machine == row.machine, rows[index].seed == row.seed,
                let over = rows[index].medianNs, over > 0
            else { continue }
            let expected = median / over
            if abs(ratio - expected) > ratioTolerance * max(abs(expected), 1e-12) {
                return "\(key.rawValue) is \(ratio) but median_ns / the \(engine) row's median_ns (row \(index + 1)) is \(expected)"
            }
        }
        return nil
    }

    /// The `machines` record as merge writes it (`merge
    /// --allow-mixed-machines`): at least two machines, no two alike in
    /// their machine fields (``RunEnvironment/machineFields``), each
    /// measuring at least one row, every row naming its machine, and every
    /// machine of the run's build and seed (merge refuses shards of another
    /// build configuration or seed, mixed machines or not). O(rows + machines²).
    static func machinesProblem(in document: RunDocument) -> String? {
        guard let machines = document.machines else { return nil }
        if machines.count < 2 {
            return "lists \(machines.count) machine\(machines.count == 1 ? "" : "s"); a run of one machine has no machines record (its environment says it)"
        }
        for (index, machine) in machines.enumerated() {
            if let twin = machines[..<index].firstIndex(where: { $0.sameMachine(as: machine) }) {
                return "machine \(index) is machine \(twin) again: each machine is listed once"
            }
            if machine.buildConfiguration != document.environment.buildConfiguration || machine.seed != document.environment.seed {
                return "machine \(index) has build configuration \(machine.buildConfiguration) and seed \(machine.seed), "
                    + "but the run \(document.environment.buildConfiguration) and \(document.environment.seed): one run has one build and seed"
            }
        }
        if let row = document.rows.firstIndex(where: { $0.machine == nil }) {
            return "row \(row + 1) names no machine, though the file lists machines: which one measured it?"
        }
        let used = Set(document.rows.compactMap(\.machine))
        if let unused = machines.indices.first(where: { !used.contains($0) }) {
            return "machine \(unused) measured no row"
        }
        return nil
    }
}
