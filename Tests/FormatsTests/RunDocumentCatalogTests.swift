import Foundation
import Testing
@testable import RunResults
import DiffBenchTestSupport

/// results.json's catalog records (`workloads`, `element_kinds`, `targets`,
/// the engines' `claims`): written and read back whole; absent from an older
/// file, which still reads; and each top-level field is in the README table.
@Suite struct RunDocumentCatalogTests {
    static func document() -> RunDocument {
        let environment = RunEnvironment(
            swiftVersion: "6.3", os: "test", cpu: "test", cores: 2, memoryBytes: 1 << 30, buildConfiguration: "release",
            gitCommit: "abc", seed: 1, startTime: "2026-01-01T00:00:00Z", runName: "catalog")
        let plan = PlanSummary(
            engines: ["myers", "stdlib", "floor"], workloads: ["sectioned"], sizes: [100], extraCases: [], minSamples: 10,
            minTimeSeconds: 0.1, timeBudgetSeconds: 3, lcsMemoryBudgetBytes: 1 << 28, elements: ["int", "uuid"], deadlineSeconds: 1)
        var document = RunDocument(
            environment: environment, plan: plan, complete: true,
            engines: [
                EngineInfo(name: "myers", summary: "Myers 1986", colour: "#0072B2", symbol: 5, cost: .trimmedDifferencesSquared, claims: ["minimal-edits", "honours-bounds"]),
                EngineInfo(name: "stdlib", summary: "difference(from:)", colour: "#D55E00", symbol: 13, claims: []),
            ], rows: [])
        document.workloads = [
            WorkloadInfo(
                name: "sectioned", summary: "a grouped feed",
                parameters: [WorkloadInfo.Parameter(name: "sections", defaultValue: "10", help: "number of sections")], ids: .unique,
                sizeChange: "n → ≈ n rows", sectioned: true)
        ]
        document.elementKinds = [ElementKindInfo(name: "int", summary: "integer ids"), ElementKindInfo(name: "uuid", summary: "UUID strings")]
        document.targets = [
            PerformanceTarget(
                id: "anchor-uuid-int-text-1000", area: "anchor uuid ÷ anchor int", measure: .init("median-ratio"), engines: ["anchor"],
                reference: "anchor", referenceElements: "int", workloads: ["text"], sizes: [1_000], elements: ["uuid"], limit: 1.2),
            PerformanceTarget(
                id: "lcs-bytes-per-cell-mixed-5000", area: "lcs bytes per cell", measure: .init("peak-heap-per-cell"), engines: ["lcs"],
                workloads: ["mixed"], sizes: [5_000], limit: 2, comparison: .atLeast, allowancePerElement: 64),
        ]
        return document
    }

    @Test("the records are written and read back as they were, under their documented keys")
    func roundTrip() throws {
        let scratch = ScratchDirectory()
        let document = Self.document()
        try ResultsStore.write(document, to: scratch.path)
        let read = try ResultsStore.read(scratch.path)
        #expect(read == document)
        #expect(read.engines?.first?.honoursBounds == true)
        #expect(read.engines?.last?.honoursBounds == false)
        let text = try String(contentsOfFile: scratch.path + "/results.json", encoding: .utf8)
        for key in ["\"element_kinds\"", "\"size_change\"", "\"reference_elements\"", "\"allowance_per_element\"", "\"claims\"", "\"at-least\"", "\"default\""] {
            #expect(text.contains(key), "\(key)")
        }
    }

    @Test("a file written before the records existed reads, with each one absent")
    func olderFileReads() throws {
        let scratch = ScratchDirectory()
        let document = Self.document()
        try ResultsStore.write(document, to: scratch.path)
        let path = scratch.path + "/results.json"
        var object = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        for key in ["workloads", "element_kinds", "targets"] { object.removeValue(forKey: key) }
        object["engines"] = (object["engines"] as? [[String: Any]])?.map { engine in engine.filter { $0.key != "claims" } }
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
        let read = try ResultsStore.read(path)
        #expect(read.workloads == nil && read.elementKinds == nil && read.targets == nil)
        #expect(read.engines?.first?.honoursBounds == nil)
        #expect(read.plan == document.plan)
    }

    /// The first cell's names of each row of README's "### `results.json` fields" table.
    static func documentedFields() throws -> Set<String> {
        try DocumentedColumnsTests.documentedNames(under: "### `results.json` fields", in: DocumentedColumnsTests.readme)
    }

    @Test("README's results.json table names every top-level field a complete document has, and no other")
    func everyFieldDocumented() throws {
        var document = Self.document()
        document.machines = [document.environment]
        document.datasets = []
        let object = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as? [String: Any])
        #expect(object.count >= 12)
        let documented = try Self.documentedFields()
        #expect(Set(object.keys).subtracting(documented).isEmpty, "undocumented: \(Set(object.keys).subtracting(documented).sorted())")
        #expect(documented.subtracting(object.keys).isEmpty, "documented but absent: \(documented.subtracting(object.keys).sorted())")
    }
}
