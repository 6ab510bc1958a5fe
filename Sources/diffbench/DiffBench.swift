import ArgumentParser
import Foundation

/// `diffbench`: benchmark, verify and visualize collection-diffing engines.
///
/// Exit status (contract): 0 success, 1 a failed check (verification,
/// regression), 2 bad usage or bad input.
@main
struct DiffBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diffbench",
        abstract: "Benchmark, verify and visualize collection-diffing engines (lcs, myers, heckel, set, stdlib).",
        discussion: """
            Exit status: 0 on success, 1 when a check fails (a wrong changeset, a \
            regression), 2 on bad usage or bad input.
            """,
        subcommands: [
            DiffCommand.self, GenerateCommand.self, RunCommand.self, ChartCommand.self, TargetsCommand.self,
            ValidateCommand.self, TeachCommand.self, TableCommand.self, BaselineCommand.self, CompareCommand.self,
        ]
    )

    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let failure as CLIFailure {
            FileHandle.standardError.write(Data(("diffbench: " + failure.message + "\n").utf8))
            Foundation.exit(failure.code)
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
