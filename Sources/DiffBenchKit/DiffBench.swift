import ArgumentParser
import Foundation
import Formats
import Harness
import ListUpdates
import Rendering
import Teaching

/// `diffbench`: benchmark, verify and visualize collection-diffing engines.
///
/// Exit status (contract): 0 success, 1 a failed check (verification,
/// regression), 2 bad usage or bad input.
struct DiffBench: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "diffbench",
        abstract: "Benchmark, verify and visualize collection-diffing engines (\(EngineRegistry.current.names.map(\.rawValue).joined(separator: ", "))).",
        discussion: """
            Exit status: 0 on success, 1 when a check fails (a wrong changeset, a \
            regression), 2 on bad usage or bad input.
            """,
        subcommands: [
            DiffCommand.self, GenerateCommand.self, RunCommand.self, ChartCommand.self, TargetsCommand.self,
            ValidateCommand.self, TeachCommand.self, TableCommand.self, BaselineCommand.self, CompareCommand.self,
            MergeCommand.self, CountInstructionsCommand.self,
        ]
        )
    }

    static func runMain() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CLIFailure {
            FileHandle.standardError.write(Data(("diffbench: " + failure.message + "\n").utf8))
            Foundation.exit(failure.code)
        } catch let input as InputError {
            // A file the user named is unreadable or malformed: bad input.
            FileHandle.standardError.write(Data(("diffbench: " + input.description + "\n").utf8))
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            // Usage errors are exit 2 (contract), not ArgumentParser's 64.
            Foundation.exit(code == .validationFailure || code.rawValue == 64 ? 2 : code.rawValue)
        }
    }
}

/// The `diffbench` command-line tool as a library: `diffbench` itself is
/// `DiffBenchCLI.main()`; another package passes engines of its own.
public enum DiffBenchCLI {
    /// Parses the process's arguments, runs the subcommand and exits with
    /// the contract's status (0, 1 or 2). `engines` are registered beside
    /// the built-ins (one of the same name replaces it): every subcommand —
    /// `diff`, `run`, `chart`, `compare`, `targets` — then knows them.
    public static func main(engines: [EngineDescriptor] = []) {
        EngineRegistry.$current.withValue(EngineRegistry.builtIns.adding(engines)) {
            DiffBench.runMain()
        }
    }
}

/// An error the CLI reports as is, with its exit status.
struct CLIFailure: Error {
    var message: String
    var code: Int32

    /// Bad usage or bad input: exit 2.
    static func badInput(_ message: String) -> CLIFailure { CLIFailure(message: message, code: 2) }
    /// A check that failed: exit 1.
    static func checkFailed(_ message: String) -> CLIFailure { CLIFailure(message: message, code: 1) }
}

/// Output formats shared by the subcommands.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `diff`'s formats: the shared ones plus UIKit batch updates, as a listing
/// or as a batch file for `validate`.
enum DiffOutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
    case batch
    case batchJSON = "batch-json"
}
