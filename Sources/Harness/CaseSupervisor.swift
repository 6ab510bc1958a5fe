import DiffEngines
import Foundation
import FileSupport
import RunResults
import Workloads

/// A worker's job that could not run for a reason of the input (a dataset
/// file that became unreadable, a workload that refuses its parameters):
/// exit status 2, as it would be in process.
public struct WorkerJobError: Error, CustomStringConvertible {
    public var description: String
}

/// The parent's side of the workers: it runs each dataset × kind in a
/// child process (``CaseWorker``), follows its announcements, and turns a
/// worker that dies or overruns into a row for the engine it was calling.
///
/// When a worker ends badly, the engine it last announced gets a
/// `crashed`, `timed-out` or `out-of-memory` row, and the case runs again,
/// from the start and still interleaved, without that engine: every other
/// engine's rows are kept. A case has at most as many attempts as
/// subjects. The parent owns the run folder and its lock; workers only
/// read a job file in `workDirectory` and write to their pipes.
struct CaseSupervisor {
    let plan: RunPlan
    let executable: String
    /// Where the job file goes (removed by the runner after the run).
    let workDirectory: String
    let progress: ProgressReporter?

    /// What one worker reported and how it ended.
    struct Attempt {
        var rows: [ResultRow]?
        var cost: CostModel?
        /// The answer to a `call` job (``EngineCall``).
        var answer: EngineCall.Answer?
        var template: ResultRow?
        var limitSeconds: Double?
        var lastCall: (subject: Subject, phase: CallPhase)?
        var failure: String?
        /// How the worker ended, as its parent followed it.
        var process = ChildProcess.Followed()
        var seconds = 0.0
        /// The subjects whose threads or child processes outlived a call, in words ("2 thread(s)").
        var lingering: [Subject: String] = [:]
        /// A report came that is not this worker's: under another job's id,
        /// a second one, or rows for other subjects than the job's, each
        /// once. Nothing it reported is then kept.
        var forged = false
    }

    /// The cost model, calibrated in a worker. An engine that crashes or
    /// hangs there is left out of the model (its cases are then not
    /// predicted); its fault shows in its cases' rows.
    func calibrate(_ engines: [EngineName]) throws -> CostModel {
        var remaining = engines.map(Subject.engine)
        while true {
            let job = WorkerJob(.calibrate, job: CaseJob(elements: nil, subjects: remaining), plan: plan, cost: nil)
            let attempt = try run(job, startLimit: plan.caseTimeout ?? 120)
            if let cost = attempt.cost, attempt.process.completed { return cost }
            if let failure = attempt.failure { throw WorkerJobError(description: failure) }
            guard let culprit = attempt.lastCall?.subject, remaining.contains(culprit) else {
                throw WorkerJobError(description: "the calibration worker ended before calling an engine: \(Self.describe(attempt))")
            }
            progress?.warn("warning: \(culprit) left out of the cost model: \(Self.fault(attempt, plan: plan).1)")
            remaining.removeAll { $0 == culprit }
        }
    }

