import DiffBenchTestSupport
import DiffEngines
import Foundation
import Testing

@testable import Teaching

/// The quiz in a real browser, offline: a page written as `teach --quiz`
/// writes it, plus a small script that answers every question through the
/// page's own buttons (right or wrong as this test decides, from the
/// oracles of `StepperQuizTests`, never from the page's data), then the
/// score the page shows is read back from the dumped DOM.
@Suite(
    .serialized, .tags(.browser),
    .enabled(if: HeadlessChromium.path != nil, "chromium not found: the browser test is skipped (scripts/setup.sh installs the Debian package chromium)"))
struct StepperQuizBrowserTests {
    /// What the harness saw at one question.
    struct Answered: Decodable {
        var tab: String
        var step: String
        /// The box under the controls while the question was open, and after the answer.
        var asked: String
        var revealed: String
        /// Whether Step was disabled while the question was open.
        var stepDisabled: Bool
        var verdict: String
    }

    /// The answers the harness gives: per Myers question "d,k" → the button,
    /// per Heckel pass → the pairs to click; and how many of them are right.
    struct Plan: Encodable {
        var myers: [String: String] = [:]
        var heckel: [String: [[Int]]] = [:]
        var right = 0, myersRight = 0, heckelRight = 0
        var myersTotal = 0, heckelTotal = 0
    }

    /// Answers every third Myers question wrong (another move than the
    /// oracle's) and Heckel's pass 4 wrong (a link dropped, or a free pair
    /// added when the pass links nothing), the rest right.
    static func plan(_ old: [String], _ new: [String]) -> Plan {
        var plan = Plan()
        let distance = StepperQuizTests.editDistance(old, new)
        let reference = StepperPageTests.referenceV(old.map { Character($0) }, new.map { Character($0) })
        var index = 0
        for d in stride(from: 1, through: distance, by: 1) {
            for k in stride(from: -d, through: d, by: 2) where k >= -new.count && k <= old.count {
                // The oracle's move: which neighbour of round d − 1 its x comes from.
                let down = reference[d - 1][k + 1].flatMap { $0 - (k + 1) < new.count ? $0 : nil }
                let right = reference[d - 1][k - 1].flatMap { $0 < old.count ? $0 + 1 : nil }
                let answer = reference[d][k] == nil ? "none" : (right ?? -1) > (down ?? -1) ? "right" : "down"
                let wrong = index % 3 == 2
                plan.myers["\(d),\(k)"] = wrong ? ["down", "right", "none"].first { $0 != answer }! : answer
                if !wrong { plan.myersRight += 1 }
                index += 1
            }
        }
        plan.myersTotal = index
        let links = StepperQuizTests.heckelLinks(old, new)
        for pass in 3...5 {
            var pairs = links[pass] ?? []
            if pass == 4 {
                let linkedBefore = links[3] ?? []
                let freeOld = old.indices.first { i in !linkedBefore.contains { $0[0] == i } }
                let freeNew = new.indices.first { j in !linkedBefore.contains { $0[1] == j } }
                if !pairs.isEmpty { pairs.removeFirst() } else if let freeOld, let freeNew { pairs = [[freeOld, freeNew]] }
            }
            plan.heckel["\(pass)"] = pairs
            if pairs == links[pass] ?? [] { plan.heckelRight += 1 }
        }
        plan.heckelTotal = 3
        plan.right = plan.myersRight + plan.heckelRight
        return plan
    }

    /// Clicks through the Myers and Heckel tabs from the first step to the
    /// last, answering each open question by the plan, and leaves on <body>
    /// whether it finished and what it saw (URI-encoded JSON).
    static func harness(_ plan: Plan) throws -> String {
        let json = String(decoding: try JSONEncoder().encode(plan), as: UTF8.self)
        return """
            <script>
            (function () {
              const plan = \(json), log = [];
              function click(id) {
                const b = document.getElementById(id);
                if (!b) throw new Error("no #" + id);
                if (b.disabled) throw new Error("#" + id + " is disabled");
                b.click();
              }
              const text = id => document.getElementById(id).textContent;
              document.body.dataset.harnessStartMode = document.body.dataset.mode;
              try {
                for (const tab of ["myers", "heckel"]) {
                  click("tab-" + tab);
                  for (let guard = 0; guard < 5000; guard++) {
                    const q = document.getElementById("quiz-question");
                    if (q) {
                      const entry = { tab: tab, step: document.body.dataset.step, asked: text("explain"), stepDisabled: document.getElementById("step").disabled };
                      if (tab === "myers") click("answer-" + plan.myers[q.dataset.d + "," + q.dataset.k]);
                      else { for (const [i, j] of plan.heckel[q.dataset.pass]) { click("old-" + i); click("new-" + j); } click("check"); }
                      entry.revealed = text("explain");
                      entry.verdict = text("quiz-body");
                      log.push(entry);
                    }
                    const before = document.body.dataset.step;
                    click("step");
                    if (document.body.dataset.step === before) break;
                  }
                }
                document.body.dataset.harness = "done";
              } catch (error) { document.body.dataset.harness = "failed: " + error.message; }
              document.body.dataset.harnessLog = encodeURIComponent(JSON.stringify(log));
            })();
            </script>
            """
    }

