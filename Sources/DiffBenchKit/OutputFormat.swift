import ArgumentParser

/// Output formats shared by the subcommands.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
