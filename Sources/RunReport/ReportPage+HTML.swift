import Rendering

extension ReportPage {
    /// `index.html`: one self-contained page (inline CSS, no scripts, no
    /// fonts or files from elsewhere) that opens in any browser from the run
    /// folder; its only references are the PNGs, `.dat`/`.gp` files and
    /// results beside it. O(rows + charts).
    var html: String {
        var out: [String] = [
            "<!DOCTYPE html>",
            "<html lang=\"en\">",
            "<head>",
            "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(Self.escapeHTML(title))</title>",
            "<style>",
            Self.style,
            "</style>",
            "</head>",
            "<body>",
            "<h1>\(Self.escapeHTML(title))</h1>",
            "<p class=\"files\">Results: <a href=\"results.csv\">results.csv</a> · <a href=\"results.json\">results.json</a> · <a href=\"index.md\">index.md</a></p>",
            "<nav><a href=\"#environment\">Environment</a> · <a href=\"#verdict\">Verdict</a> · <a href=\"#charts\">Charts</a> · <a href=\"#exponents\">Exponents</a> · <a href=\"#results\">Results</a></nav>",
            "<h2 id=\"environment\">Environment</h2>",
            "<table class=\"environment\">",
        ]
        for (label, value) in environmentRows {
            out.append("<tr><th>\(Self.escapeHTML(label))</th><td>\(Self.escapeHTML(value))</td></tr>")
        }
        out.append("</table>")

        out.append("<h2 id=\"verdict\">Verdict per workload</h2>")
        out.append("<p>At each workload's largest size, among verified engines: the fastest (median time) and the fewest steps (deletes + inserts + moves + updates).</p>")
        out.append(contentsOf: Self.htmlTable(Self.verdictColumns, verdicts.map(verdictCells), engineColumns: []))

        out.append("<h2 id=\"charts\">Charts</h2>")
        if let chartProblem {
            out.append("<p class=\"problem\"><strong>Charts not drawn:</strong> \(Self.escapeHTML(chartProblem))</p>")
        }
        out.append("<p class=\"note\">\(Self.escapeHTML(Self.redrawNote))</p>")
        for group in Self.groups {
            let mine = charts.filter { $0.kind == group.kind }
            guard let first = mine.first else { continue }
            out.append("<h3>\(Self.escapeHTML(group.heading))</h3>")
            out.append("<p class=\"howto\"><strong>How to read:</strong> \(Self.escapeHTML(first.caption))</p>")
            out.append(mine.count > 1 ? "<div class=\"grid\">" : "<div class=\"single\">")
            for chart in mine {
                out.append("<figure>")
                if chart.drawn {
                    out.append(
                        "<a href=\"\(Self.escapeHTML(chart.png))\"><img src=\"\(Self.escapeHTML(chart.png))\" width=\"\(chart.width)\" height=\"\(chart.height)\" alt=\"\(Self.escapeHTML(chart.title))\"></a>"
                    )
                } else {
                    out.append("<div class=\"missing\">\(Self.escapeHTML(chart.title)) — not drawn</div>")
                }
                out.append(
                    "<figcaption>\(Self.escapeHTML(chart.finding)) <span class=\"files\"><a href=\"\(Self.escapeHTML(chart.data))\">data</a> · <a href=\"\(Self.escapeHTML(chart.script))\">gnuplot script</a></span></figcaption>"
                )
                out.append("</figure>")
            }
            out.append("</div>")
        }

        out.append("<h2 id=\"exponents\">Fitted exponents</h2>")
        var anyFit = false
        for metric in [ExponentFit.Metric.time, .memory] {
            guard let table = exponentTable(metric) else { continue }
            anyFit = true
            out.append("<h3>\(metric == .time ? "Time" : "Peak heap memory") ∝ n<sup>k</sup></h3>")
            out.append("<p>k by least squares on the logarithms over the sizes measured (– = fewer than two sizes). 1 is linear, 2 quadratic.</p>")
            out.append(contentsOf: Self.htmlTable(table.header, table.rows, engineColumns: [0]))
        }
        if !anyFit { out.append("<p>No engine was measured at two sizes or more, so there is nothing to fit.</p>") }

        out.append("<h2 id=\"results\">Results</h2>")
        out.append("<p>Every row of results.csv. Times are medians; ± MAD is the median absolute deviation; × stdlib is the median over stdlib's on the same dataset.</p>")
        out.append(contentsOf: Self.htmlTable(resultColumns, resultCells, engineColumns: [0], statusColumn: 4))

        out.append("<!-- \(Self.extraBegin) -->")
        for section in sections {
            out.append("<section class=\"extra\">")
            out.append("<h2>\(Self.escapeHTML(section.title))</h2>")
            out.append("<p>\(Self.escapeHTML(section.text))</p>")
            if !section.links.isEmpty {
                out.append("<ul>")
                for link in section.links {
                    out.append("<li><a href=\"\(Self.escapeHTML(Self.linkTarget(link.path)))\">\(Self.escapeHTML(link.label))</a></li>")
                }
                out.append("</ul>")
            }
            out.append("</section>")
        }
        out.append("<!-- \(Self.extraEnd) -->")
        out.append("<footer>Written by diffbench chart from results.json (\(Self.escapeHTML(document.environment.startTime))).</footer>")
        out.append("</body>")
        out.append("</html>")
        out.append("")
        return out.joined(separator: "\n")
    }

