/// Why an engine refused to produce a changeset.
public enum DiffError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which input a position refers to.
    public enum Side: String, Hashable, Sendable { case old, new }

    /// An engine that needs unique identities (`set`) met the same id twice.
    case duplicateID(id: String, side: Side, first: Int, second: Int)
    /// The `lcs` memo table would need more memory than the budget allows.
    case memoryBudgetExceeded(engine: String, cells: Int, bytes: Int, budget: Int)
    /// An engine returned a changeset that does not fit its own input (a
    /// bug in that engine; the built-ins are tested against it).
    case inconsistentChangeset(engine: String, problem: String)
    /// No engine is registered under that name; `known` lists the names that are.
    case unknownEngine(String, known: [String])

    public var description: String {
        switch self {
        case let .duplicateID(id, side, first, second):
            return "duplicate id \(id) in the \(side.rawValue) list at positions \(first) and \(second); "
                + "this engine needs unique ids (use heckel, myers or lcs for lists with repeated ids)"
        case let .memoryBudgetExceeded(engine, cells, bytes, budget):
            return "\(engine): the table needs \(cells) cells (\(bytes) bytes), over the memory budget of \(budget) bytes; "
                + "raise the budget or use myers (linear memory)"
        case let .inconsistentChangeset(engine, problem):
            return "the \(engine) engine returned an inconsistent changeset: \(problem)"
        case let .unknownEngine(name, known):
            return "unknown engine '\(name)'; known engines: \(known.joined(separator: ", "))"
        }
    }
}
