import ArgumentParser
import Compare
import DiffEngines
import Foundation
import Harness
import Rendering
import Workloads
import FileSupport
import InputFiles
import RunResults
import Teaching
import RunReport

struct RunCommand: EngineCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "run",
        abstract: "Time, measure and verify every engine on every workload; write results.csv and results.json.",
        discussion: """
            The default plan runs every engine (plus the `floor` reference) on every workload \
            at sizes \(RunCommand.planInWords(.default)). Results go to \
            OUTPUT/NAME/ (results.csv, results.json) and OUTPUT/latest points at the newest run; \
            the files are rewritten after every dataset, so an interrupted run keeps its \
            finished rows. Generated datasets are saved under --datasets-dir.

            --from-git REPO --file PATH does the same for each pair of consecutive versions of \
            a file in a git repository (lines as GNU diff counts them).

            --old A --new B (repeatable, in pairs) times every engine on your own two lists: \
            JSON arrays of strings, numbers or objects (--id, --content), or text files with \
            --lines. The pair is checked before anything runs, written into the run folder as \
            a dataset file (inputs/), named after the files, and timed under each element kind \
            that fits it (int, and uuid for string ids: your own id texts are hashed). The \
            closing lines and the page open with the engine to use for them.

            Build in release mode for meaningful times (make bench does).

            Every engine is called in a worker process (this same executable), one per dataset \
            and element kind: an engine that crashes, hangs past --case-timeout or allocates past \
            --case-memory gets a crashed, timed-out or out-of-memory row, and the dataset runs \
            again without it, so every other engine's rows are kept. Every timed answer is \
            compared with the verified first one after the clock stops. --in-process calls the \
            engines in this process instead.

            Exit status: 0 when every row is ok or skipped with a reason, 1 when an engine's \
            changeset failed verification, or an engine crashed, timed out or ran out of memory \
            (the rows say how; a summary names each), 2 on bad usage or input.
            """
        )
    }

    @Option(
        help: ArgumentHelp("Engines: all, or a comma-separated list (\(DiffBench.engines.namesInWords)).", valueName: "engines"),
        transform: EngineSelection.parse)
    var engines = EngineSelection.all

    @Option(
        help: ArgumentHelp(
            "Workloads or families, comma-separated (see `diffbench generate --list`; \(WorkloadCatalog.families.map { "\($0) = " + WorkloadCatalog.members(of: $0).map(\.rawValue).joined(separator: ", ") }.joined(separator: "; "))). Default: every workload outside a family, or none when --dataset is given.",
            valueName: "workloads"),
        transform: CommaList<WorkloadName>.parseWithFamilies)
    var workloads: CommaList<WorkloadName>?

    @Option(
        parsing: .unconditional, help: ArgumentHelp("Sizes, comma-separated. Default: the plan's sizes (see --plan).", valueName: "sizes"),
        transform: CommaList<DatasetSize>.parse)
    var sizes: CommaList<DatasetSize>?

    @Option(
        help: ArgumentHelp(
            "The plan when --sizes is not given: default (\(RunCommand.planInWords(.default))) or ci (\(RunCommand.planInWords(.ci))).",
            valueName: "plan"))
    var plan: PlanChoice = .default

    @Option(
        help: ArgumentHelp(
            "Element kinds to time every dataset as, comma-separated: \(ElementKind.allCases.map { "\($0.rawValue) (\($0.summary))" }.joined(separator: ", ")). A --dataset whose ids are strings keeps its own id texts under uuid and record (those are what is hashed) and its ids numbered in order of first appearance under int.",
            valueName: "kinds"),
        transform: CommaList<ElementKind>.parse)
    var elements: CommaList<ElementKind>?

    @Option(help: "Seed of the generated datasets.")
    var seed: UInt64 = 1

    @Option(name: .customLong("repetitions"), help: "Rounds of samples per dataset at least (one sample of every engine per round).")
    var minSamples: Int = 10

    @Option(help: "Seconds the rounds of one dataset last at least.")
    var minTime: Double = 0.1

    @OptionGroup var budget: TimeBudgetOption
    /// Seconds one engine may take on one input; 0 for no limit (``TimeBudgetOption``).
    var timeBudget: Double { budget.seconds }

    @Option(help: DeadlineHelp.run)
    var deadline: Double?

    @Option(help: ArgumentHelp("MiB the lcs table may take (bigger tables are skipped).", valueName: "MiB"))
    var lcsMemoryBudget = Mebibytes(bytes: DiffOptions.defaultLCSMemoryBudget)

    @Option(name: .customLong("dataset"), help: "A dataset file to run (repeatable); replaces the generated plan unless --workloads is given too. Ids may be integers or strings (see --elements).")
    var datasetFiles: [String] = []

    @Option(name: .customLong("old"), help: ArgumentHelp("Your old list (repeatable; each with a --new): a JSON list, or a text file with --lines.", valueName: "file"))
    var oldFiles: [String] = []

    @Option(name: .customLong("new"), help: ArgumentHelp("Your new list, paired with the --old before it.", valueName: "file"))
    var newFiles: [String] = []

    @OptionGroup var listFiles: ListFileOptions

    @OptionGroup var git: GitImportOptions

    @OptionGroup var outputFolder: OutputFolderOption<ReportsFolder>

    /// The reports folder as the user spelled it (``OutputFolderOption``).
    var output: String { outputFolder.folder }

    @Option(help: "Run name (default: run-YYYYMMDD-HHMMSS).")
    var name: String?

    @Option(help: "Where generated datasets are saved (empty to not save).")
    var datasetsDir: String = "Datasets/generated"

    @Option(help: "Dataset whose LCS memo table is dumped into the run folder (memo/: text, TSV, PNG heatmap), as WORKLOAD@SIZE; empty for none. Default: feed@100 when the run generates workloads.")
    var memo: String?

    @Option(help: SliderPolicy.help)
    var sliders: SliderPolicy = .none

    @Flag(help: "Skip the memory pass.")
    var noMemory = false

    @Flag(help: "Leave out the floor reference row.")
    var noFloor = false

    @Flag(help: "No progress display.")
    var quiet = false

    @Flag(help: "Count each row's instructions under callgrind (valgrind) after timing; always on with --plan ci.")
    var instructions = false

    @Flag(help: "No instruction counts, even with --plan ci.")
    var noInstructions = false

    @Flag(help: "Call the engines in this process instead of a worker process per dataset and element kind (for debugging and to compare timings; an engine's crash or hang then ends or stalls the run).")
    var inProcess = false

    @Option(
        help: ArgumentHelp(
            "Seconds one dataset × element kind may take in its worker before it is killed and the engine it was calling gets a timed-out row. Default: from --time-budget and the case's predicted calls (twice each engine's budget and calls, plus 30 s).",
            valueName: "seconds"))
    var caseTimeout: Double?

    @Option(
        help: ArgumentHelp(
            "Memory one worker may take (its address space, and the memory files it holds open: a memfd, a /dev/shm file), plain or with a unit (4G, 512M); an engine past it gets an out-of-memory row. Default: half the physical memory (\(Formatting.bytes(RunPlan.defaultCaseMemory))).",
            valueName: "size"))
    var caseMemory: ByteCount?

    @Option(
        help: ArgumentHelp("Run shard K of N of the plan's datasets (1-based, e.g. 2/4); join the shards with `diffbench merge`.", valueName: "K/N"),
        transform: ShardLabel.parse)
    var shard: ShardLabel?

    @Option(
        name: .customLong("history"),
        help: ArgumentHelp("The history store the finished run is added to. Default: OUTPUT/history.sqlite (Reports/history.sqlite).", valueName: "path"))
    var historyPath: String?

    @Flag(help: "Do not add the run to the history store.")
    var noHistory = false

    func validate() throws {
        guard minSamples >= 1 else { throw ValidationError("--repetitions must be at least 1") }
        guard minTime >= 0, minTime.isFinite else { throw ValidationError("--min-time must not be negative") }
        if instructions && noInstructions { throw ValidationError("--instructions and --no-instructions contradict each other") }
        if let deadline, !(deadline >= 0 && deadline.isFinite) {
            throw ValidationError("--deadline must be a number of seconds, 0 or more")
        }
        try PluginLimitsOptions.checkWorkerLimits(caseTimeout: caseTimeout, caseMemory: caseMemory)
        if inProcess && (caseTimeout != nil || caseMemory != nil) {
            throw ValidationError("--case-timeout and --case-memory need workers; they do nothing with --in-process")
        }
        guard oldFiles.count == newFiles.count else {
            throw ValidationError("--old and --new come in pairs: \(oldFiles.count) --old and \(newFiles.count) --new given")
        }
        if oldFiles.isEmpty, listFiles.lines || listFiles.idPath != "id" || listFiles.contentKeys != nil {
            throw ValidationError("--lines, --id and --content say how to read --old and --new files; give a pair")
        }
    }

    /// A dataset file as every process of a run reads it (the parent, its
    /// workers, the instruction pass): a file that claims a generated
    /// workload is re-checked against the generator, and renamed and marked
    /// not generated when the claim fails, so all of them name it alike.
    static func loadDataset(_ path: String) throws -> Dataset {
        try DatasetFile.read(path: path).checkingGeneratorClaim(file: path)
    }

    /// Whether the plan generates workloads (none when only files are given).
    var generatesWorkloads: Bool { (datasetFiles.isEmpty && oldFiles.isEmpty && git.fromGit == nil) || workloads != nil }

    func run(with registry: EngineRegistry) throws {
        let selected = try engines.resolve(in: registry, option: "--engines").map(\.name)
        let runName = name ?? Self.defaultRunName()
        // Checked before anything is created: a bad name must not write outside the reports folder.
        try Self.checkRunName(runName)
        // The run folder is replaced, and the history store written: neither may be one of the lists read.
        let inputs = InputGuard(oldFiles + newFiles + datasetFiles + [git.fromGit].compactMap { $0 }, role: "the input lists")
        _ = try inputs.checkedFolder(output + "/" + runName, option: "--output", writing: [], clearing: true)
        // Every path the run writes, and every file it reads later, is resolved here, once, and only the
        // resolved path is used after: an engine called in this process (--in-process) may change the
        // working folder, and a relative path would then name another file. What is printed keeps the
        // user's spelling (`shown`).
        let paths = try resolvedPaths(runName: runName, inputs: inputs)
        var cases = generatedCases()
        var preloaded = try preloadDatasetFiles()
        cases += datasetFiles.map { RunPlan.Source.file(Self.absolute($0)) }
        // The user's pairs: read and checked here, written into the run folder
        // as dataset files once it is locked, and run from those files.
        guard let pairs = try pairsToMeasure(into: paths.runFolder, besides: cases) else { return }
        for pair in pairs {
            preloaded[pair.path] = pair.dataset
            cases.append(.file(pair.path))
        }
        let elements = self.elements?.items ?? Self.fittingKinds(pairs.map(\.dataset))
        if let shard { cases = RunPlan.shard(cases, index: shard.index, of: shard.count) }
        let countInstructions = !noInstructions && (instructions || (self.plan == .ci && sizes == nil))
        if countInstructions {
            do { try InstructionCounter.checkTools() } catch { throw CLIFailure.badInput(error.description) }
        }
        let memoCase = try parseMemoCase()
        try Self.checkLatest(in: output)
        try checkHistory(paths.store?.resolved)
        var plan = makePlan(
            engines: selected, registry: registry, cases: cases, elements: elements, runName: runName, paths: paths,
            countInstructions: countInstructions)
        for file in datasetFiles { plan.shownPaths[Self.absolute(file)] = file }
        for pair in pairs { plan.shownPaths[pair.path] = paths.shownRunFolder + pair.path.dropFirst(paths.runFolder.count) }
        if !inProcess { OrphanReaper.adopt() }
        #if DEBUG
        FileHandle.standardError.write(Data("diffbench: warning: this is a debug build; times are not meaningful (use make bench or swift build -c release)\n".utf8))
        #endif
        let progress = ProgressReporter(total: cases.count, enabled: !quiet)
        let runner = Runner(plan: plan, progress: progress)
        let lock = try RunFolderLock(directory: plan.outputDirectory)
        defer { withExtendedLifetime(lock) {} }
        Self.removeEarlierReport(in: plan.outputDirectory, shown: paths.shownRunFolder)
        for pair in pairs {
            do { try DatasetFile.write(pair.dataset, to: pair.path) } catch { throw CLIFailure.badInput(error.description) }
        }
        let outcome = try measure(with: runner, preloaded: preloaded)
        if let (workload, size) = memoCase {
            writeMemoDump(workload: workload, size: size, into: RunFolder(plan.outputDirectory).memo)
        }
        try printAnswer(outcome.document, folder: plan.outputDirectory, shown: paths.shownRunFolder)
        addToHistory(outcome.document, folder: plan.outputDirectory, store: paths.store)
        // The folder is the user's text: a control character in it is shown escaped, not sent to the terminal.
        let folder = TerminalText.visible(paths.shownRunFolder)
        print("results: \(folder)/results.csv, results.json (\(TerminalText.visible(output))/latest points here)")
        print("report: not made by run; make the page \(TerminalText.visible(RunFolder(paths.shownRunFolder).path(of: .htmlPage))) with: \(TerminalText.visible(Self.chartCommand(paths.shownRunFolder)))")
        if !outcome.failedRows.isEmpty {
            throw CLIFailure.checkFailed(Self.failureSummary(outcome.failedRows))
        }
    }

    /// The generated cases: `--workloads` (or every planned workload) at
    /// `--sizes`, or at the sizes `--plan` gives each; none when only files
    /// are given. O(workloads · sizes).
    func generatedCases() -> [RunPlan.Source] {
        guard generatesWorkloads else { return [] }
        let workloadNames = workloads?.items ?? WorkloadName.planned
        if let sizes {
            return workloadNames.flatMap { workload in
                sizes.items.map { RunPlan.Source.generated(workload: workload, size: $0.value, parameters: [:]) }
            }
        }
        switch plan {
        case .default: return RunPlan.defaultCases(workloads: workloadNames)
        case .ci: return RunPlan.ciCases(workloads: workloadNames)
        }
    }

    /// Every `--dataset` file is read and checked before the run starts (a
    /// bad one is bad input, exit 2); the first is kept, keyed by its path,
    /// for the runner (under its ``absolute(_:)`` path, as the plan names it), so a
    /// run of one big file reads it once. O(files' size).
    func preloadDatasetFiles() throws(CLIFailure) -> [String: Dataset] {
        var preloaded: [String: Dataset] = [:]
        for path in datasetFiles {
            do {
                let dataset = try Self.loadDataset(path)
                if preloaded.isEmpty { preloaded[Self.absolute(path)] = dataset }
            } catch {
                throw CLIFailure.badInput("\(error)")
            }
        }
        return preloaded
    }

    /// A file the run reads later (a `--dataset`), named from the working
    /// folder at the start: an engine called in this process may change
    /// that folder. Links are left to the kernel, so the file keeps its own
    /// name (a dataset that fails its generator claim is named after it,
    /// in the parent and the workers alike). O(path length).
    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }

    /// The user's pairs (``readPairs(into:)``) without those of two empty
    /// lists: no engine does anything there, and a ratio of nothing to
    /// nothing would advise against one. Each left out is noted; nil when
    /// nothing is left to run at all (no pair and no other case), said on stdout.
    func pairsToMeasure(into folder: String, besides cases: [RunPlan.Source]) throws(CLIFailure) -> [(path: String, dataset: Dataset)]? {
        var pairs = try readPairs(into: folder)
        let empty = pairs.filter { $0.dataset.old.isEmpty && $0.dataset.new.isEmpty }
        guard !empty.isEmpty else { return pairs }
        pairs.removeAll { $0.dataset.old.isEmpty && $0.dataset.new.isEmpty }
        if pairs.isEmpty, cases.isEmpty {
            print("nothing to diff: both lists are empty\(empty.count > 1 ? " in every pair" : "")")
            return nil
        }
        for pair in empty {
            StandardError.note("\(TerminalText.visible(pair.dataset.workload)): both lists are empty, nothing to diff; left out")
        }
        return pairs
    }

    /// The plan the options describe, for the cases and element kinds found
    /// above. O(cases).
    func makePlan(
        engines selected: [EngineName], registry: EngineRegistry, cases: [RunPlan.Source], elements: [ElementKind],
        runName: String, paths: ResolvedPaths, countInstructions: Bool
    ) -> RunPlan {
        var plan = RunPlan(
            engines: selected, registry: registry, includeFloor: !noFloor, cases: cases, elementKinds: elements, seed: seed,
            minSamples: minSamples, minTime: minTime, timeBudget: timeBudget, lcsMemoryBudget: lcsMemoryBudget.bytes,
            measureMemory: !noMemory, datasetsDirectory: paths.datasets, outputDirectory: paths.runFolder, runName: runName)
        plan.countInstructions = countInstructions
        plan.sliders = sliders
        plan.deadline = deadline
        plan.shard = shard
        plan.isolation = inProcess ? .inProcess : .workers(executable: InstructionCounter.currentExecutable)
        plan.caseTimeout = caseTimeout
        plan.caseMemory = caseMemory?.bytes
        plan.targets = PerformanceTargets.catalog
        return plan
    }

    /// Runs the plan; a file in `preloaded` is served from memory, once,
    /// instead of being read again. What the runner refuses as input (a
    /// dataset file, a workload, the instruction counter's tools, a worker's
    /// job) is bad input, exit 2.
    func measure(with runner: Runner, preloaded: [String: Dataset]) throws -> Runner.Outcome {
        var preloaded = preloaded
        do {
            // In process, whatever an engine prints goes to stderr: stdout is the run's own table.
            return try StandardOutput.divertedToStandardError(when: inProcess) { () throws -> Runner.Outcome in
              try runner.run { path in
                if let kept = preloaded.removeValue(forKey: path) { return kept }
                return try RunCommand.loadDataset(path)
              }
            }
        } catch let error as InputError {
            throw CLIFailure.badInput(error.hintingLines().description)
        } catch let error as WorkloadError {
            throw CLIFailure.badInput(error.description)
        } catch let error as InstructionCountError {
            throw CLIFailure.badInput(error.description)
        } catch let error as WorkerJobError {
            throw CLIFailure.badInput(error.description)
        }
    }

    /// Prints what the run found for the user's lists: each block's
    /// headline, advice and evidence, then the results table. With many
    /// pairs the terminal gets one answer and a line a pair, and the full
    /// tables go to `run.txt` in the run folder, since a table a pair would
    /// scroll the answer away. O(rows).
    /// The file is written under the resolved `folder` and named as `shown`.
    func printAnswer(_ document: RunDocument, folder: String, shown: String) throws(CLIFailure) {
        let palette = EnginePalette(document)
        let blocks = YourLists.blocks(document, palette: palette)
        var details = ""
        for block in blocks {
            details += TerminalText.visible(block.headline) + "\n"
            if let advice = block.advice { details += "  " + TerminalText.visible(advice.plainText) + "\n" }
            for line in block.evidenceLines { details += "    " + TerminalText.visible(line) + "\n" }
            details += "\n"
        }
        details += ResultsTable.render(document.rows)
        guard let answer = PairsAnswer.answer(blocks, document: document, palette: palette) else {
            print(details)
            return
        }
        let fullText = RunFolder(folder).path + "/run.txt"
        let shownText = RunFolder(shown).path + "/run.txt"
        print(TerminalText.visible(answer.headline))
        if let advice = answer.advice { print("  " + TerminalText.visible(advice.plainText)) }
        print("  " + TerminalText.visible(answer.winsLine))
        print("")
        print("Each pair (its evidence and every row: \(TerminalText.visible(shownText))):")
        for block in blocks { print("  " + TerminalText.visible(block.headline)) }
        print("")
        do {
            try ResultsStore.writeAtomically(details + "\n", to: fullText)
        } catch {
            throw CLIFailure.badInput("\(shownText): cannot write the full tables: \(error)")
        }
    }

    /// The closing summary of a run with failed rows: one line per row,
    /// naming engine, workload and size, element kind, status and cause.
    static func failureSummary(_ rows: [ResultRow]) -> String {
        let lines = rows.map {
            "  \(TerminalText.visible($0.engine.name)) on \(TerminalText.visible($0.workload.rawValue))@\($0.size) "
                + "(elements \(TerminalText.visible($0.elements.rawValue))): \($0.status.rawValue): "
                + TerminalText.visible($0.reason)
        }
        let faults = rows.filter { $0.status != .failed }.count
        let what = faults == 0 ? "failed verification" : faults == rows.count ? "crashed, timed out or ran out of memory" : "failed"
        return "\(rows.count) result(s) \(what):\n" + lines.joined(separator: "\n")
    }

    /// The command that draws a run's charts and page, as the user would type
    /// it: this binary's path as invoked, the folder shell-quoted when needed.
    static func chartCommand(_ folder: String) -> String {
        let program = CommandLine.arguments.first.map { $0.contains("/") ? $0 : DiffBench.programName } ?? DiffBench.programName
        return "\(ShellWord.quoted(program)) chart \(ShellWord.quoted(folder))"
    }

    /// A plan's sizes in words, from the workload catalog (so help cannot drift from the plan).
    static func planInWords(_ plan: PlanChoice) -> String {
        let base = plan == .default ? RunPlan.defaultSizes : RunPlan.ciSizes
        let extras = WorkloadCatalog.all.compactMap { workload -> String? in
            let sizes = plan == .default ? workload.benchSizes : workload.ciSizes
            guard !sizes.isEmpty else { return nil }
            return "\(workload.name.rawValue) at \(Formatting.list(sizes.map(Formatting.grouped)))"
        }
        return "\(Formatting.list(base.map(Formatting.grouped))), plus " + Formatting.list(extras)
    }

    func parseMemoCase() throws -> (WorkloadName, Int)? {
        let memo = self.memo ?? (generatesWorkloads ? "feed@100" : "")
        if memo.isEmpty { return nil }
        let parts = memo.split(separator: "@").map(String.init)
        guard parts.count == 2, let workload = WorkloadName(registered: parts[0]), let size = Int(parts[1]), size >= 0 else {
            throw CLIFailure.badInput("--memo: expected WORKLOAD@SIZE (e.g. feed@100), got '\(memo)'")
        }
        // Refused before the run starts (it used to fail only after the run, as a warning).
        guard size <= WorkloadName.maximumSize else {
            throw CLIFailure.badInput("--memo: size \(size) is over the largest generated size, \(WorkloadName.maximumSize)")
        }
        return (workload, size)
    }

    /// The run's memoization-table dump: the LCS table of one dataset as
    /// text, TSV and a libpng heatmap, linked from the run's report page.
    func writeMemoDump(workload: WorkloadName, size: Int, into directory: String) {
        do {
            let dataset = try workload.make(size: size, seed: seed)
            let files = try MemoTableDump.write(
                old: dataset.old.map(\.id), new: dataset.new.map(\.id),
                title: "\(workload.rawValue) \(dataset.old.count) → \(dataset.new.count) (seed \(seed))", to: directory)
            if let note = files.note { FileHandle.standardError.write(Data("diffbench: memo table: \(note)\n".utf8)) }
        } catch {
            FileHandle.standardError.write(Data("diffbench: warning: no memo table dump: \(error)\n".utf8))
        }
    }

    /// The user's pairs (`--old`/`--new`) and the git history's
    /// (`--from-git`), read and checked, each with the dataset file it will
    /// be run from (`RUN/inputs/pair-K.json`, `git-K.json`). Two
    /// pairs named alike get `#2`, `#3` after the name, so their rows stay apart.
    func readPairs(into folder: String) throws(CLIFailure) -> [(path: String, dataset: Dataset)] {
        var pairs: [(path: String, dataset: Dataset)] = []
        for (index, (old, new)) in zip(oldFiles, newFiles).enumerated() {
            var dataset: Dataset
            do {
                dataset = try DatasetFile.readPair(old: old, new: new, reading: listFiles.reading, lines: listFiles.lines)
            } catch {
                throw CLIFailure.badInput(error.hintingLines().description)
            }
            let name = dataset.workload
            var copy = 2
            while pairs.contains(where: { $0.dataset.workload == dataset.workload }) {
                dataset.workload = "\(name) #\(copy)"
                copy += 1
            }
            pairs.append((RunFolder(folder).input("pair-\(index + 1).json"), dataset))
        }
        for (index, dataset) in (try git.datasets() ?? []).enumerated() {
            pairs.append((RunFolder(folder).input("git-\(index + 1).json"), dataset))
        }
        return pairs
    }

    /// The element kinds that fit the user's pairs when `--elements` is not
    /// given: int always, and uuid too when some pair's ids are texts (then
    /// uuid hashes the user's own texts, not generated UUIDs).
    static func fittingKinds(_ datasets: [Dataset]) -> [ElementKind] {
        datasets.contains { $0.symbols != nil } ? [.int, .uuid] : [.int]
    }

    /// Folder names the reports folder's layout uses beside the runs:
    /// saved baselines, the CI gate's runs, the newest-run link, the
    /// teaching pictures. A run of one of these names would write into them.
    static let reservedNames = ["baselines", "ci", "latest", "teach"]

    /// A run name is one plain folder name: not empty, `.`, `..` or one of
    /// ``reservedNames`` (in any case, with or without spaces around it:
    /// `Latest` is the link's own folder on a case-insensitive disk, and
    /// `latest ` reads as it in a listing), no `/`, not hidden, no control characters.
    static func checkRunName(_ name: String) throws(CLIFailure) {
        let shown = name.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : String($0) }.joined()
        if reservedNames.contains(name.trimmingCharacters(in: .whitespaces).lowercased()) {
            throw CLIFailure.badInput(
                "--name '\(shown)' is a folder the reports layout uses (\(reservedNames.joined(separator: ", "))); choose another name")
        }
        let plain = !name.isEmpty && name != "." && name != ".." && !name.contains("/")
            && !name.hasPrefix(".") && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
        guard plain else {
            throw CLIFailure.badInput("--name '\(shown)' must be a plain folder name (no '/', not '.', '..' or hidden)")
        }
    }

    /// `OUTPUT/latest` must be a link (or absent) so the run can point it at
    /// itself; a real folder there would silently stay as it is.
    static func checkLatest(in output: String) throws(CLIFailure) {
        let latest = RunFolder.latestLink(in: output)
        var status = stat()
        guard lstat(latest, &status) == 0 else { return }
        if (status.st_mode & S_IFMT) != S_IFLNK {
            throw CLIFailure.badInput("\(latest): is a real \((status.st_mode & S_IFMT) == S_IFDIR ? "folder" : "file"), not a link to the newest run; move it away and run again")
        }
    }

    /// A reused run name starts clean: the charts, page and memo dump of the
    /// earlier run of that name would otherwise sit beside the new results.
    /// The earlier run is replaced, as the README says, but not silently:
    /// a note names the folder whose results this run replaces (as `shown`).
    static func removeEarlierReport(in directory: String, shown: String) {
        if FileManager.default.fileExists(atPath: RunFolder(directory).path(of: .resultsJSON)) {
            StandardError.note("\(TerminalText.visible(shown)) holds an earlier run of this --name: this run replaces its results, charts and page")
        }
        for entry in RunFolder.report {
            try? FileManager.default.removeItem(atPath: RunFolder(directory).path(of: entry))
        }
    }

    static func defaultRunName() -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return "run-" + formatter.string(from: Date())
    }
}
