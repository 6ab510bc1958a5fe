import Foundation
import Rendering

/// The dashboard's own pages (the run and history pages are served as
/// written): one frame with the four tabs, and every string from a request
/// or a file escaped by ``HTMLText`` before it is placed.
package enum DashboardPage {
    /// The tabs, in the order the frame shows them.
    static let tabs: [(path: String, title: String)] = [("/", "Runs"), ("/compare", "Compare"), ("/history", "History"), ("/teach", "Teach")]

    /// A whole page: `title` (plain text) and `body` (HTML already escaped by the caller).
    package static func html(title: String, body: String) -> String {
        let nav = tabs.map { "<a href=\"\($0.path)\"\($0.title == title ? " class=\"here\"" : "")>\($0.title)</a>" }.joined(separator: " ")
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(title)) · diffbench serve</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 1.5rem auto; max-width: 60rem; padding: 0 1rem; color: #222; }
            nav a { margin-right: 1rem; text-decoration: none; } nav a.here { font-weight: bold; text-decoration: underline; }
            table { border-collapse: collapse; } td, th { padding: .2rem .6rem; border-bottom: 1px solid #ddd; text-align: left; }
            pre { background: #f6f6f6; padding: .8rem; overflow-x: auto; }
            textarea { width: 100%; font-family: ui-monospace, monospace; } .error { color: #a00; white-space: pre-wrap; }
            </style></head>
            <body><nav>\(nav)</nav>
            <h1>\(HTMLText.escape(title))</h1>
            \(body)
            </body></html>
            """
    }

    /// A refusal as a page (the message escaped).
    package static func failure(_ failure: HTTPFailure) -> String {
        html(title: failure.status == 404 ? "Not found" : "Refused", body: "<p class=\"error\">\(HTMLText.escape(failure.message))</p>")
    }

    /// The runs, newest first, each linking its report page; `latest` marked.
    package static func runs(_ runs: [ReportsFolder.Run], latest: String?, reportsFolder: String) -> String {
        guard !runs.isEmpty else {
            return html(
                title: "Runs",
                body: "<p>No runs under <code>\(HTMLText.escape(reportsFolder))</code> yet: <code>make bench</code> or "
                    + "<code>diffbench run</code> writes one.</p>")
        }
        let formatter = ISO8601DateFormatter()
        let rows = runs.map { run -> String in
            let name = HTMLText.escape(run.name)
            let link = run.hasPage
                ? "<a href=\"/runs/\(RequestPath.encoded(run.name.split(separator: "/").map(String.init)))/\">\(name)</a>"
                : name + " <small>(no report page: <code>diffbench chart</code> draws it)</small>"
            let mark = run.name == latest ? " <small>(latest)</small>" : ""
            return "<tr><td>\(link)\(mark)</td><td>\(formatter.string(from: run.modified))</td></tr>"
        }
        return html(
            title: "Runs",
            body: "<p>\(runs.count) run folders under <code>\(HTMLText.escape(reportsFolder))</code>, newest first.</p>\n"
                + "<table><tr><th>run</th><th>results written</th></tr>\n" + rows.joined(separator: "\n") + "\n</table>")
    }

    /// The compare form (two menus of runs), with the report below when one was asked for.
    package static func compare(_ runs: [ReportsFolder.Run], baseline: String?, current: String?, report: String?, failure: String?) -> String {
        func menu(_ name: String, selected: String?, fallback: Int) -> String {
            let options = runs.enumerated().map { index, run in
                let isSelected = selected.map { $0 == run.name } ?? (index == fallback)
                return "<option value=\"\(HTMLText.escape(run.name))\"\(isSelected ? " selected" : "")>\(HTMLText.escape(run.name))</option>"
            }
            return "<select name=\"\(name)\">\(options.joined())</select>"
        }
        var body = runs.count < 2
            ? "<p>Comparing needs two runs under the reports folder.</p>"
            : "<form method=\"get\" action=\"/compare\">baseline \(menu("baseline", selected: baseline, fallback: 1)) "
                + "current \(menu("current", selected: current, fallback: 0)) <button type=\"submit\">Compare</button></form>"
        if let failure { body += "\n<p class=\"error\">\(HTMLText.escape(failure))</p>" }
        if let report { body += "\n<p>As <code>diffbench compare BASELINE CURRENT</code> prints it:</p>\n<pre>\(HTMLText.escape(report))</pre>" }
        return html(title: "Compare", body: body)
    }

    /// The history tab: a link to the trend page when written (else the
    /// command that writes it), and the runs the store remembers, each
    /// linked to its run folder when the store knows it and it is one of
    /// the served runs (`folder`, its name under the reports folder).
    package static func history(
        hasPage: Bool, storedRuns: [(name: String, start: String, commit: String, rows: Int, folder: String?)]?, storeProblem: String?
    ) -> String {
        var body = hasPage
            ? "<p><a href=\"/history/\">The trend page</a>: every engine's series and its change points.</p>"
            : "<p>No trend page yet: <code>diffbench history page</code> writes it into "
                + "<code>history/index.html</code> beside <code>history.sqlite</code> under the reports folder (README, "
                + "“Trend charts and the history page”).</p>"
        if let storeProblem { body += "\n<p class=\"error\">\(HTMLText.escape(storeProblem))</p>" }
        if let storedRuns {
            let rows = storedRuns.map { run in
                let name = run.folder.map { "<a href=\"/runs/\(RequestPath.encoded($0.split(separator: "/").map(String.init)))/results.json\">\(HTMLText.escape(run.name))</a>" }
                    ?? HTMLText.escape(run.name)
                return "<tr><td>\(name)</td><td>\(HTMLText.escape(run.start))</td>"
                    + "<td><code>\(HTMLText.escape(String(run.commit.prefix(12))))</code></td><td>\(run.rows)</td></tr>"
            }
            body += "\n<h2>Runs in history.sqlite</h2>\n<table><tr><th>run</th><th>started</th><th>commit</th><th>rows</th></tr>\n"
                + rows.joined(separator: "\n") + "\n</table>"
        } else if storeProblem == nil {
            body += "\n<p>No <code>history.sqlite</code> under the reports folder: <code>diffbench run</code> adds each run to it.</p>"
        }
        return html(title: "History", body: body)
    }
}