    static func htmlTable(_ header: [String], _ rows: [[String]], engineColumns: Set<Int>, statusColumn: Int? = nil) -> [String] {
        var out = ["<div class=\"scroll\"><table>", "<thead><tr>" + header.map { "<th>\(escapeHTML($0))</th>" }.joined() + "</tr></thead>", "<tbody>"]
        for cells in rows {
            let status = statusColumn.map { cells[$0] } ?? ""
            var line = status.isEmpty ? "<tr>" : "<tr class=\"\(escapeHTML(status))\">"
            for (index, cell) in cells.enumerated() {
                if engineColumns.contains(index) {
                    line += "<td><span class=\"swatch\" style=\"background:\(EnginePalette.colour(for: cell))\"></span>\(escapeHTML(cell))</td>"
                } else {
                    line += "<td>\(escapeHTML(cell))</td>"
                }
            }
            out.append(line + "</tr>")
        }
        out.append(contentsOf: ["</tbody>", "</table></div>"])
        return out
    }

    static func escapeHTML(_ text: String) -> String { HTMLText.escape(text) }

    static let style = """
        body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #222; margin: 0 auto; max-width: 1280px; padding: 1.5em 2em 3em; }
        h1 { font-size: 1.7em; margin-bottom: 0.2em; }
        h2 { margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
        h3 { margin-top: 1.6em; }
        nav, .files, .note, footer { color: #555; font-size: 0.92em; }
        a { color: #0b5cad; }
        table { border-collapse: collapse; font-size: 0.88em; }
        th, td { padding: 0.25em 0.6em; border-bottom: 1px solid #e6e6e6; text-align: left; vertical-align: top; }
        thead th { background: #f4f4f4; position: sticky; top: 0; }
        tbody tr:nth-child(even) { background: #fafafa; }
        table.environment th { font-weight: 600; padding-right: 1.5em; }
        .scroll { overflow-x: auto; max-width: 100%; }
        tr.skipped td { color: #888; }
        tr.failed td { color: #b00020; font-weight: 600; }
        tr.reference td { color: #555; font-style: italic; }
        .swatch { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 2px; margin-right: 0.4em; vertical-align: -0.05em; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(560px, 1fr)); gap: 1.2em; }
        .single figure { max-width: 1100px; }
        figure { margin: 0; }
        figure img { width: 100%; height: auto; border: 1px solid #e2e2e2; }
        figcaption { font-size: 0.9em; color: #333; margin-top: 0.3em; }
        .missing { border: 1px dashed #bbb; color: #777; padding: 3em 1em; text-align: center; }
        .problem { background: #fff4e5; border-left: 4px solid #e69f00; padding: 0.6em 1em; }
        .howto { background: #f6f8fa; border-left: 4px solid #0072b2; padding: 0.6em 1em; }
        footer { margin-top: 3em; }
        """
}
