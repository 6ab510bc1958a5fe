import Rendering
/// The pieces every edit-graph picture shares: the grid, the free
/// diagonals where elements match, the element labels along the sides, and
/// the k-diagonal names.
///
/// The orientation is the one of Myers' paper (1986) and of most
/// explanations built on it: old along x (columns, left to right), new along
/// y (rows, top to bottom). A step right deletes old[x], a step down inserts
/// new[y], and diagonal k = x − y runs from top-left to bottom-right. The
/// LCS table keeps the textbook layout (old down the rows), so it is this
/// grid transposed; its caption says so.
struct EditGraphCanvas {
    let pair: TeachingPair
    let layout: GridLayout
    let width: Int
    let height: Int
    let top: Double
    let bottom: Double
    let side: Double
    let headers: HeaderSpace
    let oldShown: [String]
    let newShown: [String]
    /// Left and top ends of the data ranges (labels and numbers live there).
    let xMin: Double
    let yMin: Double
    var blocks: [String] = []

    init(pair: TeachingPair, top: Double, bottom: Double, minimumWidth: Double = 1040) {
        self.pair = pair
        layout = GridLayout(n: pair.n, m: pair.m, target: 760)
        oldShown = pair.oldLabels.map { DisplayLabel.make($0, limit: 10) }
        newShown = pair.newLabels.map { DisplayLabel.make($0, limit: 10) }
        // New labels name the rows (left), old labels the columns (top).
        headers = HeaderSpace(rowLabels: newShown, columnLabels: oldShown, unit: layout.unit, points: layout.font(0.4, minimum: 7))
        // Point numbers at −0.4, element labels beyond −0.75 (left) and −0.7 (top).
        xMin = -0.95 - headers.rowUnits
        yMin = headers.rotateColumns ? -0.9 - headers.columnUnits : -0.7 - headers.columnUnits
        let plotWidth = (Double(pair.n) + 1.3 - xMin) * layout.unit
        let plotHeight = (Double(pair.m) + 0.9 - yMin) * layout.unit
        width = Int(max(plotWidth + 60, minimumWidth))
        height = Int(plotHeight + top + bottom)
        side = (Double(width) - plotWidth) / 2
        self.top = top
        self.bottom = bottom
    }

    /// Adds a data block; returns its index.
    mutating func block(_ comment: String, _ rows: [String]) -> Int {
        blocks.append("# \(blocks.count): \(comment)\n" + rows.joined(separator: "\n") + (rows.isEmpty ? "" : "\n"))
        return blocks.count - 1
    }

    var data: String {
        blocks.joined(separator: "\n\n")
    }

    /// Segment rows "x y dx dy" for a list of point pairs (x = old, y = new).
    static func segments(_ pairs: [(GridPoint, GridPoint)], extra: (Int) -> String = { _ in "" }) -> [String] {
        pairs.enumerated().map { index, pair in
            let (p, q) = pair
            return "\(p.x)\t\(p.y)\t\(q.x - p.x)\t\(q.y - p.y)" + extra(index)
        }
    }

