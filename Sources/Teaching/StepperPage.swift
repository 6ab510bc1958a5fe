import DiffEngines
import Foundation
import ListUpdates
import Rendering

/// `stepper.html`: one self-contained page that steps through the three
/// algorithms on the pair: the LCS table cell by cell and then its
/// traceback, Myers' greedy search round by round (the V array, the
/// furthest-reaching paths, their snakes, D at the end), and Heckel's passes
/// one at a time (the OA and NA arrays).
///
/// Why one file with the data inside: a student opens it from the report
/// folder, often offline, so nothing may be fetched (no network, no CDN, no
/// second file). The element labels come from the user's files, so they
/// travel only inside a JSON block whose `<`, `>` and `&` are written as
/// `\u003c` etc. (a label holding `</script>` cannot end the block), and
/// the script puts them on the page only through `textContent`, never as
/// markup.
///
/// `stepper.html#algo=myers&step=3` opens on that step (used by the
/// headless-browser test, and handy for linking a step from a lesson).
enum StepperPage {
    struct Data: Encodable {
        var title: String
        var old: [String]
        var new: [String]
        var distance: Int
        var lcs: [String]
        var table: LCSData
        var myers: MyersData
        var heckel: HeckelData
    }

    struct LCSData: Encodable {
        /// values[i][j] for i = 0…N, j = 0…M.
        var values: [[Int]]
        /// "m" (↖ match), "u" (↑ delete), "l" (← insert), "" at (0, 0) and on the edges.
        var arrows: [[String]]
        /// The traceback from (N, M) back to (0, 0), as [i, j].
        var path: [[Int]]
    }

    struct MyersStepData: Encodable {
        var d: Int
        var k: Int
        var edit: String
        var from: [Int]
        var after: [Int]
        var end: [Int]
    }

    struct MyersData: Encodable {
        var rounds: [[MyersStepData]]
        /// The backtracked path, (0, 0) to (N, M), as [x, y].
        var path: [[Int]]
        /// The free diagonals: [x, y] where old[x] and new[y] are the same item.
        var matches: [[Int]]
    }

    struct HeckelData: Encodable {
        /// OA and NA after passes 1…5.
        var oa: [[Int]]
        var na: [[Int]]
        /// The pass (3, 4 or 5) that linked new[j]; 0 when never linked.
        var linkedBy: [Int]
        /// Symbol-table counts per element ("0", "1" or "many").
        var oldCounts: [String]
        var newCounts: [String]
    }

    static func data(_ pair: TeachingPair, greedy: MyersTrace, heckel: HeckelTrace, title: String) -> Data {
        let table = pair.table
        var values: [[Int]] = [], arrows: [[String]] = []
        for i in 0..<table.rows {
            values.append((0..<table.columns).map { table[i, $0] })
            arrows.append(
                (0..<table.columns).map { j in
                    switch table.direction(i: i, j: j) {
                    case .match: return "m"
                    case .up: return "u"
                    case .left: return "l"
                    case nil: return ""
                    }
                })
        }
        let rounds = greedy.rounds.map { round in
            round.map { step in
                MyersStepData(
                    d: step.d, k: step.k, edit: step.edit.rawValue, from: [step.from.x, step.from.y],
                    after: [step.afterEdit.x, step.afterEdit.y], end: [step.end.x, step.end.y])
            }
        }
        var matches: [[Int]] = []
        for (x, code) in pair.codes.old.enumerated() {
            for (y, other) in pair.codes.new.enumerated() where code == other { matches.append([x, y]) }
        }
        let final = heckel.final
        func count(_ code: Int32, old: Bool) -> String {
            guard code >= 0 else { return "0" }
            return HeckelText.count(old ? final.oldCount[Int(code)] : final.newCount[Int(code)])
        }
        return Data(
            title: title, old: pair.oldLabels.map { DisplayLabel.make($0, limit: 16) },
            new: pair.newLabels.map { DisplayLabel.make($0, limit: 16) }, distance: greedy.distance,
            lcs: pair.lcsLabels.map { DisplayLabel.make($0, limit: 16) },
            table: LCSData(values: values, arrows: arrows, path: table.tracebackPath().map { [$0.i, $0.j] }),
            myers: MyersData(rounds: rounds, path: greedy.path.map { [$0.x, $0.y] }, matches: matches),
            heckel: HeckelData(
                oa: heckel.states.map { $0.oa.map(Int.init) }, na: heckel.states.map { $0.na.map(Int.init) },
                linkedBy: final.linkedByPass.map(Int.init),
                oldCounts: pair.codes.old.map { count($0, old: true) },
                newCounts: pair.codes.new.map { code in code < 0 ? "new only" : count(code, old: false) }))
    }

