import DiffBenchTestSupport
import Foundation
import FileSupport
import RunResults
@testable import HistoryStore
import Testing

/// Where each run came from (schema version 2's `runs.source`), the upgrade
/// of a version-1 store, and the content fingerprint that tells a second
/// add of one run from another run under its name, old stores included.
@Suite struct HistorySourceTests {
    @Test("A run's folder is kept relative to the store's folder and resolves back to the folder")
    func sourceKeptRelative() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/Reports/h.sqlite"
        let store = try HistoryStore.open(path)
        let elsewhere = scratch.path + "/kept runs/run-1"
        try store.add(HistoryFixtures.run(1, from: try HistoryFixtures.baseline()), source: elsewhere)
        try store.add(HistoryFixtures.run(2, from: try HistoryFixtures.baseline()), source: scratch.path + "/Reports/run-2")
        try store.add(HistoryFixtures.run(3, from: try HistoryFixtures.baseline()))
        let runs = Dictionary(uniqueKeysWithValues: try store.runs().map { ($0.runName, $0) })
        #expect(runs["run-1"]?.source == "../kept runs/run-1")
        #expect(runs["run-2"]?.source == "run-2")
        #expect(runs["run-3"]?.source == nil)
        #expect(store.sourcePath(of: try #require(runs["run-1"])) == RelativePath.absolute(elsewhere))
        #expect(store.sourcePath(of: try #require(runs["run-3"])) == nil)
    }

    @Test("Relative paths step up with .. and are nil when only the root is shared")
    func relativePaths() {
        #expect(RelativePath.from("/a/b/c", to: "/a/b/c/d/e") == "d/e")
        #expect(RelativePath.from("/a/b/c", to: "/a/x/y") == "../../x/y")
        #expect(RelativePath.from("/a/b", to: "/a/b") == ".")
        #expect(RelativePath.from("/work/reports", to: "/tmp/run") == nil)
        #expect(RelativePath.absolute("/a/./b/../c//d") == "/a/c/d")
    }

    @Test("A version-1 store is upgraded in place: its runs and series kept, sources NULL, new adds keep theirs")
    func migrationFromVersionOne() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/h.sqlite"
        let base = try HistoryFixtures.baseline()
        do {
            let store = try HistoryStore.open(path)
            for index in 1...3 { try store.add(HistoryFixtures.run(index, from: base), source: scratch.path + "/run-\(index)") }
            try store.checkpoint()
        }
        // The file as version 1 wrote it: whole-document fingerprints, no source or fingerprint_version column, user_version 1.
        let legacy = (1...3).map { "UPDATE runs SET content = '\(RunIdentity.legacyContentFingerprint(HistoryFixtures.run($0, from: base)))' WHERE run_name = 'run-\($0)';" }
        try HistoryFixtures.sqlite(
            path, legacy.joined() + "ALTER TABLE runs DROP COLUMN source; ALTER TABLE runs DROP COLUMN fingerprint_version; PRAGMA user_version = 1")
        #expect(try HistoryFixtures.headerField(path, at: 60) == 1)
        let key = SeriesKey(
            StoredCase(
                machine: RunIdentity.machineName(base.environment), plan: RunIdentity.planSettings(base.plan, build: base.environment.buildConfiguration),
                engine: "heckel", workload: "feed", elements: "int", size: 1000),
            measure: .instructions)
        let upgraded = try HistoryStore.open(path)
        #expect(try upgraded.schemaVersion() == 3)
        try upgraded.checkpoint()
        #expect(try HistoryFixtures.headerField(path, at: 60) == 3)
        let runs = try upgraded.runs()
        #expect(runs.count == 3)
        #expect(runs.allSatisfy { $0.source == nil })
        #expect(try upgraded.series(key).count == 3)
        // An add of a run already there changes nothing; a new run keeps its source.
        #expect(try upgraded.add(HistoryFixtures.run(2, from: base), source: scratch.path + "/other") == .unchanged(runID: runs[1].runID))
        try upgraded.add(HistoryFixtures.run(4, from: base), source: scratch.path + "/run-4")
        #expect(try upgraded.runs(RunFilter(limit: 1)).first?.source == "run-4")
        #expect(try upgraded.series(key).count == 4)
    }

    @Test("A run stored under the older whole-document fingerprint is still recognised, and a changed one still refused")
    func legacyFingerprintRecognised() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/h.sqlite"
        var document = try HistoryFixtures.baseline()
        let store = try HistoryStore.open(path)
        try store.add(document)
        let legacy = RunIdentity.legacyContentFingerprint(document)
        #expect(!legacy.contains(":"))
        try HistoryFixtures.sqlite(path, "UPDATE runs SET content = '\(legacy)', fingerprint_version = 1")
        try store.checkpoint()
        let before = try #require(HistoryFixtures.bytes(path))
        #expect(try store.add(document) == .unchanged(runID: "\(document.environment.runName)@\(document.environment.startTime)"))
        let last = document.rows.count - 1
        document.rows[last].samples += 1
        #expect(throws: HistoryAddError.self) { try store.add(document) }
        try store.checkpoint()
        #expect(HistoryFixtures.bytes(path) == before)
    }

    @Test("A version-2 store is upgraded: its runs keep their version-2 fingerprints, match themselves again, and a changed run is still refused")
    func migrationFromVersionTwo() throws {
        let scratch = ScratchDirectory()
        let path = scratch.path + "/h.sqlite"
        let base = try HistoryFixtures.baseline()
        let runs = (1...2).map { HistoryFixtures.run($0, from: base) }
        do {
            let store = try HistoryStore.open(path)
            for run in runs { try store.add(run) }
        }
        // The file as schema version 2 wrote it: version-2 content fingerprints, no fingerprint_version column.
        let version2 = runs.map { RunIdentity.contentFingerprintVersion2($0, catalog: RunIdentity.catalogFingerprintVersion2($0)) }
        #expect(version2.allSatisfy { $0.hasPrefix("2:") && $0.count == 18 })
        try HistoryFixtures.sqlite(
            path,
            "UPDATE runs SET content = '\(version2[0])' WHERE run_name = 'run-1'; UPDATE runs SET content = '\(version2[1])' WHERE run_name = 'run-2'; "
                + "ALTER TABLE runs DROP COLUMN fingerprint_version; PRAGMA user_version = 2")
        let upgraded = try HistoryStore.open(path)
        #expect(try upgraded.schemaVersion() == 3)
        try upgraded.checkpoint()
        let before = try #require(HistoryFixtures.bytes(path))
        for run in runs { #expect(try upgraded.add(run) == .unchanged(runID: "\(run.environment.runName)@\(run.environment.startTime)")) }
        var changed = runs[1]
        changed.rows[7].medianNs = changed.rows[7].medianNs.map { $0.nextUp }
        #expect(throws: HistoryAddError.self) { try upgraded.add(changed) }
        try upgraded.checkpoint()
        #expect(HistoryFixtures.bytes(path) == before)
        // A new run is stored under the current version.
        try upgraded.add(HistoryFixtures.run(3, from: base))
        #expect(try upgraded.add(HistoryFixtures.run(3, from: base)) == .unchanged(runID: "run-3@2026-01-01T00:03:00Z"))
    }

    @Test("The content fingerprint changes with any row field, the environment or the plan, and not with the row's copy")
    func contentFingerprintCoversTheDocument() throws {
        let document = try HistoryFixtures.baseline()
        let catalog = RunIdentity.catalogFingerprint(document)
        let original = RunIdentity.contentFingerprint(document, catalog: catalog)
        #expect(original.hasPrefix("\(RunIdentity.fingerprintVersion):") && original.count == 18)
        #expect(RunIdentity.contentFingerprint(try HistoryFixtures.baseline(), catalog: catalog) == original)
        var changes: [RunDocument] = []
        var row = document
        row.rows[100].instructions = (row.rows[100].instructions ?? 0) + 1
        changes.append(row)
        row = document
        row.rows[200].reason += " "
        changes.append(row)
        row = document
        // The CI baseline keeps no sample quantiles: one more quantile on a row must show.
        row.rows[0].sampleQuantilesNs = (row.rows[0].sampleQuantilesNs ?? []) + [1]
        changes.append(row)
        row = document
        row.environment.seed += 1
        changes.append(row)
        row = document
        row.plan.minSamples += 1
        changes.append(row)
        row = document
        row.rows.swapAt(0, 1)
        changes.append(row)
        for (index, changed) in changes.enumerated() {
            #expect(RunIdentity.contentFingerprint(changed, catalog: catalog) != original, "change \(index)")
        }
    }
}
