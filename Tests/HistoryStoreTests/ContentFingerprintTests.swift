import DiffBenchTestSupport
import Foundation
import Formats
import HistoryStore
import Testing

/// The run's content fingerprint, which tells a second `add` of the same run
/// from a different run under the same id: every field counts, and a store
/// written with the older (JSON-text) fingerprint still sees a re-added run
/// as unchanged.
@Suite struct ContentFingerprintTests {
    @Test("every field of a random row, of the environment and of the plan changes the fingerprint; the same document does not", .timeLimit(.minutes(10)))
    func everyFieldCounts() throws {
        let base = HistoryFixtures.run(1, from: try HistoryFixtures.baseline())
        let fingerprint = RunIdentity.contentFingerprint(base)
        #expect(fingerprint.count == 16 && fingerprint != "none")
        #expect(RunIdentity.contentFingerprint(HistoryFixtures.run(1, from: try HistoryFixtures.baseline())) == fingerprint)
        var random = TestRandom(seed: 36)
        var changed: [(String, RunDocument)] = []
        for _ in 0..<20 {
            let row = Int(random.next() % UInt64(base.rows.count))
            var document = base
            document.rows[row].medianNs = (document.rows[row].medianNs ?? 0) + 1
            changed.append(("median of row \(row)", document))
            document = base
            document.rows[row].steps = (document.rows[row].steps ?? 0) + 1
            changed.append(("steps of row \(row)", document))
        }
        var reordered = base
        reordered.rows.swapAt(0, 1)
        changed.append(("two rows swapped", reordered))
        var environment = base
        environment.environment.swiftVersion += " "
        changed.append(("the Swift version", environment))
        var plan = base
        plan.plan.minSamples += 1
        changed.append(("the plan's repetitions", plan))
        for (what, document) in changed {
            #expect(RunIdentity.contentFingerprint(document) != fingerprint, "\(what) left the fingerprint as it was")
        }
    }

    @Test("a run stored with the older JSON-text fingerprint is unchanged when added again; another run under its id is still refused", .timeLimit(.minutes(10)))
    func olderStoresStillMatch() throws {
        let folder = ScratchDirectory()
        let path = folder.path + "/history.sqlite"
        let document = HistoryFixtures.run(3, from: try HistoryFixtures.baseline())
        let store = try HistoryStore.open(path)
        _ = try store.add(document)
        // As an older build wrote it.
        try HistoryFixtures.sqlite(path, "UPDATE runs SET content = '\(RunIdentity.legacyContentFingerprint(document))'")
        #expect(try store.add(document) == .unchanged(runID: "run-3@" + document.environment.startTime))
        var other = document
        other.rows[0].medianNs = (other.rows[0].medianNs ?? 0) * 2
        #expect(throws: HistoryAddError.self) { try store.add(other) }
    }
}