    /// The rows of `source` in `kind`, in plan order (engines, then the
    /// floor): measured in workers, a faulty engine's row made here.
    ///
    /// Two rules keep the blame where it belongs. An engine whose threads
    /// outlived a call (``ThreadWatch``) is measured again in a worker of
    /// its own, and the others without it: its threads would run while they
    /// are timed, or crash in their name. And a crash in a worker that
    /// several subjects share is charged to no one until each of them has
    /// run alone in a fresh worker (``blameAlone(_:announced:reason:_:kind:cost:template:into:)``):
    /// only a subject that crashes alone is `crashed`. A report not the
    /// worker's (``Attempt/forged``) counts as a crash of the subject it came
    /// during. Ratios are made over the rows kept, whichever worker measured them.
    func measure(_ source: RunPlan.Source, kind: ElementKind, cost: CostModel) throws -> [ResultRow] {
        let subjects = plan.subjects
        var remaining = subjects
        var kept: [Subject: ResultRow] = [:]
        var template: ResultRow?
        while !remaining.isEmpty {
            let job = WorkerJob(
                .measure, job: CaseJob(source, kind: kind, subjects: remaining), plan: plan, cost: cost)
            let attempt = try run(job, startLimit: plan.caseStartLimitSeconds)
            template = attempt.template ?? template
            if let failure = attempt.failure { throw WorkerJobError(description: failure) }
            let lingering = remaining.filter { attempt.lingering[$0] != nil }
            if !lingering.isEmpty && remaining.count > 1 {
                for subject in lingering {
                    var row = try measureAlone(subject, source, kind: kind, cost: cost, template: template).row
                    row.note(.lingeringThreads, "\(attempt.lingering[subject] ?? "work") it started outlived its call; measured in a worker of its own")
                    kept[subject] = row
                }
                remaining.removeAll { lingering.contains($0) }
                continue
            }
            if let rows = attempt.rows, attempt.process.completed {
                for var row in rows where remaining.contains(row.engine) {
                    if let left = attempt.lingering[row.engine] {
                        row.note(.lingeringThreads, "\(left) it started outlived its call; measured in a worker of its own")
                    }
                    kept[row.engine] = row
                }
                break
            }
            let (code, reason) = Self.fault(attempt, plan: plan)
            if code.status == .crashed, remaining.count > 1, let culprit = attempt.lastCall?.subject, remaining.contains(culprit) {
                try blameAlone(remaining, announced: culprit, reason: reason, source, kind: kind, cost: cost, template: template, into: &kept)
                break
            }
            // A worker that ended before any engine call (making the dataset
            // or its facts ran out of memory) takes every subject with it.
            let culprits = attempt.lastCall.map { [$0.subject] } ?? remaining
            for culprit in culprits {
                kept[culprit] = Self.faultRow(culprit, attempt, code: code, reason: reason, template: template, source, kind: kind, seed: plan.seed)
            }
            remaining.removeAll { culprits.contains($0) }
        }
        return CaseRun.withRatios(subjects.compactMap { kept[$0] })
    }

    /// The blame for a crash in a worker that `subjects` shared, while it
    /// was calling `announced`: every one of them runs again alone, each in
    /// a fresh worker. A crash can come from another subject's leftover work
    /// (a thread, a forked child) landing in whichever call is running, so
    /// the announced subject proves nothing: only a subject whose lone run
    /// ends in a fault gets that fault's row. The others keep their lone
    /// rows; the announced one's is noted `crash-not-reproduced`, naming
    /// the subjects that did crash alone, or none. Costs one worker per
    /// subject.
    func blameAlone(
        _ subjects: [Subject], announced: Subject, reason: String, _ source: RunPlan.Source, kind: ElementKind, cost: CostModel,
        template: ResultRow?, into kept: inout [Subject: ResultRow]
    ) throws {
        var faulted: [Subject] = []
        for subject in subjects {
            let (row, fault) = try measureAlone(subject, source, kind: kind, cost: cost, template: template)
            if fault { faulted.append(subject) }
            kept[subject] = row
        }
        guard !faulted.contains(announced) else { return }
        let origin = faulted.isEmpty
            ? "no subject of the case crashed alone (not reproduced)"
            : "it came from another subject's leftover work: \(faulted.map(\.name).joined(separator: ", ")) crashed alone"
        kept[announced]?.note(.crashNotReproduced, "a worker it shared crashed in its calls (\(reason)); alone it did not crash, so it is not blamed: \(origin)")
    }

