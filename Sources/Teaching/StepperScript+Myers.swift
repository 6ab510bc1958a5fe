/// The two Myers modes of the stepper page.
///
/// `myers`: one step per diagonal k of each round d, as on the Elder and
/// Coglan pages: the two V cells the choice reads are highlighted, the
/// sentence says why the move was chosen (or why a move would leave the
/// grid), then the snake. `linear`: the middle-snake search, one step per
/// half-round (forward, then backward) until the frontiers overlap, then
/// the middle snake and the split into two smaller searches.
extension StepperScript {
    static let myers = #"""
    // ---- The edit graph both Myers modes draw on: axes numbered and labelled,
    // each diagonal k labelled where it leaves the grid, free diagonals dashed.
    const palette = ["#1F77B4", "#FF7F0E", "#D62728", "#9467BD", "#8C564B", "#E377C2", "#17BECF", "#7F7F7F", "#BCBD22"];
    function roundColor(d) { return palette[d % palette.length]; }
    function signed(v) { return v < 0 ? "−" + (-v) : String(v); }
    function pt(p) { return "(" + p[0] + "," + p[1] + ")"; }
    function svgText(pic, x, y, text, attrs) {
      const t = svg("text", Object.assign({ x: x, y: y, "font-size": 12 }, attrs || {}));
      t.textContent = text;
      pic.appendChild(t);
    }
    function editGraph(band) {
      const cell = Math.max(18, Math.min(48, Math.floor(520 / Math.max(N, M, 1))));
      const left = 84, top = 64, right = 56, bottom = 46;
      const w = N * cell + left + right, h = M * cell + top + bottom;
      const pic = svg("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h, role: "img", "aria-label": "edit graph" });
      const X = x => left + x * cell, Y = y => top + y * cell;
      if (band !== null && band !== undefined) {
        const x0 = Math.max(band, 0), y0 = x0 - band, len = Math.min(N - x0, M - y0);
        if (len >= 0) pic.appendChild(svg("line", { x1: X(x0), y1: Y(y0), x2: X(x0 + len), y2: Y(y0 + len), stroke: "#FFE0B2", "stroke-width": Math.max(8, cell / 2.5), "stroke-linecap": "round", "class": "band" }));
      }
      for (let x = 0; x <= N; x++) pic.appendChild(svg("line", { x1: X(x), y1: Y(0), x2: X(x), y2: Y(M), stroke: "#E3E3E3" }));
      for (let y = 0; y <= M; y++) pic.appendChild(svg("line", { x1: X(0), y1: Y(y), x2: X(N), y2: Y(y), stroke: "#E3E3E3" }));
      for (const [x, y] of data.myers.matches)
        pic.appendChild(svg("line", { x1: X(x), y1: Y(y), x2: X(x + 1), y2: Y(y + 1), stroke: "#2CA02C", "stroke-dasharray": "4 3" }));
      // Labels share a column's width: shortened to fit it.
      const fits = Math.max(1, Math.floor(cell / 8));
      const shorten = text => (text.length > fits ? text.slice(0, Math.max(1, fits - 1)) + "…" : text);
      svgText(pic, X(0) - 8, top - 34, "old →", { "text-anchor": "end", fill: "#555" });
      svgText(pic, left - 8, top - 12, "new ↓", { "text-anchor": "end", fill: "#555", "font-size": 11 });
      data.old.forEach((label, x) => svgText(pic, X(x + 0.5), top - 34, shorten(label), { "text-anchor": "middle", "font-weight": "bold", "class": "axis-label" }));
      data.new.forEach((label, y) => svgText(pic, left - 26, Y(y + 0.5) + 4, label.length > 6 ? label.slice(0, 5) + "…" : label, { "text-anchor": "end", "font-weight": "bold", "class": "axis-label" }));
      for (let x = 0; x <= N; x++) svgText(pic, X(x), top - 8, x, { "text-anchor": "middle", "font-size": 10, fill: "#666", "class": "axis-number" });
      for (let y = 0; y <= M; y++) svgText(pic, left - 6, Y(y) + 4, y, { "text-anchor": "end", "font-size": 10, fill: "#666", "class": "axis-number" });
      // k = x − y, written where the diagonal leaves the grid (bottom or right edge).
      for (let k = -M; k <= N; k++) {
        const ex = Math.min(N, M + k), ey = ex - k;
        const strong = k === band;
        const attrs = { "font-size": strong ? 12 : 9, fill: strong ? "#E65100" : "#999", "font-weight": strong ? "bold" : "normal", "class": "k-label" };
        if (ey === M) svgText(pic, X(ex) + 3, Y(M) + 14, signed(k), Object.assign({ "text-anchor": "start" }, attrs));
        else svgText(pic, X(N) + 4, Y(ey) + 12, signed(k), Object.assign({ "text-anchor": "start" }, attrs));
      }
      svgText(pic, X(0) - 8, Y(M) + 14, "k =", { "text-anchor": "end", "font-size": 10, fill: "#999" });
      return { pic: pic, X: X, Y: Y, cell: cell };
    }
    function legend(entries) {
      const box = el("div", null, "legend");
      for (const [color, text, dashed] of entries) {
        const item = el("span");
        const swatch = el("span", null, "swatch");
        swatch.style.background = dashed ? "repeating-linear-gradient(90deg, " + color + " 0 5px, transparent 5px 8px)" : color;
        item.appendChild(swatch);
        item.appendChild(document.createTextNode(text));
        box.appendChild(item);
      }
      return box;
    }
    function drawStep(g, st, color, width, opacity) {
      if (st.edit !== "start" && st.edit !== "none")
        g.pic.appendChild(svg("line", { x1: g.X(st.from[0]), y1: g.Y(st.from[1]), x2: g.X(st.after[0]), y2: g.Y(st.after[1]), stroke: color, "stroke-width": 2 * width, opacity: opacity }));
      if (st.end[0] !== st.after[0])
        g.pic.appendChild(svg("line", { x1: g.X(st.after[0]), y1: g.Y(st.after[1]), x2: g.X(st.end[0]), y2: g.Y(st.end[1]), stroke: color, "stroke-width": 4 * width, opacity: opacity }));
      g.pic.appendChild(svg("circle", { cx: g.X(st.end[0]), cy: g.Y(st.end[1]), r: 2.5 + width, fill: color, opacity: opacity }));
    }
    function drawPath(g, path) {
      const points = path.map(p => g.X(p[0]) + "," + g.Y(p[1])).join(" ");
      g.pic.appendChild(svg("polyline", { points: points, fill: "none", stroke: "#FFD54F", "stroke-width": 9, "stroke-linejoin": "round", "class": "gold" }));
    }
    // The edit before the snake, in words; `backward` walks it from the bottom-right corner.
    function describeEdit(st, backward) {
      if (st.edit === "start") return "start at " + pt(st.from);
      if (st.edit === "delete") {
        const i = backward ? st.after[0] : st.from[0];
        return (backward ? "left" : "right") + " " + pt(st.from) + " → " + pt(st.after) + ": delete old[" + i + "] = " + data.old[i];
      }
      const j = backward ? st.after[1] : st.from[1];
      return (backward ? "up" : "down") + " " + pt(st.from) + " → " + pt(st.after) + ": insert new[" + j + "] = " + data.new[j];
    }
    function describeSnake(st) {
      const lo = Math.min(st.after[0], st.end[0]), hi = Math.max(st.after[0], st.end[0]);
      if (hi === lo) return "no snake (the next elements differ, or an edge is reached): it ends at " + pt(st.end);
      return "a snake of " + (hi - lo) + " (" + data.old.slice(lo, hi).join(" ") + ") to " + pt(st.end);
    }

    // ---- Myers, greedy: one step per diagonal of each round, then the backtracked path.
    const moves = data.myers.moves;
    function myersSteps() { return moves.length + 1; }
    // `asking` (the quiz) shows the step before its move is made: the V cells it reads, not the one it writes, nor why.
    function renderMyers(s, asking) {
      const cur = s < moves.length ? moves[s] : null;
      const d = cur ? cur.d : data.distance;
      const g = editGraph(cur ? cur.k : null);
      if (!cur) drawPath(g, data.myers.path);
      for (let t = 0; t <= Math.min(asking ? s - 1 : s, moves.length - 1); t++) {
        const st = moves[t];
        if (st.edit === "none") continue;
        drawStep(g, st, roundColor(st.d), t === s ? 2 : 1, st.d === d ? 1 : 0.5);
      }
      if (cur && cur.edit !== "none" && !asking) g.pic.appendChild(svg("circle", { cx: g.X(cur.end[0]), cy: g.Y(cur.end[1]), r: 10, fill: "none", stroke: "#D62728", "stroke-width": 2, "class": "current-end" }));
      // The V array: rows d, columns k, the furthest x on diagonal k after round d.
      let kMin = 0, kMax = 0;
      for (const st of moves) { kMin = Math.min(kMin, st.k); kMax = Math.max(kMax, st.k); }
      const shown = {};
      moves.slice(0, Math.min(asking ? s : s + 1, moves.length)).forEach(st => { shown[st.d + "," + st.k] = st.edit === "none" ? "–" : st.end[0]; });
      const table = el("table", null, "grid v-table");
      const head = el("tr");
      head.appendChild(el("th", "d \\ k"));
      for (let k = kMin; k <= kMax; k++) head.appendChild(el("th", signed(k)));
      table.appendChild(head);
      for (let r = 0; r <= d; r++) {
        const row = el("tr");
        row.appendChild(el("th", r));
        for (let k = kMin; k <= kMax; k++) {
          const value = shown[r + "," + k];
          const td = el("td", value === undefined ? "" : value);
          if (cur && r === cur.d && k === cur.k) td.classList.add("current");
          if (cur && cur.d > 0 && r === cur.d - 1 && (k === cur.k - 1 || k === cur.k + 1)) td.classList.add("read");
          row.appendChild(td);
        }
        table.appendChild(row);
      }
      const entries = [];
      for (let r = 0; r <= d; r++) entries.push([roundColor(r), "round " + r + (r === d && cur && !asking ? " (the thick line is this step)" : "")]);
      entries.push(["#2CA02C", "free diagonal: old[x] = new[y], a match", true]);
      if (cur) entries.push(["#FFE0B2", "diagonal k being extended"]);
      else entries.push(["#FFD54F", "the backtracked shortest path"]);
      const box = el("div");
      box.appendChild(g.pic);
      box.appendChild(legend(entries));
      box.appendChild(el("p", "V after each round: the x of the furthest-reaching path on diagonal k (y = x − k). The two cells outlined in blue are the ones this step reads; the red one is the one it writes."));
      box.appendChild(table);
      view.replaceChildren(box);
      const lines = [];
      if (cur) {
        const ks = [];
        for (let k = -cur.d; k <= cur.d; k += 2) ks.push(k);
        const off = ks.filter(k => k < -M || k > N);
        lines.push("Round d = " + cur.d + ", diagonal k = " + signed(cur.k) + ". Round " + cur.d + " tries k = " + ks.map(signed).join(", ") +
          (off.length ? "; " + off.map(signed).join(", ") + " lie off the grid (−M = " + signed(-M) + " ≤ k ≤ N = " + N + "), so they are left out" : "") + ".");
        if (asking) { /* the quiz asks here; the rest is its answer */ }
        else if (cur.edit === "start") lines.push("Start at (0,0) and follow the matches: " + describeSnake(cur) + ". V[0] = " + cur.end[0] + ".");
        else if (cur.edit === "none") lines.push(cur.why.charAt(0).toUpperCase() + cur.why.slice(1) + ".");
        else {
          lines.push(cur.why.charAt(0).toUpperCase() + cur.why.slice(1) + ".");
          lines.push(describeEdit(cur, false) + "; then " + describeSnake(cur) + ". V[" + signed(cur.k) + "] = " + cur.end[0] + ".");
          if (cur.end[0] === N && cur.end[1] === M) lines.push("This path reaches the corner (" + N + ", " + M + "): the search is over after " + cur.d + " edits.");
        }
      } else {
        lines.push("A path reached (" + N + ", " + M + ") in round " + data.distance + ": D = " + data.distance + ". The gold line is the backtracked shortest path: from the corner, each round's step says which path of the round before it extended.");
      }
      explain.textContent = lines.join("\n");
    }
    """#

    static let linear = #"""
    // ---- Myers in linear space: half-rounds until the frontiers overlap, the middle snake, then the recursion.
    const L = data.myers.linear;
    const linearPlan = [];
    L.searches.forEach((search, i) => {
      for (let h = 0; h < search.forward.length + search.backward.length; h++) linearPlan.push({ search: i, half: h });
      linearPlan.push({ search: i, meet: true });
    });
    if (L.small.length) linearPlan.push({ small: true });
    linearPlan.push({ done: true });
    function linearSteps() { return linearPlan.length; }
    function region(origin, corner) { return pt(origin) + "–" + pt(corner); }
    function renderLinear(s) {
      const plan = linearPlan[s];
      const search = plan.search !== undefined ? L.searches[plan.search] : null;
      const g = editGraph(plan.meet ? search.k : null);
      if (plan.done) drawPath(g, L.path);
      const rect = (origin, corner, color, dashed) => g.pic.appendChild(svg("rect", {
        x: g.X(origin[0]), y: g.Y(origin[1]), width: g.X(corner[0]) - g.X(origin[0]), height: g.Y(corner[1]) - g.Y(origin[1]),
        fill: "none", stroke: color, "stroke-width": 2, "stroke-dasharray": dashed ? "6 4" : "", "class": "region" }));
      const snake = (sr, width) => g.pic.appendChild(svg("line", {
        x1: g.X(sr.snake[0][0]), y1: g.Y(sr.snake[0][1]), x2: g.X(sr.snake[1][0]), y2: g.Y(sr.snake[1][1]),
        stroke: "#6A1B9A", "stroke-width": width, "stroke-linecap": "round", "class": "middle-snake" }));
      const earlier = plan.search !== undefined ? plan.search : L.searches.length;
      for (let i = 0; i < earlier; i++) { snake(L.searches[i], 6); g.pic.appendChild(svg("circle", { cx: g.X(L.searches[i].snake[0][0]), cy: g.Y(L.searches[i].snake[0][1]), r: 4, fill: "#6A1B9A" })); }
      const lines = [];
      if (search) {
        const delta = (search.corner[0] - search.corner[1]) - (search.origin[0] - search.origin[1]);
        rect(search.origin, search.corner, "#1F77B4", true);
        const upTo = plan.meet ? search.forward.length + search.backward.length - 1 : plan.half;
        for (let h = 0; h <= upTo; h++) {
          const forward = h % 2 === 0, r = Math.floor(h / 2);
          const round = forward ? search.forward[r] : search.backward[r];
          for (const st of round) drawStep(g, st, forward ? "#1F77B4" : "#FF7F0E", h === upTo && !plan.meet ? 2 : 1, h === upTo ? 1 : 0.55);
        }
        lines.push("Search " + (plan.search + 1) + " of " + L.searches.length + " over " + region(search.origin, search.corner) +
          " (recursion depth " + search.depth + "). Δ = k(end) − k(start) = " + signed(delta) + " is " + (delta % 2 === 0 ? "even, so the backward search checks for an overlap" : "odd, so the forward search checks for an overlap") + ".");
        if (plan.meet) {
          snake(search, 8);
          const empty = search.snake[0][0] === search.snake[1][0];
          lines.push("The " + (search.foundForward ? "forward" : "backward") + " path on k = " + signed(search.k) + " reached the other side's path on the same diagonal: the frontiers overlap.");
          lines.push("Middle snake: " + (empty ? "empty, at " + pt(search.snake[0]) : pt(search.snake[0]) + " → " + pt(search.snake[1])) +
            ". It lies on a shortest path of this region, whose D = " + search.distance + " (" + (search.foundForward ? "2d − 1 for forward round d" : "2d for backward round d") + ").");
          lines.push("Now the same search runs on " + region(search.origin, search.snake[0]) + " and on " + region(search.snake[1], search.corner) + ", each alone: only two V arrays are kept at a time, O(N + M) memory.");
        } else {
          const forward = plan.half % 2 === 0, r = Math.floor(plan.half / 2);
          const round = forward ? search.forward[r] : search.backward[r];
          lines.push((forward ? "Forward" : "Backward") + " round d = " + r + (forward ? ", from " + pt(search.origin) + " (blue):" : ", from " + pt(search.corner) + " towards the top left (orange):"));
          for (const st of round) lines.push("k = " + signed(st.k) + ": " + describeEdit(st, !forward) + "; " + describeSnake(st) + ".");
        }
      } else if (plan.small) {
        for (const [origin, corner] of L.small) rect(origin, corner, "#2CA02C", false);
        lines.push("Regions left with D ≤ 1 (green) are not split again: the plain greedy search finishes each of them: " + L.small.map(r => region(r[0], r[1])).join(", ") + ".");
      } else {
        lines.push("The path is the middle snakes (purple) joined by the paths of the smaller regions: D = " + data.distance + ", as in the greedy search. It can be another shortest path than the greedy backtrack's; the myers engine searches this way.");
      }
      const box = el("div");
      box.appendChild(g.pic);
      box.appendChild(legend([["#1F77B4", "forward paths (from the top left)"], ["#FF7F0E", "backward paths (from the bottom right)"], ["#6A1B9A", "middle snake"],
        ["#2CA02C", "free diagonal: a match", true]].concat(plan.small ? [["#2CA02C", "region with D ≤ 1, finished by the greedy search"]] : [],
        plan.done ? [["#FFD54F", "the final path"]] : [])));
      view.replaceChildren(box);
      explain.textContent = lines.join("\n");
    }
    """#
}
