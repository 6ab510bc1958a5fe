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
            return "duplicate id \(id.debugDescription) in the \(side.rawValue) list at positions \(first) and \(second); "
                + "this engine needs unique ids (\(Self.builtInsAcceptingRepeatedIDs) accept repeated ids)"
        case let .memoryBudgetExceeded(engine, cells, bytes, budget):
            return "\(engine): the table needs \(cells) cells (\(bytes) bytes), over the memory budget of \(budget) bytes; "
                + "raise the budget or use myers (linear memory)"
        case let .inconsistentChangeset(engine, problem):
            return "the \(engine) engine returned an inconsistent changeset: \(problem)"
        case let .unknownEngine(name, known):
            return "unknown engine '\(name)'; known engines: \(known.joined(separator: ", "))"
        }
    }

    /// The built-in engines that take lists with repeated ids, in words
    /// ("lcs, myers, heckel and anchor"): read from their claims
    /// (``EngineClaims/uniqueIDsOnly``), so a new engine is named without
    /// an edit here. The commands, which know plug-ins too, name their own.
    public static var builtInsAcceptingRepeatedIDs: String {
        let names = BuiltInEngine.all.filter { !$0.claims.contains(.uniqueIDsOnly) }.map(\.name.rawValue)
        guard let last = names.last else { return "no engine" }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
}
