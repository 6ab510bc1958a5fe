import Foundation

/// The exit statuses of the command line (the CLI contract): 0 when all
/// went well, 1 when a check the user asked for failed (a regression, a
/// wrong changeset, a failed row), 2 for bad usage or bad input (a file
/// that cannot be read, written or trusted). Named so no command spells a
/// bare number; package-benchmark names its statuses the same way.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    case checkFailed = 1
    case badInput = 2

    /// Ends the process with this status.
    func exit() -> Never { Foundation.exit(rawValue) }
}
