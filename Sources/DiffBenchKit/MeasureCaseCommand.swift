import ArgumentParser
import Foundation
import Harness

/// The worker of `run` (``CaseWorker``): one dataset × element kind with
/// all its engines, in a process of its own so that an engine's crash,
/// hang or runaway allocation costs only its own rows. Started by `run`
/// as this same executable, so it knows the same engines (a tool built on
/// `DiffBenchCLI.main(engines:)` included). Not for users, hidden from help.
struct MeasureCaseCommand: EngineCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure-case",
        abstract: "Internal: run one case of a run in a worker process (see run --in-process).",
        shouldDisplay: false
    )

    @Argument(help: "The job file written by run.")
    var job: String

    func run(with registry: EngineRegistry) throws {
        let status = CaseWorker.serve(jobPath: job, registry: registry) { path in try RunCommand.loadDataset(path) }
        Foundation.exit(status)
    }
}
