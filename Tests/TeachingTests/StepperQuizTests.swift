import DiffBenchTestSupport
import DiffEngines
import Foundation
import Testing

@testable import Teaching

/// The quiz the stepper page embeds: its answers, read back from the page's
/// own data block, checked against oracles written here apart from the
/// traces (the greedy V array replayed from the quiz's own answers, the
/// edit distance from an LCS table, and Heckel's passes on plain strings).
@Suite struct StepperQuizTests {
    /// The page for a pair, as `teach` writes it.
    static func page(_ old: [String], _ new: [String], startInQuiz: Bool = false) throws -> String {
        let pair = try TeachingPair(old: old, new: new, identity: ValueElements<String>(), oldLabels: old, newLabels: new)
        let engine = Result { () throws(DiffError) -> Changeset in
            try BuiltInEngine.diff(.heckel, from: old, to: new, identity: ValueElements<String>())
        }
        let patience = Result { () throws(DiffError) -> Changeset in
            try BuiltInEngine.diff(.patience, from: old, to: new, identity: ValueElements<String>())
        }
        return StepperPage.html(
            pair, greedy: MyersTrace(old: pair.codes.old, new: pair.codes.new),
            linear: MyersMiddleSnakeTrace(old: pair.codes.old, new: pair.codes.new), heckel: HeckelTrace(codes: pair.codes),
            heckelEngine: engine, patience: PatienceTrace(codes: pair.codes), patienceEngine: patience, title: "quiz",
            startInQuiz: startInQuiz)
    }

    /// The quiz object of a page's data block, decoded from the page itself.
    static func embeddedQuiz(_ html: String) throws -> StepperPage.QuizData {
        struct Embedded: Decodable { var quiz: StepperPage.QuizData }
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"stepper-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return try JSONDecoder().decode(Embedded.self, from: Data(html[start.upperBound..<end.lowerBound].utf8)).quiz
    }

    /// The fewest deletes + inserts, N + M − 2·LCS, from the textbook table.
    static func editDistance(_ old: [String], _ new: [String]) -> Int {
        var table = [[Int]](repeating: [Int](repeating: 0, count: new.count + 1), count: old.count + 1)
        for i in old.indices {
            for j in new.indices {
                table[i + 1][j + 1] = old[i] == new[j] ? table[i][j] + 1 : max(table[i][j + 1], table[i + 1][j])
            }
        }
        return old.count + new.count - 2 * table[old.count][new.count]
    }

    /// Replays the greedy search from the quiz's answers alone: in round d,
    /// diagonal k comes down from V[k+1] (x kept) or right from V[k−1]
    /// (x + 1), then follows matches. Fails when an answer names a move
    /// that has no path to start from or leaves the grid, or is not the one
    /// that reaches further (the right move on a tie of V[k−1] = V[k+1]), or
    /// says "no path" where a move exists. Returns V, round by round.
    static func replay(_ questions: [StepperPage.MyersQuestion], _ old: [String], _ new: [String]) -> [[Int: Int]] {
        let n = old.count, m = new.count
        func snake(_ x: Int, _ k: Int) -> Int {
            var x = x
            while x < n, x - k < m, old[x] == new[x - k] { x += 1 }
            return x
        }
        var rounds: [[Int: Int]] = [[0: snake(0, 0)]]
        for question in questions {
            if question.d == rounds.count { rounds.append([:]) }
            let before = rounds[question.d - 1]
            let down = before[question.k + 1].flatMap { $0 - (question.k + 1) < m ? $0 : nil }
            let right = before[question.k - 1].flatMap { $0 < n ? $0 + 1 : nil }
            let best: StepperPage.MyersAnswer =
                switch (down, right) {
                case (nil, nil): .none
                case (.some, nil): .down
                case (nil, .some): .right
                case let (d?, r?): r > d ? .right : .down
                }
            #expect(question.answer == best, "round \(question.d), k = \(question.k) in \(old.joined()) → \(new.joined())")
            switch question.answer {
            case .down: if let down { rounds[question.d][question.k] = snake(down, question.k) }
            case .right: if let right { rounds[question.d][question.k] = snake(right, question.k) }
            case .none: break
            }
        }
        return rounds
    }

    /// Heckel's passes 3–5 on the strings themselves, as the 1978 paper
    /// states them: pass 3 links each id that occurs exactly once in each
    /// list; pass 4 walks the new list forward and links new[j+1] to
    /// old[i+1] after a link (i, j) when both are free and equal; pass 5 the
    /// same backward. Returns the links each pass makes, as [old, new].
    static func heckelLinks(_ old: [String], _ new: [String]) -> [Int: [[Int]]] {
        var oldCount: [String: Int] = [:], newCount: [String: Int] = [:]
        for id in old { oldCount[id, default: 0] += 1 }
        for id in new { newCount[id, default: 0] += 1 }
        var oa = [Int](repeating: -1, count: old.count), na = [Int](repeating: -1, count: new.count)
        var links: [Int: [[Int]]] = [3: [], 4: [], 5: []]
        func link(_ i: Int, _ j: Int, _ pass: Int) {
            oa[i] = j
            na[j] = i
            links[pass, default: []].append([i, j])
        }
        for (j, id) in new.enumerated() where newCount[id] == 1 && oldCount[id] == 1 {
            link(old.firstIndex(of: id)!, j, 3)
        }
        for j in stride(from: 0, to: new.count - 1, by: 1) {
            let i = na[j]
            if i >= 0, i + 1 < old.count, na[j + 1] < 0, oa[i + 1] < 0, old[i + 1] == new[j + 1] { link(i + 1, j + 1, 4) }
        }
        for j in stride(from: new.count - 1, to: 0, by: -1) {
            let i = na[j]
            if i > 0, na[j - 1] < 0, oa[i - 1] < 0, old[i - 1] == new[j - 1] { link(i - 1, j - 1, 5) }
        }
        return links.mapValues { $0.sorted { $0[1] < $1[1] } }
    }

