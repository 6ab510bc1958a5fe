import Rendering

/// A picture's bold title, wrapped when the pair's text is long (a title
/// holds both lists, up to 60 elements each). Pictures with fixed header
/// rows move them down by `extra`.
struct PictureTitle {
    static let points = 16.0
    static let lineHeight = 28.0
    let lines: [String]

    init(_ text: String, width: Int) {
        lines = TextFit.wrap(text, maxWidth: Double(width) - 48, points: PictureTitle.points)
    }

    /// Pixels beyond the one line the layouts always left for the title.
    var extra: Double { Double(lines.count - 1) * PictureTitle.lineHeight }

    /// The labels, the first line's baseline at pixel row 34.
    func commands(width: Int, height: Int) -> [String] {
        lines.enumerated().map { index, line in
            GnuplotScript.screenLabel(
                line, x: 24, y: 34 + Double(index) * PictureTitle.lineHeight, width: width, height: height,
                font: "DejaVu Sans Bold,\(GnuplotScript.number(PictureTitle.points))")
        }
    }

    /// The picture's explanation under the title, one label per line, 20
    /// pixels apart from pixel row 62 (moved down by ``extra``), and last
    /// the `aside` in the muted colour: how to read what is drawn. The
    /// pictures with such a header share one layout, so their text lines
    /// up from picture to picture. O(lines).
    func explanation(_ lines: [String], aside: String, width: Int, height: Int) -> [String] {
        (lines + [aside]).enumerated().map { index, line in
            GnuplotScript.screenLabel(
                line, x: 24, y: 62 + Double(index) * 20 + extra, width: width, height: height, font: "DejaVu Sans,11",
                color: index == lines.count ? Palette.muted : Palette.text)
        }
    }
}
