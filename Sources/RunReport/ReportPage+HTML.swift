import FileSupport
import Rendering
import RunResults

extension ReportPage {
    /// `index.html`: one self-contained page (inline CSS, one tiny inline
    /// script, no fonts or files from elsewhere) that opens in any browser
    /// from the run folder; its only references are the PNGs, `.dat`/`.gp`
    /// files and results beside it. Order: the advice ("Which engine should
    /// I use?"), the charts, the per-workload verdicts, the exponents, the
    /// full results (collapsed), the environment. O(rows + charts).
    ///
    /// The script only reports what a browser test needs to see from
    /// outside (`--dump-dom`): on load it sets `data-images-loaded` on
    /// <body> (yes/no: every image has a natural width) and
    /// `data-advice-bottom` (the advice's distance from the top, px) and
    /// `data-window-height`; it changes nothing a reader sees.
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
            "<p class=\"files\">\(Self.escapeHTML(runLine)) · <a href=\"results.csv\">results.csv</a> · <a href=\"results.json\">results.json</a> · <a href=\"index.md\">index.md</a></p>",
            "<nav>" + (yourLists.isEmpty ? "" : "<a href=\"#your-lists\">Your lists</a> · ") + "<a href=\"#advice\">Which engine?</a> · " + (engineTable == nil ? "" : "<a href=\"#engines\">Engines</a> · ") + "<a href=\"#charts\">Charts</a> · <a href=\"#verdict\">Per workload</a> · <a href=\"#exponents\">Exponents</a> · <a href=\"#results\">Results</a> · <a href=\"#environment\">Environment</a></nav>",
        ]
        out.append(contentsOf: yourListsHTML)
        out.append(contentsOf: adviceHTML)
        if let table = engineTable {
            out.append("<h2 id=\"engines\">Engines</h2>")
            out.append(contentsOf: htmlTable(table.header, table.rows, engineColumns: [0]))
        }

        out.append(contentsOf: chartsHTML)

        out.append("<h2 id=\"verdict\">Per workload</h2>")
        out.append("<p class=\"note\">At each workload's largest size, among verified engines: the fastest (median time) and the fewest steps (deletes + inserts + moves + updates). Reasons for engines not compared are in the results table.</p>")
        out.append(contentsOf: htmlTable(Self.verdictColumns, verdicts.map(verdictCells), engineColumns: []))

        out.append("<h2 id=\"exponents\">Fitted exponents</h2>")
        var anyFit = false
        for metric in [ExponentFit.Metric.time, .memory] {
            guard let table = exponentTable(metric) else { continue }
            anyFit = true
            out.append("<h3>\(metric == .time ? "Time" : "Peak heap memory") ∝ n<sup>k</sup></h3>")
            out.append("<p class=\"note\">\(Self.escapeHTML(Self.exponentNote))</p>")
            out.append(contentsOf: htmlTable(table.header, table.rows, engineColumns: [0]))
        }
        if !anyFit { out.append("<p>\(Self.escapeHTML(Self.noFitNote))</p>") }

        out.append("<h2 id=\"results\">Results</h2>")
        let counts = statusCounts
        out.append("<details><summary>All \(document.rows.count) rows of results.csv (\(Self.escapeHTML(counts)))</summary>")
        out.append("<p class=\"note\">Times are medians; ± MAD is the median absolute deviation; “vs stdlib” is the median against stdlib's on the same lists. Hover a note for the full reason.</p>")
        out.append(contentsOf: htmlTable(resultColumns, resultCells, engineColumns: [0], statusColumn: 4, titles: [Self.noteColumn: notes]))
        out.append("</details>")

        out.append("<h2 id=\"environment\">Environment</h2>")
        out.append("<table class=\"environment\">")
        for (label, value) in environmentRows {
            out.append("<tr><th>\(Self.escapeHTML(label))</th><td>\(Self.escapeHTML(value))</td></tr>")
        }
        out.append("</table>")

        out.append(contentsOf: extraSectionsHTML)
        out.append("<footer>Written by diffbench chart from results.json (\(Self.escapeHTML(document.environment.startTime))).</footer>")
        out.append("<script>\(Self.probeScript)</script>")
        out.append("</body>")
        out.append("</html>")
        out.append("")
        return out.joined(separator: "\n")
    }

    /// The charts by group, each with how to read it, its finding and its files.
    var chartsHTML: [String] {
        var out: [String] = []
        out.append("<h2 id=\"charts\">Charts</h2>")
        if let chartProblem {
            out.append("<p class=\"problem\"><strong>Charts not drawn:</strong> \(Self.escapeHTML(chartProblem))</p>")
        }
        if let chartsLeftOut { out.append("<p class=\"scope\">\(Self.escapeHTML(chartsLeftOut))</p>") }
        for group in Self.groups {
            let mine = charts.filter { $0.kind == group.kind }
            guard let first = mine.first else { continue }
            out.append("<h3>\(Self.escapeHTML(group.heading))</h3>")
            out.append("<details class=\"howto\"><summary>How to read</summary>\(Self.escapeHTML(first.caption))</details>")
            // Time charts carry rotated value labels that need their full width: one per row.
            out.append(mine.count > 1 && group.kind != TimeChart.kind ? "<div class=\"grid\">" : "<div class=\"single\">")
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
        out.append("<p class=\"note\">\(Self.escapeHTML(Self.redrawNote))</p>")
        return out
    }

    /// The extra sections (added by other commands) between their markers.
    var extraSectionsHTML: [String] {
        var out: [String] = []
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
        return out
    }

    /// The user's own pairs: the headline, the advice, the evidence. Every
    /// text from a file (names, engines) is escaped.
    var yourListsHTML: [String] {
        guard !yourLists.isEmpty else { return [] }
        var out = ["<section id=\"your-lists\">"]
        if let answer = pairsAnswer {
            out.append("<h2>\(Self.escapeHTML(answer.headline))</h2>")
            if let advice = answer.advice { out.append("<p>\(adviceHTML(advice.parts))</p>") }
            out.append("<p>\(Self.escapeHTML(answer.winsLine))</p>")
            out.append("<details class=\"pairs\"><summary>Each of the \(Formatting.grouped(yourLists.count)) pairs</summary>")
        }
        for block in yourLists {
            out.append("<h2>\(Self.escapeHTML(block.headline))</h2>")
            if let advice = block.advice { out.append("<p>\(adviceHTML(advice.parts))</p>") }
            if !block.evidenceLines.isEmpty {
                out.append("<pre>" + block.evidenceLines.map(Self.escapeHTML).joined(separator: "\n") + "</pre>")
            }
            out.append("<p class=\"scope\">Measured as \(Self.escapeHTML(block.elements.rawValue)) elements; ids repeat and changed are measured on the whole lists.</p>")
        }
        if pairsAnswer != nil { out.append("</details>") }
        out.append("</section>")
        return out
    }

    /// The advice block: one paragraph per data shape, engine names in their colours.
    var adviceHTML: [String] {
        var out = ["<section id=\"advice\">", "<h2>Which engine should I use?</h2>"]
        out += problems.map { "<p class=\"problem\">\(Self.escapeHTML($0))</p>" }
        if advice.isEmpty {
            out.append("<p>No engine was verified in this run, so there is nothing to recommend; see the results table.</p>")
        }
        for item in advice {
            out.append("<div class=\"advice\"><h3>\(Self.escapeHTML(item.heading))</h3>")
            out.append("<p>\(adviceHTML(item.parts))</p>")
            out.append("<p class=\"scope\">\(Self.escapeHTML(item.scope)).</p></div>")
        }
        out.append("</section>")
        out.append("<details class=\"note\"><summary>How this is decided</summary>\(Self.escapeHTML(Self.adviceRule))</details>")
        return out
    }

    func adviceHTML(_ parts: [EngineAdvice.Part]) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return Self.escapeHTML(text)
            case .engine(let name):
                return "<strong class=\"engine\"><span class=\"swatch\" style=\"background:\(Self.escapeHTML(palette.colour(for: name)))\"></span>\(Self.escapeHTML(name.name))</strong>"
            }
        }.joined()
    }

    /// Reports what the browser test reads with `--dump-dom` (see ``html``).
    static let probeScript = """
        window.addEventListener('load', function () {
          var images = Array.prototype.slice.call(document.images);
          var loaded = images.every(function (image) { return image.complete && image.naturalWidth > 0; });
          var advice = document.getElementById('advice');
          document.body.setAttribute('data-images-loaded', loaded ? 'yes' : 'no');
          document.body.setAttribute('data-image-count', String(images.length));
          document.body.setAttribute('data-advice-bottom', advice ? String(Math.round(advice.getBoundingClientRect().bottom + window.scrollY)) : '-1');
          document.body.setAttribute('data-window-height', String(window.innerHeight));
        });
        """

    /// `titles`: per column, a full text per row shown as the cell's tooltip.
    func htmlTable(
        _ header: [String], _ rows: [[String]], engineColumns: Set<Int>, statusColumn: Int? = nil, titles: [Int: [String]] = [:]
    ) -> [String] {
        var out = ["<div class=\"scroll\"><table>", "<thead><tr>" + header.map { "<th>\(Self.escapeHTML($0))</th>" }.joined() + "</tr></thead>", "<tbody>"]
        for (rowIndex, cells) in rows.enumerated() {
            let status = statusColumn.map { cells[$0] } ?? ""
            var line = status.isEmpty ? "<tr>" : "<tr class=\"\(Self.escapeHTML(status))\">"
            for (index, cell) in cells.enumerated() {
                if engineColumns.contains(index) {
                    line += "<td class=\"engine\"><span class=\"swatch\" style=\"background:\(Self.escapeHTML(palette.colour(for: Subject(cell))))\"></span>\(Self.escapeHTML(cell))</td>"
                } else if let full = titles[index]?[rowIndex], !full.isEmpty, full != cell {
                    line += "<td title=\"\(Self.escapeHTML(full))\">\(Self.escapeHTML(cell))</td>"
                } else {
                    line += "<td>\(Self.escapeHTML(cell))</td>"
                }
            }
            out.append(line + "</tr>")
        }
        out.append(contentsOf: ["</tbody>", "</table></div>"])
        return out
    }

    static func escapeHTML(_ text: String) -> String { HTMLText.escape(text) }

    static let style = """
        body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #222; margin: 0 auto; max-width: 1280px; padding: 0.5em 2em 3em; }
        h1 { font-size: 1.6em; margin: 0.4em 0 0.1em; }
        h1 + p.files { margin: 0; }
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
        tr.failed td, tr.crashed td, tr.timed-out td, tr.out-of-memory td { color: #b00020; font-weight: 600; }
        p.problem { color: #b00020; font-weight: 600; }
        tr.reference td { color: #555; font-style: italic; }
        td.engine, strong.engine { white-space: nowrap; }
        #results td { white-space: nowrap; }
        #results td[title] { text-decoration: underline dotted #999; cursor: help; }
        details > summary { cursor: pointer; color: #0b5cad; }
        #advice h2 { margin-top: 0.6em; }
        .advice { margin: 0.5em 0 0.7em; }
        .advice h3 { margin: 0; font-size: 1.05em; }
        .advice p { margin: 0.1em 0; }
        .advice .scope { color: #666; font-size: 0.85em; }
        .swatch { display: inline-block; width: 0.8em; height: 0.8em; border-radius: 2px; margin-right: 0.4em; vertical-align: -0.05em; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(560px, 1fr)); gap: 1.2em; }
        .single figure { max-width: 1100px; margin-bottom: 1.2em; }
        figure { margin: 0; }
        figure img { width: 100%; height: auto; border: 1px solid #e2e2e2; }
        figcaption { font-size: 0.9em; color: #333; margin-top: 0.3em; }
        .missing { border: 1px dashed #bbb; color: #777; padding: 3em 1em; text-align: center; }
        .problem { background: #fff4e5; border-left: 4px solid #e69f00; padding: 0.6em 1em; }
        .howto { background: #f6f8fa; border-left: 4px solid #0072b2; padding: 0.3em 1em; font-size: 0.92em; margin-bottom: 0.8em; }
        footer { margin-top: 3em; }
        """
}
