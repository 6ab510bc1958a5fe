/// The stepper's quiz mode: the questions it asks and their answers, read
/// off the same traces the step mode shows.
///
/// Myers: at every diagonal k of every round d ≥ 1 the student says which
/// move reaches it (down from k + 1, right from k − 1, or no path at all);
/// round 0 is no choice. Heckel: at passes 3, 4 and 5 the student says
/// which old and new lines the pass links; passes 1, 2 and 6 only count or
/// read. The page reveals each answer with the step mode's own explanation,
/// so the answers travel here and the reasons stay in `moves` and the
/// Heckel data.
extension StepperPage {
    struct QuizData: Codable, Equatable {
        /// Whether the page opens in quiz mode (`teach --quiz`).
        var start: Bool
        var myers: [MyersQuestion]
        var heckel: [HeckelQuestion]
    }

    /// The move that reaches diagonal k in round d, as the quiz's buttons name it.
    enum MyersAnswer: String, Codable, Equatable, CaseIterable {
        /// Down from k + 1: an insert.
        case down
        /// Right from k − 1: a delete.
        case right
        /// Neither neighbour has a path that can move onto k.
        case none
    }

    struct MyersQuestion: Codable, Equatable {
        /// The index of the step in `MyersData.moves` (the page's step number).
        var step: Int
        var d: Int
        var k: Int
        var answer: MyersAnswer
    }

    struct HeckelQuestion: Codable, Equatable {
        /// 3, 4 or 5; the page's step is `pass − 1`.
        var pass: Int
        /// The links this pass makes, as [old index, new index], by new index.
        var links: [[Int]]
    }

    /// The passes whose links the quiz asks for.
    static let quizPasses = 3...5

    /// The questions and answers for a pair: one per greedy step after
    /// round 0 and one per linking pass.
    ///
    /// Complexity: O(D²) for the moves (one question each) plus O(M) per
    /// linking pass.
    static func quizData(moves: [StepData], heckel: HeckelTrace, start: Bool) -> QuizData {
        var myers: [MyersQuestion] = []
        for (step, move) in moves.enumerated() {
            let answer: MyersAnswer
            switch move.edit {
            case MyersStep.Edit.insert.rawValue: answer = .down
            case MyersStep.Edit.delete.rawValue: answer = .right
            case "none": answer = .none
            default: continue  // round 0's start is no choice
            }
            myers.append(MyersQuestion(step: step, d: move.d, k: move.k, answer: answer))
        }
        let linkedBy = heckel.final.linkedByPass
        let questions = quizPasses.map { pass in
            let na = heckel.states[pass - 1].na
            let links = na.indices.filter { Int(linkedBy[$0]) == pass }.map { [Int(na[$0]), $0] }
            return HeckelQuestion(pass: pass, links: links)
        }
        return QuizData(start: start, myers: myers, heckel: questions)
    }
}
