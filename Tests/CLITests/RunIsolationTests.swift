import DiffBenchKit
import Foundation
import Testing

/// Issue 24: an engine's fault costs only its own rows. Each test runs the
/// built `diffbench` on a small plan (heckel and set on mixed at 40 and 200,
/// as int and uuid) with one engine made faulty through
/// `DIFFBENCH_TEST_FAULT`, and asserts every surviving row and status. Each
/// fails with `--in-process`: the run then dies with the engine (trap,
/// hog), never ends (hang), or fails the drifting engine's second dataset
/// at its verification instead of naming the changed call.
@Suite(.serialized) struct RunIsolationTests {
    static let sizes = [40, 200]
    static let kinds = ["int", "uuid"]

    static func arguments(_ dir: URL, _ extra: [String] = []) -> [String] {
        ["run", "--engines", "heckel,set", "--workloads", "mixed", "--sizes", "40,200", "--elements", "int,uuid", "--repetitions", "2",
         "--min-time", "0", "--time-budget", "1", "--output", dir.path + "/Reports", "--name", "iso", "--datasets-dir", "", "--memo", "",
         "--quiet"] + extra
    }

    /// Runs the plan with `fault`; the result, the rows of results.json
    /// (after checking results.csv holds exactly the same rows) and the document.
    static func run(fault: String, _ extra: [String] = [], in dir: URL) throws -> (CLIResult, RunDocument) {
        var environment = ProcessInfo.processInfo.environment
        environment["DIFFBENCH_TEST_FAULT"] = fault
        let result = try CLI.run(arguments(dir, extra), environment: environment)
        let folder = dir.path + "/Reports/iso"
        let document = try ResultsStore.read(folder)
        let csv = try String(contentsOfFile: folder + "/results.csv", encoding: .utf8)
        #expect(csv == ResultsStore.csv(document.rows), "results.csv differs from results.json")
        #expect(document.complete)
        #expect(!FileManager.default.fileExists(atPath: folder + "/.workers"), "the workers' job folder was left behind")
        return (result, document)
    }

    /// The expected (engine, size, kind, status) of every row, in plan order,
    /// with heckel's status given per size.
    static func expected(heckel: (Int) -> ResultRow.Status) -> [String] {
        sizes.flatMap { size in
            kinds.flatMap { kind in
                ["heckel \(size) \(kind) \(heckel(size).rawValue)", "set \(size) \(kind) ok", "floor \(size) \(kind) reference"]
            }
        }
    }

    static func summary(_ document: RunDocument) -> [String] {
        document.rows.map { "\($0.engine) \($0.size) \($0.elements) \($0.status.rawValue)" }
    }

    @Test(
        .timeLimit(.minutes(10)),
        arguments: [
            ("trap:heckel:100", ResultRow.Status.crashed, "killed by SIGILL (illegal instruction) during its verification call; stderr: Harness/FaultInjection.swift:"),
            ("hang:heckel:100", .timedOut, "killed after the case's limit of 3.0 s (--case-timeout) during its verification call"),
            ("hog:heckel:100", .outOfMemory, "ran out of the case's 256 MiB (--case-memory) during its verification call"),
            // Words on stderr are not evidence: the parent saw little memory, so a crash.
            ("oom-words:heckel:100", .crashed, "killed by SIGABRT (aborted) during its verification call; stderr: Fatal error: failed to allocate"),
        ])
    func aFaultyEngineLosesOnlyItsOwnRows(fault: String, status: ResultRow.Status, reason: String) throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (result, document) = try Self.run(fault: fault, ["--case-timeout", "3", "--case-memory", String(256 << 20)], in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(Self.summary(document) == Self.expected { $0 > 100 ? status : .ok })
        for row in document.rows where row.status == .ok {
            #expect(row.verified && row.medianNs != nil && row.peakHeapBytes != nil, "\(row.engine) \(row.size): \(row.reason)")
        }
        for row in document.rows where row.status == status {
            #expect(row.reason.hasPrefix(reason), "\(row.reason)")
            #expect(!row.verified && row.medianNs == nil && row.sizeOld == 200 && row.sizeNew > 0)
            // The summary names engine, dataset, element kind and cause.
            #expect(result.stderr.contains("heckel on mixed@200 (elements \(row.elements)): \(status.rawValue): \(row.reason)"), "\(result.stderr)")
        }
        if fault.hasPrefix("trap") {
            #expect(document.rows.contains { $0.reason.contains("Fatal error: test fault: heckel traps on lists over 100 elements") })
        }
        #expect(!result.stdout.contains("Fatal error"), "the worker's stderr reached stdout")
    }

