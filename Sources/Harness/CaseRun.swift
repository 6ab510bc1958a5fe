import DiffEngines
import InputFiles
import RunResults
import Workloads

/// Every subject of the plan on one dataset in one element kind, in named
/// steps: facts, then
/// per subject the time prediction, the verifying warm-up call and the
/// batch check; then interleaved sampling, the memory pass and the ratios
/// to the in-run references.
struct CaseRun {
    let runner: Runner
    let dataset: Dataset
    let kind: ElementKind
    /// The dataset's lists as `kind` (projected once, before any timing).
    let lists: ProjectedLists
    let cost: CostModel

    init(runner: Runner, dataset: Dataset, kind: ElementKind, cost: CostModel) {
        self.runner = runner
        self.dataset = dataset
        self.kind = kind
        self.lists = ProjectedLists(dataset, kind: kind)
        self.cost = cost
    }

    var plan: RunPlan { runner.plan }
    var options: DiffOptions {
        DiffOptions(lcsMemoryBudget: plan.lcsMemoryBudget, deadline: plan.deadline.map { Duration.seconds($0) })
    }

    /// The rows, in plan order (engines, then the floor).
    func rows() -> [ResultRow] {
        let facts = pairFacts()
        let subjects = plan.subjects
        let over = subjects.map { predictedSkip($0, facts: facts) }
        // An engine predicted over the budget that honours bounds gets a probe call: its limit counts it.
        let predicted = zip(subjects, over).filter { $0.1 == nil || honoursBounds($0.0) }.map { predictedSeconds($0.0, facts: facts) }
        runner.events?(.prepared(template: emptyRow(.floor, facts: facts), limitSeconds: plan.caseLimitSeconds(predictedCalls: predicted)))
        var rows: [Subject: ResultRow] = [:]
        var timed: [Subject] = []
        var warmup: [Subject: Double] = [:]
        var expected: [Subject: Changeset] = [:]
        for (subject, over) in zip(subjects, over) {
            var row = emptyRow(subject, facts: facts)
            // Every row keeps its prediction, so the report can show one that was far off.
            row.predictedSeconds = predictedSeconds(subject, facts: facts)
            if let skip = over.flatMap({ confirmedSkip(subject, $0) }) {
                row.refuse(.overTimeBudget, skip.text, predictedSeconds: skip.seconds)
            } else if let (nanoseconds, answer) = verify(subject, into: &row) {
                warmup[subject] = nanoseconds
                expected[subject] = answer
                timed.append(subject)
            }
            rows[subject] = row
        }
        let sampling = runner.sample(timed, lists: lists, options: options, warmup: warmup, expected: expected, agrees: agrees)
        for subject in timed {
            guard var row = rows[subject] else { continue }
            if let changed = sampling.changed[subject] {
                Self.answerChanged(&row, "answer changed on call \(changed.call) of \(changed.of)")
            } else {
                record(sampling.samples[subject] ?? [], into: &row)
                if plan.measureMemory, let problem = measureMemory(subject, into: &row, expected: expected[subject]) {
                    Self.answerChanged(&row, problem)
                }
            }
            rows[subject] = row
        }
        return Self.withRatios(subjects.compactMap { rows[$0] })
    }

    /// A row whose engine gave another answer than its verified first one:
    /// `failed`, not verified, and without figures (they timed wrong answers).
    static func answerChanged(_ row: inout ResultRow, _ reason: String) {
        row.refuse(.answerChanged, reason)
        row.verified = false
        row.samples = 0
        (row.medianNs, row.minNs, row.p90Ns, row.maxNs, row.spreadNs) = (nil, nil, nil, nil, nil)
        row.sampleQuantilesNs = nil
        (row.peakHeapBytes, row.allocations) = (nil, nil)
    }

    /// The best possible changeset's figures, computed once, untimed. The
    /// myers run that finds the fewest edits on repeated ids is made only
    /// when it fits ``RunPlan/factsSeconds`` (a quarter of the time budget):
    /// unbounded when the worst case D fits, otherwise stopped at the
    /// diagonal cells that time buys at the calibrated rate.
    func pairFacts() -> PairFacts {
        let cells = cost.nanosecondsPerUnit[.myers].map { plan.factsSeconds * 1e9 / max($0, 1e-3) }
        return PairFacts(dataset, myersCostLimit: cells.map { Int(min($0, 1e15)) }) { bound, n, m in
            let bounded = PairFacts.bound(editDistance: bound, trimmedOld: n, trimmedNew: m)
            guard let seconds = cost.predictedSeconds(
                .myers, facts: bounded, oldCount: dataset.old.count, newCount: dataset.new.count)
            else { return true }
            return seconds < plan.factsSeconds
        }
    }

