import RunResults

/// Chart 3, one per workload: peak heap bytes against list size, log–log,
/// with fitted exponents. Drawn by ``ScalingChart`` with the memory metric:
/// the same picture as the time scaling chart, so one drawing, two kinds.
enum MemoryChart: ReportChart {
    static let kind = ChartFile.Kind("memory")
    static let heading = "How memory grows with the list"
    static let help = "memory-WORKLOAD (peak heap against size, fitted exponents)"

    static func drafts(for run: ChartRun) -> [ChartDraft] {
        run.allSeries.compactMap { ScalingChart.draft($0, metric: .memory, runName: run.runName) }
    }
}