    /// Writes the pair's report with the page in quiz mode, adds the harness
    /// to a copy of stepper.html, and returns the DOM after it ran.
    static func answerEveryQuestion(_ old: [String], _ new: [String], plan: Plan, in directory: String) throws -> String {
        _ = try TeachingReport.write(
            old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new,
            title: "\(old.joined()) → \(new.joined())", to: directory, gnuplot: nil, startInQuiz: true)
        let page = try String(contentsOfFile: directory + "/stepper.html", encoding: .utf8)
        let end = try #require(page.range(of: "</body>", options: .backwards))
        let driven = page.replacingCharacters(in: end, with: try harness(plan) + "\n</body>")
        try driven.write(toFile: directory + "/stepper-driven.html", atomically: true, encoding: .utf8)
        return try HeadlessChromium.run(["--dump-dom"], url: "file://" + directory + "/stepper-driven.html", budget: 20_000)
    }

    /// The score line's numbers: all, Myers, Heckel (right / total each).
    static func score(_ dom: String) -> [Int]? {
        guard let line = dom.firstMatch(of: /<p id="score"[^>]*>([^<]*)<\/p>/)?.output.1 else { return nil }
        guard let m = line.firstMatch(of: /Score: (\d+) \/ (\d+) right \(Myers moves (\d+) \/ (\d+), Heckel passes (\d+) \/ (\d+)\)/) else {
            return nil
        }
        return [m.output.1, m.output.2, m.output.3, m.output.4, m.output.5, m.output.6].map { Int($0)! }
    }

    /// Some questions answered right, some wrong: the page opened in quiz
    /// mode, held Step until each question was answered, showed the step
    /// mode's own explanation only after the answer, and its score counts
    /// exactly the answers this test planned right, per kind.
    @Test(
        .timeLimit(.minutes(10)),
        arguments: [("GAATTCAG", "GGATCGA"), ("BALLOON", "SALOON"), ("ABCABBA", "CBABAC")])
    func theScoreCountsTheRightAnswers(old: String, new: String) throws {
        let scratch = ScratchDirectory()
        let oldList = Array(old).map(String.init), newList = Array(new).map(String.init)
        let plan = Self.plan(oldList, newList)
        let dom = try Self.answerEveryQuestion(oldList, newList, plan: plan, in: scratch.path + "/q")
        #expect(HeadlessChromium.bodyAttribute("data-harness", in: dom) == "done")
        #expect(HeadlessChromium.bodyAttribute("data-harness-start-mode", in: dom) == "quiz", "teach --quiz opens in quiz mode")
        let score = try #require(Self.score(dom), "no score line in the page")
        #expect(score == [plan.right, plan.myersTotal + plan.heckelTotal, plan.myersRight, plan.myersTotal, plan.heckelRight, plan.heckelTotal])
        #expect(plan.right < plan.myersTotal + plan.heckelTotal && plan.right > 0, "the plan mixes right and wrong answers")
        #expect(dom.contains("Quiz done."))

        let encoded = try #require(HeadlessChromium.bodyAttribute("data-harness-log", in: dom)?.removingPercentEncoding)
        let log = try JSONDecoder().decode([Answered].self, from: Data(encoded.utf8))
        #expect(log.count == plan.myersTotal + plan.heckelTotal, "one entry per question")
        let pair = try TeachingPair(old: oldList, new: newList, identity: ValueElements<String>(), oldLabels: oldList, newLabels: newList)
        let moves = StepperPage.moves(MyersTrace(old: pair.codes.old, new: pair.codes.new))
        for entry in log {
            #expect(entry.stepDisabled, "Step must wait for the answer (\(entry.tab) step \(entry.step))")
            #expect(entry.verdict.hasPrefix("Right") || entry.verdict.hasPrefix("Not"), "\(entry.verdict)")
            guard entry.tab == "myers", let step = Int(entry.step), let why = moves[step].why else { continue }
            // The reason is the step mode's own sentence (capitalised there), shown only once answered.
            #expect(!entry.asked.contains(why.dropFirst()), "step \(step) gives its reason away before the answer")
            #expect(entry.revealed.contains(why.dropFirst()), "step \(step) does not give its reason after the answer")
        }
        let heckel = log.filter { $0.tab == "heckel" }
        #expect(heckel.map(\.step) == ["2", "3", "4"])
        #expect(heckel.allSatisfy { $0.revealed.contains("Linked now") || $0.revealed.contains("This pass links nothing here.") })
    }

    /// Hostile labels on the quiz's own buttons stay text.
    @Test(.timeLimit(.minutes(10)))
    func hostileLabelsOnTheQuizButtonsStayText() throws {
        let scratch = ScratchDirectory()
        let old = StepperPageTests.hostileOld, new = StepperPageTests.hostileNew
        _ = try TeachingReport.write(
            old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new,
            title: "hostile", to: scratch.path, gnuplot: nil, startInQuiz: true)
        let dom = try HeadlessChromium.run(["--dump-dom"], url: "file://" + scratch.path + "/stepper.html#algo=heckel&step=2")
        #expect(dom.contains("data-mode=\"quiz\""), "the page did not open in quiz mode")
        #expect(dom.contains("id=\"old-0\""), "no pass-3 question")
        #expect(dom.contains("old[0] &lt;/script&gt;&lt;b&gt;x"))
        #expect(dom.contains("new[1] &lt;/SCRIPT &gt;"))
        #expect(!dom.contains("<b>x"))
    }
}
