import DiffBenchKit
import Foundation
import Testing

/// Issue 15, item 1: a results file is untrusted input. No string of it may
/// run a command through gnuplot, nor reach the HTML or Markdown page raw.
@Suite(.serialized) struct HostileResultsTests {
    /// The hand-made results of ``ChartCommandTests`` with hostile strings in
    /// every text field that reaches a chart or the page: each one, if it
    /// ever ran, would create a file in `markers`.
    static func hostileResults(markers: URL) throws -> Data {
        let m = markers.path
        let object = try JSONSerialization.jsonObject(with: ChartCommandTests.resultsJSON(runName: "run`touch \(m)/run-name`\n!touch \(m)/run-name-2"))
        var document = try #require(object as? [String: Any])
        var rows = try #require(document["rows"] as? [[String: Any]])
        let workloads = [
            "x`touch \(m)/backquote`",
            "y\n!touch \(m)/newline\n",
            "z'`touch \(m)/single`'\"`touch \(m)/double`\"",
            "w\\\"`touch \(m)/escaped-quote`\\\" <script>alert(1)</script> | *md* [link](x) $(touch \(m)/dollar) @macro",
        ]
        for index in rows.indices {
            rows[index]["workload"] = workloads[index % workloads.count]
            rows[index]["parameters"] = "p=`touch \(m)/parameters`\r\u{0}end"
            if rows[index]["engine"] as? String == "heckel" {
                rows[index]["engine"] = "heck`touch \(m)/engine`el\u{2028}!touch \(m)/separator"
            }
        }
        document["rows"] = rows
        var plan = try #require(document["plan"] as? [String: Any])
        plan["engines"] = ["heck`touch \(m)/engine`el\u{2028}!touch \(m)/separator", "stdlib", "floor"]
        plan["workloads"] = workloads
        document["plan"] = plan
        // A colour breaking out of its single quotes.
        document["engines"] = [
            [
                "name": "stdlib", "summary": "<b>bold</b>", "colour": "#000000' . \"`touch \(m)/colour`\" . '",
                "symbol": 7, "requires_unique_ids": false, "infers_moves": false, "cost": "linear", "is_reference": false,
            ],
            [
                "name": "floor", "summary": "floor", "colour": "red\"></span><script>x</script>", "symbol": 5,
                "requires_unique_ids": false, "infers_moves": false, "cost": "linear", "is_reference": true,
            ],
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    }

    @Test(.timeLimit(.minutes(10))) func hostileStringsRunNothingAndShowEscaped() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let markers = dir.appendingPathComponent("markers")
        try FileManager.default.createDirectory(at: markers, withIntermediateDirectories: true)
        let folder = dir.appendingPathComponent("run-1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.hostileResults(markers: markers).write(to: folder.appendingPathComponent("results.json"))

        let result = try CLI.run(["chart", folder.path], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        let made = try FileManager.default.contentsOfDirectory(atPath: markers.path)
        #expect(made.isEmpty, "gnuplot ran commands from results.json: \(made)")
        // Every chart was drawn (the escapes are valid gnuplot).
        let charts = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/charts")
        #expect(charts.filter { $0.hasSuffix(".png") }.count == charts.filter { $0.hasSuffix(".gp") }.count, "\(result.stderr)")

        // No script line holds a raw backquote or `$` inside a double-quoted string, nor a control character.
        for name in charts where name.hasSuffix(".gp") || name.hasSuffix(".dat") {
            let text = try String(contentsOfFile: folder.path + "/charts/" + name, encoding: .utf8)
            #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0 == "\u{2028}" }, "\(name)")
            for line in text.split(separator: "\n") where name.hasSuffix(".gp") && !line.hasPrefix("#") {
                #expect(!line.contains("`touch") && !line.contains("$(touch"), "\(name): \(line)")
                #expect(!line.hasPrefix("!"), "\(name): \(line)")
            }
        }

        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!html.contains("<script>alert(1)"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("red\""), "a colour from results.json reached a style attribute")
        let markdown = try String(contentsOf: folder.appendingPathComponent("index.md"), encoding: .utf8)
        #expect(!markdown.contains("<script>"))
        #expect(markdown.contains("\\<script\\>alert(1)\\</script\\>"), "\(markdown)")
        #expect(!markdown.contains("\n!touch"), "a line break in a results string started a line of its own")
        #expect(!markdown.contains("\r") && !markdown.contains("\u{0}"))
    }

    /// The same strings through the `.gp` files run by hand in their folder
    /// (the files are meant to be rerun with `gnuplot NAME.gp`).
    @Test(.timeLimit(.minutes(10)), .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gnuplot"), "needs gnuplot"))
    func theScriptsRunByHandRunNothing() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let markers = dir.appendingPathComponent("markers")
        try FileManager.default.createDirectory(at: markers, withIntermediateDirectories: true)
        let folder = dir.appendingPathComponent("run-1")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.hostileResults(markers: markers).write(to: folder.appendingPathComponent("results.json"))
        let noTools = dir.appendingPathComponent("no-tools")
        try FileManager.default.createDirectory(at: noTools, withIntermediateDirectories: true)
        _ = try CLI.run(["chart", folder.path], environment: ["PATH": noTools.path])
        let charts = folder.appendingPathComponent("charts")
        for name in try FileManager.default.contentsOfDirectory(atPath: charts.path) where name.hasSuffix(".gp") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/gnuplot")
            process.arguments = [name]
            process.currentDirectoryURL = charts
            process.standardError = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: markers.path).isEmpty)
    }

