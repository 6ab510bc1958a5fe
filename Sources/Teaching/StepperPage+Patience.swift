import DiffEngines

/// The stepper's patience mode: one step per box of the recursion (its
/// trimmed ends, the ids unique on both sides, the patience-sorting piles and
/// the longest increasing run taken as anchors, or Myers where no unique id
/// is left), then the result beside D and the patience engine's own answer.
extension StepperPage {
    struct PatienceStepData: Encodable {
        /// [x0, y0, x1, y1] as popped, and once the equal ends are matched.
        var box: [Int]
        var inner: [Int]
        /// [old, new] pairs.
        var trimmed: [[Int]]
        var candidates: [[Int]]
        /// Candidate indices per pile, bottom first.
        var piles: [[Int]]
        /// Candidate indices of the anchors, in order.
        var anchors: [Int]
        var myers: [[Int]]
        /// The boxes between anchors, as [x0, y0, x1, y1].
        var pieces: [[Int]]
    }

    struct PatienceData: Encodable {
        var steps: [PatienceStepData]
        /// Every pair the recursion matched, [old, new] in new order.
        var pairs: [[Int]]
        /// The patience engine's own changeset (moves paired after the script).
        var engine: EngineAnswer
    }

    /// O(size of the trace).
    static func patienceData(_ pair: TeachingPair, trace: PatienceTrace, engine: Result<Changeset, DiffError>) -> PatienceData {
        func box(_ b: PatienceTrace.Box) -> [Int] { [b.x0, b.y0, b.x1, b.y1] }
        func pairs(_ list: [PatienceTrace.Pair]) -> [[Int]] { list.map { [$0.old, $0.new] } }
        let steps = trace.steps.map { step in
            PatienceStepData(
                box: box(step.box), inner: box(step.inner), trimmed: pairs(step.trimmed), candidates: pairs(step.candidates),
                piles: step.piles, anchors: step.anchors, myers: pairs(step.myers), pieces: step.pieces.map(box))
        }
        return PatienceData(steps: steps, pairs: pairs(trace.pairs), engine: EngineAnswer(engine, pair: pair))
    }
}

extension StepperPage.EngineAnswer {
    /// An engine's changeset as the page shows it, or why it refused.
    init(_ result: Result<Changeset, DiffError>, pair: TeachingPair) {
        switch result {
        case let .success(changeset):
            self.init(deletes: changeset.deletes, inserts: changeset.inserts, moves: changeset.moves.map { [$0.from, $0.to] })
        case let .failure(error):
            self.init(refused: TeachingIndex.describe(error, pair))
        }
    }
}
