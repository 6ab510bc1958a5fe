import Foundation

/// One judged value, with the band used.
package struct HistoryJudgement: Hashable, Sendable {
    package var value: Double
    /// Nil when there was too little history.
    package var band: HistoryBand?
    package var verdict: HistoryVerdict

    /// (value − centre) / centre; nil without a band or with a zero centre.
    package var relativeChange: Double? {
        guard let band, band.centre != 0 else { return nil }
        return (value - band.centre) / abs(band.centre)
    }
}
