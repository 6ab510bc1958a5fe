import Foundation
import Testing

/// Rules every test file keeps, read from the test sources themselves: a
/// loaded machine (the lead runs the whole suite while others build) must
/// not fail a test on its time limit, and no test writes into the user's
/// `Reports/` folder beside their runs.
@Suite struct TestHygieneTests {
    /// The `Tests` folder of this package.
    static let testsFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// This file, which names the patterns it looks for.
    static let ownFile = "DiffBenchKitTests/TestHygieneTests.swift"

    /// Every Swift file under `Tests/` with its text.
    static func testSources() throws -> [(name: String, text: String)] {
        let names = FileManager.default.enumerator(atPath: testsFolder.path)?.allObjects.compactMap { $0 as? String } ?? []
        return try names.filter { $0.hasSuffix(".swift") }.sorted().map {
            ($0, try String(contentsOfFile: testsFolder.path + "/" + $0, encoding: .utf8))
        }
    }

    /// The smallest time limit, 10 minutes: a limit guards against a hang,
    /// and a test that passes alone in 2 s was seen to take over 2 minutes
    /// at a load of 10–17.
    static let smallestLimitMinutes = 10

    @Test func noTimeLimitIsUnderTenMinutes() throws {
        let sources = try Self.testSources()
        #expect(sources.count > 50, "the test sources were not found under \(Self.testsFolder.path)")
        let pattern = try Regex(#"timeLimit\(\.minutes\((\d+)\)\)"#)
        var short: [String] = []
        for (name, text) in sources where name != Self.ownFile {
            for match in text.matches(of: pattern) {
                if let minutes = Int(String(match.output[1].substring ?? "")), minutes < Self.smallestLimitMinutes {
                    short.append("\(name): \(minutes) min")
                }
            }
            if text.contains(".timeLimit(.seconds(") { short.append("\(name): a limit in seconds") }
        }
        #expect(short.isEmpty, "time limits under \(Self.smallestLimitMinutes) minutes: \(short)")
    }

    /// A folder built from this package's own path (`#filePath`) and
    /// `Reports/` is the user's reports folder; tests use temporary folders
    /// (`ScratchDirectory`). Reading the recorded baselines is allowed.
    @Test func noTestWritesIntoThePackagesReportsFolder() throws {
        var offenders: [String] = []
        for (name, text) in try Self.testSources() where name != Self.ownFile {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where line.contains("appendingPathComponent(\"Reports") {
                guard !line.contains("Reports/baselines") else { continue }
                let statement = lines[max(0, index - 2)...index].joined(separator: "\n")
                if statement.contains("#filePath") || statement.contains("packageRoot") { offenders.append("\(name):\(index + 1)") }
            }
        }
        #expect(offenders.isEmpty, "tests that write under the package's Reports/: \(offenders)")
    }
}
