/// The quiz mode of the stepper page (the questions and answers come from
/// `StepperPage+Quiz.swift`).
///
/// A question is shown on the step mode's own picture of the moment before
/// the step (Myers: the V cells the move reads, not the one it writes;
/// Heckel: the links of the passes before), with buttons for the answers.
/// Once answered, the page renders the step as the step mode does, so the
/// explanation under it is the step mode's own, with a verdict above it and
/// the score so far. Every label reaches the page through `textContent`.
extension StepperScript {
    static let quiz = #"""
    // ---- Quiz: answer each Myers move and each linking Heckel pass before the page shows it.
    let quizOn = data.quiz.start;
    // The student's answers by tab and step: { picked, right }.
    let quizAnswers = { myers: {}, heckel: {} };
    // The Heckel pairs picked so far for the open question, and an old line waiting for its new line.
    let quizPairs = [], quizPendingOld = null;
    const quizQuestions = { myers: {}, heckel: {} };
    data.quiz.myers.forEach(q => { quizQuestions.myers[q.step] = q; });
    data.quiz.heckel.forEach(q => { quizQuestions.heckel[q.pass - 1] = q; });
    const quizMoveNames = { down: "down from k+1 (an insert)", right: "right from k−1 (a delete)", none: "no path on this diagonal in this round" };
    function quizQuestion(a, s) { return quizQuestions[a] ? quizQuestions[a][s] : undefined; }
    function quizAsking() { return quizOn && quizQuestion(algo, step) !== undefined && quizAnswers[algo][step] === undefined; }
    function quizPanel() { return document.getElementById("quiz-body"); }
    function pairText(p) { return "old[" + p[0] + "] " + data.old[p[0]] + " → new[" + p[1] + "] " + data.new[p[1]]; }
    function quizButton(id, text, onClick) {
      const b = el("button", text);
      b.id = id;
      b.type = "button";
      b.addEventListener("click", onClick);
      return b;
    }
    // Re-renders after a click and puts the keyboard focus back on the button of that id, or on `fallback`.
    function quizRefresh(focusId, fallback) {
      show();
      const target = document.getElementById(focusId) || document.getElementById(fallback);
      if (target && !target.disabled) target.focus();
    }

    function quizShow() {
      const panel = quizPanel(), q = quizQuestion(algo, step), given = q ? quizAnswers[algo][step] : undefined;
      panel.replaceChildren();
      if (!quizQuestions[algo]) {
        algos[algo].render(step);
        panel.appendChild(el("p", "This tab has no quiz: the quiz asks which move reaches each diagonal in the Myers tab, and which lines Heckel's passes 3 to 5 link in the Heckel tab."));
      } else if (!q) {
        algos[algo].render(step);
        panel.appendChild(el("p", step === 0
          ? (algo === "myers" ? "Round 0 is no choice: the path starts at (0,0). Step on for the first question." : "Passes 1 and 2 only count: step on to pass 3, the first question.")
          : "Nothing to answer on this step: step on."));
      } else if (given === undefined) {
        if (algo === "myers") quizAskMyers(q); else quizAskHeckel(q);
      } else {
        algos[algo].render(step);
        panel.appendChild(algo === "myers" ? quizMyersVerdict(q, given) : quizHeckelVerdict(q, given));
      }
      quizScore();
    }

    // ---- Myers: down from k+1, right from k−1, or neither.
    function quizAskMyers(q) {
      renderMyers(step, true);
      const panel = quizPanel();
      const ask = el("p", "Which move reaches diagonal k = " + signed(q.k) + " in round " + q.d + "? Read V[k−1] = V[" + signed(q.k - 1) +
        "] and V[k+1] = V[" + signed(q.k + 1) + "] of round " + (q.d - 1) + ", outlined in blue in the V table.", "question");
      ask.id = "quiz-question";
      ask.dataset.d = String(q.d);
      ask.dataset.k = String(q.k);
      panel.appendChild(ask);
      panel.appendChild(quizButton("answer-down", "↓ Down from k+1 = " + signed(q.k + 1) + " (insert)", () => quizAnswerMyers("down")));
      panel.appendChild(quizButton("answer-right", "→ Right from k−1 = " + signed(q.k - 1) + " (delete)", () => quizAnswerMyers("right")));
      panel.appendChild(quizButton("answer-none", "✕ Neither: no path on k = " + signed(q.k) + " this round", () => quizAnswerMyers("none")));
    }
    function quizAnswerMyers(choice) {
      const q = quizQuestion("myers", step);
      if (!q || quizAnswers.myers[step] !== undefined) return;
      quizAnswers.myers[step] = { picked: choice, right: choice === q.answer };
      quizRefresh("step", "step");
    }
    function quizMyersVerdict(q, given) {
      return given.right
        ? el("p", "Right: " + quizMoveNames[q.answer] + ". The box below says why.", "verdict-right")
        : el("p", "Not this one: you chose " + quizMoveNames[given.picked] + "; the move is " + quizMoveNames[q.answer] + ". The box below says why.", "verdict-wrong");
    }
    // d, r and n answer the open Myers question; returns whether the key was used.
    function quizKey(key) {
      const choice = { d: "down", r: "right", n: "none" }[key];
      if (!choice || algo !== "myers" || !quizAsking()) return false;
      quizAnswerMyers(choice);
      return true;
    }