    /// `subject`'s row measured alone in a fresh worker: its measured row,
    /// or the row of the fault it met there (and whether it met one).
    func measureAlone(_ subject: Subject, _ source: RunPlan.Source, kind: ElementKind, cost: CostModel, template: ResultRow?) throws
        -> (row: ResultRow, fault: Bool)
    {
        let job = WorkerJob(.measure, job: CaseJob(source, kind: kind, subjects: [subject]), plan: plan, cost: cost)
        let attempt = try run(job, startLimit: plan.caseStartLimitSeconds)
        if let failure = attempt.failure { throw WorkerJobError(description: failure) }
        if let row = attempt.rows?.first(where: { $0.engine == subject }), attempt.process.completed { return (row, false) }
        let (code, reason) = Self.fault(attempt, plan: plan)
        return (Self.faultRow(subject, attempt, code: code, reason: reason, template: attempt.template ?? template, source, kind: kind, seed: plan.seed), true)
    }

    /// The row of `subject` whose worker met a fault.
    static func faultRow(
        _ subject: Subject, _ attempt: Attempt, code: ResultRow.ReasonCode, reason: String, template: ResultRow?,
        _ source: RunPlan.Source, kind: ElementKind, seed: UInt64
    ) -> ResultRow {
        var row = template ?? bareRow(source, kind: kind, seed: seed)
        row.engine = subject
        row.refuse(code, attempt.lastCall == nil ? reason + " (before any engine call: making the dataset or its facts)" : reason)
        return row
    }

    /// Runs one worker on `job` to its end, following its messages; kills
    /// it at the case's limit: `--case-timeout` from its start, else
    /// `startLimit` until it has predicted its calls, then the predicted limit.
    func run(_ job: WorkerJob, startLimit: Double) throws -> Attempt {
        // The worker's memory cgroup, where one can be made: the worker
        // joins it before any engine runs, and whatever is left in it when
        // the worker has ended is killed with it (``MemoryCgroup/end()``).
        let cgroup = MemoryCgroup.make(limit: job.memoryLimit)
        defer { cgroup?.end() }
        var job = job
        job.memoryCgroup = cgroup?.folder
        let jobPath = workDirectory + "/job.json"
        do {
            try FileManager.default.createDirectory(atPath: workDirectory, withIntermediateDirectories: true)
            try JSONEncoder().encode(job).write(to: URL(fileURLWithPath: jobPath))
        } catch {
            throw FileError(path: jobPath, problem: "cannot write the worker's job: \(error)")
        }
        var environment = ProcessInfo.processInfo.environment
        // A crash ends the worker at once, with the engine's message as the
        // last lines of its stderr (Swift's backtracer would take seconds
        // and bury the message).
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let child: ChildProcess
        do {
            child = try ChildProcess(executable, ["measure-case", jobPath], environment: environment, output: .pipes)
        } catch {
            throw WorkerJobError(description: "cannot start a worker (\(executable) measure-case): \(error.description)")
        }
        let start = monotonicNanoseconds()
        var deadline = start + UInt64(startLimit * 1e9)
        var attempt = Attempt()
        let decoder = JSONDecoder()
        let followed = child.follow(keep: 16_384, memoryLimit: job.memoryLimit, cgroup: cgroup, deadline: { deadline }) { line in
            guard let message = try? decoder.decode(WorkerMessage.self, from: Data(line.utf8)) else { return }
            switch message {
            case let .calling(subject, phase): attempt.lastCall = (subject, phase)
            case let .prepared(template, seconds):
                attempt.template = template
                attempt.limitSeconds = plan.caseTimeout ?? seconds
                if plan.caseTimeout == nil { deadline = monotonicNanoseconds() + UInt64(seconds * 1e9) }
            case let .rows(id, rows):
                if id == job.id && attempt.rows == nil && Self.answersEachOnce(rows, job.job.subjects) { attempt.rows = rows } else { attempt.forged = true }
            case let .cost(id, cost):
                if id == job.id && attempt.cost == nil { attempt.cost = cost } else { attempt.forged = true }
            case let .answer(id, answer):
                if id == job.id && attempt.answer == nil && job.task == .call { attempt.answer = answer } else { attempt.forged = true }
            case let .lingering(subject, threads, processes):
                attempt.lingering[subject] = [threads > 0 ? "\(threads) thread(s)" : nil, processes > 0 ? "\(processes) process(es)" : nil]
                    .compactMap { $0 }.joined(separator: " and ")
            case let .failure(text): attempt.failure = text
            case let .sampling(state): progress?.sampling(state)
            }
        }
        // A descendant that left the worker's group (setsid) outlived it:
        // end it too (and, on return, all its cgroup still holds).
        OrphanReaper.killOrphans()
        if attempt.forged { (attempt.rows, attempt.cost, attempt.answer) = (nil, nil, nil) }
        attempt.process = followed
        attempt.seconds = Double(monotonicNanoseconds() - start) / 1e9
        if attempt.limitSeconds == nil { attempt.limitSeconds = startLimit }
        return attempt
    }

