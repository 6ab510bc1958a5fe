import Rendering

/// Fitting chart text into a picture: gnuplot does not wrap, so a long
/// footnote or title (a long workload name, nine engines skipped) would run
/// off the edge. Text is broken at spaces into lines whose width
/// ``TextFit`` estimates, as the teaching pictures do.
enum ChartText {
    /// `text` wrapped to `pixels` at `points` in the charts' regular face.
    static func wrap(_ text: String, pixels: Int, points: Double) -> [String] {
        TextFit.wrap(text, maxWidth: Double(pixels), points: points, bold: false)
    }

    /// Items joined by ", " into lines at most `pixels` wide at `points`
    /// where possible, never splitting an item (a wider item gets a line of
    /// its own); every line but the last ends in a comma. O(total length).
    static func pack(_ items: [String], pixels: Int, points: Double) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items {
            if line.isEmpty {
                line = item
            } else if TextFit.width(line + ", " + item + ",", points: points, bold: false) <= Double(pixels) {
                line += ", " + item
            } else {
                lines.append(line + ",")
                line = item
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// gnuplot commands for a footnote at the bottom left of the picture
    /// (the rows a chart cannot show, and why), in small grey type, with the
    /// bottom margin, in character rows, grown by its lines so the axis
    /// labels stay clear of it. None for no lines. O(length of the lines).
    static func footnote(_ lines: [String], height: Int) -> [String] {
        guard !lines.isEmpty else { return [] }
        let bottom = Double(12 + 15 * (lines.count - 1)) / Double(height)
        return [
            "set bmargin \(4 + lines.count)",
            "set label 1 \(GnuplotScript.literal(lines.joined(separator: "\n"))) at screen 0.01, screen \(GnuplotScript.number(bottom)) left font ',9' tc rgb '#555555'",
        ]
    }

    /// gnuplot commands for a title centred on the whole picture and wrapped
    /// to its width. `set title` centres over the plot area, which an outside
    /// legend pushes left, so a long title ran off the left edge; a label at
    /// screen coordinates does not move with the legend. The first line's
    /// centre is the anchor; the top margin makes room for every line.
    /// O(length of the title).
    static func title(_ title: String, width: Int, height: Int) -> [String] {
        let lines = wrap(title, pixels: width - 40, points: 14)
        let top = 1 - 20 / Double(height)
        return [
            "set tmargin \(GnuplotScript.number(2 + 1.4 * Double(lines.count)))",
            "set label 99 \(GnuplotScript.literal(lines.joined(separator: "\n"))) at screen 0.5, screen \(GnuplotScript.number(top)) center font ',14'",
        ]
    }
}
