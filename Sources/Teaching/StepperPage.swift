import DiffEngines
import FileSupport
import Foundation
import Rendering

/// `stepper.html`: one self-contained page that steps through the
/// algorithms on the pair: the LCS table cell by cell and then its
/// traceback; Myers' greedy search one diagonal at a time (the V array with
/// the two cells each choice reads, why the move was chosen, the snake, D at
/// the end); Myers' linear-space search one half-round at a time up to each
/// middle snake; Heckel's six passes (symbol table, OA and NA arrays,
/// links between the lists, and the result beside D and the heckel engine);
/// and patience diff box by box (the ids unique on both sides, the piles of
/// patience sorting and the longest increasing run that becomes the anchors).
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
///
/// A quiz mode (a toggle on the page, or `teach --quiz` to open in it) asks
/// before each Myers move and each linking Heckel pass, then reveals the
/// step mode's own explanation and keeps a score (`StepperPage+Quiz.swift`,
/// `StepperScript+Quiz.swift`); `#quiz=1` or `#quiz=0` in the address
/// overrides how the page opens.
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
        var patience: PatienceData
        var quiz: QuizData
    }

    struct LCSData: Encodable {
        /// values[i][j] for i = 0…N, j = 0…M.
        var values: [[Int]]
        /// "m" (↖ match), "u" (↑ delete), "l" (← insert), "" at (0, 0) and on the edges.
        var arrows: [[String]]
        /// The traceback from (N, M) back to (0, 0), as [i, j].
        var path: [[Int]]
    }

    static func data(
        _ pair: TeachingPair, greedy: MyersTrace, linear: MyersMiddleSnakeTrace, heckel: HeckelTrace,
        heckelEngine: Result<Changeset, DiffError>, patience: PatienceTrace, patienceEngine: Result<Changeset, DiffError>,
        title: String, startInQuiz: Bool = false
    ) -> Data {
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
        let myers = myersData(pair, greedy: greedy, linear: linear)
        return Data(
            title: title, old: pair.oldLabels.map { DisplayLabel.make($0, limit: 16) },
            new: pair.newLabels.map { DisplayLabel.make($0, limit: 16) }, distance: greedy.distance,
            lcs: pair.lcsLabels.map { DisplayLabel.make($0, limit: 16) },
            table: LCSData(values: values, arrows: arrows, path: table.tracebackPath().map { [$0.i, $0.j] }),
            myers: myers, heckel: heckelData(pair, trace: heckel, engine: heckelEngine),
            patience: patienceData(pair, trace: patience, engine: patienceEngine),
            quiz: quizData(moves: myers.moves, heckel: heckel, start: startInQuiz))
    }

    /// JSON that is safe inside a `<script>` element: no `<`, `>` or `&`
    /// can appear (so no `</script>` or `<!--`), nor the two line
    /// separators that old JavaScript parsers treat as line ends.
    static func scriptSafeJSON<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return json.replacingScalars { scalar in
            switch scalar {
            case "<", ">", "&", "\u{2028}", "\u{2029}": String.unicodeEscape(scalar)
            default: nil
            }
        }
    }

    static func html(
        _ pair: TeachingPair, greedy: MyersTrace, linear: MyersMiddleSnakeTrace, heckel: HeckelTrace,
        heckelEngine: Result<Changeset, DiffError>, patience: PatienceTrace, patienceEngine: Result<Changeset, DiffError>,
        title: String, startInQuiz: Bool = false
    ) -> String {
        let json = scriptSafeJSON(
            data(
                pair, greedy: greedy, linear: linear, heckel: heckel, heckelEngine: heckelEngine, patience: patience,
                patienceEngine: patienceEngine, title: title, startInQuiz: startInQuiz))
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
            td.read { outline: 3px solid #1F77B4; outline-offset: -3px; background: #E3F0FA; }
            tr.unique td { background: #CFE3F3; }
            td.anchor { background: #CFE3F3; font-weight: bold; }
            .side-by-side > div.aside { flex: 1 1 16em; min-width: 16em; }
            .piles { display: flex; gap: 0.6em; align-items: flex-end; margin: 0.6em 0; }
            .pile { display: flex; flex-direction: column-reverse; gap: 2px; }
            .card { border: 1px solid #999; border-radius: 3px; padding: 0.1em 0.5em; background: #FFF; font-variant-numeric: tabular-nums; }
            .card.anchor { background: #1F77B4; color: white; border-color: #1F77B4; }
            .side-by-side { display: flex; gap: 2em; align-items: flex-start; flex-wrap: wrap; }
            .side-by-side > div:first-child { max-width: 640px; }
            .arrow { color: #777; font-size: 0.75em; margin-right: 0.15em; }
            svg { border: 1px solid #DDD; background: white; }
            .legend span { display: inline-block; margin-right: 1.2em; }
            #quiz-mode[aria-pressed="true"] { background: #6A1B9A; color: white; border: 1px solid #6A1B9A; }
            #quiz { border: 2px solid #6A1B9A; border-radius: 4px; padding: 0.4em 1em; margin: 0.6em 0; }
            #quiz button { font-size: 1em; padding: 0.3em 0.8em; margin: 0.2em 0.3em 0.2em 0; }
            #quiz .lines { display: flex; gap: 2em; flex-wrap: wrap; }
            #quiz .lines div { display: flex; flex-direction: column; align-items: flex-start; }
            #quiz button[aria-pressed="true"] { background: #FFD54F; }
            #quiz button.picked { background: #CFE3F3; }
            .verdict-right { color: #1B5E20; font-weight: bold; } .verdict-wrong { color: #B71C1C; font-weight: bold; }
            #score { font-weight: bold; }
            .swatch { display: inline-block; width: 1.6em; height: 0.5em; margin-right: 0.3em; vertical-align: middle; }
            </style></head><body>
            <h1>Step through the diff: \(heading)</h1>
            <p id="facts"></p>
            <nav role="tablist">
            <button id="tab-lcs" data-algo="lcs" role="tab">LCS table</button>
            <button id="tab-myers" data-algo="myers" role="tab">Myers, diagonal by diagonal</button>
            <button id="tab-linear" data-algo="linear" role="tab">Myers in linear space</button>
            <button id="tab-heckel" data-algo="heckel" role="tab">Heckel, pass by pass</button>
            <button id="tab-patience" data-algo="patience" role="tab">Patience, box by box</button>
            </nav>
            <div class="controls">
            <button id="back" title="previous step (←)">◀ Back</button>
            <button id="step" title="next step (→)">Step ▶</button>
            <button id="play" title="play or pause (space)">▶ Play</button>
            <button id="reset" title="first step (Home)">↺ Reset</button>
            <button id="quiz-mode" aria-pressed="false" title="quiz mode: answer each step before it is shown (q)">? Quiz mode</button>
            <span id="counter"></span>
            </div>
            <section id="quiz" aria-label="quiz" hidden><div id="quiz-body" aria-live="polite"></div><p id="score" aria-live="polite"></p></section>
            <div id="explain" aria-live="polite"></div>
            <div id="view"></div>
            <p><small>Keys: ← and → step, space plays and pauses, Home goes back to the start, q turns the quiz on and off
            (in the Myers quiz d, r and n answer down, right and neither). Old runs along x (columns) and new along y
            (rows) in the edit graph, as in Myers' paper: right deletes, down inserts, k = x − y. The LCS table keeps old down the rows.</small></p>
            <script type="application/json" id="stepper-data">\(json)</script>
            <script>
            \(StepperScript.all)
            </script>
            </body></html>

            """
    }
}