    func emptyRow(_ subject: Subject, facts: PairFacts) -> ResultRow {
        let parameters = dataset.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            .joined(separator: ";")
        var row = ResultRow(
            engine: subject, workload: WorkloadName(dataset.workload), size: dataset.size, sizeOld: dataset.old.count,
            sizeNew: dataset.new.count, seed: dataset.seed, parameters: parameters)
        row.elements = kind
        row.minMoves = facts.minMoves
        row.minEdits = facts.minEdits
        row.trimmedOld = facts.trimmedOld
        row.trimmedNew = facts.trimmedNew
        return row
    }

    /// The predicted seconds of one call of `subject`, or nil (linear
    /// engines, the floor); at most the deadline for an engine that honours it.
    func predictedSeconds(_ subject: Subject, facts: PairFacts) -> Double? {
        guard case let .engine(engine) = subject else { return nil }
        let seconds = cost.predictedSeconds(engine, kind: kind, facts: facts, oldCount: dataset.old.count, newCount: dataset.new.count)
        if let seconds, let deadline = plan.deadline, plan.registry.descriptor(named: engine)?.honoursBounds == true {
            return min(seconds, deadline)
        }
        return seconds
    }

    /// Why a single call is predicted not to fit the time budget (the
    /// predicted seconds and the words), or nil.
    func predictedSkip(_ subject: Subject, facts: PairFacts) -> (seconds: Double, text: String)? {
        guard let budget = plan.timeLimit, let seconds = predictedSeconds(subject, facts: facts), seconds > budget else { return nil }
        let text = String(
            format: "predicted %.1f s for one call (D = %d), over the %.1f s case budget (--time-budget)",
            seconds, facts.editDistance, budget)
        return (seconds, text)
    }

    /// Whether `subject` is an engine that stops at a deadline.
    func honoursBounds(_ subject: Subject) -> Bool {
        guard case let .engine(name) = subject else { return false }
        return plan.registry.descriptor(named: name)?.honoursBounds == true
    }

    /// The skip a prediction calls for, confirmed: a prediction alone never
    /// skips an engine that honours bounds. It gets one probe call cut off
    /// at the budget (``probeFinishes(_:)``) and is skipped only when that
    /// call did not finish within it; nil when it did (the engine is then
    /// verified and timed as any other).
    func confirmedSkip(_ subject: Subject, _ skip: (seconds: Double, text: String)) -> (seconds: Double, text: String)? {
        guard honoursBounds(subject) else { return skip }
        if probeFinishes(subject) { return nil }
        return (skip.seconds, skip.text + String(format: "; a probe call cut off at the budget did not finish within %.1f s", plan.timeBudget))
    }

    /// One call of `subject` with the time budget as its deadline: whether
    /// it finished whole (not cut short) within the budget. At most the
    /// budget plus the engine's coarse finish; the worker's case limit
    /// already allows one budget per predicted call.
    func probeFinishes(_ subject: Subject) -> Bool {
        let bounded = DiffOptions(lcsMemoryBudget: plan.lcsMemoryBudget, deadline: .seconds(plan.timeBudget))
        let call = SubjectCall(subject: subject, registry: plan.registry, options: bounded)
        runner.events?(.calling(subject: subject, phase: .verification))
        let start = monotonicNanoseconds()
        guard let answer = try? call(lists) else { return false }
        let elapsed = Double(monotonicNanoseconds() - start) / 1e9
        return !answer.isApproximate && elapsed <= plan.timeBudget
    }

    /// The verification call, which doubles as the warm-up: the changeset's
    /// counts, the verifier, the batch model. Returns the call's time and
    /// its answer (nil for the floor) when the subject goes on to be timed,
    /// nil when the row ends here.
    func verify(_ subject: Subject, into row: inout ResultRow) -> (Double, Changeset?)? {
        let call = SubjectCall(subject: subject, registry: plan.registry, options: options)
        runner.events?(.calling(subject: subject, phase: .verification))
        let start = monotonicNanoseconds()
        let result: Changeset?
        do {
            result = try call(lists)
        } catch {
            row.refuse(Self.reasonCode(of: error), error.description)
            return nil
        }
        let elapsed = Double(monotonicNanoseconds() - start)
        guard let changeset = result else {
            row.status = .reference
            return (elapsed, nil)
        }
        row.inserts = changeset.inserts.count
        row.deletes = changeset.deletes.count
        row.moves = changeset.moves.count
        row.updates = changeset.updates.count
        row.steps = changeset.stepCount
        row.approximate = changeset.isApproximate
        if let problem = verifyProblem(changeset) {
            row.refuse(.failedVerification, "verification: \(problem)")
            return nil
        }
        let (placed, sliderProblem) = placingSliders(changeset)
        guard let placed else {
            row.refuse(.failedVerification, "verification: " + (sliderProblem ?? ""))
            return nil
        }
        row.verified = true
        row.gitHunksEqual = gitHunksEqual(placed)
        if case let .engine(name) = subject, let descriptor = plan.registry.descriptor(named: name) {
            if let problem = BatchCheck.problem(engine: descriptor, dataset: dataset, changeset: placed) {
                row.batchVerified = false
                row.refuse(.failedBatchCheck, "batch update: " + problem)
                return nil
            }
            row.batchVerified = true
        }
        row.status = .ok
        return (elapsed, changeset)
    }

