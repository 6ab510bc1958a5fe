import CCallgrind
import DiffEngines
import FileSupport
import Foundation
import InputFiles
import RunResults
import Workloads

/// The instruction-count pass of `run --instructions`: instructions executed
/// by one call of every engine (and the floor) on every dataset, counted by
/// callgrind.
///
/// Why instructions: wall time on a shared 2-core machine moved 15–40 %
/// between identical runs, while callgrind's count of one call repeats
/// exactly (with `SWIFT_DETERMINISTIC_HASHING=1`, since Swift otherwise
/// seeds `Hasher` per process and dictionary-based engines probe
/// differently each run). So counts can gate on a change of a few percent.
///
/// How: the parent strips a copy of the diffbench executable (valgrind 3.19
/// cannot read Swift 6.3's debug info), writes a job file (the datasets and
/// which subjects to count on each), and runs the copy as
/// `valgrind --tool=callgrind --instr-atstart=no … COPY count-instructions JOBS`.
/// The child makes or loads each dataset (in a fork per dataset), and in a
/// fork per subject calls it once uninstrumented (the warm-up: lazy
/// metadata and first-touch work belong to no call), then once between ``diffbench_callgrind_start`` and
/// ``diffbench_callgrind_stop``, which dumps a part named after the job.
/// Start-up, loading, projection, verification and freeing the result are
/// outside the instrumented region. The parent reads each dump's `desc:`
/// name and `totals:` line. Valgrind runs code about 50× slower, but only
/// two calls per row (one instrumented), so the pass costs far less than
/// the timed rounds it complements.
public struct InstructionCounter: Sendable {
    /// A diffbench executable that has the hidden `count-instructions` subcommand.
    public var executable: String
    /// Where the job file, the stripped copy and callgrind's dumps go (removed afterwards).
    public var workDirectory: String
    /// Datasets counted at once (separate valgrind processes): the
    /// machine's cores, at most 4.
    public var parallel: Int

    public init(executable: String, workDirectory: String, parallel: Int = min(4, ProcessInfo.processInfo.activeProcessorCount)) {
        self.executable = executable
        self.workDirectory = workDirectory
        self.parallel = parallel
    }

