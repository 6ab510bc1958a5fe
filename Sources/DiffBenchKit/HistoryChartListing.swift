import HistoryStore

/// One chart in `history chart --format json`.
struct HistoryChartListing: Encodable {
    var series: SeriesKey
    var measures: [HistoryMeasure]
    var png: String?
    var script: String
    var runs: Int
    var changes: [HistoryChange]

    init(_ entry: HistoryChartSet.Entry) {
        series = entry.trend.key
        measures = entry.trend.panels.map(\.measure)
        png = entry.drawn ? entry.name + ".png" : nil
        script = entry.name + ".gp"
        runs = entry.trend.runs.count
        changes = entry.trend.changes
    }
}
