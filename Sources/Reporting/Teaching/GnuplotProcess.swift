import Foundation
import Workloads

/// Runs gnuplot on a script written next to its data, so that a reader can
/// rerun `gnuplot name.gp` by hand and get the same picture.
///
/// Scripts set their output to `outfile` when it is defined
/// (`if (!exists("outfile")) outfile = 'name.png'`); the driver defines it as
/// a temporary name and renames the PNG into place only when gnuplot
/// succeeded, so a failed run never leaves half a picture.
public enum GnuplotProcess {
    /// What to tell a user who has no gnuplot.
    public static let installHint = "install gnuplot with its cairo terminals (Debian/Ubuntu: sudo apt-get install gnuplot-nox) and run again"

    /// The gnuplot executable on `PATH`, or nil.
    public static func executable() -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = String(directory) + "/gnuplot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A gnuplot run that failed, with gnuplot's own message.
    public struct Failure: Error, CustomStringConvertible {
        public var script: String
        public var message: String
        public var description: String { "gnuplot failed on \(script): \(message)" }
    }

    /// How one gnuplot run went.
    public struct Outcome: Sendable {
        /// 0 when the picture is in place; otherwise gnuplot's exit status
        /// (1 when it exited 0 without a picture, -1 when it could not start).
        public var status: Int32
        /// What gnuplot wrote on stderr: its warnings, or why it failed.
        public var messages: String
    }

    /// Runs `gnuplot -e "outfile='TEMP'" script` in `directory` and renames
    /// the picture over `output` (both names relative to `directory`) only
    /// when gnuplot succeeded and wrote a non-empty file. A failed run
    /// leaves no picture of that name, not even one from an earlier run.
    public static func run(script: String, output: String, in directory: String, gnuplot: String) -> Outcome {
        let target = directory + "/" + output
        // gnuplot runs inside `directory`, so it gets the name relative to it.
        let temporaryName = AtomicFile.temporaryPath(for: output)
        let temporary = directory + "/" + temporaryName
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuplot)
        process.arguments = ["-e", "outfile='\(temporaryName.replacingOccurrences(of: "'", with: "''"))'", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Outcome(status: -1, messages: "could not start \(gnuplot): \(error.localizedDescription)")
        }
        let messages = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let size = (try? FileManager.default.attributesOfItem(atPath: temporary)[.size] as? Int) ?? 0
        if process.terminationStatus == 0, size > 0 {
            do {
                try AtomicFile.moveIntoPlace(temporary, target)
                return Outcome(status: 0, messages: messages)
            } catch {
                unlink(temporary)
                unlink(target)
                return Outcome(status: 1, messages: "could not move the picture into place: \(error.problem)")
            }
        }
        unlink(temporary)
        unlink(target)
        let text = messages.trimmingCharacters(in: .whitespacesAndNewlines)
        return Outcome(
            status: process.terminationStatus == 0 ? 1 : process.terminationStatus,
            messages: text.isEmpty ? "exit status \(process.terminationStatus), no picture" : text)
    }

    /// ``run(script:output:in:gnuplot:)``, throwing when there is no picture.
    public static func render(script: String, output: String, in directory: String, gnuplot: String) throws(Failure) {
        let outcome = run(script: script, output: output, in: directory, gnuplot: gnuplot)
        if outcome.status != 0 { throw Failure(script: script, message: outcome.messages) }
    }
}

/// Small helpers for writing gnuplot scripts and data.
enum GP {
    /// A single-quoted gnuplot string (inside, a quote is doubled).
    static func quote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// A data field: no tabs or line breaks (the files are tab-separated).
    static func field(_ text: String) -> String {
        let cleaned = String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
        return cleaned.isEmpty ? "''" : cleaned
    }

    /// A number as gnuplot reads it.
    static func num(_ value: Double) -> String {
        if value == value.rounded() && abs(value) < 1e9 { return String(Int(value)) }
        return String(format: "%.4f", value)
    }

