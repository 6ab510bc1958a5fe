/// The stepper page's script, in parts: the shared helpers and the LCS
/// mode here, the Myers, Heckel and patience modes beside it
/// (`StepperScript+Myers.swift`, `+Heckel.swift`, `+Patience.swift`), and the
/// controls last. Every element is built with createElement and
/// textContent, so nothing from the data is ever parsed as HTML.
enum StepperScript {
    static var all: String { [common, myers, linear, heckel, patience, quiz, controls].joined(separator: "\n") }

    static let common = #"""
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
    """#

    static let controls = #"""
    const algos = {
      lcs: { steps: lcsSteps, render: renderLCS },
      myers: { steps: myersSteps, render: renderMyers },
      linear: { steps: linearSteps, render: renderLinear },
      heckel: { steps: heckelSteps, render: renderHeckel },
      patience: { steps: patienceSteps, render: renderPatience },
    };
    function show() {
      const count = algos[algo].steps();
      step = Math.max(0, Math.min(step, count - 1));
      if (quizOn) quizShow(); else algos[algo].render(step);
      document.getElementById("quiz").hidden = !quizOn;
      document.getElementById("quiz-mode").setAttribute("aria-pressed", String(quizOn));
      document.getElementById("step").disabled = quizAsking();
      document.getElementById("play").disabled = quizOn;
      document.body.dataset.mode = quizOn ? "quiz" : "step";
      document.getElementById("counter").textContent = "step " + step + " of " + (count - 1);
      document.body.dataset.algo = algo;
      document.body.dataset.step = String(step);
      for (const name in algos) document.getElementById("tab-" + name).setAttribute("aria-selected", String(name === algo));
      const mode = quizOn ? "&quiz=1" : data.quiz.start ? "&quiz=0" : "";
      try { history.replaceState(null, "", "#algo=" + algo + "&step=" + step + mode); } catch (e) { /* some file: pages refuse */ }
    }
    // In the quiz, a question must be answered before the page steps past it.
    function go(delta) { if (delta > 0 && quizAsking()) return; step += delta; show(); }
    function pause() { if (timer) { clearInterval(timer); timer = null; } document.getElementById("play").textContent = "▶ Play"; }
    function play() {
      if (timer) { pause(); return; }
      if (quizOn) return;
      if (step >= algos[algo].steps() - 1) step = -1;
      document.getElementById("play").textContent = "⏸ Pause";
      timer = setInterval(() => { if (step >= algos[algo].steps() - 1) pause(); else go(1); }, algo === "lcs" ? 350 : algo === "heckel" || algo === "patience" ? 1800 : 900);
    }
    document.getElementById("back").addEventListener("click", () => { pause(); go(-1); });
    document.getElementById("step").addEventListener("click", () => { pause(); go(1); });
    document.getElementById("play").addEventListener("click", play);
    document.getElementById("reset").addEventListener("click", () => { pause(); step = 0; show(); });
    document.getElementById("quiz-mode").addEventListener("click", () => { pause(); quizOn = !quizOn; show(); });
    for (const name in algos) document.getElementById("tab-" + name).addEventListener("click", () => { pause(); algo = name; step = 0; show(); });
    document.addEventListener("keydown", event => {
      // Space on a focused button already clicks it; toggling here too would undo that.
      if (event.key === " " && event.target instanceof HTMLButtonElement) return;
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === "q") { pause(); quizOn = !quizOn; show(); event.preventDefault(); return; }
      if (quizKey(event.key)) { event.preventDefault(); return; }
      if (event.key === "ArrowRight") { pause(); go(1); event.preventDefault(); }
      else if (event.key === "ArrowLeft") { pause(); go(-1); event.preventDefault(); }
      else if (event.key === " ") { play(); event.preventDefault(); }
      else if (event.key === "Home") { pause(); step = 0; show(); event.preventDefault(); }
    });
    const params = new URLSearchParams(location.hash.replace(/^#/, ""));
    if (params.get("algo") in algos) algo = params.get("algo");
    step = parseInt(params.get("step") || "0", 10) || 0;
    if (params.get("quiz") === "1") quizOn = true;
    else if (params.get("quiz") === "0") quizOn = false;
    show();
    """#
}
