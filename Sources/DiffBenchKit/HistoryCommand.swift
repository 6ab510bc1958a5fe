import ArgumentParser

/// `diffbench history`: what is learnt from runs over commits.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Runs over commits: find the commit that changed a series (bisect).",
        subcommands: [HistoryBisectCommand.self]
    )
}
