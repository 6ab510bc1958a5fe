/// A run document the history cannot take as it is (rows that repeat a
/// case, a machine override on a mixed merge): the command names the file.
public struct HistoryInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var problem: String
    public init(_ problem: String) { self.problem = problem }
    public var description: String { problem }
}
