import CCallgrind

/// Counts a worker's threads between engine calls, so an engine whose
/// threads outlive its call is named: such threads run while the next
/// engine is timed (slowing it, or crashing in its name), so that engine is
/// then measured in a worker of its own (``CaseSupervisor``).
///
/// It reads `/proc/self/task` before each call is announced and once after
/// the last: when the count grew since the call before, the subject of that
/// call left the new threads. The harness starts no thread between calls,
/// so growth is the engine's. Each count is O(threads), made outside the
/// timed region (the announcement precedes the clock).
final class ThreadWatch {
    private var count: Int32
    private var current: String?
    private var named: Set<String> = []

    init() { count = diffbench_thread_count() }

    /// Starts counting from now (the case's facts are made; no call yet).
    func reset() {
        count = diffbench_thread_count()
        current = nil
    }

    /// Called before `next`'s call (nil after the last call): the subject
    /// whose call just ended and the threads it left, the first time it
    /// leaves any; nil otherwise.
    func callEnded(next: String?) -> (subject: String, threads: Int)? {
        let now = diffbench_thread_count()
        defer {
            current = next
            count = now
        }
        guard let current, now > count, !named.contains(current) else { return nil }
        named.insert(current)
        return (current, Int(now - count))
    }
}
