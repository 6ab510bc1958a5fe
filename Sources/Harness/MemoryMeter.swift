import CExactHeap
import Foundation
import MallocInterposerSwift

/// Exact heap figures for one call: peak live bytes and allocation count.
///
/// Method: the malloc interposer counts every allocation and free of the
/// process while hooked; an allocation hook runs after each counted
/// allocation and records `allocated − freed` so far. Live bytes only grow at
/// an allocation, so the largest value seen at those moments is the exact
/// peak. Sizes are the requested sizes, and while the hook is on
/// `malloc_usable_size` reports the requested size too (`CExactHeap`), so an
/// array never takes the allocator's spare room as capacity: that room
/// depends on the heap's history, and with it the same call peaked 1.6 %
/// apart in two processes. The figures are the same on every run of the
/// same binary and input, on any machine. The pass runs apart from the
/// timing passes, so neither the hook nor the shim touches a timed sample.
public enum MemoryMeter {
    public struct Reading: Hashable, Sendable {
        public var peakLiveBytes: Int
        public var allocations: Int
    }

    nonisolated(unsafe) static var peak = 0
    nonisolated(unsafe) static var inHook = false

    /// The hook, the counters and the exact-size switch belong to the whole
    /// process, so two measurements at once (suites of a test run in
    /// parallel) would switch each other off half-way; they take turns.
    static let oneAtATime = NSLock()

    /// Runs `body` once under the hook.
    public static func measure<T>(_ body: () throws -> T) rethrows -> (T, Reading) {
        oneAtATime.lock()
        defer { oneAtATime.unlock() }
        MallocInterposerSwift.initialize()
        peak = 0
        MallocInterposerSwift.setAllocationHook { _ in
            // The statistics read does not allocate; the flag guards against
            // a re-entrant call all the same.
            if MemoryMeter.inHook { return }
            MemoryMeter.inHook = true
            let stats = MallocInterposerSwift.getStatistics()
            let live = stats.mallocBytesCount - stats.freeBytesCount
            if live > MemoryMeter.peak { MemoryMeter.peak = live }
            MemoryMeter.inHook = false
        }
        diffbench_exact_heap_set(1)
        MallocInterposerSwift.hook()
        defer {
            MallocInterposerSwift.unhook()
            diffbench_exact_heap_set(0)
            MallocInterposerSwift.setAllocationHook(nil)
        }
        let result = try body()
        let stats = MallocInterposerSwift.getStatistics()
        return (result, Reading(peakLiveBytes: peak, allocations: stats.mallocCount))
    }
}
