import Rendering

/// Text blocks above and below a picture, wrapped to its width; their
/// heights decide the picture's margins, so no sentence is ever cut.
struct TextBlock {
    struct Line {
        var text: String
        var points: Double
        var bold = false
        var color = Palette.text
    }
    var lines: [Line]

    /// Pixels the block takes at `width` (24 px margins each side).
    func height(width: Int) -> Double {
        var total = 0.0
        for line in lines {
            total += Double(TextFit.wrap(line.text, maxWidth: Double(width) - 48, points: line.points, bold: line.bold).count)
                * line.points * 4 / 3 * 1.45
        }
        return total
    }

    /// The labels, from pixel row `y` down.
    func commands(y: Double, width: Int, height: Int) -> [String] {
        var commands: [String] = []
        var penY = y
        for line in lines {
            let paragraph = GnuplotScript.paragraph(
                line.text, x: 24, y: penY, maxWidth: Double(width) - 48, width: width, height: height, points: line.points,
                bold: line.bold, color: line.color)
            commands += paragraph.commands
            penY = paragraph.next
        }
        return commands
    }
}
