import Foundation
import RunResults
import Testing
@testable import Workloads

/// Each workload's declared data shape (recorded with every run in
/// results.json's `workloads`) is what its generator makes, and is the one
/// Datasets/README.md's table states.
@Suite struct DeclaredShapeTests {
    @Test("declared unique ids never repeat, declared repeating ids do, and sections are declared where the lists have them",
          arguments: WorkloadCatalog.all.map(\.name.rawValue))
    func shapeHolds(name: String) throws {
        let descriptor = try #require(WorkloadCatalog.descriptor(named: name))
        for size in [12, 300] {
            let dataset = try descriptor.name.make(size: size, seed: 7)
            let shape = DatasetShape(dataset, generated: true)
            if descriptor.ids == .unique { #expect(!shape.idsRepeat, "\(name)@\(size)") }
            if descriptor.ids == .repeating && size == 300 { #expect(shape.idsRepeat, "\(name)@\(size)") }
            #expect(shape.sectioned == descriptor.sectioned, "\(name)@\(size)")
        }
        #expect(descriptor.info.name == name && descriptor.info.ids == descriptor.ids)
        #expect(descriptor.info.parameters.map(\.name) == descriptor.parameters.map(\.name))
    }

    @Test("Datasets/README.md's old → new column is each workload's declared size change")
    func readmeAgrees() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("Datasets/README.md"), encoding: .utf8)
        var stated: [String: String] = [:]
        for line in readme.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4, let name = cells[0].firstMatch(of: /^`([a-z-]+)`$/)?.1 else { continue }
            stated[String(name)] = cells[2]
        }
        for descriptor in WorkloadCatalog.all {
            #expect(stated[descriptor.name.rawValue] == descriptor.sizeChange, "\(descriptor.name)")
        }
    }
}
