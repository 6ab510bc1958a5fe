import Foundation
import Harness
import RunResults
import Testing

/// Issue 24, points 6 and 8: run names the reports layout uses, teach's
/// size limit, and the build's commit in the binary and its results.
@Suite(.serialized) struct LayoutAndLimitsTests {
    @Test(arguments: ["baselines", "ci", "latest", "teach"])
    func runRefusesANameTheReportsLayoutUses(name: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run(["run", "--sizes", "10", "--workloads", "mixed", "--output", dir.path, "--name", name, "--quiet"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--name '\(name)' is a folder the reports layout uses"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty, "run wrote before refusing")
    }

    /// Labels of 40,000 bytes each: two of them (80,000 bytes) are over the
    /// 64 KiB limit and refused before anything is drawn; one is under it.
    @Test(.timeLimit(.minutes(10))) func teachRefusesLabelsOverTheLimitNamingIt() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let long = String(repeating: "x", count: 40_000)
        let big = try CLI.write("[\"\(long)\", \"\(long)y\"]", to: "big.json", in: dir)
        let small = try CLI.write("[\"\(long)\", \"b\"]", to: "small.json", in: dir)
        let other = try CLI.write("[\"b\"]", to: "other.json", in: dir)
        // No gnuplot on PATH: the pictures are left out (exit 0 with a warning), the check is the same.
        let noTools = dir.appendingPathComponent("no-tools")
        try FileManager.default.createDirectory(at: noTools, withIntermediateDirectories: true)
        let output = dir.appendingPathComponent("out").path
        let refused = try CLI.run(["teach", big, other, "--output", output, "--name", "big"], environment: ["PATH": noTools.path])
        #expect(refused.status == 2, "\(refused.stderr)")
        #expect(refused.stderr.contains("80002 bytes") && refused.stderr.contains("at most 65536"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output + "/big"))
        let taught = try CLI.run(["teach", small, other, "--output", output, "--name", "small"], environment: ["PATH": noTools.path])
        #expect(taught.status == 0, "\(taught.stderr)")
    }


    /// A run started outside any git checkout records the commit the binary
    /// was built from (it once recorded the HEAD of the folder it was
    /// started in, "unknown" here), and `--version` names the same commit.
    ///
    /// The build's commit is the one this test binary was compiled with: the
    /// same build made the `diffbench` beside it, and a commit made after
    /// the build moves the checkout's HEAD, not what either binary records.
    /// It must be a commit of this checkout (a build that recorded none, or
    /// the run's folder, fails here).
    @Test(.timeLimit(.minutes(10))) func resultsAndVersionNameTheBuildsCommit() throws {
        let built = RunEnvironment.buildCommit
        let commit = built.hasSuffix("-dirty") ? String(built.dropLast("-dirty".count)) : built
        try #require(commit.count == 12 && commit.allSatisfy(\.isHexDigit), "the build recorded no commit: \(built)")
        let known = try CLI.tool(["git", "-C", CLI.packageRoot.path, "rev-parse", "--verify", "--quiet", commit + "^{commit}"])
        try #require(!known.isEmpty, "the build's commit \(commit) is not a commit of this checkout")
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try CLI.run(
            ["run", "--engines", "heckel", "--workloads", "mixed", "--sizes", "20", "--repetitions", "2", "--min-time", "0",
             "--output", dir.path, "--name", "elsewhere", "--datasets-dir", "", "--quiet", "--memo", ""],
            in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        let data = try Data(contentsOf: dir.appendingPathComponent("elsewhere/results.json"))
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let recorded = try #require((document["environment"] as? [String: Any])?["git_commit"] as? String)
        // The build's commit, `-dirty` when tracked files had changes when it was built.
        #expect(recorded == built, "results name \(recorded), the build \(built)")
        let version = try CLI.run(["--version"], in: dir)
        #expect(version.stdout.contains("(commit \(built), "), "\(version.stdout)")
    }
}
