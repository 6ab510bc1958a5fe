@testable import DiffBenchKit
import Foundation
import DiffBenchTestSupport
import Testing

/// `history bisect` and its script, on scratch git repositories whose
/// "build" the test controls (a fake diffbench that writes a results file
/// with a count the commit holds), and once for real under callgrind.
@Suite(.serialized, .tags(.process, .valgrind)) struct HistoryBisectTests {
    static let toolsInstalled = ["git", "jq", "valgrind"].allSatisfy { tool in
        ["/usr/bin/", "/usr/local/bin/", "/bin/"].contains { FileManager.default.isExecutableFile(atPath: $0 + tool) }
    }

    /// The fake build: copies `fake-diffbench` to the executable path the
    /// script runs, or fails when the commit holds a file `BROKEN`.
    static let fakeBuild = """
        #!/bin/sh
        [ -e BROKEN ] && { echo 'error: this commit does not compile' >&2; exit 1; }
        mkdir -p "$(dirname "$1")" && cp fake-diffbench "$1" && chmod +x "$1"
        """

    /// The fake diffbench: records its arguments, one per line, and writes
    /// the row the script looks for with the count in `count.txt`; its
    /// names come from its own arguments, so a row is found only when they
    /// arrive intact.
    static let fakeDiffbench = #"""
        #!/usr/bin/env bash
        printf '%s\n' "$@" > "$(git rev-parse --show-toplevel)/../arguments.txt"
        while [ $# -gt 0 ]; do
            case "$1" in
                --engines) engine=$2; shift ;; --workloads) workload=$2; shift ;; --elements) kind=$2; shift ;;
                --sizes) size=$2; shift ;; --output) output=$2; shift ;; --name) name=$2; shift ;;
            esac
            shift
        done
        mkdir -p "$output/$name"
        jq -n --arg e "$engine" --arg w "$workload" --arg k "$kind" --argjson n "$size" --argjson c "$(cat count.txt)" \
            '{rows: [{engine: "stdlib", workload: $w, elements: $k, size: $n, instructions: 1}, {engine: $e, workload: $w, elements: $k, size: $n, instructions: $c}]}' \
            > "$output/$name/results.json"
        """#

    /// A scratch repository: one commit per entry, each with `count.txt`
    /// (nil: the commit holds `BROKEN` and does not build). Returns the
    /// repository and the commit hashes.
    static func scratchRepository(_ counts: [Int?], in folder: URL) throws -> (URL, [String]) {
        let repository = folder.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try git(["init", "--quiet", "-b", "main"], in: repository)
        _ = try CLI.write(fakeBuild, to: "build.sh", in: repository)
        _ = try CLI.write(fakeDiffbench, to: "fake-diffbench", in: repository)
        var commits: [String] = []
        for (index, count) in counts.enumerated() {
            let broken = repository.appendingPathComponent("BROKEN")
            if let count {
                try? FileManager.default.removeItem(at: broken)
                _ = try CLI.write("\(count)\n", to: "count.txt", in: repository)
            } else {
                _ = try CLI.write("\n", to: "BROKEN", in: repository)
            }
            try git(["add", "-A"], in: repository)
            try git(["-c", "user.name=t", "-c", "user.email=t@t", "commit", "--quiet", "-m", "commit \(index)"], in: repository)
            commits.append(try git(["rev-parse", "HEAD"], in: repository))
        }
        return (repository, commits)
    }

    @discardableResult
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        let result = try CLI.run(arguments, in: directory, executable: URL(fileURLWithPath: "/usr/bin/git"))
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func runScript(_ script: String, _ arguments: [String] = [], in directory: URL) throws -> CLIResult {
        try CLI.run([script] + arguments, in: directory, executable: URL(fileURLWithPath: "/bin/bash"))
    }

    @Test("the script exits 0 on a good commit, 1 on a bad one, 125 where the build fails, and git bisect finds the first bad one",
          .enabled(if: toolsInstalled, "git, jq or valgrind is missing: the bisect script stops without them"))
    func exitCodesAndBisection() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repository, commits) = try Self.scratchRepository([100_000, 101_000, nil, 100_500, 104_000, 104_100, nil, 103_900], in: folder)
        let script = folder.appendingPathComponent("bisect.sh").path
        let written = try CLI.run(
            ["history", "bisect", "--engine", "heckel", "--workload", "feed", "--size", "1000", "--threshold", "3%", "--good", "100000",
             "--build-command", "sh build.sh bin/diffbench", "--diffbench", "bin/diffbench", "--write", script], in: repository)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: script))
        // good 100,000 + 3 % = 103,000: at or below is good.
        let expected: [Int32] = [0, 0, 125, 0, 1, 1, 125, 1]
        for (commit, status) in zip(commits, expected) {
            try Self.git(["checkout", "--quiet", commit], in: repository)
            let result = try Self.runScript(script, in: repository)
            #expect(result.status == status, "\(commit.prefix(8)): \(result.stderr)")
        }
        try Self.git(["checkout", "--quiet", "main"], in: repository)
        try Self.git(["bisect", "start", commits[7], commits[0]], in: repository)
        let bisect = try CLI.run(["bisect", "run", script], in: repository, executable: URL(fileURLWithPath: "/usr/bin/git"))
        #expect((bisect.stdout + bisect.stderr).contains("\(commits[4]) is the first bad commit"), "\(bisect.stdout)\n\(bisect.stderr)")
        try Self.git(["bisect", "reset"], in: repository)
    }

    @Test("--good-commit counts the series at that commit with the script itself, in a worktree it removes",
          .enabled(if: toolsInstalled, "git, jq or valgrind is missing"))
    func goodCommitIsCounted() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repository, commits) = try Self.scratchRepository([200_000, 260_000], in: folder)
        let result = try CLI.run(
            ["history", "bisect", "--engine", "myers", "--workload", "mixed", "--size", "100", "--threshold", "2500",
             "--good-commit", String(commits[0].prefix(10)), "--build-command", "sh build.sh bin/diffbench", "--diffbench", "bin/diffbench"],
            in: repository)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("limit=202500\n"), "\(result.stdout)")
        #expect(result.stdout.contains("Good: 200000 instructions (counted at"))
        #expect(try Self.git(["worktree", "list", "--porcelain"], in: repository).components(separatedBy: "worktree ").count == 2)
        let unbuildable = try Self.scratchRepository([nil], in: folder.appendingPathComponent("second"))
        let failed = try CLI.run(
            ["history", "bisect", "--engine", "myers", "--workload", "mixed", "--size", "100", "--threshold", "2500",
             "--good-commit", "HEAD", "--build-command", "sh build.sh bin/diffbench", "--diffbench", "bin/diffbench"],
            in: unbuildable.0)
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("could not be built or counted"))
    }

    @Test("hostile names reach the measuring command intact and run nothing", .enabled(if: toolsInstalled, "git, jq or valgrind is missing"))
    func hostileNamesAreQuoted() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (repository, _) = try Self.scratchRepository([5_000], in: folder)
        let hostile = [
            "x'; touch ../PWNED1; '", "$(touch ../PWNED2)", "`touch ../PWNED3`", "a\nb; touch ../PWNED4", "\"; touch ../PWNED5; \"", "-- --engines",
        ]
        for (index, name) in hostile.enumerated() {
            let executable = "bin dir/$(touch ../PWNED6) \(index)"
            let script = BisectScript(
                engine: name, workload: WorkloadName(name + "w"), elements: "int", size: 100, seed: 1, limit: 6_000, limitNote: "note \(name)",
                buildCommand: "sh build.sh " + ShellWord.quoted(executable), executable: executable)
            let path = try CLI.write(script.text, to: "hostile.sh", in: folder)
            let result = try Self.runScript(path, in: repository)
            #expect(result.status == 0, "\(name.debugDescription): \(result.stderr)")
            let arguments = try String(contentsOf: folder.appendingPathComponent("arguments.txt"), encoding: .utf8)
            #expect(arguments.contains("--engines\n\(name)\n--workloads\n\(name)w\n"), "\(arguments)")
            let planted = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("PWNED") }
            #expect(planted.isEmpty, "\(name.debugDescription) ran \(planted)")
        }
    }

    @Test("bad usage exits 2 naming the problem")
    func badUsage() throws {
        let base = ["history", "bisect", "--engine", "heckel", "--workload", "feed", "--size", "1000"]
        let cases: [([String], String)] = [
            (base + ["--threshold", "3%"], "--good"),
            (base + ["--threshold", "3%", "--good", "5", "--good-commit", "HEAD"], "one of them"),
            (base + ["--threshold", "0.03", "--good", "5"], "neither a count"),
            (["history", "bisect", "--engine", "nosuch", "--workload", "feed", "--size", "1000", "--threshold", "3%", "--good", "5"], "unknown engine"),
            (["history", "bisect", "--engine", "heckel", "--workload", "nosuch", "--size", "1000", "--threshold", "3%", "--good", "5"], "unknown workload"),
            (base + ["--threshold", "3%", "--good", "-4"], "--good"),
        ]
        for (arguments, message) in cases {
            let result = try CLI.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test("the script counts a real case under callgrind, and a 3 % slower engine is bad",
          .enabled(if: toolsInstalled, "valgrind, jq or git is missing: no real count"), .timeLimit(.minutes(10)))
    func realCountUnderCallgrind() throws {
        let folder = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = folder.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        try Self.git(["init", "--quiet"], in: repository)
        // The build is this test's own diffbench: nothing to build, the executable given by its full path.
        let script = BisectScript(
            engine: "heckel", workload: "mixed", elements: "int", size: 1000, seed: 1, limit: nil, limitNote: "",
            buildCommand: "true", executable: CLI.executable.path)
        let counter = try CLI.write(script.text, to: "count.sh", in: folder)
        let counted = try Self.runScript(counter, ["--count"], in: repository)
        #expect(counted.status == 0, "\(counted.stderr)")
        let good = try #require(Int(counted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(counted.stdout)")
        #expect(good > 10_000)
        var judging = script
        judging.limit = BisectThreshold.fraction(0.02).limit(above: good)
        let judge = try CLI.write(judging.text, to: "judge.sh", in: folder)
        #expect(try Self.runScript(judge, in: repository).status == 0)
        // The harness's fault hook adds work to heckel's calls (measured +6–8 % for 3 %).
        let slower = try CLI.run(
            [judge], in: repository, environment: ProcessInfo.processInfo.environment.merging(["DIFFBENCH_TEST_FAULT": "work:heckel:3"]) { $1 },
            executable: URL(fileURLWithPath: "/bin/bash"))
        #expect(slower.status == 1, "\(slower.stderr)")
    }
}
