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
    let fault = FaultInjection.fromEnvironment()

    public init(plan: RunPlan, progress: ProgressReporter? = nil) {
        self.plan = plan
        self.progress = progress
    }

    /// The outcome: the document written, and whether any row failed.
    public struct Outcome {
        public var document: RunDocument
        public var failedRows: [ResultRow]
    }

    public func run(loadFile: (String) throws -> Dataset) throws -> Outcome {
        let engines = try plan.descriptors()
        Runner.steadyAllocator()
        let start = Date()
        let environment = RunEnvironment.current(seed: plan.seed, runName: plan.runName, start: start)
        let cost = CostModel.calibrate(engines: engines, seed: plan.seed)
        var rows: [ResultRow] = []
        var document = RunDocument(
            environment: environment, plan: plan.summary, complete: false, engines: plan.engineInfos, rows: [])
        try ResultsStore.write(document, to: plan.outputDirectory)
        ResultsStore.pointLatest(at: plan.outputDirectory)
        var rowsPerCase: [[ResultRow]] = []
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
            document.datasets = (document.datasets ?? []) + [DatasetShape(dataset, generated: dataset.isGenerated)]
            for kind in plan.elementKinds {
                let caseRows = CaseRun(runner: self, dataset: dataset, kind: kind, cost: cost).rows()
                rowsPerCase.append(caseRows)
                rows += caseRows
            }
            document.rows = rows
            try ResultsStore.write(document, to: plan.outputDirectory)
            progress?.finished()
        }
        if plan.countInstructions {
            progress?.note("counting instructions under callgrind (\(rows.count) rows)")
            rows = try countInstructions(rowsPerCase)
            document.rows = rows
        }
        document.complete = true
        try ResultsStore.write(document, to: plan.outputDirectory)
        progress?.close()
        return Outcome(document: document, failedRows: rows.filter { $0.status == .failed })
    }

    /// The rows with their `instructions` filled in by the callgrind pass
    /// (``InstructionCounter``), in the same order.
    func countInstructions(_ rowsPerCase: [[ResultRow]]) throws(InstructionCountError) -> [ResultRow] {
        let counter = InstructionCounter(
            executable: plan.instructionExecutable ?? InstructionCounter.currentExecutable,
            workDirectory: plan.outputDirectory + "/.instructions")
        let counts = try counter.count(InstructionCounter.jobs(plan: plan, rowsPerCase: rowsPerCase))
        return zip(rowsPerCase, counts).flatMap { rows, found in
            rows.map { row in
                var row = row
                row.instructions = found[row.engine]
                if let note = InstructionCounter.leftOutNote(row) {
                    row.reason = row.reason.isEmpty ? note : row.reason + "; " + note
                }
                return row
            }
        }
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
            progress?.warn("warning: could not save \(TerminalText.visible(path)): \(error)")
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
    func sample(_ subjects: [Subject], lists: ProjectedLists, options: DiffOptions, warmup: [Subject: Double])
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
                let call = SubjectCall(subject: subject, registry: plan.registry, options: options, fault: fault)
                let k = repeats[subject]!
                sink.reserveCapacity(k)
                let start = monotonicNanoseconds()
                for _ in 0..<k { sink.append(try? call(lists)) }
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