    /// Random pairs over three letters (so ids repeat and Heckel's passes 4
    /// and 5 have work), 0–9 elements a side.
    static func randomPairs(count: Int, seed: UInt64) -> [([String], [String])] {
        var random = TestRandom(seed: seed)
        var pairs: [([String], [String])] = []
        while pairs.count < count {
            let old = (0..<random.int(in: 0...9)).map { _ in ["A", "B", "C"][random.below(3)] }
            let new = (0..<random.int(in: 0...9)).map { _ in ["A", "B", "C"][random.below(3)] }
            if !old.isEmpty || !new.isEmpty { pairs.append((old, new)) }
        }
        return pairs
    }

    /// One Myers question per in-grid diagonal of rounds 1 … D, each answer
    /// the move that reaches further, and the search they replay reaches
    /// (N, M) first in round D = N + M − 2·LCS.
    @Test(.timeLimit(.minutes(10)))
    func theMyersAnswersReplayTheShortestSearch() throws {
        for (old, new) in Self.randomPairs(count: 300, seed: 39) {
            let quiz = try Self.embeddedQuiz(try Self.page(old, new))
            let distance = Self.editDistance(old, new)
            let n = old.count, m = new.count
            var expected: [[Int]] = []
            for d in stride(from: 1, through: distance, by: 1) {
                for k in stride(from: -d, through: d, by: 2) where k >= -m && k <= n { expected.append([d, k]) }
            }
            #expect(quiz.myers.map { [$0.d, $0.k] } == expected, "\(old.joined()) → \(new.joined())")
            let rounds = Self.replay(quiz.myers, old, new)
            #expect(rounds.count - 1 == distance)
            #expect(rounds.last?[n - m] == n, "the last round reaches the corner")
            #expect(rounds.dropLast().allSatisfy { $0[n - m] != n }, "no earlier round reaches it")
            // The page's step numbers point at these moves: round 0's start is step 0.
            #expect(quiz.myers.map(\.step) == quiz.myers.indices.map { $0 + 1 })
        }
    }

    /// The Heckel questions are passes 3, 4 and 5, and each one's links are
    /// the ones Heckel's rules make on the strings.
    @Test(.timeLimit(.minutes(10)))
    func theHeckelAnswersAreThePassesLinks() throws {
        var linkingPasses = Set<Int>()
        for (old, new) in Self.randomPairs(count: 300, seed: 78) {
            let quiz = try Self.embeddedQuiz(try Self.page(old, new))
            let oracle = Self.heckelLinks(old, new)
            #expect(quiz.heckel.map(\.pass) == [3, 4, 5])
            for question in quiz.heckel {
                #expect(question.links == oracle[question.pass], "pass \(question.pass) on \(old.joined()) → \(new.joined())")
                if !question.links.isEmpty { linkingPasses.insert(question.pass) }
            }
            // Pass 3 is the unique-line rule: every id once on each side, and nothing else.
            let unique = Set(new.filter { id in old.count(where: { $0 == id }) == 1 && new.count(where: { $0 == id }) == 1 })
            #expect(Set(quiz.heckel[0].links.map { new[$0[1]] }) == unique)
        }
        #expect(linkingPasses == [3, 4, 5], "the random pairs exercise every linking pass")
    }

    /// `teach --quiz` opens the page in quiz mode; without it the page opens stepping.
    @Test func theStartModeTravelsInTheData() throws {
        let old = ["A", "B", "C"], new = ["C", "A", "B"]
        #expect(try Self.embeddedQuiz(try Self.page(old, new, startInQuiz: true)).start)
        #expect(try !Self.embeddedQuiz(try Self.page(old, new)).start)
    }

    /// GAATTCAG → GGATCGA by hand (see StepperPageTests): round 5's k = −1
    /// must go right (down would leave the grid), k = −5 has no path; C is
    /// the only id once on each side (pass 3 links old[5]–new[4]), pass 4
    /// links nothing, pass 5 links T (old[4]–new[3]).
    @Test func theIssuePairsAnswersByHand() throws {
        let old = Array("GAATTCAG").map(String.init), new = Array("GGATCGA").map(String.init)
        let quiz = try Self.embeddedQuiz(try Self.page(old, new))
        #expect(quiz.myers.first { $0.d == 5 && $0.k == -1 }?.answer == .right)
        #expect(quiz.myers.first { $0.d == 5 && $0.k == -5 }?.answer == StepperPage.MyersAnswer.none)
        #expect(quiz.heckel.map(\.links) == [[[5, 4]], [], [[4, 3]]])
    }
}
