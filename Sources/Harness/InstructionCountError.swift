/// Why the instruction-count pass could not run: exit status 2 in the CLI.
public struct InstructionCountError: Error, Hashable, Sendable, CustomStringConvertible {
    public var problem: String
    public init(_ problem: String) { self.problem = problem }
    public var description: String { "instruction counts: " + problem }
}