    /// JSON that is safe inside a `<script>` element: no `<`, `>` or `&`
    /// can appear (so no `</script>` or `<!--`), nor the two line
    /// separators that old JavaScript parsers treat as line ends.
    static func scriptSafeJSON<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func html(_ pair: TeachingPair, greedy: MyersTrace, heckel: HeckelTrace, title: String) -> String {
        let json = scriptSafeJSON(data(pair, greedy: greedy, heckel: heckel, title: title))
        let heading = HTMLText.escape(title)
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
            <title>Step through the diff: \(heading)</title>
            <style>
            body { font-family: system-ui, sans-serif; margin: 1.5em auto; max-width: 1200px; padding: 0 1em; color: #222; }
            nav button, .controls button { font-size: 1em; padding: 0.35em 0.9em; margin-right: 0.3em; }
            nav button[aria-selected="true"] { background: #1F77B4; color: white; border: 1px solid #1F77B4; }
            .controls { margin: 0.8em 0; }
            #explain { background: #F6F8FA; border-left: 4px solid #1F77B4; padding: 0.6em 1em; min-height: 3em; white-space: pre-line; }
            table.grid { border-collapse: collapse; margin: 0.8em 0; font-variant-numeric: tabular-nums; }
            table.grid td, table.grid th { border: 1px solid #CCC; min-width: 1.8em; height: 1.8em; text-align: center; padding: 0 0.2em; }
            table.grid th { background: #F2F2F2; }
            td.current { outline: 3px solid #D62728; outline-offset: -3px; }
            td.path { background: #FFD54F; font-weight: bold; }
            td.match { color: #2CA02C; }
            td.p3 { background: #CFE3F3; } td.p4 { background: #CFEBCF; } td.p5 { background: #E3D7F0; }
            td.new { font-weight: bold; outline: 2px solid #333; outline-offset: -2px; }
            .arrow { color: #777; font-size: 0.75em; margin-right: 0.15em; }
            svg { border: 1px solid #DDD; background: white; }
            .legend span { display: inline-block; margin-right: 1.2em; }
            .swatch { display: inline-block; width: 1.6em; height: 0.5em; margin-right: 0.3em; vertical-align: middle; }
            </style></head><body>
            <h1>Step through the diff: \(heading)</h1>
            <p id="facts"></p>
            <nav role="tablist">
            <button id="tab-lcs" data-algo="lcs" role="tab">LCS table</button>
            <button id="tab-myers" data-algo="myers" role="tab">Myers, round by round</button>
            <button id="tab-heckel" data-algo="heckel" role="tab">Heckel, pass by pass</button>
            </nav>
            <div class="controls">
            <button id="back" title="previous step (←)">◀ Back</button>
            <button id="step" title="next step (→)">Step ▶</button>
            <button id="play" title="play or pause (space)">▶ Play</button>
            <button id="reset" title="first step (Home)">↺ Reset</button>
            <span id="counter"></span>
            </div>
            <div id="explain" aria-live="polite"></div>
            <div id="view"></div>
            <p><small>Keys: ← and → step, space plays and pauses, Home goes back to the start. Old runs along x (columns) and new along y
            (rows) in the edit graph, as in Myers' paper: right deletes, down inserts, k = x − y. The LCS table keeps old down the rows.</small></p>
            <script type="application/json" id="stepper-data">\(json)</script>
            <script>
            \(script)
            </script>
            </body></html>

            """
    }

    /// The page's script. It builds every element with createElement and
    /// textContent, so nothing from the data is ever parsed as HTML.
    static let script = #"""
    "use strict";
    const data = JSON.parse(document.getElementById("stepper-data").textContent);
    const N = data.old.length, M = data.new.length;
    const SVGNS = "http://www.w3.org/2000/svg";
    const view = document.getElementById("view"), explain = document.getElementById("explain");
    let algo = "lcs", step = 0, timer = null;

    function el(tag, text, cls) {
      const e = document.createElement(tag);
      if (text !== undefined && text !== null) e.textContent = String(text);
      if (cls) e.className = cls;
      return e;
    }
    function svg(tag, attrs) {
      const e = document.createElementNS(SVGNS, tag);
      for (const key in attrs) e.setAttribute(key, attrs[key]);
      return e;
    }

    document.getElementById("facts").textContent =
      "N = " + N + " old, M = " + M + " new elements. LCS (length " + data.lcs.length + "): " +
      (data.lcs.length ? data.lcs.join(" ") : "(empty)") + ". D = " + data.distance +
      " = N + M − 2·LCS: the fewest deletes + inserts (a substitution counts as one delete and one insert).";

    // ---- LCS: fill cell by cell (row by row), then the traceback.
    const fillCells = [];
    for (let i = 1; i <= N; i++) for (let j = 1; j <= M; j++) fillCells.push([i, j]);
    const tracePath = data.table.path;
    function lcsSteps() { return 1 + fillCells.length + Math.max(0, tracePath.length - 1); }
    function renderLCS(s) {
      const filled = Math.min(s, fillCells.length);
      const done = new Set();
      for (let t = 0; t < filled; t++) done.add(fillCells[t].join(","));
      const traced = new Set();
      const traceSteps = Math.max(0, s - fillCells.length);
      for (let t = 0; t <= traceSteps && s > fillCells.length && t < tracePath.length; t++) traced.add(tracePath[t].join(","));
      const current = s >= 1 && s <= fillCells.length ? fillCells[s - 1] : null;
      const table = el("table", null, "grid");
      const head = el("tr");
      head.appendChild(el("th", "i \\ j"));
      head.appendChild(el("th", "∅"));
      data.new.forEach((label, j) => head.appendChild(el("th", (j + 1) + " " + label)));
      table.appendChild(head);
      for (let i = 0; i <= N; i++) {
        const row = el("tr");
        row.appendChild(el("th", i === 0 ? "∅" : i + " " + data.old[i - 1]));
        for (let j = 0; j <= M; j++) {
          const key = i + "," + j;
          const shown = i === 0 || j === 0 || done.has(key);
          const td = el("td");
          if (shown) {
            const arrow = data.table.arrows[i][j];
            if (arrow) td.appendChild(el("span", arrow === "m" ? "↖" : arrow === "u" ? "↑" : "←", "arrow"));
            td.appendChild(document.createTextNode(String(data.table.values[i][j])));
            if (arrow === "m") td.classList.add("match");
          }
          if (traced.has(key)) td.classList.add("path");
          if (current && current[0] === i && current[1] === j) td.classList.add("current");
          row.appendChild(td);
        }
        table.appendChild(row);
      }
      view.replaceChildren(table);
      if (s === 0) {
        explain.textContent = "Row 0 and column 0 are the empty prefix ∅: their LCS is 0. Step to fill the table row by row.";
      } else if (current) {
        const [i, j] = current, a = data.old[i - 1], b = data.new[j - 1], v = data.table.values;
        // The table's own arrow decides: two items can share a label yet differ (or the reverse).
        explain.textContent = data.table.arrows[i][j] === "m"
          ? "Cell (" + i + ", " + j + "): old[" + (i - 1) + "] = " + a + " is the same item as new[" + (j - 1) + "] = " + b +
            ", a match: up-left + 1 = " + v[i - 1][j - 1] + " + 1 = " + v[i][j] + " (↖)."
          : "Cell (" + i + ", " + j + "): old[" + (i - 1) + "] = " + a + " and new[" + (j - 1) + "] = " + b + " differ" +
            ": the larger of above (" + v[i - 1][j] + ", ↑ delete) and left (" + v[i][j - 1] + ", ← insert) = " + v[i][j] +
            (v[i - 1][j] === v[i][j - 1] ? "; on a tie the table takes the one above." : ".");
      } else {
        const t = Math.min(traceSteps, tracePath.length - 1);
        if (t === 0) {
          explain.textContent = "The table is full: LCS length " + data.table.values[N][M] + " in the bottom-right corner. Now the traceback starts there.";
        } else {
          const [pi, pj] = tracePath[t - 1], [qi, qj] = tracePath[t];
          const what = pi - qi === 1 && pj - qj === 1 ? "↖ keep " + data.old[qi] + " (old[" + qi + "] = new[" + qj + "])"
            : pi - qi === 1 ? "↑ delete old[" + qi + "] = " + data.old[qi] : "← insert new[" + qj + "] = " + data.new[qj];
          explain.textContent = "Traceback from (" + pi + ", " + pj + ") to (" + qi + ", " + qj + "): " + what + "." +
            (t === tracePath.length - 1 ? "\nDone: LCS = " + (data.lcs.join(" ") || "(empty)") + ", D = " + data.distance + "." : "");
        }
      }
    }

    // ---- Myers: one step per round d.
    const rounds = data.myers.rounds;
    const palette = ["#1F77B4", "#FF7F0E", "#D62728", "#9467BD", "#8C564B", "#E377C2", "#17BECF", "#7F7F7F", "#BCBD22"];
    function roundColor(d) { return palette[d % palette.length]; }
    function myersSteps() { return rounds.length; }
    function renderMyers(s) {
      const d = Math.min(s, rounds.length - 1);
      const cell = Math.max(14, Math.min(48, Math.floor(560 / Math.max(N, M, 1))));
      const pad = 40, w = N * cell + 2 * pad, h = M * cell + 2 * pad;
      const pic = svg("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h, role: "img" });
      const X = x => pad + x * cell, Y = y => pad + y * cell;
      for (let x = 0; x <= N; x++) pic.appendChild(svg("line", { x1: X(x), y1: Y(0), x2: X(x), y2: Y(M), stroke: "#E3E3E3" }));
      for (let y = 0; y <= M; y++) pic.appendChild(svg("line", { x1: X(0), y1: Y(y), x2: X(N), y2: Y(y), stroke: "#E3E3E3" }));
      for (const [x, y] of data.myers.matches)
        pic.appendChild(svg("line", { x1: X(x), y1: Y(y), x2: X(x + 1), y2: Y(y + 1), stroke: "#2CA02C", "stroke-dasharray": "4 3" }));
      // Column labels share a column's width: shortened to fit it.
      const fits = Math.max(1, Math.floor(cell / 9));
      const shorten = text => (text.length > fits ? text.slice(0, Math.max(1, fits - 1)) + "…" : text);
      data.old.forEach((label, x) => { const t = svg("text", { x: X(x + 0.5), y: pad - 10, "text-anchor": "middle", "font-size": 12, "font-weight": "bold" }); t.textContent = shorten(label); pic.appendChild(t); });
      data.new.forEach((label, y) => { const t = svg("text", { x: pad - 8, y: Y(y + 0.5) + 4, "text-anchor": "end", "font-size": 12, "font-weight": "bold" }); t.textContent = label; pic.appendChild(t); });
      if (d === rounds.length - 1) {
        const points = data.myers.path.map(p => X(p[0]) + "," + Y(p[1])).join(" ");
        pic.appendChild(svg("polyline", { points: points, fill: "none", stroke: "#FFD54F", "stroke-width": 9, "stroke-linejoin": "round" }));
      }
      for (let r = 0; r <= d; r++) {
        for (const st of rounds[r]) {
          const wide = r === d ? 1.6 : 1;
          if (st.edit !== "start") pic.appendChild(svg("line", { x1: X(st.from[0]), y1: Y(st.from[1]), x2: X(st.after[0]), y2: Y(st.after[1]), stroke: roundColor(r), "stroke-width": 2 * wide }));
          if (st.end[0] !== st.after[0]) pic.appendChild(svg("line", { x1: X(st.after[0]), y1: Y(st.after[1]), x2: X(st.end[0]), y2: Y(st.end[1]), stroke: roundColor(r), "stroke-width": 5 * wide }));
          pic.appendChild(svg("circle", { cx: X(st.end[0]), cy: Y(st.end[1]), r: r === d ? 5 : 3.5, fill: roundColor(r) }));
        }
      }
      // The V array: rows d, columns k, the furthest x on diagonal k after round d.
      let kMin = 0, kMax = 0;
      for (const round of rounds) for (const st of round) { kMin = Math.min(kMin, st.k); kMax = Math.max(kMax, st.k); }
      const table = el("table", null, "grid");
      const head = el("tr");
      head.appendChild(el("th", "d \\ k"));
      for (let k = kMin; k <= kMax; k++) head.appendChild(el("th", k));
      table.appendChild(head);
      for (let r = 0; r <= d; r++) {
        const row = el("tr");
        row.appendChild(el("th", r));
        const byK = {};
        for (const st of rounds[r]) byK[st.k] = st;
        for (let k = kMin; k <= kMax; k++) {
          const td = el("td", byK[k] ? byK[k].end[0] : "");
          if (r === d && byK[k]) td.classList.add("current");
          row.appendChild(td);
        }
        table.appendChild(row);
      }
      const box = el("div");
      box.appendChild(pic);
      box.appendChild(el("p", "V after each round (the x of the furthest-reaching path on diagonal k; y = x − k):"));
      box.appendChild(table);
      view.replaceChildren(box);
      const lines = ["Round d = " + d + (d === 0 ? ": from (0,0), follow the snake of matches." : ": on each diagonal k = −" + d + ", …, " + d + ", one edit from a neighbouring diagonal, then the snake.")];
      for (const st of rounds[d]) {
        let line = "k = " + st.k + ": ";
        if (st.edit === "start") line += "start at (0,0)";
        else if (st.edit === "delete") line += "right from (" + st.from + ") on k − 1 = " + (st.k - 1) + ", delete old[" + st.from[0] + "] = " + data.old[st.from[0]];
        else line += "down from (" + st.from + ") on k + 1 = " + (st.k + 1) + ", insert new[" + st.from[1] + "] = " + data.new[st.from[1]];
        const snake = st.end[0] - st.after[0];
        line += snake > 0 ? ", snake of " + snake + " to (" + st.end + ")" : ", no snake: ends at (" + st.end + ")";
        lines.push(line);
      }
      if (d === rounds.length - 1) lines.push("A path reached (" + N + ", " + M + ") in round " + d + ": D = " + data.distance + ". The gold line is the backtracked shortest path.");
      explain.textContent = lines.join("\n");
    }

    // ---- Heckel: pass 1 to 6.
    const passText = [
      "Pass 1: count each id in the new list (NC).",
      "Pass 2: count each id in the old list (OC) and note its old line (OLNO).",
      "Pass 3: link every id that occurs exactly once in each list: it must be the same item.",
      "Pass 4: walking forward, link the items right after a linked pair when they have the same id.",
      "Pass 5: walking backward, link the items right before a linked pair when they have the same id.",
      "Pass 6: read the result: unlinked old items are deletes, unlinked new items inserts, linked items out of order moves."];
    function heckelSteps() { return 6; }
    function renderHeckel(s) {
      const pass = s + 1, H = data.heckel;
      const oldPass = H.oa[4].map(j => (j >= 0 ? H.linkedBy[j] : 0));
      function arrayTable(name, labels, counts, values, passes) {
        const table = el("table", null, "grid");
        const r0 = el("tr"); r0.appendChild(el("th", name === "OA" ? "i" : "j"));
        labels.forEach((_, i) => r0.appendChild(el("th", i)));
        const r1 = el("tr"); r1.appendChild(el("th", name === "OA" ? "old" : "new"));
        labels.forEach(label => r1.appendChild(el("td", label)));
        const r2 = el("tr"); r2.appendChild(el("th", "count in " + (name === "OA" ? "old" : "new")));
        labels.forEach((_, i) => r2.appendChild(el("td", pass >= (name === "OA" ? 2 : 1) ? counts[i] : "")));
        [r0, r1, r2].forEach(r => table.appendChild(r));
        // One row per pass run so far, so the array can be watched filling up.
        values.slice(0, Math.min(pass, 5)).forEach((row, p) => {
          const tr = el("tr"); tr.appendChild(el("th", name + " after pass " + (p + 1)));
          row.forEach((v, i) => {
            const td = el("td", v >= 0 ? v : "·");
            if (v >= 0) td.classList.add("p" + passes[i]);
            if (v >= 0 && passes[i] === p + 1 && p + 1 === pass) td.classList.add("new");
            tr.appendChild(td);
          });
          table.appendChild(tr);
        });
        return table;
      }
      const box = el("div");
      box.appendChild(arrayTable("OA", data.old, H.oldCounts, H.oa, oldPass));
      box.appendChild(arrayTable("NA", data.new, H.newCounts, H.na, H.linkedBy));
      view.replaceChildren(box);
      const lines = [passText[pass - 1]];
      if (pass >= 3 && pass <= 5) {
        const linked = H.linkedBy.map((p, j) => [p, j]).filter(([p]) => p === pass).map(([, j]) => data.new[j] + " old[" + H.na[4][j] + "] → new[" + j + "]");
        lines.push(linked.length ? "Linked now: " + linked.join(", ") : "This pass links nothing here.");
      }
      if (pass === 6) {
        const dels = H.oa[4].map((v, i) => [v, i]).filter(([v]) => v < 0).map(([, i]) => data.old[i] + " (old[" + i + "])");
        const ins = H.na[4].map((v, j) => [v, j]).filter(([v]) => v < 0).map(([, j]) => data.new[j] + " (new[" + j + "])");
        lines.push("Deletes: " + (dels.join(", ") || "none") + ".", "Inserts: " + (ins.join(", ") || "none") + ".");
      }
      explain.textContent = lines.join("\n");
    }

    const algos = {
      lcs: { steps: lcsSteps, render: renderLCS },
      myers: { steps: myersSteps, render: renderMyers },
      heckel: { steps: heckelSteps, render: renderHeckel },
    };
    function show() {
      const count = algos[algo].steps();
      step = Math.max(0, Math.min(step, count - 1));
      algos[algo].render(step);
      document.getElementById("counter").textContent = "step " + step + " of " + (count - 1);
      document.body.dataset.algo = algo;
      document.body.dataset.step = String(step);
      for (const name in algos) document.getElementById("tab-" + name).setAttribute("aria-selected", String(name === algo));
      try { history.replaceState(null, "", "#algo=" + algo + "&step=" + step); } catch (e) { /* some file: pages refuse */ }
    }
    function go(delta) { step += delta; show(); }
    function pause() { if (timer) { clearInterval(timer); timer = null; } document.getElementById("play").textContent = "▶ Play"; }
    function play() {
      if (timer) { pause(); return; }
      if (step >= algos[algo].steps() - 1) step = -1;
      document.getElementById("play").textContent = "⏸ Pause";
      timer = setInterval(() => { if (step >= algos[algo].steps() - 1) pause(); else go(1); }, algo === "lcs" ? 350 : 1200);
    }
    document.getElementById("back").addEventListener("click", () => { pause(); go(-1); });
    document.getElementById("step").addEventListener("click", () => { pause(); go(1); });
    document.getElementById("play").addEventListener("click", play);
    document.getElementById("reset").addEventListener("click", () => { pause(); step = 0; show(); });
    for (const name in algos) document.getElementById("tab-" + name).addEventListener("click", () => { pause(); algo = name; step = 0; show(); });
    document.addEventListener("keydown", event => {
      // Space on a focused button already clicks it; toggling here too would undo that.
      if (event.key === " " && event.target instanceof HTMLButtonElement) return;
      if (event.key === "ArrowRight") { pause(); go(1); event.preventDefault(); }
      else if (event.key === "ArrowLeft") { pause(); go(-1); event.preventDefault(); }
      else if (event.key === " ") { play(); event.preventDefault(); }
      else if (event.key === "Home") { pause(); step = 0; show(); event.preventDefault(); }
    });
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    if (params.get("algo") in algos) algo = params.get("algo");
    step = parseInt(params.get("step") || "0", 10) || 0;
    show();
    """#
}
