import Foundation

/// Builds the text of a `.gp` file. Every script is complete on its own and
/// names its files relative to its folder, so `gnuplot NAME.gp` run in the
/// charts folder redraws `NAME.png` without diffbench.
package struct GnuplotScript {
    package private(set) var lines: [String] = []

    /// The common head: terminal, size, fonts, grid. `outfile` can be set from
    /// outside (`gnuplot -e "outfile='x'"`), which is how diffbench draws to a
    /// temporary file and renames it into place.
    package init(name: String, title: String, width: Int, height: Int, runName: String) {
        lines = [
            "# \(GnuplotScript.comment(title))",
            "# Drawn by `diffbench chart` from the results.json of run \(GnuplotScript.comment(runName)).",
            "# Redraw or restyle from this folder: gnuplot \(name).gp   (reads \(name).dat, writes \(name).png)",
            "reset",
            "if (!exists(\"outfile\")) outfile = '\(name).png'",
            "set encoding utf8",
            "set terminal pngcairo size \(width),\(height) enhanced font 'Sans,11' background rgb 'white'",
            "set output outfile",
            "set micro",
            "set border 3 lc rgb '#444444'",
            "set tics nomirror out",
            "set grid xtics ytics lt 1 lc rgb '#dcdcdc' lw 1",
            "set key outside right top vertical Left reverse noautotitle spacing 1.3 samplen 2.5",
        ]
    }

    package mutating func add(_ line: String) { lines.append(line) }

    /// Text for a `#` comment line: a comment ending in a backslash would
    /// swallow the next line, and a line break (or any control character
    /// a reader may take for one) would end the comment and make the rest a
    /// command. O(length).
    package static func comment(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar -> Unicode.Scalar in
            if scalar == "\\" { return "/" }
            return isControl(scalar) ? " " : scalar
        }))
    }

    /// `text` with each control character (``isControl(_:)``) as a space. O(length).
    package static func withoutControls(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { isControl($0) ? " " : $0 }))
    }

    /// C0 and C1 control characters, DEL and the Unicode line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) || scalar == "\u{2028}" || scalar == "\u{2029}"
    }

    package mutating func add(_ more: [String]) { lines.append(contentsOf: more) }

    package var text: String { lines.joined(separator: "\n") + "\n" }

    /// A gnuplot double-quoted string whose content shows literally: in
    /// enhanced text mode (the default; there `^ _ @ & ~ { }` would
    /// otherwise format) or, with `enhanced: false`, on a `noenhanced`
    /// terminal, where those characters are plain and need no escape.
    package static func literal(_ text: String, enhanced: Bool = true) -> String {
        "\"" + escaped(text, enhanced: enhanced) + "\""
    }

    /// The inside of ``literal(_:enhanced:)``, for strings that mix literal
    /// text with enhanced markup of their own (an exponent `n^{1.03}`). The
    /// one escaping of text into a gnuplot string: every chart and teaching
    /// picture goes through it.
    ///
    /// Text from a results file is untrusted, and gnuplot runs a backquoted
    /// command inside a double-quoted string before it parses the line. So a
    /// backquote and `$` are written as octal escapes (`\140`), which gnuplot
    /// turns back into the character only after the line has been parsed;
    /// `@` (a macro outside strings) is escaped for enhanced text anyway; a
    /// control character (a raw line break ends the command and starts a new
    /// one) is an octal escape too, NUL and C1 controls a space. O(length).
    package static func escaped(_ text: String, enhanced: Bool = true) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += enhanced ? "\\\\\\\\" : "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "^", "_", "@", "&", "~", "{", "}": out += (enhanced ? "\\\\" : "") + String(scalar)
            case "`", "$": out += octal(scalar.value)
            default:
                if isControl(scalar) {
                    // C0/C1 controls and Unicode line separators: no raw byte of them reaches the script.
                    out += scalar.value > 0 && scalar.value < 0x80 ? octal(scalar.value) : " "
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// `\ooo`: a byte as a gnuplot double-quoted-string octal escape.
    static func octal(_ value: UInt32) -> String {
        let digits = String(value, radix: 8)
        return "\\" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits
    }

    /// `#RRGGBB` for a 24-bit colour.
    package static func hex(_ rgb: Int) -> String {
        let digits = String(rgb, radix: 16, uppercase: true)
        return "#" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// A number as gnuplot source: integers plain, others to six digits.
    /// Never `inf` or `nan`, which gnuplot reads as undefined variables (a
    /// range of 1e308 × 1.25, from a results file that claims it, would
    /// otherwise reach a script): NaN is written 0 and an infinity as the
    /// largest six-digit number below the greatest finite Double. O(1).
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return value.isNaN ? "0" : (value < 0 ? "-" : "") + "1.79769e+308" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return String(format: "%.6g", value)
    }
}

/// Helpers for the teaching pictures' scripts: pixel-exact layouts
/// (margins, labels and legends placed in screen pixels) and tab-separated data.
extension GnuplotScript {
    /// A string for a `noenhanced` script (the teaching pictures), shown as
    /// written: ``literal(_:enhanced:)`` without enhanced escapes. A
    /// control character becomes a space first (a picture's label is one
    /// line). Not single quotes with the quote doubled: gnuplot 5.4 reads
    /// `` (a label that is one `''`) as an empty string followed by a
    /// stray token, and the script fails. O(length).
    package static func quote(_ text: String) -> String {
        literal(withoutControls(text), enhanced: false)
    }

