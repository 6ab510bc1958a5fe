import DiffEngines
import FileSupport
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Workloads
import InputFiles
import RunResults

/// Runs a plan: for each dataset, verifies every engine, times them
/// interleaved, measures their memory, and writes the rows after each
/// dataset (atomically, so an interrupted run leaves the finished rows).
public struct Runner {
    public var plan: RunPlan
    public var progress: ProgressReporter?
    /// Told before each engine call and when a case has its facts (a
    /// worker passes these to its parent, ``CaseWorker``); nil in process.
    var events: ((CaseEvent) -> Void)?
    /// A cost model made before the run, used instead of the calibration at
    /// its start; nil (always, outside tests): calibrate. A test whose checks
    /// do not depend on predictions passes a fixed model: the calibration
    /// times every engine that is not linear, several calls in each element
    /// kind, and was most of such a test's time in a debug build. O(1).
    var costModel: CostModel?

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
        LaunchState.capture()
        Runner.steadyAllocator()
        let start = Date()
        let environment = RunEnvironment.current(seed: plan.seed, runName: plan.runName, start: start)
        var supervisor: CaseSupervisor?
        if case let .workers(executable) = plan.isolation {
            supervisor = CaseSupervisor(
                plan: plan, executable: executable, workDirectory: RunFolder(plan.outputDirectory).path(of: .workers), progress: progress)
        }
        if let supervisor { WorkFolderCleanup.arm(supervisor.workDirectory) }
        defer {
            if let supervisor {
                try? FileManager.default.removeItem(atPath: supervisor.workDirectory)
                WorkFolderCleanup.disarm()
            }
        }
        let execution: any CaseExecution = supervisor ?? InProcessCases(runner: self)
        var rows: [ResultRow] = []
        var document = RunDocument(
            environment: environment, plan: plan.summary, complete: false, engines: plan.engineInfos, rows: [])
        document.workloads = plan.workloadInfos
        document.elementKinds = plan.elementKindInfos
        document.targets = plan.targets
        try ResultsStore.write(document, to: plan.outputDirectory)
        ResultsStore.pointLatest(at: plan.outputDirectory)
        let cost = try costModel ?? execution.calibrate(engines)
        // An engine called in process may have changed the mask, the
        // environment or the locale: what the run does next follows the user's.
        LaunchState.restore()
        var rowsPerCase: [[ResultRow]] = []
        for source in plan.cases {
            progress?.starting(plan.shownPaths[source.label] ?? source.label)
            // Made here in both executions, for its measured shape and to be
            // saved; a worker makes it again itself (untimed, before any call).
            let dataset = try CaseJob(source, kind: .int, subjects: []).dataset(seed: plan.seed, loadFile: loadFile)
            if case .generated = source, let directory = plan.datasetsDirectory, let warning = Runner.saveIfMissing(dataset, in: directory) {
                progress?.warn(warning)
            }
            document.datasets = (document.datasets ?? []) + [DatasetShape(dataset, generated: dataset.isGenerated)]
            for kind in plan.elementKinds {
                let caseRows = try execution.rows(of: source, dataset: dataset, kind: kind, cost: cost)
                LaunchState.restore()
                rowsPerCase.append(caseRows)
                rows += caseRows
                document.rows = rows
                try ResultsStore.write(document, to: plan.outputDirectory)
            }
            progress?.finished()
        }
        if plan.countInstructions {
            progress?.note("counting instructions under callgrind (\(rows.count) rows)")
            rows = try countInstructions(rowsPerCase)
            document.rows = rows
        }
        document.complete = true
        document.environment.loadAverageAfter = RunEnvironment.loadAverage()
        try ResultsStore.write(document, to: plan.outputDirectory)
        progress?.close()
        return Outcome(document: document, failedRows: rows.filter { $0.status.isFailure })
    }

    /// The rows with their `instructions` filled in by the callgrind pass
    /// (``InstructionCounter``), in the same order.
    func countInstructions(_ rowsPerCase: [[ResultRow]]) throws(InstructionCountError) -> [ResultRow] {
        let counter = InstructionCounter(
            executable: plan.instructionExecutable ?? InstructionCounter.currentExecutable,
            workDirectory: RunFolder(plan.outputDirectory).path(of: .instructions))
        let found = try counter.count(InstructionCounter.jobs(plan: plan, rowsPerCase: rowsPerCase))
        return zip(rowsPerCase, zip(found.counts, found.notes)).flatMap { rows, found in
            rows.map { row in
                var row = row
                row.instructions = found.0[row.engine]
                if let note = InstructionCounter.leftOutNote(row) ?? found.1[row.engine] {
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

    /// Saves a generated dataset under `directory` unless a file of its name
    /// is there; a warning in words when it cannot be saved, else nil.
    static func saveIfMissing(_ dataset: Dataset, in directory: String) -> String? {
        let name = "\(dataset.workload)-\(dataset.size)-seed\(dataset.seed).json"
        let path = directory + "/" + name
        guard !FileManager.default.fileExists(atPath: path) else { return nil }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try DatasetFile.write(dataset, to: path)
            return nil
        } catch {
            return "warning: could not save \(TerminalText.visible(path)): \(error)"
        }
    }

    /// Interleaved sampling: each round takes one sample of every subject,
    /// in a rotating order, so that drift of the machine (frequency, other
    /// load) hits every engine alike — including the `stdlib` reference the
    /// ratios divide by. Rounds go on until there are `minSamples` of them
    /// and they have lasted `minTime`; a subject leaves the rounds only at
    /// `maxSamples` or when its samples reach its time budget. A sample
    /// repeats fast calls until it lasts about `sampleTargetNanoseconds`;
    /// results are kept until the clock has stopped. Each call is made on
    /// the next of ``timingCopies`` equal copies of the lists, so an engine
    /// that caches its answer on its input's identity is not timed on hits.
    ///
    /// Every timed answer is checked, after the clock stops: each changeset
    /// kept in the sink is compared with `expected` (the verified first
    /// call's), then the sink is emptied. The comparison is O(changeset)
    /// per call and runs between samples, never inside one, so the timings
    /// do not include it. A subject whose answer changed gets the number of
    /// the first changed call (the verifying call is call 1) and how many
    /// calls it made, in ``Sampling/changed``. `agrees` decides whether an
    /// answer is the expected one (equality, unless a deadline lets answers
    /// cut short at different points differ: see ``CaseRun/agrees(_:with:)``).
    func sample(
        _ subjects: [Subject], lists: ProjectedLists, options: DiffOptions, warmup: [Subject: Double], expected: [Subject: Changeset] = [:],
        agrees: (Changeset?, Changeset) -> Bool = { $0 == $1 }
    ) -> Sampling {
        var samples: [Subject: [Double]] = [:]
        var spent: [Subject: Double] = [:]
        var repeats: [Subject: Int] = [:]
        var calls: [Subject: Int] = [:]
        var firstChange: [Subject: Int] = [:]
        for subject in subjects {
            let once = max(warmup[subject] ?? 1, 1)
            repeats[subject] = max(1, min(10_000, Int(plan.sampleTargetNanoseconds / once)))
            samples[subject] = []
            spent[subject] = 0
            calls[subject] = 1
        }
        let start = monotonicNanoseconds()
        var round = 0
        var sink: [Changeset?] = []
        var taken = 0
        var throttle = ProgressThrottle()
        // Each call gets the next of a few equal copies of the lists, never
        // the arrays the call before it had (nor the verified call's).
        // (Each subject rotates on its own: another's calls in between must
        // not bring it back to the copy it last had.)
        let copies = lists.freshCopies(Self.timingCopies)
        var next = [Subject: Int]()
        /// Where sampling stands, told at most a few times a second (to the
        /// parent from a worker, to the progress line in process).
        func report() {
            guard events != nil || progress != nil, throttle.shouldDraw(at: monotonicNanoseconds()) else { return }
            let elapsed = Double(monotonicNanoseconds() - start) / 1e9
            let budgetLeft = subjects.reduce(0.0) { total, subject in
                samples[subject]!.count >= plan.maxSamples ? total : total + max(0, (plan.timeLimit ?? 0) - spent[subject]! / 1e9)
            }
            let state = SamplingProgress(
                samples: taken,
                secondsLeft: SamplingProgress.estimate(
                    round: round, elapsed: elapsed, minSamples: plan.minSamples, minTime: plan.minTime, budgetLeft: budgetLeft))
            events?(.sampling(state))
            progress?.sampling(state)
        }
        while true {
            let elapsed = Double(monotonicNanoseconds() - start) / 1e9
            if round >= plan.minSamples && elapsed >= plan.minTime { break }
            var active = false
            for offset in 0..<subjects.count {
                let subject = subjects[(offset + round) % subjects.count]
                if samples[subject]!.count >= plan.maxSamples || spent[subject]! / 1e9 >= plan.timeLimit ?? .infinity { continue }
                active = true
                let call = SubjectCall(subject: subject, registry: plan.registry, options: options)
                let k = repeats[subject]!
                sink.reserveCapacity(k)
                events?(.calling(subject: subject, phase: .timed))
                let start = monotonicNanoseconds()
                var copy = next[subject] ?? 0
                for _ in 0..<k {
                    sink.append(try? call(copies[copy]))
                    copy = copy + 1 == copies.count ? 0 : copy + 1
                }
                let elapsed = Double(monotonicNanoseconds() - start)
                next[subject] = copy
                // The clock has stopped: check the answers, then free them.
                if firstChange[subject] == nil, let wanted = expected[subject], let index = sink.firstIndex(where: { !agrees($0, wanted) }) {
                    firstChange[subject] = calls[subject]! + index + 1
                }
                calls[subject]! += k
                blackHole(sink)
                sink.removeAll(keepingCapacity: true)
                samples[subject]!.append(elapsed / Double(k))
                spent[subject]! += elapsed
                taken += 1
                report()
            }
            round += 1
            if !active { break }
        }
        var changed: [Subject: (call: Int, of: Int)] = [:]
        for (subject, call) in firstChange { changed[subject] = (call, calls[subject]!) }
        return Sampling(samples: samples, changed: changed)
    }

    /// How many equal copies of a case's lists the timed calls rotate
    /// between (``ProjectedLists/freshCopies(_:)``): two would do against a
    /// cache of the last input; three keep an engine that remembers its
    /// last two inputs from a hit on every call. The copies cost 3 × the
    /// lists' arrays (their strings are shared), once per case.
    static let timingCopies = 3

    /// What ``sample(_:lists:options:warmup:expected:)`` found: the samples
    /// of each subject, and the subjects whose answer changed (the first
    /// changed call and the calls made).
    struct Sampling {
        var samples: [Subject: [Double]]
        var changed: [Subject: (call: Int, of: Int)]
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
