import RunResults

/// A fitted exponent, for the legend, the page and the closing note.
public struct ExponentFit: Hashable, Sendable, Codable {
    public enum Metric: String, Hashable, Sendable, Codable {
        case time, memory
    }
    public var metric: Metric
    public var engine: Subject
    /// The series label (workload and parameters).
    public var workload: String
    /// Sizes the fit used, ascending.
    public var sizes: [Int]
    /// nil when fewer than two sizes in ``PowerLawFit/sizeRange`` had a measured row.
    public var fit: PowerLawFit?

    /// The size range every exponent is fitted over, in words.
    public static var rangeText: String { PowerLawFit.sizeRangeText }
}
