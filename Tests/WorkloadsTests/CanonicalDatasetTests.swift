import DiffBenchTestSupport
import InputFiles
import Foundation
import Testing
@testable import Workloads
import RunResults

/// The committed datasets in Datasets/canonical: they must read, hold what
/// the literature says they hold, and (for generated ones) still be what the
/// generator makes — if that last check fails, the generator changed and
/// `WorkloadName.generatorVersion` must be bumped and the file regenerated.
@Suite("Canonical datasets")
struct CanonicalDatasetTests {
    static let folder = packageRoot.appendingPathComponent("Datasets/canonical")

    private func read(_ name: String) throws -> Dataset {
        try DatasetFile.read(path: CanonicalDatasetTests.folder.appendingPathComponent(name).path)
    }

    /// The text of a plain-values example.
    private func letters(_ items: [FeedItem], _ dataset: Dataset) throws -> String {
        let symbols = try #require(dataset.symbols)
        return items.map { symbols[$0.id] }.joined()
    }

    @Test("the string examples hold the literature's strings and their known distances")
    func stringExamples() throws {
        let cases: [(file: String, old: String, new: String, lcs: Int)] = [
            ("abcabba-cbabac.json", "ABCABBA", "CBABAC", 4),  // Myers: D = 7 + 6 − 2·4 = 5
            ("kitten-sitting.json", "kitten", "sitting", 4),
            ("adfgt-afoxt.json", "ADFGT", "AFOXT", 3),
            ("smartphone-harpoon.json", "SMARTPHONE", "HARPOON", 5),
            ("balloon-saloon.json", "BALLOON", "SALOON", 5),  // A L O O N
        ]
        for example in cases {
            let dataset = try read(example.file)
            #expect(dataset.workload == "example" && dataset.kind == .values, "\(example.file)")
            #expect(try letters(dataset.old, dataset) == example.old)
            #expect(try letters(dataset.new, dataset) == example.new)
            #expect(referenceLCSLength(dataset.old.map(\.id), dataset.new.map(\.id)) == example.lcs, "\(example.file)")
            #expect(dataset.size == example.old.count && dataset.parameters["source"] != nil)
        }
        let kitten = try read("kitten-sitting.json")
        #expect(levenshtein(kitten.old.map(\.id), kitten.new.map(\.id)) == 3)
    }

    @Test("the feed refresh example: [1…10] → [1, 4, 5, 6, 3, 9, 2]")
    func feedRefresh() throws {
        let dataset = try read("feed-refresh-10.json")
        #expect(dataset.kind == .identified)
        #expect(dataset.old.map(\.id) == Array(1...10))
        #expect(dataset.new.map(\.id) == [1, 4, 5, 6, 3, 9, 2])
        #expect(EditCounts(dataset.old, dataset.new) == EditCounts(deleted: 3, inserted: 0, updated: 0))
        #expect(minimumMoves(dataset.old, dataset.new) == 2)
    }

    @Test("the feed refresh with every kind of change: inserts 11, 12; delete 7; move 3; update 5")
    func feedRefreshEdits() throws {
        let dataset = try read("feed-refresh-edits.json")
        #expect(dataset.kind == .identified)
        #expect(dataset.old.map(\.id) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(dataset.new.map(\.id) == [11, 1, 2, 4, 5, 6, 3, 12, 8])
        #expect(EditCounts(dataset.old, dataset.new) == EditCounts(deleted: 1, inserted: 2, updated: 1))
        #expect(minimumMoves(dataset.old, dataset.new) == 1)
    }

    @Test("feed-100-seed1.json is still exactly what the generator makes (100 → 210)")
    func generatedFeed() throws {
        let url = CanonicalDatasetTests.folder.appendingPathComponent("feed-100-seed1.json")
        let committed = try Data(contentsOf: url)
        let regenerated = try DatasetFile.encode(WorkloadName.feed.make(size: 100, seed: 1))
        #expect([UInt8](committed) == regenerated, "the feed generator changed: bump generatorVersion and regenerate")
        let dataset = try DatasetFile.read(path: url.path)
        #expect(dataset.old.count == 100 && dataset.new.count == 210)
    }

    @Test("every canonical file reads and is described in Datasets/README.md")
    func documented() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("Datasets/README.md"), encoding: .utf8)
        let files = try FileManager.default.contentsOfDirectory(atPath: CanonicalDatasetTests.folder.path).sorted()
        #expect(files.count == 8)
        for file in files {
            #expect(file.hasSuffix(".json"))
            _ = try read(file)
            #expect(readme.contains(file), "Datasets/README.md does not mention \(file)")
        }
        for workload in WorkloadName.allCases {
            #expect(readme.contains("`\(workload.rawValue)`"), "Datasets/README.md does not describe \(workload)")
        }
    }
}
