import Foundation
import Testing

/// `diff --deadline` and `run --deadline`: an answer cut short is verified,
/// said to be approximate with its extra steps, and recorded as such.
@Suite struct DeadlineCommandTests {
    /// A periodic list of 3,000 ids (`i mod 8`) and a copy with every tenth
    /// id dropped: a long search for every engine that is not linear.
    static func periodicFiles(in dir: URL) throws -> (old: String, new: String) {
        let old = (0..<3_000).map { $0 % 8 }
        let new = old.enumerated().filter { $0.offset % 10 != 3 }.map(\.element)
        func json(_ ids: [Int]) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }
        return (try CLI.write(json(old), to: "old.json", in: dir), try CLI.write(json(new), to: "new.json", in: dir))
    }

    /// A deadline of 0 s stops each bounded engine at its first check: the
    /// answer is printed and verified (exit 0), and stderr says it is
    /// approximate and by how many steps it exceeds myers' minimum.
    @Test(arguments: CatalogEngines.bounded)
    func anExpiredDeadlineGivesAVerifiedApproximateAnswer(engine: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (old, new) = try Self.periodicFiles(in: dir)
        let cut = try CLI.run(["diff", "--engine", engine, "--deadline", "0", "--format", "json", old, new])
        #expect(cut.status == 0, "\(cut.stderr)")
        let note = try #require(cut.stderr.split(separator: "\n").first { $0.contains("approximate") }, "\(cut.stderr)")
        let extra = try #require(note.firstMatch(of: /(\d+) more than the minimum \(myers: (\d+)\)/), "\(note)")
        #expect(Int(extra.1)! > 0 && Int(extra.2)! == 300)
        let free = try CLI.run(["diff", "--engine", engine, "--format", "json", old, new])
        #expect(free.status == 0 && !free.stderr.contains("approximate"))
    }

    @Test func aNegativeDeadlineIsRefused() throws {
        let result = try CLI.run(["diff", "--deadline", "-1", "--chars", "ab", "ba"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--deadline"))
    }

    /// `run --deadline 0` on the same pair: every row is verified, the
    /// bounded engines' rows say `approximate`, and the plan records the deadline.
    @Test(.timeLimit(.minutes(10)))
    func runRecordsApproximateRows() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (old, new) = try Self.periodicFiles(in: dir)
        let result = try CLI.run([
            "run", "--old", old, "--new", new, "--engines", "myers,heckel,anchor", "--deadline", "0", "--output", dir.path,
            "--name", "cut", "--quiet", "--no-memory", "--min-time", "0", "--repetitions", "2", "--in-process",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: dir.appendingPathComponent("cut/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let plan = try #require(document["plan"] as? [String: Any])
        #expect(plan["deadline_seconds"] as? Double == 0)
        let rows = try #require(document["rows"] as? [[String: Any]])
        for row in rows where row["engine"] as? String != "floor" {
            let engine = row["engine"] as? String ?? ""
            #expect(row["verified"] as? Bool == true, "\(engine)")
            #expect(row["approximate"] as? Bool == (engine != "heckel"), "\(engine)")
        }
        let csv = try String(contentsOf: dir.appendingPathComponent("cut/results.csv"), encoding: .utf8)
        #expect(csv.split(separator: "\n").first?.split(separator: ",").contains("approximate") == true)
    }
}
