import DiffBenchTestSupport
import Foundation
import HistoryStore
import Testing

/// Adding runs and reading them back: idempotent adds, every measure kept,
/// series in run order, machines never mixed.
@Suite struct HistoryStoreTests {
    @Test("Adding the same run twice changes nothing, not one byte of the file")
    func addIsIdempotent() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/h.sqlite"
        let document = try HistoryFixtures.baseline()
        let store = try HistoryStore.open(path)
        #expect(try store.add(document) == .added(runID: "\(document.environment.runName)@\(document.environment.startTime)", rows: 207))
        try store.checkpoint()
        let before = try #require(HistoryFixtures.bytes(path))
        #expect(try store.add(document) == .unchanged(runID: "\(document.environment.runName)@\(document.environment.startTime)"))
        try store.checkpoint()
        #expect(HistoryFixtures.bytes(path) == before)
        #expect(try store.runs().count == 1)
    }

    @Test("Another run under the same name and start time is refused and leaves the store as it was")
    func sameIDOtherContentRefused() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/h.sqlite"
        var document = try HistoryFixtures.baseline()
        let store = try HistoryStore.open(path)
        try store.add(document)
        try store.checkpoint()
        let before = try #require(HistoryFixtures.bytes(path))
        document.rows[3].medianNs = (document.rows[3].medianNs ?? 1) * 2
        #expect(throws: HistoryAddError.self) { try store.add(document) }
        try store.checkpoint()
        #expect(HistoryFixtures.bytes(path) == before)
    }

    @Test("Every measure of every row comes back as the document holds it, with status and reason code")
    func everyMeasureKept() throws {
        let scratch = ScratchDirectory()
        let document = try HistoryFixtures.baseline()
        let store = try HistoryStore.open(scratch.path + "/h.sqlite")
        try store.add(document)
        let runID = try #require(try store.runs().first?.runID)
        let stored = try store.rows(ofRun: runID)
        #expect(stored.count == document.rows.count)
        let byCase = Dictionary(uniqueKeysWithValues: stored.map { ("\($0.engine)/\($0.workload)/\($0.size)/\($0.parameters)/\($0.elements)", $0) })
        for row in document.rows {
            let kept = try #require(byCase[row.key], "\(row.key)")
            #expect(kept.status == row.status)
            #expect(kept.reasonCode == row.reasonCode?.rawValue)
            #expect(kept.samples == row.samples)
            #expect(kept.medianNs == row.medianNs)
            #expect(kept.spreadNs == row.spreadNs)
            #expect(kept.instructions == row.instructions)
            #expect(kept.peakHeapBytes == row.peakHeapBytes)
            #expect(kept.allocations == row.allocations)
            #expect(kept.steps == row.steps)
        }
        // The skipped rows of the baseline keep their reason codes.
        #expect(document.rows.contains { $0.reasonCode != nil })
    }

    @Test("A series holds one point per run, in run order whatever order the runs were added in")
    func seriesInRunOrder() throws {
        let scratch = ScratchDirectory()
        let base = try HistoryFixtures.baseline()
        let store = try HistoryStore.open(scratch.path + "/h.sqlite")
        let order = [5, 1, 4, 2, 3]
        for index in order { try store.add(HistoryFixtures.run(index, from: base, scale: Double(index))) }
        let row = try #require(base.rows.first { $0.engine == "heckel" && $0.workload == "feed" && $0.size == 1000 })
        let key = try #require(try store.seriesKeys(SeriesFilter(engine: "heckel", workload: "feed", size: 1000, measure: .medianNs)).first)
        let points = try store.series(key)
        #expect(points.map(\.commit) == (1...5).map { String(format: "c%011d", $0) })
        #expect(points.map(\.value) == (1...5).map { (row.medianNs ?? 0) * Double($0) })
        #expect(points.allSatisfy { $0.noise == row.spreadNs })
        // Runs are listed newest first.
        #expect(try store.runs().map(\.runName) == (1...5).reversed().map { "run-\($0)" })
        #expect(try store.runs(RunFilter(limit: 2)).map(\.runName) == ["run-5", "run-4"])
    }

    @Test("Two machines' runs make two series; neither holds the other's values")
    func machinesNeverMixed() throws {
        let scratch = ScratchDirectory()
        let base = try HistoryFixtures.baseline()
        let store = try HistoryStore.open(scratch.path + "/h.sqlite")
        try store.add(HistoryFixtures.run(1, from: base, scale: 1, cpu: "Machine A"))
        try store.add(HistoryFixtures.run(2, from: base, scale: 3, cpu: "Machine B"))
        try store.add(HistoryFixtures.run(3, from: base, scale: 1.5, cpu: "Machine A"))
        let keys = try store.seriesKeys(SeriesFilter(engine: "myers", workload: "mixed", size: 1000, measure: .medianNs))
        #expect(Set(keys.map(\.machine)).count == 2)
        let median = try #require(base.rows.first { $0.engine == "myers" && $0.workload == "mixed" && $0.size == 1000 }?.medianNs)
        for key in keys {
            let points = try store.series(key)
            if key.machine.hasPrefix("Machine A") {
                #expect(points.map(\.value) == [median, median * 1.5])
            } else {
                #expect(points.map(\.value) == [median * 3])
            }
        }
    }

    @Test("A merge of two machines' shards puts each row in its own machine's series")
    func mixedMergeSplitsByMachine() throws {
        let scratch = ScratchDirectory()
        var document = try HistoryFixtures.baseline()
        var other = document.environment
        other.cpu = "Second machine"
        document.machines = [document.environment, other]
        for index in document.rows.indices { document.rows[index].machine = index % 2 }
        let store = try HistoryStore.open(scratch.path + "/h.sqlite")
        #expect(throws: HistoryAddError.self) { try store.add(document, machine: "one-name") }
        try store.add(document)
        let stored = try store.rows(ofRun: try #require(try store.runs().first?.runID))
        let machineOf = Dictionary(uniqueKeysWithValues: stored.map { ("\($0.engine)/\($0.workload)/\($0.size)/\($0.parameters)/\($0.elements)", $0.machine) })
        for (index, row) in document.rows.enumerated() {
            #expect(machineOf[row.key]?.hasPrefix(index % 2 == 0 ? "AMD EPYC" : "Second machine") == true, "\(row.key)")
        }
    }

    @Test("A run whose rows repeat a case is refused before anything is written")
    func repeatedCaseRefused() throws {
        let scratch = ScratchDirectory()
        var document = try HistoryFixtures.baseline()
        document.rows.append(document.rows[10])
        let store = try HistoryStore.open(scratch.path + "/h.sqlite")
        let error = try #require(throws: HistoryAddError.self) { try store.add(document) }
        #expect(error.description.contains("repeats row 11"))
        #expect(try store.runs().isEmpty)
    }

    @Test("A series can be read from one branch's runs only")
    func branchFilter() throws {
        let scratch = ScratchDirectory()
        let base = try HistoryFixtures.baseline()
        let store = try HistoryStore.open(scratch.path + "/h.sqlite")
        try store.add(HistoryFixtures.run(1, from: base), branch: "main")
        try store.add(HistoryFixtures.run(2, from: base, scale: 2), branch: "topic")
        let key = try #require(try store.seriesKeys(SeriesFilter(engine: "set", measure: .instructions)).first)
        #expect(try store.series(key, branch: "main").map(\.commit) == ["c00000000001"])
        #expect(try store.series(key).count == 2)
        #expect(try store.runs(RunFilter(branch: "topic")).map(\.runName) == ["run-2"])
    }
}
