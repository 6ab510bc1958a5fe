import ArgumentParser
import Foundation
import FileSupport
import Harness
import RunResults
import Workloads

/// `diffbench history bisect`: writes the script `git bisect run` calls to
/// find the commit that made one series' instruction count grow.
struct HistoryBisectCommand: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "bisect",
        abstract: "Write a `git bisect run` script that finds the commit where one series' instructions grew.",
        discussion: """
            The series is one engine on one generated dataset (--workload, --size, --elements, --seed: \
            the CI plan's seed by default). The script builds the checked-out commit (--build-command; \
            exit 125, skip, when it cannot), counts that one case's instructions with the commit's own \
            `diffbench run --instructions` under callgrind, and exits 0 when the count is at most the \
            limit, 1 when it is above. The limit is the good count plus --threshold: a count of \
            instructions (2500) or a percentage of the good count (3%). The good count is given \
            (--good N) or measured by the script itself at a commit (--good-commit REV, built in a \
            temporary worktree, so it is counted exactly as the bisection will count).

            Then: git bisect start BAD GOOD && git bisect run PATH (see README, "Finding the commit of a step"). \
            It needs git, jq and valgrind (the script stops the bisection, exit 255, without them).

            Exit status: 0 when the script is written, 1 when the good commit cannot be built or \
            measured, 2 on bad usage.
            """
    )

    @Option(help: ArgumentHelp("The engine of the series.", valueName: "engine"))
    var engine: EngineChoice

    @Option(help: ArgumentHelp("The workload of the series.", valueName: "workload"), transform: Self.workload)
    var workload: WorkloadName

    @Option(help: ArgumentHelp("The dataset size of the series.", valueName: "size"), transform: Self.size)
    var size: Int

    @Option(help: ArgumentHelp("The element kind of the series (default: int).", valueName: "kind"), transform: Self.kind)
    var elements: ElementKind = .int

    @Option(help: "Seed of the generated dataset (the CI plan's by default).")
    var seed: Int = 1

    @Option(help: ArgumentHelp("How far above the good count is bad: instructions (2500) or a percentage of it (3%).", valueName: "threshold"),
            transform: BisectThreshold.parse)
    var threshold: BisectThreshold

    @Option(help: ArgumentHelp("The good count of instructions, when known.", valueName: "count"))
    var good: Int?

    @Option(name: .customLong("good-commit"), help: ArgumentHelp("A good commit: the script counts the series there first (a release build in a temporary worktree).", valueName: "rev"))
    var goodCommit: String?

    @Option(help: ArgumentHelp("Where to write the script (default: standard output).", valueName: "path"))
    var write: String?

    @Option(name: .customLong("build-command"), help: ArgumentHelp("Shell command that builds the checked-out commit.", valueName: "command"))
    var buildCommand: String = BisectScript.defaultBuildCommand

    @Option(help: ArgumentHelp("The built executable, relative to the repository's top folder.", valueName: "path"))
    var diffbench: String = BisectScript.defaultExecutable

    func validate() throws {
        guard (good == nil) != (goodCommit == nil) else { throw ValidationError("give the good count (--good N) or a good commit (--good-commit REV), one of them") }
        if let good, good <= 0 { throw ValidationError("--good must be a positive count of instructions") }
        guard seed >= 0 else { throw ValidationError("--seed must not be negative") }
        guard !buildCommand.trimmingCharacters(in: .whitespaces).isEmpty, !diffbench.isEmpty else {
            throw ValidationError("--build-command and --diffbench must not be empty")
        }
    }

    func run(with registry: EngineRegistry) throws {
        _ = try engine.resolve(in: registry, option: "--engine")
        var script = BisectScript(
            engine: engine.name.rawValue, workload: workload, elements: elements, size: size, seed: seed,
            limit: nil, limitNote: "", buildCommand: buildCommand, executable: diffbench)
        let goodCount: Int
        let source: String
        if let good {
            goodCount = good
            source = "given"
        } else {
            goodCount = try BisectReference.count(script, at: goodCommit!)
            source = "counted at \(goodCommit!)"
        }
        let limit = threshold.limit(above: goodCount)
        script.limit = limit
        script.limitNote = "Good: \(goodCount) instructions (\(source)); bad above \(limit) (\(threshold.text))."
        if let write {
            do {
                try AtomicFile.write(script.text, to: write)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: write)
            } catch let error as FileWriteError {
                throw CLIFailure.badInput(error.description)
            } catch {
                throw CLIFailure.badInput("\(write): cannot make the script executable (\(error.localizedDescription))")
            }
            StandardError.note("good \(goodCount) instructions (\(source)), bad above \(limit); run: git bisect start BAD GOOD && git bisect run \(ShellWord.quoted(write))")
        } else {
            print(script.text, terminator: "")
        }
    }

    @Sendable static func workload(_ text: String) throws -> WorkloadName {
        guard let name = WorkloadName(registered: text) else { throw ListError(WorkloadName.refusal(TerminalText.visible(text))) }
        return name
    }

    @Sendable static func kind(_ text: String) throws -> ElementKind {
        guard let kind = ElementKind(registered: text) else { throw ListError(ElementKind.refusal(TerminalText.visible(text))) }
        return kind
    }

    @Sendable static func size(_ text: String) throws -> Int {
        guard let size = DatasetSize(item: text) else { throw ListError(DatasetSize.refusal(TerminalText.visible(text))) }
        return size.value
    }
}