    @Test(.timeLimit(.minutes(10))) func theBriefThePageAndTargetsShowACrashAndNeverRecommendTheEngine() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        // heckel crashes on every list; set is left to recommend.
        _ = try Self.run(fault: "trap:heckel", ["--sizes", "40", "--elements", "int"], in: dir)
        var environment = ProcessInfo.processInfo.environment
        environment["DIFFBENCH_TEST_FAULT"] = nil
        let folder = dir.path + "/Reports/iso"
        let brief = try CLI.run(["chart", "--brief", folder], environment: environment)
        #expect(brief.status == 0, "\(brief.stderr)")
        let words = brief.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("1 row failed (never recommended for that kind of list): heckel crashed on mixed@40 (int)"), "\(brief.stdout)")
        #expect(words.contains("Use set"), "\(brief.stdout)")
        #expect(!brief.stdout.contains("Use heckel"), "\(brief.stdout)")
        #expect(!brief.stdout.contains("did not complete"), "\(brief.stdout)")
        let page = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        let advice = try #require(page.range(of: "<section id=\"advice\">")).upperBound
        let firstScreen = page[advice...].prefix(600)
        #expect(firstScreen.contains("<p class=\"problem\">1 row failed"), "\(firstScreen)")
        let targets = try CLI.run(["targets", folder], environment: environment)
        #expect(targets.stdout.contains("heckel mixed@40"), "\(targets.stdout)")

        // The same run marked incomplete, as an interrupted run leaves it.
        let json = folder + "/results.json"
        let text = try String(contentsOfFile: json, encoding: .utf8)
        try text.replacingOccurrences(of: "\"complete\" : true", with: "\"complete\" : false").write(toFile: json, atomically: true, encoding: .utf8)
        let incomplete = try CLI.run(["chart", "--brief", folder], environment: environment)
        #expect(incomplete.stdout.split(separator: "\n").dropFirst().first?.contains("This run did not complete") == true, "\(incomplete.stdout)")
        let again = try String(contentsOfFile: folder + "/index.html", encoding: .utf8)
        #expect(again.contains("<p class=\"problem\">This run did not complete"))
    }

    @Test(.timeLimit(.minutes(10))) func anAnswerThatChangesAfterTheFirstCallFailsNamingTheCall() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (result, document) = try Self.run(fault: "drift:heckel", in: dir)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(Self.summary(document) == Self.expected { _ in .failed })
        for row in document.rows where row.engine == "heckel" {
            // Call 1 verified; the first timed call (call 2) answered empty.
            #expect(row.reason.hasPrefix("answer changed on call 2 of "), "\(row.size) \(row.elements): \(row.reason)")
            #expect(!row.verified && row.medianNs == nil)
        }
        #expect(result.stderr.contains("heckel on mixed@40 (elements uuid): failed: answer changed on call 2 of "), "\(result.stderr)")
    }

    @Test(.timeLimit(.minutes(10))) func whatAnEngineTimedByRunPrintsStaysOutOfStandardOutput() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for extra in [[], ["--in-process"]] {
            let (result, document) = try Self.run(fault: "chatter:heckel", extra, in: dir)
            #expect(result.status == 0, "\(extra): \(result.stderr)")
            #expect(Self.summary(document) == Self.expected { _ in .ok })
            #expect(!result.stdout.contains("test fault"), "\(extra): \(result.stdout)")
            #expect(result.stdout.hasPrefix("engine "), "\(extra): \(result.stdout)")
        }
    }

    @Test func caseLimitsAreRefusedWhenTheyMakeNoSense() throws {
        let dir = try CLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for extra in [["--case-timeout", "0"], ["--case-timeout", "inf"], ["--case-memory", "1000"], ["--in-process", "--case-timeout", "5"]] {
            let result = try CLI.run(Self.arguments(dir, extra))
            #expect(result.status == 2, "\(extra): \(result.stderr)")
            #expect(result.stderr.contains("--case-"), "\(extra): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.path + "/Reports"))
    }
}
