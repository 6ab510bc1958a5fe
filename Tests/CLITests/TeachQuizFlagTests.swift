import Foundation
import Testing

/// `teach --quiz`: the stepper page it writes opens in quiz mode, and
/// without the flag it opens stepping (the page's toggle works either way).
@Suite(.serialized) struct TeachQuizFlagTests {
    /// The `quiz` object of the data block inside stepper.html.
    static func quizData(inPageAt path: String) throws -> [String: Any] {
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"stepper-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let object = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
        return try #require((object as? [String: Any])?["quiz"] as? [String: Any])
    }

    @Test(.timeLimit(.minutes(10)))
    func quizMakesThePageOpenInQuizMode() throws {
        let scratch = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        for (flags, expected) in [(["--quiz"], true), ([], false)] {
            let name = expected ? "quiz" : "steps"
            let run = try CLI.run(["teach", "ABCABBA", "CBABAC", "--chars", "--output", scratch.path, "--name", name] + flags)
            #expect(run.status == 0, "\(run.stderr)")
            let quiz = try Self.quizData(inPageAt: scratch.path + "/" + name + "/stepper.html")
            #expect(quiz["start"] as? Bool == expected)
            // D = 5 on Myers' own pair: rounds 1 … 5 ask about 2 + 3 + 4 + 5 + 6 diagonals, all inside the 7 × 6 grid.
            #expect((quiz["myers"] as? [Any])?.count == 20)
            #expect((quiz["heckel"] as? [Any])?.count == 3)
        }
        let help = try CLI.run(["teach", "--help"])
        #expect(help.stdout.contains("--quiz"))
    }
}