    /// The status and reason of the engine a bad attempt was calling:
    /// `timed-out` when the parent killed it at its limit; `out-of-memory`
    /// when it died (a signal or a failing exit status) with its memory at
    /// the limit by the parent's own reading (``reachedLimit(_:limit:)``);
    /// `crashed` otherwise. A worker killed by the parent when its address
    /// space, its tree's memory files and its processes' own memory reached
    /// the limit (``MemoryWatch``), or by SIGXFSZ
    /// (a file at the limit), is `out-of-memory` too; one that ended with
    /// ``CaseWorker/lostChannelStatus`` is `report-channel-lost`. What the
    /// worker wrote on stderr is quoted in the reason but decides nothing:
    /// an engine can write any words.
    static func fault(_ attempt: Attempt, plan: RunPlan) -> (ResultRow.ReasonCode, String) {
        let during = attempt.lastCall.map { " during " + $0.phase.words } ?? ""
        let said = lastLines(attempt.process.errorTail)
        let stderr = said.isEmpty ? "" : "; stderr: " + said
        if attempt.forged {
            return (.crashed, "a report not the worker's came on its channel (another job's id, a second report, or rows for other subjects)\(during); nothing it reported is kept" + stderr)
        }
        if attempt.process.killedAtDeadline {
            let limit = attempt.limitSeconds ?? 0
            return (.timedOut, String(format: "killed after the case's limit of %.1f s%@", limit, plan.caseTimeout == nil ? " (the default from --time-budget; set --case-timeout)" : " (--case-timeout)") + during)
        }
        let limit = plan.caseMemory ?? RunPlan.defaultCaseMemory
        let memory = Formatting.bytes(limit)
        if attempt.process.cgroupKills > 0 {
            return (.outOfMemory, "ran out of the case's \(memory) (--case-memory)\(during): its memory cgroup, which counts the worker and every process it started (resident pages, memory-backed files written, open or closed, kernel buffers), reached it, and the kernel's out-of-memory killer ended \(attempt.process.cgroupKills) of its processes" + stderr)
        }
        if let over = attempt.process.overMemory {
            let started = over.processes > 0 ? ", and the memory of the processes it started (\(Formatting.bytes(over.processes)))" : ""
            return (.outOfMemory, "ran out of the case's \(memory) (--case-memory)\(during): killed when its address space (\(Formatting.bytes(over.address))), the memory-backed files it and its processes held (\(Formatting.bytes(over.files)): memfds and tmpfs files written, not mapped, and all its own /dev/shm holds)\(started) reached it" + stderr)
        }
        let reached = reachedLimit(attempt, limit: limit)
        let held = reached.map { "; its \($0.what) reached \(Formatting.bytes($0.bytes))" } ?? ""
        switch attempt.process.ending {
        case .signalled(SIGXFSZ):
            return (.outOfMemory, "ran out of the case's \(memory) (--case-memory)\(during): a file it wrote reached that size (RLIMIT_FSIZE: the worker's files, memory-backed ones included, are held to it), SIGXFSZ" + stderr)
        case .exited(CaseWorker.lostChannelStatus):
            return (.lostReportChannel, "closed or replaced the worker's report descriptor\(during), so nothing it measured could be reported; the worker saw its channel gone before its next message and ended" + stderr)
        case let .signalled(signal) where reached != nil:
            return (.outOfMemory, "ran out of the case's \(memory) (--case-memory)\(during): \(ChildProcess.signalName(signal))" + held + stderr)
        case let .signalled(signal):
            return (.crashed, "killed by \(ChildProcess.signalName(signal))\(during)" + stderr)
        case let .exited(status) where status != 0 && reached != nil:
            return (.outOfMemory, "ran out of the case's \(memory) (--case-memory)\(during): exit status \(status)" + held + stderr)
        case let .exited(status):
            let how = status == 0 ? "ended without its rows" : "exited with status \(status)"
            return (.crashed, "the worker \(how)\(during)" + stderr)
        }
    }

