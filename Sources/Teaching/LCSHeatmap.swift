import DiffEngines
import Rendering

/// The LCS memo table of a real dataset as a PNG heatmap drawn directly
/// (thousands × thousands of cells are too many for gnuplot): one pixel per
/// cell coloured by value on a perceptual ramp, matching cells (old = new)
/// in white, the traceback path in red, a caption and a colour bar drawn
/// with ``BitmapFont``.
///
/// Small tables are enlarged (whole pixels per cell) so they stay visible;
/// tables with a side over `maxSide` are reduced by averaging square blocks
/// of cells (the path marks every block it crosses), keeping the aspect.
///
/// Complexity: O(rows · columns) time for one pass over the table; memory
/// O(pixels), at most 4 · maxSide² bytes for the image.
package enum LCSHeatmap {
    /// Cells per pixel side (> 1 when reduced) and pixels per cell side (> 1
    /// when enlarged) for a table of `rows` × `columns`.
    package static func scale(rows: Int, columns: Int, maxSide: Int, targetSide: Int = 1000) -> (block: Int, enlarge: Int) {
        let side = max(rows, columns, 1)
        if side > maxSide { return ((side + maxSide - 1) / maxSide, 1) }
        return (1, max(1, min(16, targetSide / side)))
    }

    package static let pathColor = RGBA(255, 32, 32)

    /// How many pixels each pixel of the 5 × 7 font becomes: the text grows
    /// with the picture, so that captions stay readable when a 2,500-pixel
    /// table is viewed scaled down to a screen (about one scale step per
    /// 450 pixels of table: 35-pixel capitals on a 2,500-pixel table).
    static func fontScale(mapWidth: Int) -> Int { max(1, min(6, mapWidth / 450)) }

    /// Draws `table`. `title` is the caption's first line.
    package static func render(table: LCSTable, title: String, maxSide: Int = 4096) -> RasterImage {
        let rows = table.rows, columns = table.columns
        let (block, enlarge) = scale(rows: rows, columns: columns, maxSide: maxSide)
        let mapWidth = ((columns + block - 1) / block) * enlarge
        let mapHeight = ((rows + block - 1) / block) * enlarge
        let map = heatmap(table: table, block: block, enlarge: enlarge, width: mapWidth, height: mapHeight)

        let font = fontScale(mapWidth: mapWidth)
        let lineHeight = (BitmapFont.glyphHeight + 4) * font
        let margin = 12 * font
        let scaleText = block > 1
            ? "1 PIXEL = \(block)×\(block) CELLS (AVERAGED)"
            : (enlarge > 1 ? "1 CELL = \(enlarge)×\(enlarge) PIXELS" : "1 CELL = 1 PIXEL")
        let lines = [
            title,
            "ROWS ↓ = OLD ELEMENTS 0…\(rows - 2) (\(rows - 1)), COLUMNS → = NEW 0…\(columns - 2) (\(columns - 1))",
            "CELL (I, J) = LCS LENGTH OF THE FIRST I OLD AND FIRST J NEW ELEMENTS; LCS = \(table.length). \(scaleText)",
        ]
        let textWidth = lines.map { BitmapFont.width(of: $0, scale: font) }.max() ?? 0
        let legendWidth = max(200, min(mapWidth, 400 * font))
        let width = max(mapWidth, textWidth, legendWidth + BitmapFont.width(of: "  MATCHES NOT SHOWN (TOO MANY)", scale: font) + 40 * font) + 2 * margin
        let top = margin + lines.count * lineHeight + 6 * font
        let height = top + mapHeight + 6 * font + 3 * lineHeight + margin

        var image = RasterImage(width: width, height: height, background: .white)
        for (index, line) in lines.enumerated() {
            BitmapFont.draw(
                line, into: &image, x: margin, y: margin + index * lineHeight, scale: font,
                color: index == 0 ? .black : RGBA(60, 60, 60))
        }
        image.frame(x: margin - 1, y: top - 1, width: mapWidth + 2, height: mapHeight + 2, RGBA(150, 150, 150))
        image.draw(map, atX: margin, y: top)

        // Colour bar: 0 … LCS length, then the path swatch.
        let barY = top + mapHeight + 8 * font
        let barHeight = 8 * font
        let ramp = ColorRamp.viridis
        for x in 0..<legendWidth {
            image.fill(x: margin + x, y: barY, width: 1, height: barHeight, ramp.color(at: Double(x) / Double(max(1, legendWidth - 1))))
        }
        let labelY = barY + barHeight + 3 * font
        BitmapFont.draw("0", into: &image, x: margin, y: labelY, scale: font, color: .black)
        let maxLabel = "\(table.length)"
        BitmapFont.draw(
            maxLabel, into: &image, x: margin + legendWidth - BitmapFont.width(of: maxLabel, scale: font), y: labelY, scale: font,
            color: .black)
        let middle = "CELL VALUE"
        BitmapFont.draw(
            middle, into: &image, x: margin + (legendWidth - BitmapFont.width(of: middle, scale: font)) / 2, y: labelY, scale: font,
            color: RGBA(60, 60, 60))
        let swatchX = margin + legendWidth + 20 * font
        image.fill(x: swatchX, y: barY, width: 16 * font, height: barHeight, pathColor)
        BitmapFont.draw("TRACEBACK PATH", into: &image, x: swatchX + 20 * font, y: barY, scale: font, color: .black)
        let matchY = barY + barHeight + 4 * font
        image.fill(x: swatchX, y: matchY, width: 16 * font, height: barHeight, matchColor)
        image.frame(x: swatchX, y: matchY, width: 16 * font, height: barHeight, RGBA(150, 150, 150))
        BitmapFont.draw(
            matchCells(table) == nil ? "MATCHES NOT SHOWN (TOO MANY)" : "MATCH: OLD = NEW", into: &image, x: swatchX + 20 * font,
            y: matchY, scale: font, color: .black)
        return image
    }

    /// The map itself: block averages coloured on the ramp, path on top.
    static func heatmap(table: LCSTable, block: Int, enlarge: Int, width: Int, height: Int) -> RasterImage {
        var image = RasterImage(width: width, height: height, background: .white)
        let colors = ColorRamp.viridis.table(count: 256)
        let maximum = Double(max(1, table.length))
        let blockColumns = (table.columns + block - 1) / block
        var sums = [Double](repeating: 0, count: blockColumns)
        var counts = [Int](repeating: 0, count: blockColumns)
        var blockRow = 0
        for i in 0..<table.rows {
            for j in 0..<table.columns {
                sums[j / block] += Double(table[i, j])
                counts[j / block] += 1
            }
            if (i + 1) % block == 0 || i == table.rows - 1 {
                for b in 0..<blockColumns {
                    let t = counts[b] == 0 ? 0 : sums[b] / Double(counts[b]) / maximum
                    let color = colors[min(255, max(0, Int((t * 255).rounded())))]
                    image.fill(x: b * enlarge, y: blockRow * enlarge, width: enlarge, height: enlarge, color)
                    sums[b] = 0
                    counts[b] = 0
                }
                blockRow += 1
            }
        }
        if let matches = matchCells(table) {
            for (i, j) in matches {
                image.fill(x: (j / block) * enlarge, y: (i / block) * enlarge, width: enlarge, height: enlarge, matchColor)
            }
        }
        // On a big map a one-pixel path is hard to see: widen it up to 5 pixels.
        let brush = enlarge > 1 ? enlarge : max(1, min(5, max(width, height) / 600))
        let offset = enlarge > 1 ? 0 : brush / 2
        for cell in table.tracebackPath() {
            let x = (cell.j / block) * enlarge - offset, y = (cell.i / block) * enlarge - offset
            image.fill(x: x, y: y, width: brush, height: brush, pathColor)
        }
        return image
    }

    package static let matchColor = RGBA(255, 255, 255)

    /// Table cells (i, j) where old[i − 1] = new[j − 1], or nil when there
    /// are more than 4 · (rows + columns) of them (lists with many repeated
    /// ids would turn the map white). O(N + M + matches).
    static func matchCells(_ table: LCSTable) -> [(Int, Int)]? {
        var positions: [Int32: [Int]] = [:]
        for (j, code) in table.newCodes.enumerated() where code >= 0 { positions[code, default: []].append(j) }
        let limit = 4 * (table.rows + table.columns)
        var cells: [(Int, Int)] = []
        for (i, code) in table.oldCodes.enumerated() {
            guard let columns = positions[code] else { continue }
            if cells.count + columns.count > limit { return nil }
            for j in columns { cells.append((i + 1, j + 1)) }
        }
        return cells
    }
}
