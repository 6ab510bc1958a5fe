import FileSupport
import Foundation
import HistoryStore
import Rendering

/// The static history page (`history page`): `index.html` beside a
/// `charts/` folder of trend charts. The steps the detector found come
/// first, each linked to its chart, its commits and its runs; then every
/// case's chart, grouped by workload, element kind and size.
///
/// Every link is relative (the page is served from `REPORTS/history/` or
/// opened as a file), and every text from the store (names, commits, run
/// names, machines) goes through ``HTMLText/escape(_:)``. A run is linked
/// to the folder (or results file) the store says it was added from,
/// wherever that is; a run the store has no source for only when its name
/// is one plain path component naming a run folder next to the page's
/// folder. O(cases + steps).
struct HistoryPage {
    var store: String
    var entries: [HistoryChartSet.Entry]
    /// Run id → run name, for the runs' links.
    var runNames: [String: String]
    /// Run id → the run folder or results file it was added from (``HistoryStore/sourcePath(of:)``).
    var runSources: [String: String]
    /// The folder the page is written to; the folder holding it (`Reports`)
    /// is where run folders are looked for by name.
    var pageFolder: String
    /// `…{commit}…`: a commit's web page; nil when commits are plain text.
    var commitURL: String?

    /// Every step of every chart, with the chart it is drawn in.
    var changes: [(change: HistoryChange, chart: String)] {
        entries.flatMap { entry in entry.trend.changes.map { ($0, entry.name) } }
    }

