/// An error the CLI reports as is, with its exit status.
struct CLIFailure: Error, CustomStringConvertible {
    var description: String { message }
    var message: String
    var status: ExitStatus

    /// Bad usage or bad input: exit 2.
    static func badInput(_ message: String) -> CLIFailure { CLIFailure(message: message, status: .badInput) }
    /// A check that failed: exit 1.
    static func checkFailed(_ message: String) -> CLIFailure { CLIFailure(message: message, status: .checkFailed) }
}
