import DiffBenchTestSupport
import Foundation
import FileSupport
import HistoryStore
import Testing

/// Several writers making one new store at once: each must see the store
/// either before it was made or after it was migrated, never between.
@Suite struct HistoryOpenRaceTests {
    /// A lock-protected list the opening threads report into.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [String] = []
        func append(_ item: String) { lock.withLock { items.append(item) } }
        var all: [String] { lock.withLock { items } }
    }

    @Test("three threads opening one new store at once, 150 times: none is refused as not ours or as locked", .timeLimit(.minutes(10)))
    func openersNeverSeeAHalfMadeStore() throws {
        let scratch = ScratchDirectory()
        let failures = Failures()
        for round in 0..<150 {
            let path = scratch.path + "/race-\(round).sqlite"
            DispatchQueue.concurrentPerform(iterations: 3) { _ in
                do {
                    _ = try HistoryStore.open(path)
                } catch {
                    failures.append("round \(round): \(error)")
                }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all.count) of 450 opens failed, e.g. \(failures.all.prefix(2))")
    }
}
