import FileSupport

extension ReportPage {
    /// `index.md`: the same content as the HTML page, for reading in a
    /// repository browser or a terminal. Links and images are relative to
    /// the run folder. O(rows + charts).
    var markdown: String {
        var out: [String] = ["# \(MarkdownText.escape(title))", ""]
        out.append("\(MarkdownText.escape(runLine)). Results: [results.csv](results.csv), [results.json](results.json). Page: [index.html](index.html).")
        out.append("")
        out += markdownPairs
        out += markdownAdvice
        out += markdownCharts
        out += markdownTables
        out += markdownResults
        out += markdownEnvironment
        out.append("")
        return out.joined(separator: "\n")
    }

    /// The one answer over many pairs (when there are several) and each pair's block, folded under it.
    private var markdownPairs: [String] {
        var out: [String] = []
        if let answer = pairsAnswer {
            out.append("## \(MarkdownText.escape(answer.headline))")
            out.append("")
            if let advice = answer.advice { out.append(Self.adviceMarkdown(advice.parts)); out.append("") }
            out.append(MarkdownText.escape(answer.winsLine))
            out.append("")
            out.append("<details><summary>Each of the \(Formatting.grouped(yourLists.count)) pairs</summary>")
            out.append("")
        }
        for block in yourLists {
            out.append("\(pairsAnswer == nil ? "##" : "###") \(MarkdownText.escape(block.headline))")
            out.append("")
            if let advice = block.advice { out.append(Self.adviceMarkdown(advice.parts)); out.append("") }
            if !block.evidenceLines.isEmpty {
                out.append("```")
                out += block.evidenceLines.map { $0.replacingOccurrences(of: "`", with: "'") }
                out.append("```")
                out.append("")
            }
        }
        if pairsAnswer != nil {
            out.append("</details>")
            out.append("")
        }
        return out
    }

    /// "Which engine should I use?": the problems, each piece of advice with its scope, and the rule.
    private var markdownAdvice: [String] {
        var out: [String] = []
        out.append("## Which engine should I use?")
        out.append("")
        for problem in problems {
            out.append("**\(MarkdownText.escape(problem))**")
            out.append("")
        }
        if advice.isEmpty {
            out.append("No engine was verified in this run, so there is nothing to recommend; see the results table.")
            out.append("")
        }
        for item in advice {
            out.append("**\(MarkdownText.escape(item.heading))** — " + Self.adviceMarkdown(item.parts))
            out.append("*\(MarkdownText.escape(item.scope)).*")
            out.append("")
        }
        out.append(Self.adviceRule)
        out.append("")
        return out
    }

    /// The engine table, then the charts by group, each with its finding and its files.
    private var markdownCharts: [String] {
        var out: [String] = []
        if let table = engineTable {
            out.append("## Engines")
            out.append("")
            out += Self.table(table.header, table.rows)
            out.append("")
        }
        out.append("## Charts")
        out.append("")
        if let chartProblem {
            out.append("**Charts not drawn:** \(MarkdownText.escape(chartProblem))")
            out.append("")
        }
        if let chartsLeftOut {
            out.append(MarkdownText.escape(chartsLeftOut))
            out.append("")
        }
        out.append(Self.redrawNote)
        for group in Self.groups {
            let mine = charts.filter { $0.kind == group.kind }
            guard let first = mine.first else { continue }
            out.append("")
            out.append("### \(group.heading)")
            out.append("")
            out.append("*How to read:* \(first.caption)")
            for chart in mine {
                out.append("")
                if chart.drawn {
                    out.append("![\(MarkdownText.escape(chart.title))](\(chart.png))")
                    out.append("")
                } else {
                    out.append("*\(MarkdownText.escape(chart.title)) — not drawn.*")
                    out.append("")
                }
                out.append("\(MarkdownText.escape(chart.finding)) Data: [\(chart.name).dat](\(chart.data)), script: [\(chart.name).gp](\(chart.script)).")
            }
        }
        return out
    }

    /// Per workload verdicts and the fitted exponents.
    private var markdownTables: [String] {
        var out: [String] = []
        out.append("")
        out.append("## Per workload")
        out.append("")
        out.append("At each workload's largest size, among verified engines: the fastest (median time) and the fewest steps (deletes + inserts + moves + updates).")
        out.append("")
        out.append(contentsOf: Self.table(Self.verdictColumns, verdicts.map(verdictCells)))
        for metric in [ExponentFit.Metric.time, .memory] {
            guard let table = exponentTable(metric) else { continue }
            out.append("")
            out.append(metric == .time ? "## Fitted time exponents" : "## Fitted memory exponents")
            out.append("")
            out.append(Self.exponentNote)
            out.append("")
            out.append(contentsOf: Self.table(table.header, table.rows))
        }
        return out
    }

    /// Every row of results.csv (folded), long notes as footnotes.
    private var markdownResults: [String] {
        var out: [String] = []
        out.append("")
        out.append("## Results")
        out.append("")
        out.append("<details><summary>All \(document.rows.count) rows of results.csv (\(statusCounts))</summary>")
        out.append("")
        out.append("Times are medians; ± MAD is the median absolute deviation; “vs stdlib” is the median against stdlib's on the same lists. A note marked [k] is given in full below the table.")
        out.append("")
        // Notes cut short point at one footnote per distinct full reason.
        var footnotes: [String] = []
        let cells = zip(resultCells, notes).map { cells, full -> [String] in
            guard !full.isEmpty, full != cells[Self.noteColumn] else { return cells }
            if !footnotes.contains(full) { footnotes.append(full) }
            var copy = cells
            copy[Self.noteColumn] += " [\(footnotes.firstIndex(of: full)! + 1)]"
            return copy
        }
        out.append(contentsOf: Self.table(resultColumns, cells))
        if !footnotes.isEmpty {
            out.append("")
            for (index, note) in footnotes.enumerated() { out.append("\(index + 1). \(MarkdownText.escape(note))") }
        }
        out.append("")
        out.append("</details>")
        out.append("")
        return out
    }

    /// The environment table and the extra sections between their markers.
    private var markdownEnvironment: [String] {
        var out: [String] = []
        out.append("## Environment")
        out.append("")
        out.append(contentsOf: Self.table(["", ""], environmentRows.map { [$0.0, $0.1] }))
        out.append("")
        out.append("<!-- \(Self.extraBegin) -->")
        for section in sections {
            out.append("")
            out.append("## \(section.title)")
            out.append("")
            out.append(section.text)
            if !section.links.isEmpty {
                out.append("")
                for link in section.links { out.append("- [\(MarkdownText.escape(link.label))](\(Self.linkTarget(link.path)))") }
            }
        }
        out.append("<!-- \(Self.extraEnd) -->")
        return out
    }

    static func adviceMarkdown(_ parts: [EngineAdvice.Part]) -> String {
        parts.map { part in
            switch part {
            case .text(let text): return MarkdownText.escape(text)
            case .engine(let name): return "**\(MarkdownText.escape(name.name))**"
            }
        }.joined()
    }

    static func table(_ header: [String], _ rows: [[String]]) -> [String] {
        func line(_ cells: [String]) -> String { "| " + cells.map(MarkdownText.escape).joined(separator: " | ") + " |" }
        return [line(header), "|" + header.map { _ in "---" }.joined(separator: "|") + "|"] + rows.map(line)
    }

    /// A relative path as a link target in the Markdown and HTML pages
    /// (spaces and parentheses encoded), scalar by scalar: a `)` followed
    /// by a combining mark is not the `Character` ")" but still ends a
    /// Markdown link. O(length).
    static func linkTarget(_ path: String) -> String {
        path.replacingScalars { scalar in
            switch scalar {
            case " ": "%20"
            case "(": "%28"
            case ")": "%29"
            default: nil
            }
        }
    }
}
