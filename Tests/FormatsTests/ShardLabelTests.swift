import Foundation
import Testing
@testable import RunResults
import DiffBenchTestSupport

/// The shard label is typed from `--shard` to results.json: every valid
/// `K/N` survives the trip as text, and no impossible label gets in.
@Suite struct ShardLabelTests {
    @Test("K/N parses exactly when 1 ≤ K ≤ N, and a label reads back from its text")
    func parsesOnlyPossibleLabels() {
        for count in -1...6 {
            for index in -1...7 {
                let possible = count >= 1 && index >= 1 && index <= count
                let label = ShardLabel("\(index)/\(count)")
                #expect((label != nil) == possible, "\(index)/\(count)")
                #expect((ShardLabel(index: index, count: count) != nil) == possible)
                if let label { #expect(ShardLabel(label.description) == label && label.index == index && label.count == count) }
            }
        }
        for text in ["", "/", "1", "1/", "/2", "1/2/3", "a/2", "1/b", "1.0/2", "0x1/2"] {
            #expect(ShardLabel(text) == nil, "\(text)")
        }
        #expect(ShardLabel(" 2 / 4 ") == ShardLabel(index: 2, count: 4))
    }

    @Test("results.json with an impossible shard label is refused, naming the file, its line and the label")
    func impossibleLabelIsRefused() throws {
        let scratch = ScratchDirectory()
        var document = RunDocumentCatalogTests.document()
        document.plan.shard = ShardLabel(index: 2, count: 3)
        try ResultsStore.write(document, to: scratch.path)
        let path = scratch.path + "/results.json"
        #expect(try ResultsStore.read(path).plan.shard == ShardLabel(index: 2, count: 3))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains("\"shard\" : \"2/3\"") || text.contains("\"shard\":\"2/3\""))
        try text.replacingOccurrences(of: "2/3", with: "4/3").write(toFile: path, atomically: true, encoding: .utf8)
        let error = #expect(throws: (any Error).self) { try ResultsStore.read(path) }
        let message = String(describing: try #require(error))
        #expect(message.contains("results.json:") && message.contains("shard label \"4/3\""), "\(message)")
    }
}
