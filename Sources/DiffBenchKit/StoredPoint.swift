import HistoryStore

/// A point of a stored series (``HistoryStore/SeriesPoint``: the module's
/// name is also its main class's, and HistoryAnalysis has a `SeriesPoint`
/// of its own, so files that import both name this one by this alias).
typealias StoredPoint = SeriesPoint
