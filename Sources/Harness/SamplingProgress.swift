import Foundation
import FileSupport

/// Where a case's sampling stands: samples taken (over every subject) and
/// the seconds it has left by the sampling rule (``SamplingProgress/estimate(round:elapsed:minSamples:minTime:budgetLeft:)``).
public struct SamplingProgress: Hashable, Sendable, Codable {
    public var samples: Int
    public var secondsLeft: Double

    /// "1,234 samples, about 12 s left in this case".
    public var text: String {
        let left = secondsLeft < 1 ? "under a second" : String(format: "about %.0f s", secondsLeft.rounded(.up))
        return "\(Formatting.grouped(samples)) sample\(samples == 1 ? "" : "s"), \(left) left in this case"
    }

    /// The seconds left: rounds go on until there are `minSamples` of them
    /// and they have lasted `minTime`, so at least `minTime − elapsed`, and
    /// the missing rounds at the mean round's time so far; never more than
    /// `budgetLeft`, what the subjects still timing may spend before their
    /// time budgets stop them. O(1).
    public static func estimate(round: Int, elapsed: Double, minSamples: Int, minTime: Double, budgetLeft: Double) -> Double {
        let perRound = round > 0 ? elapsed / Double(round) : 0
        let rounds = Double(max(minSamples - round, 0)) * perRound
        return max(0, min(max(minTime - elapsed, rounds), budgetLeft))
    }
}
