import CExactHeap
#if canImport(Glibc)
import Glibc
#endif
import Testing

@testable import Harness

/// While the memory pass runs, the allocator's rounding is switched off, so
/// arrays grow by their own rule alone. These checks look at sizes and
/// capacities only, which other tests running at the same time cannot
/// disturb (the byte counts are process-wide; `RunCommandTests` checks them
/// in a process of their own).
@Suite(.serialized) struct MemoryMeterTests {
    #if os(Linux)
    @Test func blocksReportExactlyTheirRequestedSizeWhileMeasured() {
        var roundedOutside = false
        for size in [1, 7, 24, 25, 40, 100, 1_000, 4_097, 70_001] {
            let (usable, _) = MemoryMeter.measure { () -> Int in
                let block = malloc(size)
                defer { free(block) }
                return diffbench_usable_size(block)
            }
            #expect(usable == size, "\(usable) bytes usable for \(size) requested")
            let block = malloc(size)
            if diffbench_usable_size(block) > size { roundedOutside = true }
            free(block)
        }
        // Outside the pass the allocator rounds up, which is what the pass hides.
        #expect(roundedOutside)
    }

    @Test func arraysGetExactlyTheCapacityTheyAskForWhileMeasured() {
        var roundedOutside = false
        for count in 1...40 {
            let (capacity, _) = MemoryMeter.measure { () -> Int in
                var values: [Int] = []
                values.reserveCapacity(count)
                return values.capacity
            }
            #expect(capacity == count, "capacity \(capacity) for \(count) requested")
            var outside: [Int] = []
            outside.reserveCapacity(count)
            if outside.capacity > count { roundedOutside = true }
        }
        #expect(roundedOutside)
    }
    #endif

    @Test func theSwitchIsOffAgainAfterAThrowingCall() {
        struct Stop: Error {}
        #expect(throws: Stop.self) { try MemoryMeter.measure { () throws -> Int in throw Stop() } }
        #if os(Linux)
        // Back to the allocator's own answer: some size among these rounds up.
        let rounded = [1, 7, 25, 40, 100].contains { size in
            let block = malloc(size)
            defer { free(block) }
            return diffbench_usable_size(block) > size
        }
        #expect(rounded)
        #endif
    }
}
