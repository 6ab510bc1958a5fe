import Foundation

/// The band a history draws: ``lower`` … ``upper`` around ``centre``.
package struct HistoryBand: Hashable, Sendable {
    /// The median of the window.
    package var centre: Double
    package var lower: Double
    package var upper: Double
    /// How many values the band was drawn from.
    package var count: Int

    /// The half-width as a fraction of the centre (0 when the centre is 0).
    package var relativeHalfWidth: Double { centre == 0 ? 0 : (upper - centre) / abs(centre) }
}
