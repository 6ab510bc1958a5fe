import ArgumentParser

/// The named plans of `run --plan`.
enum PlanChoice: String, ExpressibleByArgument, CaseIterable {
    case `default`, ci
}
