/// A run document the history cannot take as it is (rows that repeat a
/// case, a machine override on a mixed merge): the command names the file.
package struct HistoryInputError: Error, Hashable, Sendable, CustomStringConvertible {
    package var problem: String
    package init(_ problem: String) { self.problem = problem }
    package var description: String { problem }
}
