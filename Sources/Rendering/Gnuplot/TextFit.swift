/// Keeps gnuplot text inside its picture: the one width estimate for the
/// PNG pictures (charts and teaching pictures alike); the terminal counts
/// columns (`TerminalText.wrap`), HTML and Markdown are laid out by their reader. gnuplot cannot measure text, so
/// the widths are estimated from DejaVu Sans' advance widths, rounded up:
/// an estimate that is too small cuts a sentence at the picture's edge
/// (issue 17), one that is too large only wraps a line early.
///
/// pngcairo draws a font of p points p · 4/3 pixels tall (96 dpi).
package enum TextFit {
    /// Estimated width in pixels of `text` at `points`. The table below is
    /// for the bold face; the regular face is about a tenth narrower
    /// (measured: 815 against 900 pixels for the same sentence).
    package static func width(_ text: String, points: Double, bold: Bool = true) -> Double {
        var ems = 0.0
        for character in text {
            ems += em(character)
        }
        return ems * points * 4 / 3 * (bold ? 1 : 0.92)
    }

    /// Width of one character in ems. Wide capitals and anything outside
    /// Latin (CJK, emoji, which fall back to other fonts) count as more
    /// than an em.
    package static func em(_ character: Character) -> Double {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return 1.25 }
        switch scalar.value {
        case 0x20, 0x21, 0x27, 0x2C, 0x2E, 0x3A, 0x3B, 0x69, 0x6A, 0x6C, 0x7C: return 0.38
        case 0x4D, 0x57, 0x6D, 0x77, 0x40, 0x25: return 1.14
        case 0x41...0x5A: return 0.8
        case 0x22...0x7E: return 0.7
        case 0xA0...0x24F: return 0.86
        case 0x2190...0x21FF, 0x2200...0x22FF, 0x2010...0x2027: return 1.0
        default: return 1.25
        }
    }

    /// `text` broken into lines no wider than `maxWidth` pixels: at spaces
    /// where it can, inside a word that is too long by itself.
    package static func wrap(_ text: String, maxWidth: Double, points: Double, bold: Bool = true) -> [String] {
        var lines: [String] = []
        var line = ""
        func fits(_ candidate: String) -> Bool { width(candidate, points: points, bold: bold) <= maxWidth }
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if fits(candidate) {
                line = candidate
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            // A word wider than a line is cut into pieces that fit.
            var piece = ""
            for character in word {
                if !piece.isEmpty && !fits(piece + String(character)) {
                    lines.append(piece)
                    piece = ""
                }
                piece.append(character)
            }
            line = piece
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// `label` shortened with "…" until it is at most `maxWidth` pixels
    /// wide at `points` (at least one character and the ellipsis remain), so
    /// a label in a narrow cell never spills into its neighbours.
    package static func fit(_ label: String, maxWidth: Double, points: Double) -> String {
        if width(label, points: points) <= maxWidth { return label }
        var kept = String(label.prefix(max(1, label.count - 1)))
        while kept.count > 1 && width(kept + "…", points: points) > maxWidth { kept.removeLast() }
        return kept + "…"
    }

    /// The largest size from `preferred` down to `minimum` at which `text`
    /// fits in one line of `maxWidth` pixels (`minimum` when none does).
    package static func size(_ text: String, maxWidth: Double, preferred: Double, minimum: Double) -> Double {
        var points = preferred
        while points > minimum && width(text, points: points) > maxWidth { points -= 0.5 }
        return max(points, minimum)
    }
}

extension GnuplotScript {
    /// Screen labels for a paragraph wrapped to `maxWidth` pixels, one per
    /// line from pixel row `y` down; returns the commands and the y after
    /// the last line.
    package static func paragraph(
        _ text: String, x: Double, y: Double, maxWidth: Double, width: Int, height: Int, points: Double,
        bold: Bool = false, color: String = "#222222", align: String = "left"
    ) -> (commands: [String], next: Double) {
        let lineHeight = points * 4 / 3 * 1.45
        var commands: [String] = []
        var penY = y
        for line in TextFit.wrap(text, maxWidth: maxWidth, points: points, bold: bold) {
            commands.append(
                screenLabel(
                    line, x: x, y: penY, width: width, height: height, align: align,
                    font: (bold ? "DejaVu Sans Bold," : "DejaVu Sans,") + number(points), color: color))
            penY += lineHeight
        }
        return (commands, penY)
    }
}
