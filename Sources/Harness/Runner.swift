import DiffEngines
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Workloads
import Formats
import ListUpdates

/// Runs a plan: for each dataset, verifies every engine, times them
/// interleaved, measures their memory, and writes the rows after each
/// dataset (atomically, so an interrupted run leaves the finished rows).
public struct Runner {
    public var plan: RunPlan
    public var progress: ProgressReporter?
    /// Extra verification every changeset must pass (the batch-update model),
    /// given the engine, the dataset and the engine's changeset; returns a
    /// problem in words or nil. Its result fills `batch_verified`.
    public var batchCheck: (@Sendable (EngineName, Dataset, Changeset) -> String?)?
    let fault = FaultInjection.fromEnvironment()

    public init(
        plan: RunPlan, progress: ProgressReporter? = nil,
        batchCheck: (@Sendable (EngineName, Dataset, Changeset) -> String?)? = nil
    ) {
        self.plan = plan
        self.progress = progress
        self.batchCheck = batchCheck
    }

    /// The outcome: the document written, and whether any row failed.
    public struct Outcome {
        public var document: RunDocument
        public var failedRows: [ResultRow]
    }

    public func run(loadFile: (String) throws -> Dataset) throws -> Outcome {
        Runner.steadyAllocator()
        let start = Date()
        let environment = RunEnvironment.current(seed: plan.seed, runName: plan.runName, start: start)
        let cost = CostModel.calibrate(engines: plan.engines.filter { $0 == .myers || $0 == .stdlib || $0 == .lcs }, seed: plan.seed)
        var rows: [ResultRow] = []
        var document = RunDocument(environment: environment, plan: plan.summary, complete: false, rows: [])
        try ResultsStore.write(document, to: plan.outputDirectory)
        ResultsStore.pointLatest(at: plan.outputDirectory)
        for source in plan.cases {
            progress?.starting(source.label)
            let dataset: Dataset
            switch source {
            case let .generated(workload, size, parameters):
                dataset = try workload.make(size: size, seed: plan.seed, parameters: parameters)
                if let directory = plan.datasetsDirectory { saveIfMissing(dataset, source: source, in: directory) }
            case let .file(path):
                dataset = try loadFile(path)
            }
            rows += runCase(dataset, cost: cost)
            document.rows = rows
            try ResultsStore.write(document, to: plan.outputDirectory)
            progress?.finished()
        }
        document.complete = true
        try ResultsStore.write(document, to: plan.outputDirectory)
        progress?.close()
        return Outcome(document: document, failedRows: rows.filter { $0.status == .failed })
    }

    /// glibc's malloc adapts its mmap and trim thresholds while a process
    /// runs, so the same call can land in two regimes (fresh pages from the
    /// kernel or reused ones) and fast cases flip between them from run to
    /// run. Fixed thresholds keep a whole run in one regime. No memory figure
    /// changes (they count requested bytes).
    /// (`mallopt` is looked up at run time: `<malloc.h>` is not part of the
    /// Glibc module, and other C libraries do not have it.)
    static func steadyAllocator() {
        #if canImport(Glibc)
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
        let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3  // M_TRIM_THRESHOLD, M_MMAP_THRESHOLD
        _ = mallopt(mmapThreshold, 32 << 20)
        _ = mallopt(trimThreshold, Int32.max)
        #endif
    }