    /// The script lines that set up the frame and the plot elements drawing
    /// the grid, the matches and the labels (to put first in `plot`).
    mutating func base(fileName: String) -> (setup: [String], plots: [String]) {
        let n = pair.n, m = pair.m
        var grid: [String] = []
        for x in 0...n { grid.append("\(x)\t0\t0\t\(m)") }
        for y in 0...m { grid.append("0\t\(y)\t\(n)\t0") }
        let gridIndex = block("grid lines x y dx dy", grid)
        var matches: [String] = []
        for x in 0..<n {
            for y in 0..<m where pair.codes.old[x] == pair.codes.new[y] { matches.append("\(x)\t\(y)\t1\t1") }
        }
        let matchIndex = block("free diagonals (old[x] = new[y]) x y dx dy", matches.isEmpty ? ["NaN\tNaN\t0\t0"] : matches)
        let oldRows = oldShown.enumerated().map { "\($0.offset)\t\(GnuplotScript.field($0.element))" }
        let oldIndex = block("old labels x label", oldRows.isEmpty ? ["NaN\t''"] : oldRows)
        let newRows = newShown.enumerated().map { "\($0.offset)\t\(GnuplotScript.field($0.element))" }
        let newIndex = block("new labels y label", newRows.isEmpty ? ["NaN\t''"] : newRows)
        var kRows: [String] = []
        let every = n + m <= 30 ? 1 : (n + m <= 60 ? 2 : 5)
        for k in -m...n where k % every == 0 {
            // Where diagonal k leaves the grid: at the bottom edge (y = M) or the right edge (x = N).
            let y = min(m, n - k)
            let x = y + k
            let (px, py) = y == m ? (Double(x) + 0.1, Double(m) + 0.45) : (Double(n) + 0.3, Double(y) + 0.15)
            kRows.append("\(GnuplotScript.number(px))\t\(GnuplotScript.number(py))\tk=\(k)")
        }
        let kIndex = block("k diagonal names x y text", kRows)
        var numbers: [String] = []
        for x in 0...n { numbers.append("\(x)\t-0.4\t\(x)") }
        for y in 0...m { numbers.append("-0.4\t\(y)\t\(y)") }
        let numberIndex = block("point numbers x y text", numbers)

        let setup = GnuplotScript.margins(left: side, right: side, top: top, bottom: bottom, width: width, height: height) + [
            "set xrange [\(GnuplotScript.number(xMin)):\(GnuplotScript.number(Double(n) + 1.3))]",
            "set yrange [\(m).9:\(GnuplotScript.number(yMin))]",
            "set label 'x →' at \(GnuplotScript.number(Double(n) + 0.3)),-0.4 left tc rgb '\(Palette.muted)' font ',\(GnuplotScript.number(layout.font(0.24, minimum: 6)))'",
            "set label 'y ↓' at -0.4,\(GnuplotScript.number(Double(m) + 0.55)) center tc rgb '\(Palette.muted)' font ',\(GnuplotScript.number(layout.font(0.24, minimum: 6)))'",
        ]
        let labelFont = GnuplotScript.number(layout.font(0.4, minimum: 7))
        let smallFont = GnuplotScript.number(layout.font(0.24, minimum: 6))
        // gnuplot 5.4 crashes on `with labels` over a block without a valid
        // point, so label plots of empty lists are left out.
        var plots = [
            "'\(fileName)' index \(gridIndex) using 1:2:3:4 with vectors nohead lc rgb '#DDDDDD' lw 1",
            "'' index \(matchIndex) using 1:2:3:4 with vectors nohead lc rgb '\(Palette.freeDiagonal)' lw \(GnuplotScript.number(max(1, layout.unit / 30))) dt 2",
            "'' index \(kIndex) using 1:2:3 with labels left font ',\(smallFont)' tc rgb '#999999'",
            "'' index \(numberIndex) using 1:2:3 with labels font ',\(smallFont)' tc rgb '\(Palette.muted)'",
        ]
        if m > 0 {
            plots.append("'' index \(newIndex) using (-0.75):($1 + 0.5):2 with labels right font 'DejaVu Sans Bold,\(labelFont)' tc rgb '\(Palette.text)'")
        }
        if n > 0 {
            plots.append(
                headers.rotateColumns
                    ? "'' index \(oldIndex) using ($1 + 0.5):(-0.75):2 with labels left rotate by 90 font 'DejaVu Sans Bold,\(labelFont)' tc rgb '\(Palette.text)'"
                    : "'' index \(oldIndex) using ($1 + 0.5):(-0.7 - \(GnuplotScript.number(headers.columnUnits / 2))):2 with labels font 'DejaVu Sans Bold,\(labelFont)' tc rgb '\(Palette.text)'")
        }
        return (setup, plots)
    }

    /// A colour per round d: distinct hues while there are few rounds, a
    /// blue → purple → red → orange ramp when there are many. Green is left
    /// out on purpose: it is the colour of the free diagonals.
    static func roundColor(_ d: Int, rounds: Int) -> String {
        let distinct = ["#1F77B4", "#FF7F0E", "#D62728", "#9467BD", "#8C564B", "#E377C2", "#17BECF", "#7F7F7F", "#BCBD22"]
        if rounds <= distinct.count { return distinct[d] }
        let ramp = ColorRamp(stops: [RGBA(hex: 0x1F77B4), RGBA(hex: 0x9467BD), RGBA(hex: 0xD62728), RGBA(hex: 0xFF7F0E)])
        let c = ramp.color(at: Double(d) / Double(max(1, rounds - 1)))
        return GnuplotScript.hex(Int(c.r) << 16 | Int(c.g) << 8 | Int(c.b))
    }
}

extension Array where Element == String {
    /// The rows, or one placeholder row so that an empty block still exists.
    func nonEmpty(_ placeholder: String) -> [String] { isEmpty ? [placeholder] : self }
}
