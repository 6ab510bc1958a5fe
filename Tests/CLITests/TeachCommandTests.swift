import Foundation
import Rendering
import Testing

/// The package root, found from this file's path (Tests/CLITests/…).
private let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

/// The built `diffbench` (see CLISupport.swift).
private let binary = CLI.executable.path

/// Runs the built diffbench in the package root; `path` replaces PATH when given.
private func diffbench(_ arguments: [String], path: String? = nil) throws -> CLIResult {
    var environment: [String: String]?
    if let path {
        environment = ProcessInfo.processInfo.environment
        environment?["PATH"] = path
    }
    return try CLI.run(arguments, in: URL(fileURLWithPath: packageRoot), environment: environment)
}

private final class Scratch {
    let path = NSTemporaryDirectory() + "teach-cli-" + UUID().uuidString
    init() { try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String, _ text: String) throws -> String {
        let full = path + "/" + name
        try text.write(toFile: full, atomically: true, encoding: .utf8)
        return full
    }
}

@Suite(.serialized) struct TeachCommandTests {
    @Test func theBinaryIsBuilt() {
        #expect(FileManager.default.isExecutableFile(atPath: binary), "build first: swift build (looked for \(binary))")
    }

    @Test func teachWritesTheWholeReport() throws {
        let scratch = Scratch()
        let run = try diffbench(["teach", "ADFGT", "AFOXT", "--chars", "--output", scratch.path])
        #expect(run.status == 0, "\(run.stderr)")
        let folder = scratch.path + "/ADFGT-AFOXT"
        for name in ["lcs-table.txt", "lcs-table.tsv", "myers-trace.txt", "heckel-passes.txt", "stepper.html", "index.md", "index.html"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + name), "\(name)")
        }
        for name in ["lcs-table", "myers-graph", "myers-middle-snake", "work", "heckel", "storyboard"] {
            let image = try PNGFile.read(folder + "/" + name + ".png")
            #expect(image.distinctColors(limit: 100) >= 20, "\(name).png looks blank")
            #expect(FileManager.default.fileExists(atPath: folder + "/" + name + ".gp"))
        }
        // The known table's last row and its LCS, independent of the code.
        let text = try String(contentsOfFile: folder + "/lcs-table.txt", encoding: .utf8)
        #expect(text.contains("LCS (length 3): A F T"))
        let lastRow = try #require(text.split(separator: "\n").first { $0.hasPrefix("T ") })
        #expect(lastRow.matches(of: /\d+/).map { Int($0.output)! } == [0, 1, 2, 2, 2, 3])
    }

    /// The closing lines say what was found and where: for the issue's
    /// GAATTCAG → GGATCGA, N = 8, M = 7, LCS G A T C A (length 5, by hand:
    /// G·A·T·C·A in both), so D = 8 + 7 − 2·5 = 5; and both pages' paths.
    @Test func teachPrintsNMLCSDAndThePagesToOpen() throws {
        let scratch = Scratch()
        let run = try diffbench(["teach", "GAATTCAG", "GGATCGA", "--chars", "--output", scratch.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("N = 8 old, M = 7 new elements"))
        #expect(run.stdout.contains("LCS (length 5)"))
        #expect(run.stdout.contains("D = 5"))
        #expect(run.stdout.contains(scratch.path + "/GAATTCAG-GGATCGA/index.html"))
        #expect(run.stdout.contains(scratch.path + "/GAATTCAG-GGATCGA/stepper.html"))
    }

    @Test func aFolderNameWithAnEscapeSequenceIsPrintedEscaped() throws {
        let scratch = Scratch()
        let run = try diffbench(["teach", "ab", "ba", "--chars", "--output", scratch.path, "--name", "x\u{1B}[2Jy"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("\u{1B}"), "\(run.stdout)")
        #expect(run.stdout.contains("index.html"))
    }

    /// Every engine's answer is drawn on the edit graph, and a refusal names
    /// the repeated id as written ("a", not an internal code).
    @Test(.enabled(if: GnuplotProcess.executable() != nil, "gnuplot not found: the pictures are not drawn, so this check is skipped"))
    func everyEngineIsDrawnAndRefusalsNameIdsAsWritten() throws {
        let scratch = Scratch()
        let run = try diffbench(["teach", "abca", "cab", "--chars", "--output", scratch.path])
        #expect(run.status == 0, "\(run.stderr)")
        let folder = scratch.path + "/abca-cab"
        let index = try String(contentsOfFile: folder + "/index.md", encoding: .utf8)
        #expect(index.contains("refused: duplicate id \"a\" in the old list at positions 0 and 3"))
        for engine in ["lcs", "heckel", "stdlib"] {  // hand-picked: a sample of the engines drawn beside the storyboard's
            let image = try PNGFile.read(folder + "/engine-path-" + engine + ".png")
            #expect(image.distinctColors(limit: 100) >= 20, "engine-path-\(engine).png looks blank")
            #expect(index.contains("](engine-path-\(engine).png)"))
            #expect(index.contains("Drawn in engine-path-\(engine).png"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/engine-path-set.png"), "set refused: nothing to draw")
    }

    /// Two strings given without --chars are not files: the error says to add it.
    @Test(arguments: [["GAATTCAG", "GGATCGA"], ["abc", "nope.json"]])
    func twoArgumentsThatAreNotFilesSuggestChars(_ pair: [String]) throws {
        let scratch = Scratch()
        let run = try diffbench(["teach", pair[0], pair[1], "--output", scratch.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("\(pair[0]): no such file"))
        #expect(run.stderr.contains("add --chars"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }

    @Test func jsonFilesAndNameWork() throws {
        let scratch = Scratch()
        let old = try scratch.file("old.json", "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10]")
        let new = try scratch.file("new.json", "[1, 4, 5, 6, 3, 9, 2]")
        let run = try diffbench(["teach", old, new, "--name", "feed", "--output", scratch.path, "--engine", "set"])
        #expect(run.status == 0, "\(run.stderr)")
        let index = try String(contentsOfFile: scratch.path + "/feed/index.md", encoding: .utf8)
        #expect(index.contains("LCS (length 5): 1 4 5 6 9"))
        #expect(index.contains("storyboard.png"))
    }

    @Test func tooLargeInputsAreRefusedWithExit2() throws {
        let scratch = Scratch()
        let long = String(repeating: "ab", count: 31)
        let run = try diffbench(["teach", long, "abc", "--chars", "--output", scratch.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("OLD: the old list has 62 elements"))
        #expect(run.stderr.contains("at most 60"))
        let file = try scratch.file("big.json", "[" + (1...61).map(String.init).joined(separator: ",") + "]")
        let small = try scratch.file("small.json", "[1]")
        let second = try diffbench(["teach", small, file, "--output", scratch.path])
        #expect(second.status == 2)
        #expect(second.stderr.contains("big.json: the new list has 61 elements"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["big.json", "small.json"])
    }

    @Test func bothEmptyIsRefusedWithExit2() throws {
        let scratch = Scratch()
        let run = try diffbench(["teach", "", "", "--chars", "--output", scratch.path])
        #expect(run.status == 2)
        #expect(run.stderr.contains("both lists are empty"))
        let empty = try scratch.file("empty.json", "[]")
        let files = try diffbench(["teach", empty, empty, "--output", scratch.path])
        #expect(files.status == 2)
        #expect(files.stderr.contains("both lists are empty"))
    }

    @Test func badFilesAndNamesAreRefusedWithExit2() throws {
        let scratch = Scratch()
        let missing = try diffbench(["teach", scratch.path + "/nope.json", scratch.path + "/nope.json", "--output", scratch.path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.json: no such file"))
        let broken = try scratch.file("broken.json", "[1, 2,")
        let malformed = try diffbench(["teach", broken, broken, "--output", scratch.path])
        #expect(malformed.status == 2)
        #expect(malformed.stderr.contains("broken.json:1:"))
        let badName = try diffbench(["teach", "a", "b", "--chars", "--name", "../up", "--output", scratch.path])
        #expect(badName.status == 2)
        #expect(badName.stderr.contains("--name"))
        let badEngine = try diffbench(["teach", "a", "b", "--chars", "--engine", "fast", "--output", scratch.path])
        #expect(badEngine.status == 2)
        #expect(badEngine.stderr.contains("unknown engine 'fast'"))
        let duplicates = try diffbench(["teach", "abca", "cab", "--chars", "--engine", "set", "--output", scratch.path])
        #expect(duplicates.status == 2)
        #expect(duplicates.stderr.contains("duplicate id \"a\" at elements 0 and 3"))
    }

    @Test func withoutGnuplotTextIsWrittenAndTheWarningSaysHowToInstall() throws {
        let scratch = Scratch()
        let run = try diffbench(["teach", "abc", "bcd", "--chars", "--output", scratch.path], path: "/nonexistent")
        #expect(run.status == 0)
        #expect(run.stderr.contains("gnuplot not found"))
        #expect(run.stderr.contains("apt-get install gnuplot-nox"))
        let folder = scratch.path + "/abc-bcd"
        #expect(FileManager.default.fileExists(atPath: folder + "/lcs-table.txt"))
        #expect(FileManager.default.fileExists(atPath: folder + "/lcs-table.gp"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/lcs-table.png"))
    }

    @Test func helpDocumentsTheExitStatus() throws {
        let run = try diffbench(["teach", "--help"])
        #expect(run.status == 0)
        #expect(run.stdout.contains("Exit status"))
        #expect(run.stdout.contains("gnuplot"))
        let root = try diffbench(["--help"])
        #expect(root.stdout.contains("teach") && root.stdout.contains("table"))
    }
}

@Suite struct TableCommandTests {
    @Test func tableRendersAHeatmap() throws {
        let scratch = Scratch()
        let old = try scratch.file("old.json", "[" + (0..<300).map(String.init).joined(separator: ",") + "]")
        let new = try scratch.file("new.json", "[" + (0..<300).filter { $0 % 7 != 0 }.reversed().map(String.init).joined(separator: ",") + "]")
        let png = scratch.path + "/table.png"
        let run = try diffbench(["table", "--old", old, "--new", new, "--png", png])
        #expect(run.status == 0, "\(run.stderr)")
        let image = try PNGFile.read(png)
        #expect(image.distinctColors(limit: 200) > 50)
        let small = try diffbench(["table", "--old", old, "--new", new, "--png", png, "--max-side", "100"])
        #expect(small.status == 0)
        #expect(try PNGFile.read(png).width < image.width)
    }

    @Test func tableRefusesOverBudgetAndBadUsage() throws {
        let scratch = Scratch()
        let list = try scratch.file("list.json", "[" + (0..<1000).map(String.init).joined(separator: ",") + "]")
        let png = scratch.path + "/t.png"
        let over = try diffbench(["table", "--old", list, "--new", list, "--png", png, "--memory-budget", "1"])
        #expect(over.status == 2)
        #expect(over.stderr.contains("memory budget"))
        #expect(!FileManager.default.fileExists(atPath: png))
        let noLists = try diffbench(["table", "--png", png])
        #expect(noLists.status == 2)
        #expect(noLists.stderr.contains("--old FILE --new FILE"))
        let unwritable = try diffbench(["table", "--old", list, "--new", list, "--png", scratch.path + "/missing/t.png"])
        #expect(unwritable.status == 2)
        #expect(unwritable.stderr.contains("missing/t.png"))
    }
}
