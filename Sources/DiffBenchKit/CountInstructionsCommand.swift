import ArgumentParser
import Harness

/// The child of `run --instructions`, run under callgrind by
/// ``InstructionCounter``: not for users, hidden from help.
struct CountInstructionsCommand: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "count-instructions",
        abstract: "Internal: one counted call per job of a job file, under callgrind (see run --instructions).",
        shouldDisplay: false
    )

    @Argument(help: "The job file written by run --instructions.")
    var jobs: String

    @Option(help: "Datasets counted at once.")
    var parallel: Int = 1

    func run(with registry: EngineRegistry) throws {
        do {
            try InstructionCounter.runChild(jobsPath: jobs, registry: registry, parallel: parallel) { path in
                try RunCommand.loadDataset(path)
            }
        } catch let error as InstructionCountError {
            throw CLIFailure.badInput(error.description)
        }
    }
}