    func saveIfMissing(_ dataset: Dataset, source: RunPlan.Source, in directory: String) {
        let name = "\(dataset.workload)-\(dataset.size)-seed\(dataset.seed).json"
        let path = directory + "/" + name
        guard !FileManager.default.fileExists(atPath: path) else { return }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try DatasetFile.write(dataset, to: path)
        } catch {
            progress?.note("warning: could not save \(path): \(error)")
        }
    }

    /// Every subject on one dataset: rows in plan order.
    func runCase(_ dataset: Dataset, cost: CostModel) -> [ResultRow] {
        let facts = PairFacts(dataset) { bound, n, m in
            guard let seconds = cost.predictedSeconds(
                .myers,
                facts: PairFacts.bound(editDistance: bound, trimmedOld: n, trimmedNew: m),
                oldCount: dataset.old.count, newCount: dataset.new.count)
            else { return true }
            return seconds < plan.timeBudget / 4
        }
        let options = DiffOptions(lcsMemoryBudget: plan.lcsMemoryBudget)
        let subjects = plan.engines.map(Subject.engine) + (plan.includeFloor ? [.floor] : [])
        let parameters = dataset.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")

        var rows: [Subject: ResultRow] = [:]
        var timed: [Subject] = []
        var warmup: [Subject: Double] = [:]
        for subject in subjects {
            var row = ResultRow(
                engine: subject.name, workload: dataset.workload, size: dataset.size, sizeOld: dataset.old.count,
                sizeNew: dataset.new.count, seed: dataset.seed, parameters: parameters)
            row.minMoves = facts.minMoves
            row.minEdits = facts.minEdits
            row.trimmedOld = facts.trimmedOld
            row.trimmedNew = facts.trimmedNew
            let call = SubjectCall(subject: subject, options: options, fault: fault)
            if case let .engine(engine) = subject,
                let seconds = cost.predictedSeconds(engine, facts: facts, oldCount: dataset.old.count, newCount: dataset.new.count),
                seconds > plan.timeBudget
            {
                row.status = .skipped
                row.reason = String(
                    format: "predicted %.1f s for one call (D = %d), over the %.1f s case budget (--time-budget)",
                    seconds, facts.editDistance, plan.timeBudget)
                rows[subject] = row
                continue
            }
            // The verification call doubles as the warm-up.
            let start = monotonicNanoseconds()
            let result: Changeset?
            do {
                result = try call(dataset)
            } catch {
                row.status = .skipped
                row.reason = error.description
                rows[subject] = row
                continue
            }
            warmup[subject] = Double(monotonicNanoseconds() - start)
            if let changeset = result {
                row.inserts = changeset.inserts.count
                row.deletes = changeset.deletes.count
                row.moves = changeset.moves.count
                row.updates = changeset.updates.count
                row.steps = changeset.stepCount
                if let problem = changeset.verify(old: dataset.old, new: dataset.new) {
                    row.status = .failed
                    row.reason = "verification: " + problem
                    rows[subject] = row
                    continue
                }
                row.verified = true
                if let batchCheck, case let .engine(engine) = subject {
                    if let problem = batchCheck(engine, dataset, changeset) {
                        row.batchVerified = false
                        row.status = .failed
                        row.reason = "batch update: " + problem
                        rows[subject] = row
                        continue
                    }
                    row.batchVerified = true
                }
                row.status = .ok
            } else {
                row.status = .reference
            }
            rows[subject] = row
            timed.append(subject)
        }

        let samples = sample(timed, dataset: dataset, options: options, warmup: warmup)
        for subject in timed {
            guard var row = rows[subject], let statistics = SampleStatistics(samples[subject] ?? []) else { continue }
            row.samples = statistics.count
            row.medianNs = statistics.median
            row.minNs = statistics.min
            row.p90Ns = statistics.p90
            row.maxNs = statistics.max
            row.spreadNs = statistics.mad
            if statistics.count < plan.minSamples {
                row.reason = "time budget reached after \(statistics.count) samples (minimum \(plan.minSamples))"
            }
            if plan.measureMemory {
                let call = SubjectCall(subject: subject, options: options, fault: fault)
                let (result, reading) = MemoryMeter.measure { try? call(dataset) }
                blackHole(result)
                row.peakHeapBytes = reading.peakLiveBytes
                row.allocations = reading.allocations
            }
            rows[subject] = row
        }
        let stdlibMedian = rows[.engine(.stdlib)]?.medianNs
        let floorMedian = rows[.floor]?.medianNs
        return subjects.compactMap { subject in
            guard var row = rows[subject] else { return nil }
            if let median = row.medianNs {
                if let stdlibMedian, stdlibMedian > 0 { row.ratioToStdlib = median / stdlibMedian }
                if let floorMedian, floorMedian > 0 { row.ratioToFloor = median / floorMedian }
            }
            return row
        }
    }

    /// Interleaved sampling: each round takes one sample of every subject,
    /// in a rotating order, so that drift of the machine (frequency, other
    /// load) hits every engine alike — including the `stdlib` reference the
    /// ratios divide by. Rounds go on until there are `minSamples` of them
    /// and they have lasted `minTime`; a subject leaves the rounds only at
    /// `maxSamples` or when its samples reach its time budget. A sample
    /// repeats fast calls until it lasts about `sampleTargetNanoseconds`;
    /// results are kept until the clock has stopped and freed afterwards.
    func sample(_ subjects: [Subject], dataset: Dataset, options: DiffOptions, warmup: [Subject: Double])
        -> [Subject: [Double]]
    {
        var samples: [Subject: [Double]] = [:]
        var spent: [Subject: Double] = [:]
        var repeats: [Subject: Int] = [:]
        for subject in subjects {
            let once = max(warmup[subject] ?? 1, 1)
            repeats[subject] = max(1, min(10_000, Int(plan.sampleTargetNanoseconds / once)))
            samples[subject] = []
            spent[subject] = 0
        }
        let start = monotonicNanoseconds()
        var round = 0
        var sink: [Changeset?] = []
        while true {
            let elapsed = Double(monotonicNanoseconds() - start) / 1e9
            if round >= plan.minSamples && elapsed >= plan.minTime { break }
            var active = false
            for offset in 0..<subjects.count {
                let subject = subjects[(offset + round) % subjects.count]
                if samples[subject]!.count >= plan.maxSamples || spent[subject]! / 1e9 >= plan.timeBudget { continue }
                active = true
                let call = SubjectCall(subject: subject, options: options, fault: fault)
                let k = repeats[subject]!
                sink.reserveCapacity(k)
                let start = monotonicNanoseconds()
                for _ in 0..<k { sink.append(try? call(dataset)) }
                let elapsed = Double(monotonicNanoseconds() - start)
                blackHole(sink)
                sink.removeAll(keepingCapacity: true)
                samples[subject]!.append(elapsed / Double(k))
                spent[subject]! += elapsed
            }
            round += 1
            if !active { break }
        }
        return samples
    }
}

extension PairFacts {
    /// Facts with only the figures the cost model reads (for a what-if prediction).
    static func bound(editDistance: Int, trimmedOld: Int, trimmedNew: Int) -> PairFacts {
        PairFacts(uniqueIDs: false, minMoves: nil, minEdits: nil, editDistance: editDistance, trimmedOld: trimmedOld, trimmedNew: trimmedNew)
    }

    init(uniqueIDs: Bool, minMoves: Int?, minEdits: Int?, editDistance: Int, trimmedOld: Int, trimmedNew: Int) {
        self.uniqueIDs = uniqueIDs
        self.minMoves = minMoves
        self.minEdits = minEdits
        self.editDistance = editDistance
        self.trimmedOld = trimmedOld
        self.trimmedNew = trimmedNew
    }
}
