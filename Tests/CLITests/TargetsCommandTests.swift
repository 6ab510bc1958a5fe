import Foundation
import Testing

/// `diffbench targets`: the list as data (`--list`), a run recording the
/// catalog it was made with, and an older results.json read with a note.
@Suite(.serialized) struct TargetsCommandTests {
    @Test("targets --list prints every target, the measure kinds and compare's thresholds; --format json parses")
    func list() throws {
        let text = try CLI.run(["targets", "--list"])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("**105 performance targets**"), "\(text.stdout.prefix(200))")
        #expect(text.stdout.contains("| set-heckel-mixed-5000 | set ÷ heckel | median-ratio-fewest-moves | set ÷ heckel on mixed@5000 (int) | ≤ 1.5× |"))
        #expect(text.stdout.contains("| deadline | with a deadline, each case within 2× it, verified | deadline-overrun | every engine that takes a deadline on any workload (any kind) | ≤ 2× |"))
        #expect(text.stdout.contains("| memory_slack_bytes | --memory-slack | 1024 |"))
        #expect(text.stdout.contains("| git-history-hunks | git history: hunks equal git's (--sliders indent) | git-hunks-share | every engine that searches (cost not linear) on the pairs imported with --from-git (int) | ≥ 0.95 |"))
        let json = try CLI.run(["targets", "--list", "--format", "json"])
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((object["targets"] as? [Any])?.count == 105)
        #expect((object["compare_thresholds"] as? [Any])?.count == 10)
        #expect((object["measures"] as? [[String: Any]])?.contains { $0["name"] as? String == "scaling-exponent" } == true)
    }

    @Test("a run records its catalog and targets reads it; the same file without targets is read with a one-line note")
    func recordedAndOlder() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(
            ["run", "--engines", "myers,stdlib", "--workloads", "sectioned", "--sizes", "60", "--repetitions", "2", "--min-time", "0",
             "--time-budget", "1", "--elements", "int,uuid", "--output", dir.path, "--name", "tiny", "--quiet", "--in-process"])
        #expect(run.status == 0, "\(run.stderr)")
        let path = dir.appendingPathComponent("tiny/results.json")
        var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any])
        let workloads = try #require(object["workloads"] as? [[String: Any]])
        #expect(workloads.count == 1)
        #expect(workloads.first?["name"] as? String == "sectioned")
        #expect(workloads.first?["ids"] as? String == "unique")
        #expect(workloads.first?["sectioned"] as? Bool == true)
        #expect((object["element_kinds"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["int", "uuid"])
        #expect((object["targets"] as? [Any])?.count == 105)
        let engines = try #require(object["engines"] as? [[String: Any]])
        #expect((engines.first { $0["name"] as? String == "myers" }?["claims"] as? [String])?.contains("honours-bounds") == true)
        let stdlib = try #require(engines.first { $0["name"] as? String == "stdlib" }?["claims"] as? [String])
        #expect(!stdlib.contains("honours-bounds"))

        let recorded = try CLI.run(["targets", path.path, "--format", "json"])
        #expect(recorded.status == 0, "\(recorded.stderr)")
        let checks = try #require(JSONSerialization.jsonObject(with: Data(recorded.stdout.utf8)) as? [String: Any])
        #expect(checks["note"] is NSNull)
        #expect((checks["checks"] as? [Any])?.isEmpty == false)

        object.removeValue(forKey: "targets")
        try JSONSerialization.data(withJSONObject: object).write(to: path)
        let older = try CLI.run(["targets", path.path])
        #expect(older.status == 0, "\(older.stderr)")
        let notes = older.stdout.split(separator: "\n").filter { $0.hasPrefix("Note: ") }
        #expect(notes.count == 1 && notes[0].contains("records no targets"), "\(older.stdout.prefix(400))")
    }
}
