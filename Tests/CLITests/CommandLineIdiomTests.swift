import Foundation
import Testing

/// The command line says what it does: list options name the bad item,
/// flags that cannot apply are refused, budgets take one unit, `run` says
/// how to draw its report, `--version` names the compiler exactly.
@Suite(.serialized, .timeLimit(.minutes(10))) struct CommandLineIdiomTests {
    @Test func listOptionsNameTheBadItem() throws {
        let unknown = try CLI.run(["run", "--workloads", "mixed,zigzag", "--sizes", "10"])
        #expect(unknown.status == 2 && unknown.stderr.contains("unknown workload 'zigzag'") && unknown.stderr.contains("feed"), "\(unknown.stderr)")
        let kind = try CLI.run(["run", "--elements", "int,uuid,float", "--sizes", "10"])
        #expect(kind.status == 2 && kind.stderr.contains("unknown element kind 'float'") && kind.stderr.contains("record"), "\(kind.stderr)")
        let twice = try CLI.run(["run", "--elements", "int,uuid,int", "--sizes", "10"])
        #expect(twice.status == 2 && twice.stderr.contains("'int' is given twice"), "\(twice.stderr)")
        let size = try CLI.run(["run", "--sizes", "100,99999999999"])
        #expect(size.status == 2 && size.stderr.contains("'99999999999' is not a size"), "\(size.stderr)")
        let negative = try CLI.run(["run", "--sizes", "-5"])
        #expect(negative.status == 2 && negative.stderr.contains("'-5' is not a size"), "\(negative.stderr)")
        let empty = try CLI.run(["run", "--engines", " , "])
        #expect(empty.status == 2 && empty.stderr.contains("empty"), "\(empty.stderr)")
        let shard = try CLI.run(["run", "--shard", "0/3"])
        #expect(shard.status == 2 && shard.stderr.contains("K/N"), "\(shard.stderr)")
        let fraction = try CLI.run(["compare", "ci", "--threshold", "-3%"])
        #expect(fraction.status == 2 && fraction.stderr.contains("--threshold"), "\(fraction.stderr)")
        let format = try CLI.run(["compare", "ci", "--format", "html"])
        #expect(format.status == 2 && format.stderr.contains("'markdown'") && format.stderr.contains("'text'"), "\(format.stderr)")
    }

    /// `--no-moves` changes nothing for engines that find moves while
    /// matching, so it is refused there (it used to be ignored silently),
    /// and honoured by the engines that pair moves afterwards.
    @Test func noMovesIsRefusedWhereItCannotApply() throws {
        for engine in CatalogEngines.matchingMoves {
            let result = try CLI.run(["diff", "--engine", engine, "--no-moves", "--chars", "ABC", "CAB"])
            #expect(result.status == 2 && result.stderr.contains("--no-moves applies to"), "\(engine): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        for engine in CatalogEngines.inferringMoves {
            let result = try CLI.run(["diff", "--engine", engine, "--no-moves", "--format", "json", "--chars", "ABC", "CAB"])
            #expect(result.status == 0, "\(engine): \(result.stderr)")
            #expect(result.stdout.contains("\"moves\": []"), "\(engine): \(result.stdout)")
        }
    }

    /// Both budget options are in MiB: 1 MiB holds the table of 100 × 100
    /// (about 20 KB) but not that of 1,000 × 1,000 (about 2 MB). Read as
    /// bytes, both would be refused; read as KiB, both would be too.
    @Test func memoryBudgetsAreMebibytes() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(
            ["run", "--engines", "lcs", "--workloads", "shuffled", "--sizes", "100,1000", "--lcs-memory-budget", "1",
             "--repetitions", "1", "--min-time", "0", "--no-memory", "--no-floor", "--memo", "", "--output", dir.path,
             "--name", "budget", "--datasets-dir", "", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let csv = try String(contentsOf: dir.appendingPathComponent("budget/results.csv"), encoding: .utf8)
        let lines = csv.split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        let size = try #require(header.firstIndex(of: "size")), status = try #require(header.firstIndex(of: "status"))
        var statusBySize: [String: String] = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            statusBySize[fields[size]] = fields[status]
        }
        #expect(statusBySize == ["100": "ok", "1000": "skipped"], "\(csv)")
        let json = try String(contentsOf: dir.appendingPathComponent("budget/results.json"), encoding: .utf8)
        #expect(json.contains("\"lcs_memory_budget_bytes\" : 1048576") || json.contains("\"lcs_memory_budget_bytes\": 1048576"), "\(json.prefix(2000))")

        let list = try CLI.write("[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]", to: "ten.json", in: dir)
        let table = try CLI.run(["table", "--old", list, "--new", list, "--png", dir.path + "/t.png", "--memory-budget", "1"])
        #expect(table.status == 0, "\(table.stderr)")
    }

    /// `run` ends by saying where its results are and the command that draws
    /// the charts and page; the command, typed, works.
    @Test func runSaysHowToDrawItsReport() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(
            ["run", "--engines", "heckel", "--workloads", "mixed", "--sizes", "50", "--repetitions", "1", "--min-time", "0",
             "--no-memory", "--memo", "", "--output", dir.path + "/my reports", "--name", "one", "--datasets-dir", "", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("report: ") }, "\(run.stdout)")
        #expect(line.contains(" chart '\(dir.path)/my reports/one'"), "\(line)")
        #expect(line.contains("\(dir.path)/my reports/one/index.html"), "\(line)")
        // The printed command, through a shell, draws the page.
        // The command ends the line (after "… index.html with: "), so it can be copied from there.
        let typed = try #require(line.components(separatedBy: "/index.html with: ").last)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/bash")
        shell.arguments = ["-c", typed + " > /dev/null"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: dir.path + "/my reports/one/index.html"))
    }

    /// A reports folder whose name holds an escape sequence is printed
    /// escaped in the closing lines: it never reaches the terminal raw.
    @Test func runPrintsAnOddFolderEscaped() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let run = try CLI.run(
            ["run", "--engines", "heckel", "--workloads", "mixed", "--sizes", "20", "--repetitions", "1", "--min-time", "0",
             "--no-memory", "--memo", "", "--output", dir.path + "/red\u{1B}[31mtext", "--name", "one", "--datasets-dir", "", "--quiet"])
        #expect(run.status == 0, "\(run.stderr)")
        let closing = run.stdout.split(separator: "\n").filter { $0.hasPrefix("results: ") || $0.hasPrefix("report: ") }
        #expect(closing.count == 2, "\(run.stdout)")
        for line in closing {
            #expect(!line.contains("\u{1B}") && line.contains("\\u001b[31m"), "\(line)")
        }
    }

    /// `--version` names the compiler that built the tool as `swift
    /// --version` does (the toolchain that built these tests).
    @Test func versionNamesTheCompilerExactly() throws {
        let version = try CLI.run(["--version"])
        #expect(version.status == 0)
        let text = try CLI.tool(["swift", "--version"])
        // "Swift version 6.3.1 (swift-6.3.1-RELEASE)" → 6.3.1
        let match = try #require(text.firstMatch(of: /Swift version (\d+\.\d+(?:\.\d+)?)/), "\(text)")
        #expect(version.stdout.contains("built with Swift \(match.1))"), "\(version.stdout) vs \(text)")
        #expect(version.stdout.hasPrefix("diffbench "))
    }

    /// Issue 27, item 9 and issue 38, item 6: `--output` names a folder in
    /// every command and `--to` the one file a command writes; the old
    /// `--output FILE` of the file commands is refused, naming `--to`.
    @Test("a file is written with --to; --output FILE is refused with a hint", arguments: ["--to", "--output"])
    func oneFileIsTo(option: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("same.json").path
        let result = try CLI.run(["generate", "--workload", "same", "--size", "5", option, file])
        #expect(result.status == (option == "--to" ? 0 : 2), "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: file) == (option == "--to"))
        #expect(result.stderr.contains("--to FILE") == (option == "--output"), "\(result.stderr)")
        for command in ["compare", "targets"] where option == "--output" {
            let refused = try CLI.run([command, "--output", file])
            #expect(refused.status == 2, "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("give --to FILE"), "\(command): \(refused.stderr)")
        }
    }

    /// Issue 38, item 6: one `--output` group. Every command that writes into
    /// a folder shows the same help sentence, refuses an existing file with
    /// exit 2 before anything runs, and drops a trailing slash from what it prints.
    @Test("--output is one folder option: one help, one check, no double slash")
    func oneOutputFolder() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("plain.txt").path
        try "x\n".write(toFile: file, atomically: true, encoding: .utf8)
        for command in ["run", "teach", "merge", "generate"] {
            let help = try CLI.run([command, "--help"]).stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(help.contains(#/--output <folder> +The folder /#), "\(command): \(help)")
            let refused = try CLI.run([command, "--output", file] + (command == "merge" ? [dir.path] : []))
            #expect(refused.status == 2, "\(command): \(refused.stderr)")
            #expect(refused.stderr.contains("is a file; --output names a folder"), "\(command): \(refused.stderr)")
        }
        let old = dir.appendingPathComponent("old.json").path, new = dir.appendingPathComponent("new.json").path
        try #"[{"id": 1}, {"id": 2}]"#.write(toFile: old, atomically: true, encoding: .utf8)
        try #"[{"id": 2}, {"id": 1}]"#.write(toFile: new, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out").path
        let run = try CLI.run([
            "run", "--old", old, "--new", new, "--output", out + "//", "--name", "pair", "--engines", "myers",
            "--repetitions", "1", "--min-time", "0", "--no-memory", "--no-history", "--in-process",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains(out + "/pair/results.csv"), "\(run.stdout)")
        #expect(!run.stdout.contains("//"), "\(run.stdout)")
    }

    @Test("diff, run and hunks share one --time-budget default")
    func oneTimeBudgetDefault() throws {
        let defaults = try ["diff", "run", "hunks"].map { command in
            let help = try CLI.run([command, "--help"]).stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            let options = try #require(help.range(of: "OPTIONS:")).upperBound
            let match = try #require(help[options...].firstMatch(of: /--time-budget <seconds>.*?Default: ([0-9.]+)\./), "\(command): \(help)")
            return String(match.1)
        }
        #expect(Set(defaults).count == 1, "\(defaults)")
    }
}
