@testable import DiffBenchKit
import FileSupport
import Foundation
import Testing

/// The map the history page analyses its series with, on every core.
@Suite struct ConcurrentMapTests {
    @Test("every element is transformed once and the results keep the elements' order")
    func resultsKeepTheOrder() {
        let items = Array(0..<1_000).map { ($0 * 7_919) % 1_000 }
        let counter = Counter()
        let results = ConcurrentMap.map(items) { item -> String in
            counter.add()
            return "#\(item * item)"
        }
        #expect(results == items.map { "#\($0 * $0)" })
        #expect(counter.value == items.count)
        #expect(ConcurrentMap.map([Int]()) { $0 }.isEmpty)
    }

    /// Counts the calls, from any thread.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }
}
