import RunResults

/// Input `compare` refuses (exit status 2): which file, which row, and why.
package struct CompareInputError: Error, Hashable, Sendable, CustomStringConvertible {
    package var path: String
    /// The row's `engine/workload/size` key, or empty for the file as a whole.
    package var key: String
    package var problem: String

    package init(path: String, key: String = "", problem: String) {
        self.path = path
        self.key = key
        self.problem = problem
    }

    package var description: String { path + ": " + (key.isEmpty ? "" : key + ": ") + problem }
}