    // ---- Heckel: pick the pairs the pass links, then check.
    function quizAskHeckel(q) {
      renderHeckel(step - 1);
      explain.textContent = passText[step];
      const before = { oa: data.heckel.oa[step - 1], na: data.heckel.na[step - 1] };
      const panel = quizPanel();
      const ask = el("p", "Which lines does pass " + q.pass + " link? Pick an old line, then the new line it links to (pick a linked line again to undo); then Check. Lines linked by earlier passes are greyed out.", "question");
      ask.id = "quiz-question";
      ask.dataset.pass = String(q.pass);
      panel.appendChild(ask);
      const lines = el("div", null, "lines");
      const oldColumn = el("div"), newColumn = el("div");
      oldColumn.appendChild(el("strong", "old"));
      newColumn.appendChild(el("strong", "new"));
      data.old.forEach((label, i) => {
        const b = quizButton("old-" + i, "old[" + i + "] " + label, () => quizPickOld(i));
        b.disabled = before.oa[i] >= 0;
        b.setAttribute("aria-pressed", String(quizPendingOld === i));
        if (quizPairs.some(p => p[0] === i)) b.classList.add("picked");
        oldColumn.appendChild(b);
      });
      data.new.forEach((label, j) => {
        const b = quizButton("new-" + j, "new[" + j + "] " + label, () => quizPickNew(j));
        b.disabled = before.na[j] >= 0;
        if (quizPairs.some(p => p[1] === j)) b.classList.add("picked");
        newColumn.appendChild(b);
      });
      lines.appendChild(oldColumn);
      lines.appendChild(newColumn);
      panel.appendChild(lines);
      const sorted = quizPairs.slice().sort((a, b) => a[1] - b[1]);
      panel.appendChild(el("p", "Your links: " + (sorted.length ? sorted.map(pairText).join(", ") : "none yet (Check with none if the pass links nothing)") +
        (quizPendingOld !== null ? ". old[" + quizPendingOld + "] waits for its new line." : ".")));
      panel.appendChild(quizButton("check", "Check", quizCheckHeckel));
    }
    function quizPickOld(i) {
      const had = quizPairs.length;
      quizPairs = quizPairs.filter(p => p[0] !== i);
      quizPendingOld = had !== quizPairs.length || quizPendingOld === i ? null : i;
      quizRefresh("old-" + i, "check");
    }
    function quizPickNew(j) {
      quizPairs = quizPairs.filter(p => p[1] !== j && p[0] !== quizPendingOld);
      if (quizPendingOld !== null) quizPairs.push([quizPendingOld, j]);
      quizPendingOld = null;
      quizRefresh("new-" + j, "check");
    }
    function quizCheckHeckel() {
      const q = quizQuestion("heckel", step);
      if (!q || quizAnswers.heckel[step] !== undefined) return;
      const key = p => p[0] + "," + p[1];
      const expected = new Set(q.links.map(key)), picked = quizPairs.map(key);
      const right = picked.length === expected.size && picked.every(k => expected.has(k));
      quizAnswers.heckel[step] = { picked: quizPairs.slice().sort((a, b) => a[1] - b[1]), right: right };
      quizPairs = [];
      quizPendingOld = null;
      quizRefresh("step", "step");
    }
    function quizHeckelVerdict(q, given) {
      if (given.right) return el("p", "Right: pass " + q.pass + " links " + (q.links.length ? q.links.map(pairText).join(", ") : "nothing here") + ".", "verdict-right");
      const key = p => p[0] + "," + p[1], picked = new Set(given.picked.map(key)), expected = new Set(q.links.map(key));
      const missed = q.links.filter(p => !picked.has(key(p))), extra = given.picked.filter(p => !expected.has(key(p)));
      return el("p", "Not quite: " + [missed.length ? "the pass also links " + missed.map(pairText).join(", ") : "",
        extra.length ? "it does not link " + extra.map(pairText).join(", ") : ""].filter(t => t).join("; ") + ". The box below says what the pass does.", "verdict-wrong");
    }

    // ---- The score: right answers of all the questions, for each kind of step.
    function quizScore() {
      const kinds = [["myers", "Myers moves"], ["heckel", "Heckel passes"]];
      let right = 0, answered = 0, total = 0;
      const parts = kinds.map(([name, label]) => {
        const count = Object.keys(quizQuestions[name]).length, given = Object.values(quizAnswers[name]);
        const good = given.filter(a => a.right).length;
        right += good; answered += given.length; total += count;
        return label + " " + good + " / " + count;
      });
      const done = answered === total;
      document.getElementById("score").textContent = (done ? "Quiz done. " : "") + "Score: " + right + " / " + total + " right (" + parts.join(", ") + ")" +
        (done ? "." : "; " + answered + " of " + total + " answered.");
      document.body.dataset.quizRight = String(right);
      document.body.dataset.quizAnswered = String(answered);
    }
    """#
}