    var html: String {
        let runs = Set(entries.flatMap { $0.trend.runs.map(\.runID) }).count
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>DiffBench history</title>
            <style>\(Self.style)</style>
            </head>
            <body data-charts="\(entries.count)" data-changes="\(changes.count)">
            <h1>Benchmark history</h1>
            <p class="lead">\(entries.count) case\(entries.count == 1 ? "" : "s") over \(runs) run\(runs == 1 ? "" : "s") of \
            <code>\(HTMLText.escape(store))</code>. Runs go along x in order, labelled by commit; the shaded band is the one \
            <code>compare --against history</code> judges each run against; dashed lines are the steps \
            <code>history changes</code> finds (red: slower or bigger, green: faster or smaller).</p>

            """
        out += changesSection()
        out += groups()
        out += "</body>\n</html>\n"
        return out
    }

    func changesSection() -> String {
        let list = changes
        var out = "<h2 id=\"changes\">Change points</h2>\n"
        guard !list.isEmpty else {
            return out + "<p class=\"none\">No step found in any series (<code>history changes</code> lists the same).</p>\n"
        }
        out += "<table class=\"changes\">\n<thead><tr><th>case</th><th>measure</th><th>last good</th><th>first bad</th><th>size</th><th>confidence</th></tr></thead>\n<tbody>\n"
        for (change, chart) in list {
            let key = change.series
            out += "<tr class=\"\(change.direction)\"><td><a href=\"#\(chart)\">\(HTMLText.escape(Self.caseText(key)))</a></td>"
            out += "<td>\(HTMLText.escape(key.measure.rawValue))</td>"
            out += "<td>\(end(change.lastGood))</td><td>\(end(change.firstBad))</td>"
            out += "<td class=\"number\">\(String(format: "%+.1f %%", change.sizePercent))</td>"
            out += "<td class=\"number\">\(String(format: "%.3f", change.confidence))</td></tr>\n"
        }
        return out + "</tbody>\n</table>\n"
    }

    /// A commit (linked through ``commitURL`` when given) and its run (linked to its folder when there is one).
    func end(_ end: HistoryChange.End) -> String {
        let hash = "<code class=\"commit\" title=\"\(HTMLText.escape(end.commit))\">\(HTMLText.escape(end.shortCommit))</code>"
        var out = hash
        if let commitURL {
            let encoded = end.commit.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            out = "<a href=\"\(HTMLText.escape(commitURL.replacingOccurrences(of: "{commit}", with: encoded)))\">\(hash)</a>"
        }
        let name = runNames[end.runID] ?? end.runID
        if let link = runLink(source: runSources[end.runID]) ?? runLink(name) {
            out += " <a class=\"run\" href=\"\(HTMLText.escape(link))\">\(HTMLText.escape(name))</a>"
        } else {
            out += " <span class=\"run\">\(HTMLText.escape(name))</span>"
        }
        return out
    }

    /// The relative link from the page to a run's stored source: its
    /// folder's `index.html`, else its `results.json`; a results file
    /// itself. Nil when nothing is there any more. Each component is
    /// percent-encoded. O(path length).
    func runLink(source: String?) -> String? {
        guard let source else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source, isDirectory: &isDirectory) else { return nil }
        let candidates = isDirectory.boolValue ? ["index.html", "results.json"].map { source + "/" + $0 } : [source]
        guard let target = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }),
            let relative = RelativePath.from(pageFolder, to: target)
        else { return nil }
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;"))
        let parts = relative.split(separator: "/").compactMap { String($0).addingPercentEncoding(withAllowedCharacters: allowed) }
        return parts.joined(separator: "/")
    }

    /// `../NAME/index.html` (or `results.json`) when `name` is one plain
    /// path component and a run folder of that name is next to the page's folder.
    func runLink(_ name: String) -> String? {
        guard !name.isEmpty, name != ".", name != "..", !name.contains("/"), !name.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return nil }
        let folder = (pageFolder as NSString).deletingLastPathComponent + "/" + name
        guard let encoded = name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;"))) else { return nil }
        for file in ["index.html", "results.json"] where FileManager.default.fileExists(atPath: folder + "/" + file) {
            return "../" + encoded + "/" + file
        }
        return nil
    }

    /// The charts by workload, then element kind, then size; engines side by side.
    func groups() -> String {
        var out = ""
        let byWorkload = Dictionary(grouping: entries) { $0.trend.key.workload }
        out += "<nav><h2>Workloads</h2><ul>" + byWorkload.keys.sorted().map { workload in
            "<li><a href=\"#\(Self.anchor("workload", workload.rawValue))\">\(HTMLText.escape(workload.rawValue))</a></li>"
        }.joined() + "</ul></nav>\n"
        for workload in byWorkload.keys.sorted() {
            out += "<section id=\"\(Self.anchor("workload", workload.rawValue))\">\n<h2>\(HTMLText.escape(workload.rawValue))</h2>\n"
            let byKind = Dictionary(grouping: byWorkload[workload]!) { $0.trend.key.elements }
            for kind in byKind.keys.sorted() {
                out += "<h3>\(HTMLText.escape(kind.rawValue)) ids</h3>\n"
                let bySize = Dictionary(grouping: byKind[kind]!) { $0.trend.key.size }
                for size in bySize.keys.sorted() {
                    out += "<h4>n = \(Formatting.grouped(size))</h4>\n<div class=\"grid\">\n"
                    for entry in bySize[size]!.sorted(by: { $0.trend.key < $1.trend.key }) { out += figure(entry) }
                    out += "</div>\n"
                }
            }
            out += "</section>\n"
        }
        return out
    }

    func figure(_ entry: HistoryChartSet.Entry) -> String {
        let key = entry.trend.key, name = entry.name
        let steps = entry.trend.changes.count
        var caption = "<strong>\(HTMLText.escape(key.engine))</strong>"
        if !key.parameters.isEmpty { caption += " [\(HTMLText.escape(key.parameters))]" }
        caption += " · \(HTMLText.escape(key.machine)) · \(entry.trend.runs.count) runs"
        if steps > 0 { caption += " · <a href=\"#changes\">\(steps) step\(steps == 1 ? "" : "s")</a>" }
        let picture: String
        if let chart = entry.chart, entry.drawn {
            picture = "<a href=\"charts/\(name).png\"><img src=\"charts/\(name).png\" width=\"\(chart.width)\" height=\"\(chart.height)\" alt=\"\(HTMLText.escape(chart.title))\" loading=\"lazy\"></a>"
        } else if entry.chart != nil {
            picture = "<p class=\"undrawn\">Not drawn (no gnuplot, or it failed): <code>charts/\(name).gp</code></p>"
        } else {
            picture = "<p class=\"undrawn\">No step: not drawn on a page of this size (<code>--charts all</code> draws every case; <code>history chart</code> with this case's filters draws it alone).</p>"
        }
        return "<figure id=\"\(name)\">\(picture)<figcaption>\(caption)</figcaption></figure>\n"
    }

    /// The case as the steps table names it: `heckel · feed@1000 · int`.
    static func caseText(_ key: SeriesKey) -> String {
        "\(key.engine) · \(key.workload)\(key.parameters.isEmpty ? "" : "[\(key.parameters)]")@\(key.size) · \(key.elements)"
    }

    /// An id for a section: the prefix, then the text's UTF-8 bytes in hex (unique, and safe in any attribute).
    static func anchor(_ prefix: String, _ text: String) -> String {
        prefix + "-" + text.utf8.map { String(format: "%02x", $0) }.joined()
    }

    static let style = """
        body{font-family:system-ui,sans-serif;margin:1.5rem auto;max-width:1500px;padding:0 1rem;color:#222}\
        h1{margin-bottom:.3rem}.lead{color:#444;max-width:60rem}\
        table.changes{border-collapse:collapse;margin:.5rem 0 1.5rem}\
        table.changes th,table.changes td{border-bottom:1px solid #ddd;padding:.3rem .6rem;text-align:left}\
        td.number{text-align:right;font-variant-numeric:tabular-nums}\
        tr.regression td:nth-child(5){color:#c0392b}tr.improvement td:nth-child(5){color:#1e8449}\
        code.commit{background:#f3f3f3;padding:0 .2rem}.run{color:#555;font-size:.9em}\
        nav ul{display:flex;flex-wrap:wrap;gap:.4rem 1rem;padding:0;list-style:none}\
        .grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(560px,1fr));gap:1rem}\
        figure{margin:0;border:1px solid #e2e2e2;padding:.4rem}figure img{width:100%;height:auto}\
        figcaption{font-size:.9rem;color:#333}h4{margin:.8rem 0 .4rem;color:#555}
        """
}
