import DiffEngines

/// The first case an engine failed, shrunk to a smallest pair that still
/// fails the same check, with the context to replay it.
public struct ConformanceFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var engine: String
    public var check: ConformanceCheck
    public var elements: ConformanceElements
    /// The generated case that failed first.
    public var original: ConformanceCase
    /// The smallest case found that fails `check` the same way.
    public var shrunk: ConformanceCase
    /// What was wrong with the engine's answer on `shrunk`, in words.
    public var detail: String
    /// The seed and the case's number in the run, to replay it.
    public var seed: UInt64
    public var caseNumber: Int

    public var description: String {
        """
        \(engine) \(check.rawValue) on \(elements.rawValue) elements: \(detail)
          shrunk case:   \(shrunk)
          original case: \(original) (shape \(original.shape), case #\(caseNumber), seed \(seed))
        """
    }
}
