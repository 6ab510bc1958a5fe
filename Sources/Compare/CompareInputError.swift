import RunResults

/// Input `compare` refuses (exit status 2): which file, which row, and why.
public struct CompareInputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var path: String
    /// The row's `engine/workload/size` key, or empty for the file as a whole.
    public var key: String
    public var problem: String

    public init(path: String, key: String = "", problem: String) {
        self.path = path
        self.key = key
        self.problem = problem
    }

    public var description: String { path + ": " + (key.isEmpty ? "" : key + ": ") + problem }
}