    /// The executable of this process (`/proc/self/exe` on Linux).
    public static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The path of `tool` on PATH, or nil. O(PATH entries).
    public static func find(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = String(folder) + "/" + tool
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Fails with an instruction to install what is missing (valgrind, strip).
    public static func checkTools() throws(InstructionCountError) {
        guard diffbench_callgrind_built_in() == 1 else {
            throw InstructionCountError(
                "this diffbench was built without valgrind's <valgrind/callgrind.h>; install valgrind (scripts/setup.sh) and rebuild")
        }
        guard find("valgrind") != nil else {
            throw InstructionCountError(
                "valgrind is not installed; install it (scripts/setup.sh does: apt-get install valgrind) or run without --instructions")
        }
        guard find("strip") != nil else {
            throw InstructionCountError("strip (binutils) is not installed; install binutils or run without --instructions")
        }
    }

    /// What the child counts: the datasets, and on each the subjects by name.
    public struct Jobs: Codable, Sendable {
        /// One dataset × kind and the subjects counted on it (shared with the measuring worker).
        public typealias Case = CaseJob
        public var seed: UInt64
        public var lcsMemoryBudget: Int
        public var cases: [Case]
        /// Per case, the seconds each subject's process (its warm-up and
        /// counted call) may take (``callSeconds(plan:rows:)``); nil: no limit.
        public var callSeconds: [Double]?
        /// The bytes each subject's process may add to its address space
        /// (`--case-memory`); nil: no limit.
        public var callMemory: Int?

        /// The dump name of subject `subject` on case `index`.
        static func name(_ index: Int, _ subject: Int) -> String { "job-\(index)-\(subject)" }
    }

    /// The longest timed call (median) the pass counts. Under callgrind a
    /// call runs some 50–200× slower, twice (warm-up and count): the default
    /// plan's 100,000 cases (seconds each) would take hours. Longer calls
    /// keep their timing and say why they have no count. The limit sits far
    /// above the CI plan's slowest call (`stdlib` on mixed@10,000, about
    /// 0.2 s), so wall-time noise can never drop a gated count: a limit at
    /// 0.2 s once left that row uncounted on a loaded machine, and the gate
    /// failed on its missing count.
    public static let longestCountedCallNanoseconds = 2_000_000_000.0

    /// Whether the pass counts `row`: it ran (ok or reference) and its timed
    /// median is within ``longestCountedCallNanoseconds``.
    /// How many times slower callgrind runs a call than the timed rounds
    /// did, at most: the upper end of what it costs (50–200×).
    static let callgrindSlowdown = 200.0

    /// The seconds one subject's process in the pass may take on a case:
    /// the case's own limit (`--case-timeout`, or the default the timed
    /// pass used), plus its two calls at callgrind's worst slowdown
    /// (``callgrindSlowdown``) of the slowest counted row's timed median.
    /// So a call that ran in the timed pass is never cut short for being
    /// instrumented, while one that hangs only when counted ends within a
    /// case's limit of its ordinary time. O(rows).
    static func callSeconds(plan: RunPlan, rows: [ResultRow]) -> Double {
        let slowest = rows.filter(counts).compactMap(\.medianNs).max() ?? 0
        return plan.caseStartLimitSeconds + 2 * callgrindSlowdown * slowest / 1e9
    }

    static func counts(_ row: ResultRow) -> Bool {
        (row.status == .ok || row.status == .reference) && (row.medianNs ?? 0) <= longestCountedCallNanoseconds
    }

    /// The note on a row the pass left out for its length, or nil.
    static func leftOutNote(_ row: ResultRow) -> String? {
        guard row.status == .ok || row.status == .reference, !counts(row), let median = row.medianNs else { return nil }
        return String(
            format: "instructions not counted: one call takes %.0f ms, over the %.0f ms the callgrind pass counts",
            median / 1e6, longestCountedCallNanoseconds / 1e6)
    }

    /// The jobs for the rows of a finished run: every row that ran (ok or
    /// reference) in at most ``longestCountedCallNanoseconds`` on each case
    /// of the plan in each element kind, in the order the runner made them
    /// (cases, then kinds within a case).
    static func jobs(plan: RunPlan, rowsPerCase: [[ResultRow]]) -> Jobs {
        var cases: [Jobs.Case] = []
        var seconds: [Double] = []
        let sources = plan.cases.flatMap { source in plan.elementKinds.map { (source, $0) } }
        for ((source, kind), rows) in zip(sources, rowsPerCase) {
            cases.append(CaseJob(source, kind: kind, subjects: rows.filter(counts).map(\.engine)))
            seconds.append(callSeconds(plan: plan, rows: rows))
        }
        return Jobs(
            seed: plan.seed, lcsMemoryBudget: plan.lcsMemoryBudget, cases: cases, callSeconds: seconds,
            callMemory: plan.caseMemory ?? RunPlan.defaultCaseMemory)
    }

    /// What the pass found: per case, the count of each subject counted
    /// and, for each whose process was killed at its limit or ended
    /// without a count, why (``noteFileName(_:_:)``).
    public struct Found: Sendable {
        public var counts: [[Subject: Int]]
        public var notes: [[Subject: String]]
    }

    /// The file in the work folder where the child says why subject
    /// `subject` of case `index` has no count.
    static func noteFileName(_ index: Int, _ subject: Int) -> String { "uncounted-\(index)-\(subject)" }

    /// Counts every job under callgrind; the counts per case, per engine
    /// name, and the notes of subjects left uncounted. O(jobs) dumps read,
    /// each a few kilobytes.
    public func count(_ jobs: Jobs) throws(InstructionCountError) -> Found {
        try InstructionCounter.checkTools()
        let fileManager = FileManager.default
        do {
            try? fileManager.removeItem(atPath: workDirectory)
            try fileManager.createDirectory(atPath: workDirectory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            try encoder.encode(jobs).write(to: URL(fileURLWithPath: workDirectory + "/jobs.json"))
        } catch {
            throw InstructionCountError("cannot prepare \(workDirectory): \(error)")
        }
        defer { try? fileManager.removeItem(atPath: workDirectory) }
        let stripped = workDirectory + "/diffbench-stripped"
        try InstructionCounter.execute(InstructionCounter.find("strip")!, ["-o", stripped, executable], log: workDirectory + "/strip.log")
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        // The copy finds the libraries the original loads from beside itself ($ORIGIN).
        let folder = (executable as NSString).deletingLastPathComponent
        environment["LD_LIBRARY_PATH"] = [folder, environment["LD_LIBRARY_PATH"]].compactMap { $0 }.filter { !$0.isEmpty }
            .joined(separator: ":")
        try InstructionCounter.execute(
            InstructionCounter.find("valgrind")!,
            [
                "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=\(workDirectory)/callgrind.%p",
                stripped, "count-instructions", workDirectory + "/jobs.json", "--parallel", String(parallel),
            ], environment: environment, log: workDirectory + "/valgrind.log")
        var totals: [String: Int] = [:]
        let files = (try? fileManager.contentsOfDirectory(atPath: workDirectory)) ?? []
        for file in files where file.hasPrefix("callgrind.") {
            guard let text = try? String(contentsOfFile: workDirectory + "/" + file, encoding: .utf8),
                let (name, total) = InstructionCounter.parseDump(text)
            else { continue }
            totals[name] = total
        }
        var found = Found(counts: [], notes: [])
        for (index, job) in jobs.cases.enumerated() {
            var counts: [Subject: Int] = [:]
            var notes: [Subject: String] = [:]
            for (subjectIndex, subject) in job.subjects.enumerated() {
                if let total = totals[Jobs.name(index, subjectIndex)] {
                    counts[subject] = total
                } else if let note = try? String(
                    contentsOfFile: workDirectory + "/" + InstructionCounter.noteFileName(index, subjectIndex), encoding: .utf8)
                {
                    notes[subject] = note
                } else {
                    throw InstructionCountError("callgrind wrote no count for \(subject) on case \(index + 1)")
                }
            }
            found.counts.append(counts)
            found.notes.append(notes)
        }
        return found
    }

    /// The part name and instruction total of one callgrind dump, or nil
    /// when it is not a dump of a measured call (the final dump at exit).
    /// Reads the header lines `desc: Trigger: Client Request: NAME` and
    /// `totals: N` (or `summary: N`). O(file length).
    public static func parseDump(_ text: String) -> (String, Int)? {
        var name: String?
        var total: Int?
        let trigger = "desc: Trigger: Client Request: "
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(trigger) {
                name = String(line.dropFirst(trigger.count)).trimmingCharacters(in: .whitespaces)
            } else if line.hasPrefix("totals:") || (total == nil && line.hasPrefix("summary:")) {
                let figure = line.split(separator: ":", maxSplits: 1).last?.split(separator: " ").first
                total = figure.flatMap { Int($0) }
            }
        }
        guard let name, let total else { return nil }
        return (name, total)
    }

    /// Runs `tool` to its end (``ChildProcess/runToEnd(_:_:environment:log:)``).
    static func execute(_ tool: String, _ arguments: [String], environment: [String: String]? = nil, log: String)
        throws(InstructionCountError)
    {
        do {
            try ChildProcess.runToEnd(tool, arguments, environment: environment, log: log)
        } catch {
            throw InstructionCountError(error.description)
        }
    }

    /// The child (`diffbench count-instructions JOBS`, run under callgrind):
    /// for each job a warm-up call, then one call between the client
    /// requests. Fails with a message naming the job file on bad input.
    public static func runChild(
        jobsPath: String, registry: EngineRegistry, parallel: Int = 1, loadFile: (String) throws -> Dataset
    ) throws {
        let data: Data
        let jobs: Jobs
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: jobsPath))
            jobs = try JSONDecoder().decode(Jobs.self, from: data)
        } catch {
            throw InstructionCountError("\(jobsPath): not a job file: \(error)")
        }
        Runner.steadyAllocator()
        let options = DiffOptions(lcsMemoryBudget: jobs.lcsMemoryBudget)
        // Each case in a fork of this process and each call in a fork of
        // that one, so every call starts from the same heap: the state after
        // start-up and its own dataset. Which cases and subjects ran before
        // (another plan, another shard, another engine list) cannot change
        // a count: allocator paths (a reused chunk to clear, a fresh one to
        // split) moved a stdlib count by 0.4 % when the datasets ran in
        // another order in one process. Forked cases are separate valgrind
        // processes, so `parallel` of them run at once (the counts do not
        // depend on load; only the wall time of the pass does).
        var running: [Int32: Int] = [:]
        var failure: String?
        func reap() {
            var pid: Int32 = 0
            let status = diffbench_wait_any(&pid)
            guard let index = running.removeValue(forKey: pid) else {
                if status < 0 { running.removeAll() }
                return
            }
            if status != 0, failure == nil {
                let job = jobs.cases[index]
                failure = "\(jobsPath): case \(index + 1) (\(job.label)) ended with status \(status)"
            }
        }
        for (index, job) in jobs.cases.enumerated() {
            while running.count >= max(1, parallel) { reap() }
            let caseProcess = diffbench_fork()
            if caseProcess == 0 {
                let status = measureCase(index, job, jobs: jobs, jobsPath: jobsPath, options: options, registry: registry, loadFile: loadFile)
                diffbench_exit(status)
            }
            guard caseProcess > 0 else { throw InstructionCountError("\(jobsPath): cannot fork for case \(index + 1)") }
            running[caseProcess] = index
        }
        while !running.isEmpty { reap() }
        if let failure { throw InstructionCountError(failure) }
    }

    /// One case in its own process: the dataset, then each subject in a
    /// fork with a warm-up call and the counted call. The process's exit
    /// status (0 when every subject was counted).
    static func measureCase(
        _ index: Int, _ job: Jobs.Case, jobs: Jobs, jobsPath: String, options: DiffOptions, registry: EngineRegistry,
        loadFile: (String) throws -> Dataset
    ) -> Int32 {
        let dataset: Dataset
        do {
            dataset = try job.dataset(seed: jobs.seed, loadFile: loadFile)
        } catch {
            FileHandle.standardError.write(Data("\(jobsPath): case \(index + 1): \(error)\n".utf8))
            return 2
        }
        guard let kind = job.kind else {
            FileHandle.standardError.write(Data("\(jobsPath): case \(index + 1): unknown element kind \(job.elements ?? "")\n".utf8))
            return 2
        }
        let lists = ProjectedLists(dataset, kind: kind)
        let seconds = jobs.callSeconds.flatMap { index < $0.count ? $0[index] : nil } ?? .infinity
        for (subjectIndex, subject) in job.subjects.enumerated() {
            let call = SubjectCall(subject: subject, registry: registry, options: options)
            let callProcess = diffbench_fork()
            if callProcess == 0 {
                if let bytes = jobs.callMemory, diffbench_limit_counted_call(bytes) != 0 { diffbench_exit(4) }
                blackHole(try? call(lists))
                let result = Jobs.name(index, subjectIndex).withCString { label -> Changeset?? in
                    diffbench_callgrind_start()
                    let result = try? call(lists)
                    diffbench_callgrind_stop(label)
                    return result
                }
                blackHole(result)
                diffbench_exit(0)
            }
            guard callProcess > 0 else {
                FileHandle.standardError.write(Data("\(jobsPath): cannot fork for \(subject) on case \(index + 1)\n".utf8))
                return 3
            }
            let status = diffbench_wait_within(callProcess, seconds)
            if status != 0 {
                let note = uncountedNote(status: status, seconds: seconds, memory: jobs.callMemory)
                let folder = (jobsPath as NSString).deletingLastPathComponent
                guard FileManager.default.createFile(atPath: folder + "/" + noteFileName(index, subjectIndex), contents: Data(note.utf8))
                else { return 3 }
            }
        }
        return 0
    }

    /// Why a subject's process under callgrind left no count, from
    /// ``diffbench_wait_within``'s `status`: killed at its limit of
    /// `seconds`, or ended by a signal or a status while its address space
    /// was limited to `memory` bytes over the counting process's own.
    static func uncountedNote(status: Int32, seconds: Double, memory: Int?) -> String {
        let limits = String(format: "(its limit: %.1f s from --case-timeout and its timed median", seconds)
            + (memory.map { "; \(Formatting.bytes($0)) of --case-memory" } ?? "") + ")"
        switch status {
        case -2: return String(format: "instructions not counted: the counted call was killed after %.1f s under callgrind ", seconds) + limits
        case 129...: return "instructions not counted: the counted call ended by \(ChildProcess.signalName(status - 128)) under callgrind " + limits
        default: return "instructions not counted: the counted call ended by exit status \(status) under callgrind " + limits
        }
    }
}
