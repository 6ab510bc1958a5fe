import ArgumentParser

/// Which cases `history page` draws.
enum HistoryPageCharts: String, ExpressibleByArgument, CaseIterable {
    case auto, all, steps

    /// The most points (runs × panels, over every case) `auto` draws every
    /// case for: about half a minute of gnuplot on one core (measured: a
    /// two-panel chart of 1,000 runs takes 0.3 s of CPU, of 10,000 runs 1.7 s).
    static let autoLimit = 100_000

    /// `all` or `steps` for `trends`: what `auto` comes to for them. O(cases).
    func resolved(for trends: [HistoryTrend]) -> HistoryPageCharts {
        guard self == .auto else { return self }
        let points = trends.reduce(0) { total, trend in total + trend.panels.reduce(0) { $0 + $1.points.count } }
        return points <= Self.autoLimit ? .all : .steps
    }
}
