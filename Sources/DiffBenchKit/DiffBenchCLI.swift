import FileSupport
import Foundation
import Harness

/// The `diffbench` command-line tool as a library: `diffbench` itself is
/// `DiffBenchCLI.main()`; another package passes engines of its own.
public enum DiffBenchCLI {
    /// Parses the process's arguments, runs the subcommand and exits with
    /// the contract's status (0, 1 or 2). `engines` are registered beside
    /// the built-ins: every subcommand — `diff`, `run`, `chart`, `compare`,
    /// `targets` — then knows them. They are checked first
    /// (``EngineRegistry/registering(_:)``): a descriptor that breaks a rule
    /// (a built-in's or a repeated name, a name that is not lower-case
    /// letters, digits and `-`, a colour that is not `#RRGGBB`, a symbol
    /// gnuplot does not have) ends the process with status 2 and a message
    /// naming it, before any argument is parsed.
    public static func main(engines: [EngineDescriptor] = []) {
        // Before any engine runs: the mask, environment and locale the
        // command's own work keeps to (``LaunchState``).
        LaunchState.capture()
        if let started = CommandLine.arguments.first?.split(separator: "/").last, !started.isEmpty {
            DiffBench.programName = String(started)
        }
        var engines = engines
        #if DEBUG
        // The tests' stand-in plug-in (``FaultInjection/testPlugins``), only when asked for.
        engines += FaultInjection.testPlugins
        #endif
        let checked: EngineRegistry
        do throws(CLIFailure) {
            checked = try registry(adding: engines) { FileHandle.standardError.write(Data(("diffbench: warning: " + $0 + "\n").utf8)) }
        } catch {
            FileHandle.standardError.write(Data(("diffbench: " + error.message + "\n").utf8))
            error.status.exit()
        }
        DiffBench.engines = checked
        DiffBench.runMain()
    }

    /// The registry `main` runs with, or the failure (exit 2) naming the
    /// descriptor that breaks a rule; each warning (a colour replaced) goes
    /// to `warn`.
    static func registry(adding engines: [EngineDescriptor], warn: (String) -> Void) throws(CLIFailure) -> EngineRegistry {
        do {
            let (registry, warnings) = try EngineRegistry.registering(engines)
            warnings.forEach(warn)
            return registry
        } catch {
            throw CLIFailure.badInput(error.description)
        }
    }
}