    /// The lines every script starts with: the terminal, the output, a tab
    /// separated data format with no comment character (labels may hold `#`).
    static func preamble(width: Int, height: Int, output: String, fontSize: Double) -> [String] {
        [
            "# Generated by diffbench teach. Rerun with: gnuplot \(output.replacingOccurrences(of: ".png", with: ".gp"))",
            "if (!exists(\"outfile\")) outfile = \(quote(output))",
            "set terminal pngcairo size \(width),\(height) noenhanced font \(quote("DejaVu Sans,\(num(fontSize))")) background rgb 'white'",
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
    static func margins(left: Double, right: Double, top: Double, bottom: Double, width: Int, height: Int) -> [String] {
        let w = Double(width), h = Double(height)
        return [
            "set lmargin at screen \(String(format: "%.5f", left / w))",
            "set rmargin at screen \(String(format: "%.5f", 1 - right / w))",
            "set tmargin at screen \(String(format: "%.5f", 1 - top / h))",
            "set bmargin at screen \(String(format: "%.5f", bottom / h))",
        ]
    }

    /// A label at screen pixel coordinates measured from the top-left corner.
    static func screenLabel(
        _ text: String, x: Double, y: Double, width: Int, height: Int, align: String = "left", font: String? = nil,
        color: String = "#222222"
    ) -> String {
        var line = "set label \(quote(text)) at screen \(String(format: "%.5f", x / Double(width))),"
            + "\(String(format: "%.5f", 1 - y / Double(height))) \(align) tc rgb \(quote(color))"
        if let font { line += " font \(quote(font))" }
        return line + " front"
    }
}

/// One entry of a legend drawn at pixel positions (gnuplot's own key cannot
/// be laid out in one row at a fixed place reliably).
struct LegendEntry {
    enum Swatch {
        case fill(String)
        case outline(String)
        case line(String, width: Double)
        case dashed(String, width: Double)
        case dot(String)
    }
    var swatch: Swatch
    var text: String
}

extension GP {
    /// Estimated width in pixels of `text` at `size` points (DejaVu Sans at pngcairo sizes averages ~0.75 of the point size).
    static func textWidth(_ text: String, size: Double) -> Double { Double(text.count) * size * 0.75 }

    /// Draws `entries` in rows starting at pixel (x, y) (top-left, from the
    /// canvas top), wrapping at `maxWidth` pixels. Returns the commands and
    /// the height used.
    static func legend(
        _ entries: [LegendEntry], x: Double, y: Double, maxWidth: Double, width: Int, height: Int, fontSize: Double = 11
    ) -> (commands: [String], height: Double) {
        var commands: [String] = []
        let rowHeight = fontSize * 2.0
        var penX = x, penY = y
        func sx(_ v: Double) -> String { String(format: "%.5f", v / Double(width)) }
        func sy(_ v: Double) -> String { String(format: "%.5f", 1 - v / Double(height)) }
        for entry in entries {
            let itemWidth = 38 + textWidth(entry.text, size: fontSize) + 24
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
                        + "lc rgb \(quote(color)) lw \(num(lineWidth)) front")
            case let .dashed(color, lineWidth):
                commands.append(
                    "set arrow from screen \(sx(penX)),\(sy(midY)) to screen \(sx(penX + 30)),\(sy(midY)) nohead "
                        + "lc rgb \(quote(color)) lw \(num(lineWidth)) dt 2 front")
            case let .dot(color):
                commands.append(
                    "set object circle at screen \(sx(penX + 15)),\(sy(midY)) size screen \(sx(5)) "
                        + "fc rgb \(quote(color)) fs solid 1.0 noborder front")
            }
            commands.append(
                screenLabel(entry.text, x: penX + 38, y: midY + fontSize * 0.45, width: width, height: height, font: ",\(num(fontSize))"))
            penX += itemWidth
        }
        return (commands, penY + rowHeight - y)
    }
}
