/// The Heckel mode of the stepper page: one step per pass, each with the
/// symbol table's counters, the OA and NA arrays, and the links drawn
/// between the two lists as heckel.png draws them; pass 6 ends by setting
/// the result beside D and beside the heckel engine's own answer.
extension StepperScript {
    static let heckel = #"""
    // ---- Heckel: pass 1 to 6.
    const passText = [
      "Pass 1: read the new list; count each id in the symbol table (NC).",
      "Pass 2: read the old list; count each id (OC) and note its old line (OLNO).",
      "Pass 3: link every id that occurs exactly once in each list (NC = OC = 1): it must be the same item.",
      "Pass 4: walking forward, link the items right after a linked pair when they have the same id.",
      "Pass 5: walking backward, link the items right before a linked pair when they have the same id.",
      "Pass 6: read the result: unlinked old items are deletes, unlinked new items inserts, linked items out of order moves."];
    const passColor = { 3: "#1F77B4", 4: "#2CA02C", 5: "#9467BD" };
    function heckelSteps() { return 6; }
    function linksPicture(pass) {
      const H = data.heckel, { pic, Y, rowH, xo, xn } = listsFrame("links between the lists");
      const na = pass >= 3 ? H.na[Math.min(pass, 5) - 1] : H.na[0];
      const oa = pass >= 3 ? H.oa[Math.min(pass, 5) - 1] : H.oa[0];
      na.forEach((i, j) => {
        if (i < 0) return;
        const by = H.linkedBy[j];
        pic.appendChild(svg("line", { x1: xo + 6, y1: Y(i), x2: xn - 6, y2: Y(j), stroke: passColor[by] || "#333", "stroke-width": by === pass ? 4 : 2, "class": "link" }));
      });
      drawLists(pic, xo, xn, rowH, Y, i => pass === 6 && oa[i] < 0 ? "#F8C9C9" : "#E8EEF6", j => pass === 6 && na[j] < 0 ? "#CDEBC5" : "#E8EEF6");
      return pic;
    }
    // An SVG with the old list on the left and the new list on the right, one row per index (Y(i) its middle).
    function listsFrame(label) {
      const rows = Math.max(N, M, 1), rowH = Math.max(20, Math.min(34, Math.floor(560 / rows)));
      const w = 620, h = rows * rowH + 50, xo = 190, xn = 430;
      const pic = svg("svg", { width: w, height: h, viewBox: "0 0 " + w + " " + h, role: "img", "aria-label": label });
      svgText(pic, xo, 20, "old", { "text-anchor": "end", "font-weight": "bold" });
      svgText(pic, xn, 20, "new", { "text-anchor": "start", "font-weight": "bold" });
      return { pic: pic, Y: i => 40 + i * rowH + rowH / 2, rowH: rowH, xo: xo, xn: xn };
    }
    // The old list right-aligned to xo and the new list from xn, one box per item, filled as the mode says.
    function drawLists(pic, xo, xn, rowH, Y, oldFill, newFill) {
      data.old.forEach((label, i) => {
        pic.appendChild(svg("rect", { x: xo - 150, y: Y(i) - rowH / 2 + 2, width: 150, height: rowH - 4, fill: oldFill(i), rx: 3, "fill-opacity": 0.85 }));
        svgText(pic, xo - 4, Y(i) + 4, label + "  old[" + i + "]", { "text-anchor": "end" });
      });
      data.new.forEach((label, j) => {
        pic.appendChild(svg("rect", { x: xn, y: Y(j) - rowH / 2 + 2, width: 150, height: rowH - 4, fill: newFill(j), rx: 3, "fill-opacity": 0.85 }));
        svgText(pic, xn + 4, Y(j) + 4, "new[" + j + "]  " + label, { "text-anchor": "start" });
      });
    }
    function symbolTable(pass) {
      const table = el("table", null, "grid symbols");
      const head = el("tr");
      ["id", "NC (new)", "OC (old)", "OLNO"].forEach(name => head.appendChild(el("th", name)));
      table.appendChild(head);
      for (const sym of data.heckel.symbols) {
        const row = el("tr");
        row.appendChild(el("td", sym.label));
        row.appendChild(el("td", sym.nc));
        row.appendChild(el("td", pass >= 2 ? sym.oc : ""));
        row.appendChild(el("td", pass >= 2 && sym.olno >= 0 ? sym.olno : ""));
        if (pass === 3 && sym.nc === "1" && sym.oc === "1") row.classList.add("unique");
        table.appendChild(row);
      }
      return table;
    }
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
      const top = el("div", null, "side-by-side");
      const links = el("div");
      links.appendChild(linksPicture(pass));
      links.appendChild(legend([[passColor[3], "linked by pass 3"], [passColor[4], "pass 4"], [passColor[5], "pass 5"]].concat(
        pass === 6 ? [["#F8C9C9", "unlinked old: delete"], ["#CDEBC5", "unlinked new: insert"]] : [])));
      top.appendChild(links);
      const symbols = el("div");
      symbols.appendChild(el("p", "The symbol table (counts stop at 2, written “many”):"));
      symbols.appendChild(symbolTable(pass));
      top.appendChild(symbols);
      box.appendChild(top);
      box.appendChild(el("p", "OA[i] is the new index old[i] is linked to, NA[j] the old index new[j] is linked to; “·” while it still points at its symbol-table entry."));
      box.appendChild(arrayTable("OA", data.old, H.oldCounts, H.oa, oldPass));
      box.appendChild(arrayTable("NA", data.new, H.newCounts, H.na, H.linkedBy));
      view.replaceChildren(box);
      const lines = [passText[pass - 1]];
      if (pass >= 3 && pass <= 5) {
        const linked = H.linkedBy.map((p, j) => [p, j]).filter(([p]) => p === pass).map(([, j]) => data.new[j] + " old[" + H.na[4][j] + "] → new[" + j + "]");
        lines.push(linked.length ? "Linked now (the thick lines): " + linked.join(", ") : "This pass links nothing here.");
      }
      if (pass === 6) {
        const dels = H.oa[4].map((v, i) => [v, i]).filter(([v]) => v < 0).map(([, i]) => data.old[i] + " (old[" + i + "])");
        const ins = H.na[4].map((v, j) => [v, j]).filter(([v]) => v < 0).map(([, j]) => data.new[j] + " (new[" + j + "])");
        lines.push("Deletes: " + (dels.join(", ") || "none") + ".", "Inserts: " + (ins.join(", ") || "none") + ".");
        const edits = dels.length + ins.length;
        lines.push("That is " + dels.length + " deletes + " + ins.length + " inserts = " + edits + " edits" +
          (edits === data.distance ? ", as few as D = " + data.distance + " here." : ", more than D = " + data.distance + " (the fewest possible): Heckel does not search for a shortest script. An id that occurs more than once is linked only next to a linked neighbour, so repeated ids stay unlinked and count as deletes and inserts."));
        const E = H.engine;
        if (E.refused) lines.push("The heckel engine refused these lists: " + E.refused + ".");
        else {
          const steps = E.deletes.length + E.inserts.length + E.moves.length;
          lines.push("The heckel engine's own answer: deletes " + (E.deletes.join(", ") || "none") + "; inserts " + (E.inserts.join(", ") || "none") +
            "; moves " + (E.moves.map(m => m[0] + "→" + m[1]).join(", ") || "none") + ": " + steps + " steps (" + (E.deletes.length + E.inserts.length + 2 * E.moves.length) +
            " edits on the edit graph, where a move is a delete plus an insert). It first trims the common prefix and suffix, then runs these passes on the rest, so the ends are kept without needing a link; that is why it can differ from the passes over the whole lists shown here.");
        }
      }
      explain.textContent = lines.join("\n");
    }
    """#
}
