import Foundation

/// A map whose elements are computed on every core, for independent pieces
/// of CPU-bound work (the change-point detector on each series of the
/// history page, its charts, the gnuplot processes of a run's charts).
package enum ConcurrentMap {
    /// `transform` of each of `items`, in their order; up to one thread per
    /// core (`DispatchQueue.concurrentPerform`), each taking the next item
    /// as it finishes one. O(items) plus the transforms.
    package static func map<Item: Sendable, Result: Sendable>(_ items: [Item], _ transform: @escaping @Sendable (Item) -> Result) -> [Result] {
        let work = ConcurrentWork<Result>(count: items.count)
        let workers = max(1, min(items.count, ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = work.take()
                guard index < items.count else { return }
                work.record(index, transform(items[index]))
            }
        }
        return work.results.map { $0! }
    }
}

/// Hands out indices and keeps the results of ``ConcurrentMap``, under one lock.
private final class ConcurrentWork<Result>: @unchecked Sendable {
    let lock = NSLock()
    var cursor = 0
    var results: [Result?]

    init(count: Int) { results = Array(repeating: nil, count: count) }

    func take() -> Int {
        lock.lock()
        defer { lock.unlock() }
        cursor += 1
        return cursor - 1
    }

    func record(_ index: Int, _ result: Result) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }
}
