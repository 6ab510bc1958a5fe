import Foundation
import Testing

/// `history changes` and `compare --against history` on a real store (a
/// temporary SQLite file) filled through `history add` with runs made from
/// the committed CI baseline (207 real rows), each with its own commit and
/// start time and with instruction counts edited: a step injected at a known
/// commit, small rows wobbling as a rebuilt binary's layout moves them.
@Suite struct HistoryGateTests {
    /// The 40-hex commit of run `index` (its short hash: the first 7 digits).
    static func commit(_ index: Int) -> String { String(format: "%07x", 0xA000000 + index * 0x11) + String(repeating: "0", count: 33) }

    /// Writes the baseline as run `index` (own name, start time, commit) with
    /// each row's instructions passed through `instructions(row, count)`.
    static func writeRun(
        _ index: Int, in folder: URL, name: String? = nil, instructions: ([String: Any], Int) -> Int = { $1 },
        keep: ([String: Any]) -> Bool = { _ in true }
    ) throws -> String {
        let data = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Tests/Fixtures/ci-run-2026-11-26.json"))
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var environment = try #require(document["environment"] as? [String: Any])
        environment["run_name"] = name ?? "run-\(index)"
        environment["start_time"] = String(format: "2026-03-01T%02d:%02d:00Z", index / 60, index % 60)
        environment["git_commit"] = commit(index)
        document["environment"] = environment
        var rows = try #require(document["rows"] as? [[String: Any]])
        for position in rows.indices {
            if let count = rows[position]["instructions"] as? Int { rows[position]["instructions"] = instructions(rows[position], count) }
        }
        document["rows"] = rows.filter(keep)
        let path = folder.appendingPathComponent("\(name ?? "run-\(index)").json").path
        try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys]).write(to: URL(fileURLWithPath: path))
        return path
    }

    static func isRow(_ row: [String: Any], _ engine: String, _ workload: String, _ size: Int) -> Bool {
        row["engine"] as? String == engine && row["workload"] as? String == workload && row["size"] as? Int == size
            && row["elements"] as? String ?? "int" == "int"
    }

    /// Layout drift as measured across the baseline's re-recordings: a row
    /// under 100,000 instructions moves by up to ±3 %, but by no more than
    /// the 1,590 instructions seen at most (seeded per run and row); bigger
    /// rows repeat, as a rebuild leaves them.
    static func drift(_ run: Int) -> ([String: Any], Int) -> Int {
        { row, count in
            guard count < 100_000 else { return count }
            let key = "\(run)/\(row["engine"] ?? "")/\(row["workload"] ?? "")/\(row["size"] ?? "")/\(row["elements"] ?? "")"
            let hash = key.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
            let fraction = Double(hash % 6_001) / 100_000 - 0.03  // −3 % … +3 %
            let move = max(-1_590, min(1_590, Double(count) * fraction))
            return Int((Double(count) + move).rounded())
        }
    }

    /// A store holding `count` runs on main with `instructions(run)` applied to each.
    static func store(in folder: URL, runs count: Int, instructions: (Int) -> ([String: Any], Int) -> Int) throws -> String {
        let store = folder.appendingPathComponent("history.sqlite").path
        let runs = try (0..<count).map { try writeRun($0, in: folder, instructions: instructions($0)) }
        let added = try CLI.run(["history", "add"] + runs + ["--history", store, "--branch", "main"])
        #expect(added.status == 0, "\(added.stderr)")
        return store
    }

    static func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("history changes lists a 5 % step injected at a known commit, with its range, size and confidence", .timeLimit(.minutes(10)))
    func changesFindsInjectedStep() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        // heckel mixed@10000 takes 5 % more instructions from run 8 on; the other rows drift as layouts do.
        let store = try Self.store(in: folder, runs: 14) { run in
            { row, count in
                Self.isRow(row, "heckel", "mixed", 10_000) && run >= 8 ? Int(Double(count) * 1.05) : Self.drift(run)(row, count)
            }
        }
        let listed = try CLI.run(["history", "changes", "--history", store, "--measure", "instructions", "--format", "json"])
        #expect(listed.status == 0, "\(listed.stderr)")
        let report = try Self.json(listed.stdout)
        let changes = try #require(report["changes"] as? [[String: Any]])
        #expect(report["series"] as? Int ?? 0 > 200)
        #expect(changes.count == 1, "\(changes.map { $0["series"] ?? "" })")
        let change = try #require(changes.first)
        let series = try #require(change["series"] as? [String: Any])
        #expect(series["engine"] as? String == "heckel" && series["workload"] as? String == "mixed" && series["size"] as? Int == 10_000)
        let lastGood = try #require(change["last_good"] as? [String: Any]), firstBad = try #require(change["first_bad"] as? [String: Any])
        #expect(lastGood["commit"] as? String == Self.commit(7))
        #expect(firstBad["commit"] as? String == Self.commit(8))
        #expect((lastGood["run_id"] as? String)?.hasPrefix("run-7@") == true)
        #expect((firstBad["run_id"] as? String)?.hasPrefix("run-8@") == true)
        let size = try #require(change["size_percent"] as? Double)
        #expect(abs(size - 5) < 0.01)
        #expect(change["direction"] as? String == "regression")
        #expect(try #require(change["confidence"] as? Double) >= 0.998)

        // Markdown for a pull request: the short hashes of the range, the size, and a step is no failure.
        let markdown = try CLI.run(["history", "changes", "--history", store, "--engine", "heckel", "--format", "markdown"])
        #expect(markdown.status == 0)
        let line = try #require(markdown.stdout.split(separator: "\n").first { $0.hasPrefix("| heckel/mixed@10000") })
        #expect(line.contains(String(Self.commit(7).prefix(7)) + " (run-7@") && line.contains(String(Self.commit(8).prefix(7)) + " (run-8@"))
        #expect(line.contains("+5.00 %"))
        #expect(!markdown.stdout.contains(Self.commit(8)))
        // Text names the range too.
        let text = try CLI.run(["history", "changes", "--history", store, "--engine", "heckel", "--workload", "mixed"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("last good \(Self.commit(7).prefix(7))") && text.stdout.contains("first bad \(Self.commit(8).prefix(7))"))
    }

    @Test("history changes: no matching series and samples are bad input; a missing store is named")
    func changesBadInput() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.store(in: folder, runs: 2) { Self.drift($0) }
        #expect(try CLI.run(["history", "changes", "--history", store, "--engine", "nosuch"]).status == 2)
        #expect(try CLI.run(["history", "changes", "--history", store, "--measure", "samples"]).status == 2)
        let missing = folder.appendingPathComponent("none.sqlite").path
        let refused = try CLI.run(["history", "changes", "--history", missing])
        #expect(refused.status == 2 && refused.stderr.contains(missing))
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("compare --against history: layout drift passes, a 5 % engine regression fails, a moved reference does not", .timeLimit(.minutes(10)))
    func gateAgainstHistory() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.store(in: folder, runs: 10) { Self.drift($0) }
        func judge(_ run: String) throws -> CLIResult {
            try CLI.run(["compare", "--against", "history", run, "--history", store, "--format", "json"])
        }
        // A rebuild that touched no engine: every small row drifts again (a new draw), nothing else moves.
        let drifted = try judge(try Self.writeRun(20, in: folder, name: "drift", instructions: Self.drift(20)))
        #expect(drifted.status == 0, "\(drifted.stdout)")
        let passed = try Self.json(drifted.stdout)
        #expect(passed["result"] as? String == "pass")
        #expect(passed["earlier_runs"] as? Int == 10)

        // heckel mixed@10000 (813,805 instructions) 5 % slower: fails, naming the row.
        let slower = try Self.writeRun(21, in: folder, name: "slower") { row, count in
            Self.isRow(row, "heckel", "mixed", 10_000) ? Int(Double(count) * 1.05) : Self.drift(21)(row, count)
        }
        let failed = try judge(slower)
        #expect(failed.status == 1)
        let failing = try #require(try Self.json(failed.stdout)["rows"] as? [[String: Any]]).filter { $0["outcome"] as? String == "regression" }
        #expect(failing.compactMap { $0["row"] as? String } == ["heckel mixed@10000 (int)"])
        let text = try CLI.run(["compare", "--against", "history", slower, "--history", store])
        #expect(text.status == 1 && text.stdout.hasPrefix("FAIL") && text.stdout.contains("FAILED heckel mixed@10000 (int): instructions"))

        // The references (stdlib and floor) 5 % more: reported, never a failure.
        let references = try Self.writeRun(22, in: folder, name: "references") { row, count in
            Self.isRow(row, "stdlib", "feed", 1_000) || Self.isRow(row, "floor", "mixed", 10_000)
                ? Int(Double(count) * 1.05) : Self.drift(22)(row, count)
        }
        let moved = try judge(references)
        #expect(moved.status == 0, "\(moved.stdout)")
        let movedRows = try #require(try Self.json(moved.stdout)["rows"] as? [[String: Any]]).filter { $0["outcome"] as? String == "reference_moved" }
        #expect(Set(movedRows.compactMap { $0["row"] as? String }) == ["stdlib feed@1000 (int)", "floor mixed@10000 (int)"])

        // A row of the latest earlier run missing from this one fails, as under compare, unless allowed.
        let dropped = try Self.writeRun(23, in: folder, name: "dropped", instructions: Self.drift(23), keep: { !Self.isRow($0, "heckel", "mixed", 10_000) })
        let missing = try judge(dropped)
        #expect(missing.status == 1, "\(missing.stdout)\(missing.stderr)")
        #expect(try Self.json(missing.stdout)["missing"] as? [String] == ["heckel/mixed@10000 int"])
        let allowed = try CLI.run(["compare", "--against", "history", dropped, "--history", store, "--allow-missing"])
        #expect(allowed.status == 0, "\(allowed.stdout)\(allowed.stderr)")
    }

    @Test("compare --against history: too little history is bad input, or the --fallback baseline is compared", .timeLimit(.minutes(10)))
    func gateFallsBack() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.store(in: folder, runs: 2) { Self.drift($0) }
        let run = try Self.writeRun(30, in: folder, name: "current") { row, count in
            Self.isRow(row, "heckel", "mixed", 10_000) ? Int(Double(count) * 1.05) : count
        }
        let refused = try CLI.run(["compare", "--against", "history", run, "--history", store])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("2 earlier runs") && refused.stderr.contains("--fallback"))
        // The fallback is the baseline file: its own verdict (the 5 % regression fails there too).
        let baseline = CLI.packageRoot.appendingPathComponent("Tests/Fixtures/ci-run-2026-11-26.json").path
        let fellBack = try CLI.run(["compare", "--against", "history", run, "--history", store, "--fallback", baseline])
        #expect(fellBack.status == 1)
        #expect(fellBack.stderr.contains("comparing with the baseline"))
        let missing = folder.appendingPathComponent("none.sqlite").path
        let noStore = try CLI.run(["compare", "--against", "history", run, "--history", missing, "--fallback", baseline, "--instruction-threshold", "10%"])
        #expect(noStore.status == 0, "\(noStore.stdout)\(noStore.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))
        // Bad usage: two runs with --against history, --fallback without it.
        #expect(try CLI.run(["compare", "--against", "history", run, run, "--history", store]).status == 2)
        #expect(try CLI.run(["compare", baseline, run, "--fallback", baseline]).status == 2)
    }
}
