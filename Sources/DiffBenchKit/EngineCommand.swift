import ArgumentParser
import Harness

/// A subcommand whose work needs the engines: it is given the registry to
/// resolve its engine names in, instead of reading a global, so two callers
/// in one process can run with different engines (the tests do).
protocol EngineCommand: ParsableCommand {
    mutating func run(with engines: EngineRegistry) throws
}

extension EngineCommand {
    /// The entry ArgumentParser calls: the process's engines.
    mutating func run() throws { try run(with: DiffBench.engines) }
}
