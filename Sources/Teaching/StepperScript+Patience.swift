/// The patience mode of the stepper page: one step per box of the
/// recursion, as `PatienceTrace` recorded it. The two lists are drawn side by
/// side with the box being worked tinted on each; the pairs found so far are
/// grey lines, this box's equal ends darker, its candidates (ids unique on
/// both sides) dashed, the anchors blue and Myers' pairs green. Under the
/// picture: the candidates in old order and the patience-sorting piles of
/// their new positions, the anchors' cards filled. The last step sets the
/// result beside D and the patience engine's own answer.
extension StepperScript {
    static let patience = #"""
    // ---- Patience: one box of the recursion per step, then the result.
    function patienceSteps() { return data.patience.steps.length + 1; }
    function sideText(name, from, to) { return from === to ? "no " + name + " item" : from + 1 === to ? name + " " + from : name + " " + from + "–" + (to - 1); }
    function boxText(b) { return sideText("old", b[0], b[2]) + " × " + sideText("new", b[1], b[3]); }
    function pairText(p) { return data.old[p[0]] + " (old[" + p[0] + "] = new[" + p[1] + "])"; }
    function patiencePicture(s) {
      const P = data.patience, { pic, Y, rowH, xo, xn } = listsFrame("pairs between the lists");
      const step = s < P.steps.length ? P.steps[s] : null;
      if (step) {
        const b = step.box, inner = step.inner;
        const band = (x, from, to, fill) => { if (to > from) pic.appendChild(svg("rect", { x: x, y: Y(from) - rowH / 2, width: 160, height: (to - from) * rowH, fill: fill, "class": "box" })); };
        band(xo - 155, b[0], b[2], "#FFF3D6"); band(xn - 5, b[1], b[3], "#FFF3D6");
        band(xo - 155, inner[0], inner[2], "#FFE0A3"); band(xn - 5, inner[1], inner[3], "#FFE0A3");
      }
      const line = (p, stroke, width, cls, dash) => {
        const attrs = { x1: xo + 6, y1: Y(p[0]), x2: xn - 6, y2: Y(p[1]), stroke: stroke, "stroke-width": width, "class": cls };
        if (dash) attrs["stroke-dasharray"] = dash;
        pic.appendChild(svg("line", attrs));
      };
      const done = s < P.steps.length ? s : P.steps.length;
      for (let t = 0; t < done; t++) {
        const st = P.steps[t];
        st.trimmed.concat(st.anchors.map(a => st.candidates[a]), st.myers).forEach(p => line(p, "#9E9E9E", 2, "pair"));
      }
      if (step) {
        step.trimmed.forEach(p => line(p, "#555555", 3, "pair trimmed"));
        step.candidates.forEach((p, c) => { if (!step.anchors.includes(c)) line(p, "#E6862A", 2, "candidate", "5,4"); });
        step.anchors.forEach(c => line(step.candidates[c], "#1F77B4", 4, "pair anchor"));
        step.myers.forEach(p => line(p, "#2CA02C", 3, "pair myers"));
      }
      const keptOld = new Set(P.pairs.map(p => p[0])), keptNew = new Set(P.pairs.map(p => p[1]));
      drawLists(pic, xo, xn, rowH, Y, i => !step && !keptOld.has(i) ? "#F8C9C9" : "#E8EEF6", j => !step && !keptNew.has(j) ? "#CDEBC5" : "#E8EEF6");
      return pic;
    }
    function candidateTable(step) {
      const table = el("table", null, "grid candidates");
      const head = el("tr");
      ["old i", "id", "new j", "pile"].forEach(name => head.appendChild(el("th", name)));
      table.appendChild(head);
      const pileOf = {};
      step.piles.forEach((pile, p) => pile.forEach(c => { pileOf[c] = p + 1; }));
      step.candidates.forEach((p, c) => {
        const row = el("tr");
        [p[0], data.old[p[0]], p[1], pileOf[c]].forEach(v => row.appendChild(el("td", v)));
        if (step.anchors.includes(c)) row.querySelectorAll("td").forEach(td => td.classList.add("anchor"));
        table.appendChild(row);
      });
      return table;
    }
    function pilesView(step) {
      const box = el("div", null, "piles");
      step.piles.forEach((pile, p) => {
        // column-reverse: the label at the foot, the pile's first card on it, its top card highest.
        const column = el("div", null, "pile");
        column.appendChild(el("small", "pile " + (p + 1)));
        pile.forEach(c => column.appendChild(el("span", "new " + step.candidates[c][1], step.anchors.includes(c) ? "card anchor" : "card")));
        box.appendChild(column);
      });
      return box;
    }
    function renderPatience(s) {
      const P = data.patience, step = s < P.steps.length ? P.steps[s] : null;
      const box = el("div");
      const top = el("div", null, "side-by-side");
      const left = el("div");
      left.appendChild(patiencePicture(s));
      left.appendChild(legend(step
        ? [["#FFE0A3", "the box being worked"], ["#555555", "equal ends"], ["#E6862A", "candidate (unique on both sides)"], ["#1F77B4", "anchor"], ["#2CA02C", "kept by Myers"], ["#9E9E9E", "kept earlier"]]
        : [["#9E9E9E", "kept"], ["#F8C9C9", "old, not kept: delete"], ["#CDEBC5", "new, not kept: insert"]]));
      top.appendChild(left);
      if (step && step.candidates.length) {
        const right = el("div", null, "aside");
        right.appendChild(el("p", "Candidates in old order, and the piles of their new positions (the anchors filled):"));
        right.appendChild(candidateTable(step));
        right.appendChild(pilesView(step));
        top.appendChild(right);
      }
      box.appendChild(top);
      view.replaceChildren(box);
      const lines = [];
      if (step) {
        lines.push("Box " + (s + 1) + " of " + P.steps.length + ": " + boxText(step.box) + (s === 0 ? ", the whole lists." : "."));
        lines.push(step.trimmed.length ? "Equal ends, matched without a search: " + step.trimmed.map(pairText).join(", ") + "." : "No equal ends to match.");
        const inner = step.inner;
        // The first box counts over the whole lists, its equal ends too, as git counts over the whole files.
        const counted = s === 0 && step.trimmed.length ? " the whole lists (git counts over the whole files, the equal ends too)" : " " + boxText(inner);
        if (inner[0] === inner[2] || inner[1] === inner[3]) {
          const dels = inner[2] - inner[0], ins = inner[3] - inner[1];
          lines.push(dels || ins ? "One side is empty now: " + (dels ? dels + " old item(s) left are deletes." : ins + " new item(s) left are inserts.") : "Nothing is left in this box.");
        } else if (!step.candidates.length) {
          lines.push("No id of " + boxText(inner) + " occurs exactly once on both sides of" + counted + ", so patience hands the box to Myers (the shortest script inside it).");
          lines.push(step.myers.length ? "Myers keeps " + step.myers.map(pairText).join(", ") + "." : "Myers keeps nothing here: every item left is deleted or inserted.");
        } else {
          lines.push("Ids of " + boxText(inner) + " that occur exactly once on each side of" + counted + ": " + step.candidates.map(p => data.new[p[1]]).join(", ") +
            ". In old order their new positions are " + step.candidates.map(p => p[1]).join(", ") + ".");
          lines.push("Patience sorting lays each position on the leftmost pile whose top is larger, or starts a new pile on the right: " +
            step.piles.length + " pile(s), so the longest increasing run of new positions has " + step.anchors.length + ": " +
            step.anchors.map(c => step.candidates[c][1]).join(", ") + ". Following each card's link back from the top of the last pile spells it.");
          lines.push("Anchors: " + step.anchors.map(c => pairText(step.candidates[c])).join(", ") + ".");
          lines.push(step.pieces.length ? "The boxes between anchors go on the stack: " + step.pieces.map(boxText).join(", ") + "." : "No box is left between the anchors.");
        }
      } else {
        const keptOld = new Set(P.pairs.map(p => p[0])), keptNew = new Set(P.pairs.map(p => p[1]));
        const dels = data.old.map((_, i) => i).filter(i => !keptOld.has(i)), ins = data.new.map((_, j) => j).filter(j => !keptNew.has(j));
        lines.push("Every box is done: " + P.pairs.length + " pairs kept. Deletes: " + (dels.map(i => data.old[i] + " (old[" + i + "])").join(", ") || "none") +
          ". Inserts: " + (ins.map(j => data.new[j] + " (new[" + j + "])").join(", ") || "none") + ".");
        const edits = dels.length + ins.length;
        lines.push("That is " + dels.length + " deletes + " + ins.length + " inserts = " + edits + " edits" +
          (edits === data.distance ? ", as few as D = " + data.distance + " here."
            : ", more than D = " + data.distance + " (the fewest possible): an anchor is kept even where a shortest script would give it up."));
        const E = P.engine;
        if (E.refused) lines.push("The patience engine refused these lists: " + E.refused + ".");
        else lines.push("The patience engine's own answer, with moves paired after the script: deletes " + (E.deletes.join(", ") || "none") +
          "; inserts " + (E.inserts.join(", ") || "none") + "; moves " + (E.moves.map(m => m[0] + "→" + m[1]).join(", ") || "none") +
          ": " + (E.deletes.length + E.inserts.length + E.moves.length) + " steps.");
      }
      explain.textContent = lines.join("\n");
    }
    """#
}
