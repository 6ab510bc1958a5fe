import Foundation

/// What ``HistoryBandRule/judge(_:history:isReference:)`` says of one value.
package enum HistoryVerdict: String, Hashable, Sendable, CaseIterable {
    /// Inside the band.
    case pass
    /// Above the band: fails the gate.
    case regression
    /// Below the band.
    case improvement
    /// A reference row outside the band: reported, never a failure.
    case referenceMoved = "reference_moved"
    /// Too little history for a band: the caller judges by its baseline file.
    case notJudged = "not_judged"

    /// Whether the gate fails on this verdict.
    package var fails: Bool { self == .regression }
}
