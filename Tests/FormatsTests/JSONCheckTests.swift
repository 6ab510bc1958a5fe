import Foundation
import Testing
@testable import InputFiles
@testable import RunResults

/// Issue 25: results files are read without the positioned tree when the
/// quick check (``JSONParser/accepts(_:)``) says the text is
/// good, so the check must never accept a text the parser refuses.
@Suite("JSON quick check")
struct JSONCheckTests {
    static let texts: [String] = [
        "[]", "{}", " [1, -2.5e3, true, false, null, \"a\"] ", #"{"a": {"b": [1, {"c": "é😀"}]}, "d": "\u00e9\ud83d\ude00"}"#,
        #"{"s": "tab\tx"}"#, "", "   ", "[1,]", "[1 2]", "{\"a\" 1}", "{\"a\": 1,}", "{a: 1}", "[01]", "[1.]", "[-]", "[1e]",
        "[tru]", "[nul]", "[\"open", "[\"line\nbreak\"]", #"["\x"]"#, #"["\u12"]"#, #"["\ud800"]"#, #"["\udc00"]"#,
        #"["\ud800\u0041"]"#, "[1] 2", "[[[", "{\"a\": 1, \"a\": 2}", "[{\"k\": 1, \"j\": {\"k\": 2}, \"k\": 3}]",
        "{" + (0..<40).map { "\"k\($0)\": 0" }.joined(separator: ", ") + ", \"k7\": 1}",
        String(repeating: "[", count: 511) + String(repeating: "]", count: 511),
        String(repeating: "[", count: 512) + String(repeating: "]", count: 512),
    ]

    static func parses(_ bytes: [UInt8]) -> Bool { (try? JSONParser.parse(bytes)) != nil }

    @Test("the quick check accepts a text exactly when the parser does", arguments: texts)
    func agreesWithTheParser(text: String) {
        let bytes = Array(text.utf8)
        #expect(JSONParser.accepts(bytes) == Self.parses(bytes), "\(text.prefix(60))")
    }

    @Test("invalid UTF-8 in a string fails the quick check as it fails the parser", arguments: HostileJSONTests.badSequences)
    func invalidUTF8(sequence: [UInt8]) {
        let bytes = Array("{\"a\": \"x".utf8) + sequence + Array("y\"}".utf8)
        #expect(!JSONParser.accepts(bytes))
        #expect(!JSONParser.accepts(Array("[\"".utf8) + sequence))
    }

    @Test("a key written with an escape is left to the parser, which finds it repeated", arguments: [
        (#"{"a": 1, "\u0061": 2}"#, false), (#"{"\u0061": 1}"#, true),
    ])
    func escapedKeysAreUndecided(text: String, parses: Bool) {
        #expect(!JSONParser.accepts(Array(text.utf8)))
        #expect(Self.parses(Array(text.utf8)) == parses)
    }
}

/// The quick decoder must give what `JSONDecoder` gives, or nothing.
@Suite("Quick results decoding")
struct QuickDecodingTests {
    static func document(label: String, median: Double) -> RunDocument {
        var row = ResultRow(engine: "heckel", workload: WorkloadName(label), size: 10, sizeOld: 10, sizeNew: 12, seed: 7, parameters: "p=1")
        row.medianNs = median
        row.status = .skipped
        row.peakHeapBytes = Int.max
        row.reason = label
        var other = row
        other.engine = "myers"
        other.medianNs = nil
        let environment = RunEnvironment(
            swiftVersion: "6.3", os: "Linux", cpu: "cpu \"x\"", cores: 2, memoryBytes: 1, buildConfiguration: "release",
            gitCommit: "abc", seed: 7, startTime: "2026-01-01T00:00:00Z", runName: label)
        let plan = PlanSummary(
            engines: ["heckel", "myers"], workloads: [WorkloadName(label)], sizes: [10], extraCases: [], minSamples: 1, minTimeSeconds: 0.1,
            timeBudgetSeconds: 5, lcsMemoryBudgetBytes: 1 << 28)
        return RunDocument(environment: environment, plan: plan, complete: true, rows: [row, other])
    }

    @Test("a written results file decodes quickly to what Foundation decodes", arguments: [
        ("plain", 1_234.5), ("tab\there, \"quoted\", back\\slash, é😀 → \u{1}", 0.1), ("tiny", Double.leastNonzeroMagnitude), ("huge", 1.7976931348623157e308),
        ("infinite", Double.infinity), ("negative", -2.5e-10),
    ])
    func agreesWithFoundation(label: String, median: Double) throws {
        let text = try ResultsStore.json(Self.document(label: label, median: median))
        let foundation = try ResultsStore.decoder().decode(RunDocument.self, from: Data(text.utf8))
        let quick = try #require(QuickJSONDecoder.decode(RunDocument.self, from: Array(text.utf8)))
        #expect(quick == foundation)
    }

    @Test("what Foundation would read otherwise is left to it", arguments: [
        ("\"version\" : \(RunDocument.currentVersion)", "\"version\" : \(RunDocument.currentVersion).0"), (#""seed" : 7"#, #""seed" : 7.0"#), (#""size" : 10"#, #""size" : 1e1"#),
        (#""cores" : 2"#, #""cores" : 99999999999999999999"#), (#""median_ns" : 1234.5"#, #""median_ns" : 1e400"#),
    ])
    func undecidedTextsGoToFoundation(original: String, replacement: String) throws {
        let text = try ResultsStore.json(Self.document(label: "plain", median: 1_234.5))
        #expect(ResultsStore.quickly(Array(text.utf8)) != nil)
        #expect(text.contains(original))
        #expect(ResultsStore.quickly(Array(text.replacingOccurrences(of: original, with: replacement).utf8)) == nil)
    }
}
