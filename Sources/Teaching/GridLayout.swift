import Rendering

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