    /// Item 2's class in every chart kind: zero, negative, subnormal, huge,
    /// infinite and NaN values in every numeric column that reaches an axis,
    /// a ratio or a loop. A value no run can produce (a negative figure, a
    /// non-finite time, a zero median, counts that no longer add up) is
    /// refused with exit 2 at the row's line and column; any other ends
    /// `chart` (0, or 1 when gnuplot refuses a range) without a trap, a hang
    /// or a runaway allocation, and no script holds `inf` or `nan` (a median
    /// of 1e308 once put `inf` into a range).
    @Test(.timeLimit(.minutes(10)), arguments: [0.0, -1.0, -1e300, Double.leastNonzeroMagnitude, 1e308, Double.infinity, -Double.infinity, Double.nan])
    func hostileNumbersEndEveryChart(value: Double) throws {
        let columns = [
            "median_ns", "min_ns", "p90_ns", "max_ns", "spread_ns", "ratio_to_stdlib", "ratio_to_floor", "peak_heap_bytes",
            "min_moves", "min_edits", "moves", "steps", "inserts", "deletes",
        ]
        let integral = ["peak_heap_bytes", "min_moves", "min_edits", "moves", "steps", "inserts", "deletes"]
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var refusedAsCommand = false
        for (number, column) in columns.enumerated() {
            let object = try JSONSerialization.jsonObject(with: ChartCommandTests.resultsJSON())
            var document = try #require(object as? [String: Any])
            var rows = try #require(document["rows"] as? [[String: Any]])
            for index in rows.indices where index % 2 == number % 2 {
                // Integer columns take an integer; the others take the value (non-finite ones as strings).
                if integral.contains(column) {
                    rows[index][column] = value.isFinite ? (abs(value) < 1e18 ? Int(value) : (value < 0 ? Int.min : Int.max)) : 0
                } else {
                    rows[index][column] = value.isFinite ? value as Any : (value.isNaN ? "nan" : value > 0 ? "inf" : "-inf")
                }
            }
            document["rows"] = rows
            let folder = dir.appendingPathComponent("run-\(number)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try JSONSerialization.data(withJSONObject: document).write(to: folder.appendingPathComponent("results.json"))
            // (An integer column was given 0 for a non-finite value.)
            let impossible = (value < 0 && value.isFinite) || (!integral.contains(column) && !value.isFinite)
                || (value == 0 && ["median_ns", "ratio_to_stdlib", "ratio_to_floor"].contains(column))
            // chart reads the file through ResultsStore.read before it draws anything: a value that
            // function refuses is refused there, in this process, and as `chart` for the first such
            // column of each value only (one launch of the debug binary per refusal proved no more).
            let refusal = Result { () throws(ResultsFileError) in try ResultsStore.read(folder.path) }
            if case .failure(let error) = refusal {
                #expect(error.description.contains(folder.path + "/results.json:1:") && error.description.contains("cannot be true"), "\(column) = \(value): \(error.description)")
                if refusedAsCommand { continue }
                refusedAsCommand = true
            } else if impossible {
                Issue.record("\(column) = \(value) was accepted by ResultsStore.read")
            }
            let result = try CLI.run(["chart", folder.path])
            if impossible {
                #expect(result.status == 2, "\(column) = \(value) was accepted: \(result.stderr)")
            }
            if result.status == 2 {
                // Refused: at a row of the file, saying why, with nothing drawn.
                #expect(result.stderr.contains(folder.path + "/results.json:1:") && result.stderr.contains("cannot be true"), "\(column) = \(value): \(result.stderr)")
                #expect(!FileManager.default.fileExists(atPath: folder.path + "/charts"), "\(column) = \(value)")
                continue
            }
            // A huge but finite time is a figure a file may claim: it is drawn.
            if value == 1e308 && !integral.contains(column) { #expect(result.status != 2) }
            #expect(result.status == 0 || result.status == 1, "\(column) = \(value): \(result.status) \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: folder.path + "/index.html"), "\(column) = \(value)")
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/charts")) ?? [] where name.hasSuffix(".gp") {
                let script = try String(contentsOfFile: folder.path + "/charts/" + name, encoding: .utf8)
                let words = script.split { !$0.isLetter }.map { $0.lowercased() }
                #expect(!words.contains("inf") && !words.contains("nan"), "\(column) = \(value): \(name) holds a non-finite number")
            }
        }
    }
}