    /// The typed reason for an engine's refusal of a pair.
    static func reasonCode(of error: DiffError) -> ResultRow.ReasonCode {
        switch error {
        case .duplicateID: return .needsUniqueIDs
        case .memoryBudgetExceeded: return .overMemoryBudget
        case .inconsistentChangeset, .unknownEngine: return .engineRefused
        }
    }

    /// Whether a later call's `answer` agrees with the verified first one:
    /// the same changeset, or, when either was cut short by the deadline
    /// (where the point it stopped at depends on the machine's speed),
    /// another answer that passes the verifier too. Without a deadline
    /// nothing depends on the machine's speed (a cost or memory limit cuts
    /// at the same point every call), so an answer marked approximate must
    /// be the same on every call too. Checked after the clock stops; O(N +
    /// M) only for an answer that differs.
    func agrees(_ answer: Changeset?, with expected: Changeset) -> Bool {
        guard let answer else { return false }
        if answer == expected { return true }
        guard plan.deadline != nil else { return false }
        return (answer.isApproximate || expected.isApproximate) && verifyProblem(answer) == nil
    }

    /// The verifier on the lists as timed, in their own element type. (The
    /// batch check then runs on the stored lists: the projection maps ids
    /// and contents one to one, so a changeset valid for one is valid for
    /// the other.)
    func verifyProblem(_ changeset: Changeset) -> VerificationFailure? {
        switch lists {
        case let .items(old, new): return changeset.verify(old: old, new: new)
        case let .uuids(old, new): return changeset.verify(old: old, new: new)
        case let .records(old, new): return changeset.verify(old: old, new: new)
        case let .strings(old, new): return changeset.verify(old: old, new: new, identity: TextLineElements())
        }
    }

    func record(_ samples: [Double], into row: inout ResultRow) {
        guard let statistics = SampleStatistics(samples) else { return }
        row.samples = statistics.count
        row.medianNs = statistics.median
        row.minNs = statistics.min
        row.p90Ns = statistics.p90
        row.maxNs = statistics.max
        row.spreadNs = statistics.mad
        row.sampleQuantilesNs = SampleStatistics.thinned(samples)
        if statistics.count < plan.minSamples {
            row.reason = "time budget reached after \(statistics.count) samples (minimum \(plan.minSamples))"
        }
    }

    /// One more call under the allocation hook, apart from every timed
    /// sample. Its answer is checked too: a problem when it is not
    /// `expected` (nil for the floor, which gives none).
    func measureMemory(_ subject: Subject, into row: inout ResultRow, expected: Changeset?) -> String? {
        let call = SubjectCall(subject: subject, registry: plan.registry, options: options)
        runner.events?(.calling(subject: subject, phase: .memory))
        let (result, reading) = MemoryMeter.measure { try? call(lists) }
        row.peakHeapBytes = reading.peakLiveBytes
        row.allocations = reading.allocations
        guard let expected, !agrees(result, with: expected) else { return nil }
        return "answer changed on the memory pass's call (after \(row.samples) timed samples)"
    }

    /// Each median over the in-run `stdlib` and `floor` medians.
    static func withRatios(_ rows: [ResultRow]) -> [ResultRow] {
        let stdlibMedian = rows.first { $0.engine == .stdlib }?.medianNs
        let floorMedian = rows.first { $0.engine == .floor }?.medianNs
        return rows.map { row in
            var row = row
            if let median = row.medianNs {
                if let stdlibMedian, stdlibMedian > 0 { row.ratioToStdlib = median / stdlibMedian }
                if let floorMedian, floorMedian > 0 { row.ratioToFloor = median / floorMedian }
            }
            return row
        }
    }
}
