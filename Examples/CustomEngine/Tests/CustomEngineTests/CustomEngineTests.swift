@testable import custom_bench
import DiffEngineChecks
import Foundation
import Testing

/// The example's engines held to the engine contract, the way DiffBench
/// holds its own (the conformance kit), and the guide's adapter kept equal
/// to the code that compiles here.
@Suite struct CustomEngineTests {
    @Test func plainLCSKeepsTheContractAndIsAShortestScript() throws {
        let report = try checkDiffEngine(PlainLCSEngine())
        #expect(PlainLCSEngine.claims.contains(.minimalEdits))
        #expect(report.calls > 0)
    }

    @Test func theWrappedLibraryKeepsTheContract() throws {
        let report = try checkDiffEngine(VendorEngine())
        #expect(report.calls > 0)
    }

    @Test func theGuidesAdapterIsTheCodeThatCompilesHere() throws {
        let here = URL(fileURLWithPath: #filePath)
        let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let guide = try String(contentsOf: root.appendingPathComponent("../../Guides/WrappingLibraries.md"), encoding: .utf8)
        let source = try String(contentsOf: root.appendingPathComponent("Sources/custom-bench/VendorEngine.swift"), encoding: .utf8)
        let start = "/// Makes any element diffable"
        let adapter = try #require(source.range(of: start).map { String(source[$0.lowerBound...]) })
        #expect(guide.contains(adapter.trimmingCharacters(in: .whitespacesAndNewlines)),
                "Guides/WrappingLibraries.md's adapter differs from Sources/custom-bench/VendorEngine.swift")
    }
}