    /// A data field: no tabs, line breaks or other control characters (the
    /// files are tab-separated, one record a line).
    package static func field(_ text: String) -> String {
        let cleaned = withoutControls(text)
        return cleaned.isEmpty ? "''" : cleaned
    }

    /// The lines every script starts with: the terminal, the output, a tab
    /// separated data format with no comment character (labels may hold `#`).
    package static func preamble(width: Int, height: Int, output: String, fontSize: Double) -> [String] {
        [
            "# Generated by diffbench teach. Rerun with: gnuplot \(output.replacingOccurrences(of: ".png", with: ".gp"))",
            "if (!exists(\"outfile\")) outfile = \(quote(output))",
            "set terminal pngcairo size \(width),\(height) noenhanced font \(quote("DejaVu Sans,\(number(fontSize))")) background rgb 'white'",
            "set output outfile",
            "set datafile separator \"\\t\"",
            "set datafile commentschars \"\"",
            "unset key",
            "unset border",
            "unset xtics",
            "unset ytics",
        ]
    }

    /// Places the plot area at exact pixel margins inside a canvas, so that a
    /// data unit is the same number of pixels on both axes.
    package static func margins(left: Double, right: Double, top: Double, bottom: Double, width: Int, height: Int) -> [String] {
        let w = Double(width), h = Double(height)
        return [
            "set lmargin at screen \(String(format: "%.5f", left / w))",
            "set rmargin at screen \(String(format: "%.5f", 1 - right / w))",
            "set tmargin at screen \(String(format: "%.5f", 1 - top / h))",
            "set bmargin at screen \(String(format: "%.5f", bottom / h))",
        ]
    }

    /// A label at screen pixel coordinates measured from the top-left corner.
    package static func screenLabel(
        _ text: String, x: Double, y: Double, width: Int, height: Int, align: String = "left", font: String? = nil,
        color: String = "#222222"
    ) -> String {
        var line = "set label \(quote(text)) at screen \(String(format: "%.5f", x / Double(width))),"
            + "\(String(format: "%.5f", 1 - y / Double(height))) \(align) tc rgb \(quote(color))"
        if let font { line += " font \(quote(font))" }
        return line + " front"
    }
}

extension GnuplotScript {
    /// Draws `entries` in rows starting at pixel (x, y) (top-left, from the
    /// canvas top), wrapping at `maxWidth` pixels. Returns the commands and
    /// the height used.
    package static func legend(
        _ entries: [LegendEntry], x: Double, y: Double, maxWidth: Double, width: Int, height: Int, fontSize: Double = 11
    ) -> (commands: [String], height: Double) {
        var commands: [String] = []
        let rowHeight = fontSize * 2.0
        var penX = x, penY = y
        func sx(_ v: Double) -> String { String(format: "%.5f", v / Double(width)) }
        func sy(_ v: Double) -> String { String(format: "%.5f", 1 - v / Double(height)) }
        for entry in entries {
            let itemWidth = 38 + TextFit.width(entry.text, points: fontSize, bold: false) + 24
            if penX > x && penX + itemWidth > x + maxWidth {
                penX = x
                penY += rowHeight
            }
            let midY = penY + rowHeight / 2
            switch entry.swatch {
            case let .fill(color):
                commands.append(
                    "set object rect from screen \(sx(penX)),\(sy(midY + 6)) to screen \(sx(penX + 30)),\(sy(midY - 6)) "
                        + "fc rgb \(quote(color)) fs solid 1.0 border lc rgb '#999999' front")
            case let .outline(color):
                commands.append(
                    "set object rect from screen \(sx(penX)),\(sy(midY + 6)) to screen \(sx(penX + 30)),\(sy(midY - 6)) "
                        + "fs empty border lc rgb \(quote(color)) lw 3 front")
            case let .line(color, lineWidth):
                commands.append(
                    "set arrow from screen \(sx(penX)),\(sy(midY)) to screen \(sx(penX + 30)),\(sy(midY)) nohead "
                        + "lc rgb \(quote(color)) lw \(number(lineWidth)) front")
            case let .dashed(color, lineWidth):
                commands.append(
                    "set arrow from screen \(sx(penX)),\(sy(midY)) to screen \(sx(penX + 30)),\(sy(midY)) nohead "
                        + "lc rgb \(quote(color)) lw \(number(lineWidth)) dt 2 front")
            case let .dot(color):
                commands.append(
                    "set object circle at screen \(sx(penX + 15)),\(sy(midY)) size screen \(sx(5)) "
                        + "fc rgb \(quote(color)) fs solid 1.0 noborder front")
            }
            commands.append(
                screenLabel(entry.text, x: penX + 38, y: midY + fontSize * 0.45, width: width, height: height, font: ",\(number(fontSize))"))
            penX += itemWidth
        }
        return (commands, penY + rowHeight - y)
    }
}
