import Rendering

/// Room for element labels beside a grid: row labels in a column on the
/// left, column labels in a band on top, turned upright when a label is
/// wider than a cell. Sizes are in data units (one unit = one cell).
struct HeaderSpace {
    var rowUnits: Double
    var columnUnits: Double
    var rotateColumns: Bool

    /// Estimated pixel width of a bold label at `points` (``TextFit``: wide
    /// letters such as W count for more than narrow ones).
    static func pixels(_ label: String, points: Double) -> Double { TextFit.width(label, points: points) }

    init(rowLabels: [String], columnLabels: [String], unit: Double, points: Double) {
        let rowWidth = rowLabels.map { HeaderSpace.pixels($0, points: points) }.max() ?? 0
        let columnWidth = columnLabels.map { HeaderSpace.pixels($0, points: points) }.max() ?? 0
        rowUnits = max(0.8, rowWidth / unit + 0.2)
        rotateColumns = columnWidth > unit * 0.95
        columnUnits = rotateColumns ? columnWidth / unit + 0.2 : max(0.8, points * 1.4 / unit)
    }
}
