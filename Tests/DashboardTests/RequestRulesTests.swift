@testable import Dashboard
import Foundation
import Testing

/// The dashboard's request rules in process: path segments, the form, the
/// teach arguments and the file lookup, each against hostile input.
@Suite struct RequestRulesTests {
    @Test(arguments: [
        "/runs/..", "/runs/a/../b", "/runs/%2e%2e/x", "/runs/%2E%2e/x", "/runs/a%2f..%2fb", "/runs/.hidden", "/runs/%00",
        "/runs/a%5cb", "/runs/%ff%fe", "/runs/./a",
    ])
    func aSegmentThatIsNotAPlainNameIsRefused(path: String) {
        #expect(throws: HTTPFailure.self) { try RequestPath.segments(of: path, after: "/runs/") }
    }

    @Test func plainSegmentsAreDecodedOnce() throws {
        let (segments, trailing) = try RequestPath.segments(of: "/runs/ci/run%20one/%252e%252e/page.html", after: "/runs/")
        #expect(segments == ["ci", "run one", "%2e%2e", "page.html"])
        #expect(!trailing)
        #expect(RequestPath.encoded(segments) == "ci/run%20one/%252e%252e/page.html")
    }

    @Test func theFormKeepsWhatWasTypedAndRefusesUnknownEngines() throws {
        let fields = try FormFields.decode("old=a+b%0D%0Ac&new=%3Cscript%3E&mode=lines&engine=heckel")
        let request = try TeachRequest(form: fields, engines: ["myers", "heckel"])
        #expect(request == TeachRequest(old: "a b\nc", new: "<script>", lines: true, engine: "heckel"))
        // The files teach reads end every text that is not empty with a line break, as typed lines do.
        #expect(request.lineFiles == ("a b\nc\n", "<script>\n"))
        #expect(TeachRequest(old: "", new: "x\n", lines: true, engine: "myers").lineFiles == ("", "x\n"))
        #expect(throws: HTTPFailure.self) { try TeachRequest(form: ["old": "a", "new": "b", "engine": "--help"], engines: ["myers"]) }
        #expect(throws: HTTPFailure.self) { try TeachRequest(form: ["old": "a", "new": "b", "mode": "words"], engines: ["myers"]) }
        #expect(throws: HTTPFailure.self) { try FormFields.decode("old=%E0%A4") }
    }

    /// The quiz checkbox, when ticked, opens the stepper as a quiz (`teach
    /// --quiz`, before the `--` that ends the options); unticked, it is absent.
    @Test func theQuizBoxAsksTeachForAQuiz() throws {
        let ticked = try TeachRequest(form: FormFields.decode("old=ab&new=ba&quiz=on"), engines: ["myers"])
        let arguments = ticked.arguments(output: "/o", oldFile: "/a", newFile: "/b")
        let quiz = try #require(arguments.firstIndex(of: "--quiz"))
        #expect(quiz < (arguments.firstIndex(of: "--") ?? 0))
        let plain = try TeachRequest(form: FormFields.decode("old=ab&new=ba"), engines: ["myers"])
        #expect(!plain.arguments(output: "/o", oldFile: "/a", newFile: "/b").contains("--quiz"))
        #expect(DashboardPage.teach(engines: ["myers"], request: ticked, failure: nil).contains("id=\"quiz\" checked"))
    }

    /// Text that looks like an option reaches teach as a list, never as an option.
    @Test func typedTextNeverBecomesAnOption() {
        let chars = TeachRequest(old: "--output", new: "-x", lines: false, engine: "myers").arguments(output: "/o", oldFile: "/a", newFile: "/b")
        let separator = try! #require(chars.firstIndex(of: "--"))
        #expect(Array(chars[separator...]) == ["--", "--output", "-x"])
        let lines = TeachRequest(old: "x", new: "y", lines: true, engine: "myers").arguments(output: "/o", oldFile: "/a", newFile: "/b")
        #expect(Array(lines.suffix(4)) == ["--lines", "--", "/a", "/b"])
    }

    /// A link inside a run that leads out is refused, one that stays inside the run is served.
    @Test func theFileLookupResolvesLinks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("dashboard-rules-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let run = root.appendingPathComponent("reports/run")
        try FileManager.default.createDirectory(at: run, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: run.appendingPathComponent("results.json"))
        try Data("page".utf8).write(to: run.appendingPathComponent("index.html"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: run.path + "/out.txt", withDestinationPath: "../../secret.txt")
        try FileManager.default.createSymbolicLink(atPath: run.path + "/same.html", withDestinationPath: "index.html")
        let folder = try ReportsFolder(root.appendingPathComponent("reports").path)
        #expect(folder.runs().map(\.name) == ["run"])
        #expect(try folder.runFile(["run"]).hasSuffix("/run/index.html"))
        #expect(try folder.runFile(["run", "same.html"]).hasSuffix("/run/index.html"))
        #expect(throws: HTTPFailure.self) { try folder.runFile(["run", "out.txt"]) }
    }
}
