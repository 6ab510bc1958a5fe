import Rendering

/// Fitting chart text into a picture: gnuplot does not wrap, so a long
/// footnote or title (a long workload name, nine engines skipped) would run
/// off the edge. Text is broken at spaces into lines of a width estimated
/// from the font size (a sans-serif character averages ~0.55 em).
enum ChartText {
    /// Characters that fit across `pixels` at `points` font size (pngcairo at 96 dpi).
    static func columns(pixels: Int, points: Double) -> Int {
        max(20, Int(Double(pixels) / (points * 96 / 72 * 0.55)))
    }

    /// The text broken at spaces into lines of at most `columns` characters
    /// (a word longer than that is cut into pieces). O(length).
    static func wrap(_ text: String, columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            while word.count > columns {
                if !line.isEmpty { lines.append(line); line = "" }
                lines.append(String(word.prefix(columns)))
                word = word.dropFirst(columns)
            }
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= columns {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }

    /// Items joined by ", " into lines of at most `columns` characters where
    /// possible, never splitting an item (a longer item gets a line of its
    /// own); every line but the last ends in a comma. O(total length).
    static func pack(_ items: [String], columns: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for item in items {
            if line.isEmpty {
                line = item
            } else if line.count + 2 + item.count <= columns {
                line += ", " + item
            } else {
                lines.append(line + ",")
                line = item
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// gnuplot commands for a title centred on the whole picture and wrapped
    /// to its width. `set title` centres over the plot area, which an outside
    /// legend pushes left, so a long title ran off the left edge; a label at
    /// screen coordinates does not move with the legend. The first line's
    /// centre is the anchor; the top margin makes room for every line.
    /// O(length of the title).
    static func title(_ title: String, width: Int, height: Int) -> [String] {
        let lines = wrap(title, columns: columns(pixels: width - 40, points: 14))
        let top = 1 - 20 / Double(height)
        return [
            "set tmargin \(GnuplotScript.number(2 + 1.4 * Double(lines.count)))",
            "set label 99 \(GnuplotScript.literal(lines.joined(separator: "\n"))) at screen 0.5, screen \(GnuplotScript.number(top)) center font ',14'",
        ]
    }
}
