import DiffBenchKit
import Foundation
import Testing

/// Issue 37, "readers refuse every row that cannot be true": a table of
/// forged results, each made from a real run by changing what a forger
/// would change, each refused by every reader of results (exit 2, the
/// file, the row's line and the field named), and the real run accepted by
/// all of them, so the rules are not stricter than what diffbench writes.
@Suite(.serialized) struct ImpossibleRowsTests {
    /// A real small run of every engine and the floor, on a dataset of
    /// unique ids (`mixed`) and one of repeated ids (`duplicates`), as two
    /// element kinds. Both tests only read it or edit their own copy, so it
    /// is made once per test process (``SharedRun``) and copied.
    static let honest = SharedRun(
        name: "honest",
        arguments: ["--workloads", "mixed,duplicates", "--sizes", "60", "--elements", "int,uuid", "--repetitions", "3",
                    "--min-time", "0", "--datasets-dir", "", "--quiet", "--memo", ""])

    /// The honest run copied to `dir/honest`.
    static func honestRun(in dir: URL) throws -> URL {
        try honest.copy(into: dir)
    }

    /// The document of `folder`'s results.json, as JSON objects.
    static func document(_ folder: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("results.json"))) as? [String: Any])
    }

    /// `document` written with its head on line 1 and row `i` (0-based)
    /// alone on line `i + 2`, from column 1: a refusal's place is then known
    /// without reading the reader.
    static func text(_ document: [String: Any]) throws -> String {
        var head = document
        let rows = try #require(head["rows"] as? [[String: Any]])
        head["rows"] = []
        let headText = String(decoding: try JSONSerialization.data(withJSONObject: head, options: [.sortedKeys]), as: UTF8.self)
        let lines = try rows.map { String(decoding: try JSONSerialization.data(withJSONObject: $0, options: [.sortedKeys]), as: UTF8.self) }
        let text = headText.replacingOccurrences(of: "\"rows\":[]", with: "\"rows\":[\n" + lines.joined(separator: ",\n") + "\n]")
        #expect(text != headText, "the rows were not placed")
        return text
    }

    /// A forgery: its name, the words its refusal must use, and the edit,
    /// which returns the 0-based row the refusal must name (nil: the
    /// document's `machines`, on line 1).
    struct Forgery: Sendable {
        var name: String
        var words: String
        var edit: @Sendable (inout [String: Any], inout [[String: Any]]) throws -> Int?
    }

    /// The row of `engine` on `mixed` as `int`.
    static func row(_ engine: String, in rows: [[String: Any]]) throws -> Int {
        try #require(rows.firstIndex { $0["engine"] as? String == engine && $0["workload"] as? String == "mixed" && $0["elements"] as? String == "int" })
    }

    /// Sets the counts of row `index`, and its steps to their sum.
    static func setCounts(_ row: inout [String: Any], deletes: Int, inserts: Int, moves: Int, updates: Int = 0) {
        (row["deletes"], row["inserts"], row["moves"], row["updates"]) = (deletes, inserts, moves, updates)
        row["steps"] = deletes + inserts + moves + updates
    }

    static func int(_ row: [String: Any], _ key: String) throws -> Int { try #require(row[key] as? Int, "\(key) in \(row)") }
    static func double(_ row: [String: Any], _ key: String) throws -> Double { try #require((row[key] as? NSNumber)?.doubleValue, "\(key) in \(row)") }

    static let forgeries: [Forgery] = [
        Forgery(name: "myers with fewer steps than the pair allows", words: "below the fewest any answer takes") { _, rows in
            let index = try row("myers", in: rows)
            let old = try int(rows[index], "size_old"), new = try int(rows[index], "size_new")
            // With unique ids, no answer takes fewer than min_edits − min_moves steps.
            try #require(try int(rows[index], "min_edits") - int(rows[index], "min_moves") > abs(old - new), "the pair has changes")
            setCounts(&rows[index], deletes: max(0, old - new), inserts: max(0, new - old), moves: 0)
            return index
        },
        Forgery(name: "myers claiming an easier pair than the floor's row", words: "(floor) of the same dataset: the rows of one dataset share its facts") { _, rows in
            let index = try row("myers", in: rows)
            let old = try int(rows[index], "size_old"), new = try int(rows[index], "size_new")
            (rows[index]["min_edits"], rows[index]["min_moves"]) = (abs(old - new), 0)
            setCounts(&rows[index], deletes: max(0, old - new), inserts: max(0, new - old), moves: 0)
            #expect(rows.contains { $0["engine"] as? String == "floor" && $0["min_edits"] as? Int != abs(old - new) })
            return index
        },
        Forgery(name: "inserts beyond the new list", words: "more than the new list's length") { _, rows in
            let index = try row("heckel", in: rows)
            let new = try int(rows[index], "size_new"), old = try int(rows[index], "size_old")
            setCounts(&rows[index], deletes: old, inserts: new + 1, moves: 0)
            return index
        },
        Forgery(name: "deletes beyond the old list", words: "more than the old list's length") { _, rows in
            let index = try row("heckel", in: rows)
            let new = try int(rows[index], "size_new"), old = try int(rows[index], "size_old")
            setCounts(&rows[index], deletes: old + 1, inserts: new, moves: 0)
            return index
        },
        Forgery(name: "moves beyond the shorter list", words: "moves is") { _, rows in
            let index = try row("anchor", in: rows)
            let new = try int(rows[index], "size_new"), old = try int(rows[index], "size_old")
            setCounts(&rows[index], deletes: 0, inserts: new - min(old, new), moves: min(old, new) + 1)
            return index
        },
        Forgery(name: "counts that lose an item", words: "keeps as many items") { _, rows in
            let index = try row("patience", in: rows)
            setCounts(
                &rows[index], deletes: try int(rows[index], "deletes") + 1, inserts: try int(rows[index], "inserts"),
                moves: try int(rows[index], "moves"), updates: try int(rows[index], "updates"))
            return index
        },
        Forgery(name: "min above max", words: "the times must run min ≤ median ≤ p90 ≤ max") { _, rows in
            let index = try row("histogram", in: rows)
            rows[index]["min_ns"] = try double(rows[index], "max_ns") * 2
            return index
        },
        Forgery(name: "median above max", words: "the times must run min ≤ median ≤ p90 ≤ max") { _, rows in
            let index = try row("lcs", in: rows)
            rows[index]["median_ns"] = try double(rows[index], "max_ns") * 3
            return index
        },
        Forgery(name: "ok with no sample", words: "samples is 0") { _, rows in
            let index = try row("heckel", in: rows)
            rows[index]["samples"] = 0
            rows[index]["sample_quantiles_ns"] = nil
            return index
        },
        Forgery(name: "a ratio to stdlib the medians do not give", words: "ratio_to_stdlib is") { _, rows in
            let index = try row("heckel", in: rows)
            rows[index]["ratio_to_stdlib"] = try double(rows[index], "ratio_to_stdlib") / 3
            return index
        },
        Forgery(name: "a ratio to the floor the medians do not give", words: "ratio_to_floor is") { _, rows in
            let index = try row("myers", in: rows)
            rows[index]["ratio_to_floor"] = try double(rows[index], "ratio_to_floor") * 1.01
            return index
        },
        Forgery(name: "reference status on an engine", words: "status is reference, which is the floor's alone") { _, rows in
            let index = try row("heckel", in: rows)
            rows[index]["status"] = "reference"
            return index
        },
        Forgery(name: "the floor claiming a verified answer", words: "on the floor") { _, rows in
            let index = try row("floor", in: rows)
            rows[index]["status"] = "ok"
            rows[index]["verified"] = true
            return index
        },
        Forgery(name: "sample quantiles beyond the slowest sample", words: "sample_quantiles_ns runs from") { _, rows in
            let index = try row("heckel", in: rows)
            rows[index]["sample_quantiles_ns"] = [try double(rows[index], "max_ns") * 1000]
            return index
        },
        Forgery(name: "a row twice", words: "appears twice") { _, rows in
            rows.append(rows[try row("heckel", in: rows)])
            return rows.count - 1
        },
        Forgery(name: "a size outside the plan", words: "outside the plan: size 61") { _, rows in
            let index = try row("heckel", in: rows)
            rows[index]["size"] = 61
            return index
        },
        Forgery(name: "an engine outside the plan", words: "outside the plan: engine ghost") { _, rows in
            let index = try row("heckel", in: rows)
            rows[index]["engine"] = "ghost"
            return index
        },
        Forgery(name: "a fewest-edits figure no pair has", words: "min_edits is") { _, rows in
            let first = try #require(rows.firstIndex { $0["min_edits"] != nil })
            for index in rows.indices where rows[index]["min_edits"] != nil {
                rows[index]["min_edits"] = try int(rows[index], "size_old") + int(rows[index], "size_new") + 2
            }
            return first
        },
        Forgery(name: "a machines record of one machine twice", words: "machine 1 is machine 0 again") { document, rows in
            let environment = try #require(document["environment"] as? [String: Any])
            document["machines"] = [environment, environment]
            for index in rows.indices { rows[index]["machine"] = index % 2 }
            return nil
        },
    ]

    /// Each forgery is refused by every reader — chart (the page), targets,
    /// compare, baseline save, merge, history add — with exit 2, at the
    /// row's line in the file, with the field named; nothing is written.
    /// The real run is accepted by all of them.
    ///
    /// Every one of those readers reads a results file through
    /// `ResultsStore.read`, so each forgery is refused there, in this
    /// process, and through one reader's process, the readers taken in turn
    /// (18 forgeries: each of the 6 readers refuses 3 of them as a command,
    /// exit 2, message and nothing written). One process per forgery and
    /// reader (108 launches of the debug binary) proved nothing more.
    @Test(.timeLimit(.minutes(10))) func everyReaderRefusesEachForgeryAndAcceptsTheRealRun() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let honest = try Self.honestRun(in: dir)
        let original = try Self.document(honest)
        func readers(_ folder: URL, _ tag: String) -> [(String, [String])] {
            [
                ("chart", ["chart", folder.path]),
                ("targets", ["targets", folder.path]),
                ("compare", ["compare", honest.path, folder.path]),
                ("baseline save", ["baseline", "save", tag, "--from", folder.path, "--baselines-dir", dir.appendingPathComponent("baselines").path]),
                ("merge", ["merge", folder.path, "--output", dir.appendingPathComponent("merged-\(tag)").path]),
                ("history add", ["history", "add", folder.path, "--history", dir.appendingPathComponent("history-\(tag).sqlite").path, "--branch", "main"]),
            ]
        }
        var refusedBy: Set<String> = []
        for (number, forgery) in Self.forgeries.enumerated() {
            var document = original
            var rows = try #require(document["rows"] as? [[String: Any]])
            let index = try forgery.edit(&document, &rows)
            document["rows"] = rows
            let folder = dir.appendingPathComponent("forged-\(number)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Self.text(document).write(to: folder.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
            let place = folder.path + "/results.json:" + (index.map { "\($0 + 2):1: row \($0 + 1) (" } ?? "1:")
            do {
                let read = try ResultsStore.read(folder.path)
                Issue.record("ResultsStore.read accepted \(forgery.name) (\(read.rows.count) rows)")
            } catch {
                #expect(error.description.contains(place) && error.description.contains(forgery.words), "\(forgery.name): \(error.description)")
            }
            let all = readers(folder, "forged-\(number)")
            let (reader, arguments) = all[number % all.count]
            refusedBy.insert(reader)
            let result = try CLI.run(arguments, in: dir)
            #expect(result.status == 2, "\(reader) accepted \(forgery.name): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains(place) && result.stderr.contains(forgery.words), "\(reader), \(forgery.name): \(result.stderr)")
            for written in ["forged-\(number)/charts", "forged-\(number)/index.html", "baselines/forged-\(number).json", "merged-forged-\(number)", "history-forged-\(number).sqlite"] {
                #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(written).path), "\(forgery.name): \(written) was written")
            }
        }
        #expect(refusedBy.count == readers(dir, "").count, "a reader refused no forgery as a command: \(refusedBy)")
        // The real run is read by every reader; rewritten one row a line (no results.csv beside it), by the
        // readers' common function and by compare, which reads it beside the run as written.
        for (reader, arguments) in readers(honest, "honest") {
            let result = try CLI.run(arguments, in: dir)
            // targets exits 1 when a speed goal is missed: a verdict on the run, not a refusal of it.
            #expect(result.status == 0 || (reader == "targets" && result.status == 1), "\(reader) refused the real run: \(result.stderr)")
            #expect(!result.stderr.contains("cannot be true"), "\(reader): \(result.stderr)")
        }
        let rewritten = dir.appendingPathComponent("rewritten")
        try FileManager.default.createDirectory(at: rewritten, withIntermediateDirectories: true)
        try Self.text(original).write(to: rewritten.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
        #expect(throws: Never.self, "the real run rewritten one row a line") { _ = try ResultsStore.read(rewritten.path) }
        let compared = try CLI.run(["compare", honest.path, rewritten.path], in: dir)
        #expect(compared.status == 0 && !compared.stderr.contains("cannot be true"), "compare refused the rewritten run: \(compared.stderr)")
    }

    /// A results.csv saved with CRLF line ends, or with spaces in its
    /// header, is still compared with results.json column by column: the
    /// same rows are accepted, a changed field is refused at its row.
    @Test(.timeLimit(.minutes(10))) func aCSVsLineEndsAndHeaderSpacesDoNotSwitchTheCheckOff() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let honest = try Self.honestRun(in: dir)
        let csvPath = honest.path + "/results.csv"
        let original = try String(contentsOfFile: csvPath, encoding: .utf8)
        let lines = original.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        try #require(lines.count > 3 && lines.last == "")
        let header = lines[0].split(separator: ",").map(String.init)
        let deletes = try #require(header.firstIndex(of: "deletes"))
        let row = try #require(lines.indices.dropFirst().first { lines[$0].split(separator: ",", omittingEmptySubsequences: false).count == header.count && !lines[$0].split(separator: ",", omittingEmptySubsequences: false)[deletes].isEmpty })
        var edited = lines
        var fields = edited[row].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        fields[deletes] = String(Int(fields[deletes])! + 1)
        edited[row] = fields.joined(separator: ",")
        func crlf(_ lines: [String]) -> String { lines.dropLast().map { $0 + "\r\n" }.joined() }
        var spaced = edited
        spaced[0] = lines[0].replacingOccurrences(of: ",", with: ", ") + " "
        var headerOnlyCR = edited
        headerOnlyCR[0] += "\r"
        let variants: [(String, String, Bool)] = [
            ("CRLF ends, same rows", crlf(lines), true),
            ("spaces in the header, same rows", ([lines[0].replacingOccurrences(of: ",", with: " ,") + "  "] + lines.dropFirst()).joined(separator: "\n"), true),
            ("CRLF ends, a field changed", crlf(edited), false),
            ("spaces in the header, a field changed", spaced.joined(separator: "\n"), false),
            ("CR after the header only, a field changed", headerOnlyCR.joined(separator: "\n"), false),
        ]
        // Each variant is read by the readers' common function (ResultsStore.read) in this process, and by
        // one reader as a command, targets and compare in turn.
        let readers = [["targets", honest.path], ["compare", honest.path, honest.path]]
        for (number, (name, text, accepted)) in variants.enumerated() {
            try text.write(toFile: csvPath, atomically: true, encoding: .utf8)
            let refusal = Result { () throws(ResultsFileError) in try ResultsStore.read(honest.path) }
            let reader = readers[number % readers.count]
            let result = try CLI.run(reader)
            if accepted {
                #expect(throws: Never.self, "\(name)") { try refusal.get() }
                #expect(result.status != 2, "\(name), \(reader[0]): \(result.stderr)")
            } else {
                if case .failure(let error) = refusal {
                    #expect(error.description.contains(csvPath + ":\(row + 1):") && error.description.contains("differs from results.json at row \(row)"), "\(name): \(error.description)")
                } else {
                    Issue.record("ResultsStore.read accepted \(name)")
                }
                #expect(result.status == 2, "\(name), \(reader[0]) accepted it: \(result.stdout)")
                #expect(result.stderr.contains(csvPath + ":\(row + 1):") && result.stderr.contains("differs from results.json at row \(row)"), "\(name): \(result.stderr)")
            }
        }
    }

    /// A shard that carries a machines record — rows it says another machine
    /// measured, beside an environment like its siblings' — merges only
    /// with --allow-mixed-machines, and then each row keeps its machine;
    /// the merged run is read back by the readers.
    @Test(.timeLimit(.minutes(10))) func aShardsOwnMachinesRecordIsMixingMachines() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let s1 = try LyingResultsTests.write(LyingResultsTests.shard(1, size: 100), as: "s1", in: dir)
        let forged = LyingResultsTests.shard(2, size: 1000) { document, rows in
            var elsewhere = document["environment"] as! [String: Any]
            elsewhere["cpu"] = "other cpu"
            document["machines"] = [document["environment"]!, elsewhere]
            for index in rows.indices { rows[index]["machine"] = rows[index]["engine"] as? String == "heckel" ? 1 : 0 }
        }
        let s2 = try LyingResultsTests.write(forged, as: "s2", in: dir)
        let output = dir.appendingPathComponent("merged").path
        let refused = try CLI.run(["merge", s1, s2, "--output", output])
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains(s2 + ": holds rows of 2 machines") && refused.stderr.contains("--allow-mixed-machines"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output))
        let allowed = try CLI.run(["merge", s1, s2, "--output", output, "--allow-mixed-machines"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        let merged = try Self.document(URL(fileURLWithPath: output))
        let machines = try #require(merged["machines"] as? [[String: Any]])
        #expect(machines.map { $0["cpu"] as? String } == ["test cpu", "other cpu"])
        for row in try #require(merged["rows"] as? [[String: Any]]) {
            let elsewhere = row["size"] as? Int == 1000 && row["engine"] as? String == "heckel"
            #expect(row["machine"] as? Int == (elsewhere ? 1 : 0), "\(row)")
        }
        for reader in [["targets", output], ["compare", output, output]] {
            let result = try CLI.run(reader)
            #expect(result.status != 2, "\(reader[0]) refused the merged run: \(result.stderr)")
        }
        // A record that merge never writes — one machine only — is refused by the reader itself.
        let single = LyingResultsTests.shard(2, size: 1000) { document, rows in
            document["machines"] = [document["environment"]!]
            for index in rows.indices { rows[index]["machine"] = 0 }
        }
        let s3 = try LyingResultsTests.write(single, as: "s3", in: dir)
        let one = try CLI.run(["merge", s1, s3, "--output", output + "-one", "--allow-mixed-machines"])
        #expect(one.status == 2 && one.stderr.contains("machines cannot be true: lists 1 machine"), "\(one.stderr)")
    }
}
