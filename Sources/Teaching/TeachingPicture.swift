import Rendering

/// A picture drawn by gnuplot: its data file and its script, written side by
/// side as `name.dat` and `name.gp`, rendered to `name.png`.
struct TeachingPicture {
    var name: String
    var data: String
    var script: String
    /// One sentence under the picture in the index.
    var caption: String

    var png: String { name + ".png" }
    var dataFile: String { name + ".dat" }
    var scriptFile: String { name + ".gp" }
}

/// Sizes shared by the grid pictures (LCS table, edit graph, work): one data
/// unit is `unit` pixels, so bigger inputs get smaller cells.
struct GridLayout {
    var n: Int
    var m: Int
    var unit: Double

    init(n: Int, m: Int, target: Double = 820, smallest: Double = 16, largest: Double = 64) {
        self.n = n
        self.m = m
        unit = min(largest, max(smallest, target / Double(max(n, m) + 2)))
    }

    /// A font size in points that is `fraction` of a unit tall.
    func font(_ fraction: Double, minimum: Double = 6) -> Double {
        max(minimum, (unit * fraction * 0.75).rounded())
    }
}

/// Colours used across the pictures (colour-blind-safe where they carry meaning).
enum Palette {
    static let path = "#D62728"
    static let match = "#2CA02C"
    static let grid = "#C8C8C8"
    static let text = "#222222"
    static let muted = "#777777"
    static let delete = "#D62728"
    static let insert = "#2CA02C"
    static let move = "#FF7F0E"
    static let update = "#9467BD"
    static let stay = "#7F7F7F"
    static let forward = "#1F77B4"
    static let backward = "#FF7F0E"
    static let finalPath = "#FFD54F"
    /// Free diagonals (old[x] = new[y]) in the edit graphs; no round of the
    /// search uses this green (see `EditGraphCanvas.roundColor`).
    static let freeDiagonal = "#2CA02C"

    /// A light blue ramp for table values: 0 nearly white, the maximum mid blue.
    static func tableFill(_ value: Int, maximum: Int) -> Int {
        let t = maximum == 0 ? 0 : Double(value) / Double(maximum)
        let low = (0xF7, 0xFB, 0xFF), high = (0x6B, 0xAE, 0xD6)
        func mix(_ a: Int, _ b: Int) -> Int { Int((Double(a) + (Double(b) - Double(a)) * t).rounded()) }
        return mix(low.0, high.0) << 16 | mix(low.1, high.1) << 8 | mix(low.2, high.2)
    }
}

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
