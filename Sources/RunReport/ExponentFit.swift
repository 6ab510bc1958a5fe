import RunResults

/// A fitted exponent, for the legend, the page and the closing note.
package struct ExponentFit: Hashable, Sendable, Codable {
    package enum Metric: String, Hashable, Sendable, Codable {
        case time, memory
    }
    package var metric: Metric
    package var engine: Subject
    /// The series label (workload and parameters).
    package var workload: String
    /// Sizes the fit used, ascending.
    package var sizes: [Int]
    /// nil when fewer than two sizes in ``PowerLawFit/sizeRange`` had a measured row.
    package var fit: PowerLawFit?

    /// The size range every exponent is fitted over, in words.
    package static var rangeText: String { PowerLawFit.sizeRangeText }
}