    /// The parent's reading of the worker's memory that shows it at
    /// `limit` (the address-space limit the parent gave it), or nil:
    /// - its address space (``MemoryWatch``, read at a fatal signal's stop)
    ///   within a quarter of the limit: the allocation that was refused
    ///   needed more than the room left, and an engine's growing buffer
    ///   asks for at least as much again as it holds;
    /// - its resident peak (`ru_maxrss`) within 10 % of the limit: the
    ///   kernel's out-of-memory killer in a memory cgroup, whose SIGKILL no
    ///   handler sees.
    /// With the bytes read, for the reason.
    /// A request far over the limit refused at once (64 GiB under 1 GiB)
    /// leaves the worker's memory low, so it is `crashed`, with the engine's
    /// own words in the reason. O(1).
    static func reachedLimit(_ attempt: Attempt, limit: Int) -> (what: String, bytes: Int)? {
        if attempt.process.addressPeakBytes >= limit - limit / 4 { return ("address space", attempt.process.addressPeakBytes) }
        if attempt.process.peakBytes >= limit - limit / 10 { return ("resident size", attempt.process.peakBytes) }
        return nil
    }

    /// Whether `rows` hold one row for each of `subjects` and no other.
    static func answersEachOnce(_ rows: [ResultRow], _ subjects: [Subject]) -> Bool {
        rows.count == subjects.count && Set(rows.map(\.engine)) == Set(subjects)
    }

    /// A bad attempt in words, for an error message.
    static func describe(_ attempt: Attempt) -> String {
        let ending: String
        switch attempt.process.ending {
        case let .exited(status): ending = "exit status \(status)"
        case let .signalled(signal): ending = ChildProcess.signalName(signal)
        }
        return ending + (attempt.process.errorTail.isEmpty ? "" : ": " + lastLines(attempt.process.errorTail))
    }

    /// The last three lines a worker wrote to stderr before the runtime's
    /// stack trace (the engine's own message: a `fatalError`'s text), on
    /// one line and cut to 400 characters, for a row's reason. Frame lines
    /// (`3  libswiftCore.so  0x…`) are left out. O(text).
    static func lastLines(_ text: String) -> String {
        var message = Substring(text)
        if let trace = text.range(of: "Current stack trace:", options: .backwards) { message = text[..<trace.lowerBound] }
        let lines = message.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
            guard !line.isEmpty else { return false }
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return !(fields.count >= 3 && Int(fields[0]) != nil && fields.contains { $0.hasPrefix("0x") })
        }
        let joined = lines.suffix(3).joined(separator: " | ")
        return joined.count > 400 ? "…" + String(joined.suffix(399)) : joined
    }

    /// A row for a case whose worker never reported its facts.
    static func bareRow(_ source: RunPlan.Source, kind: ElementKind, seed: UInt64) -> ResultRow {
        var row: ResultRow
        switch source {
        case let .generated(workload, size, parameters):
            let text = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
            row = ResultRow(engine: "", workload: workload, size: size, sizeOld: 0, sizeNew: 0, seed: seed, parameters: text)
        case let .file(path):
            row = ResultRow(engine: "", workload: WorkloadName(path), size: 0, sizeOld: 0, sizeNew: 0, seed: seed, parameters: "")
        }
        row.elements = kind
        return row
    }
}
