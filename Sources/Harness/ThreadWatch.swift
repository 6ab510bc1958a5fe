import CCallgrind
import RunResults

/// Counts a worker's threads and child processes between engine calls, so
/// an engine whose threads or children outlive its call is named: they run
/// while the next engine is timed (slowing it — a child burning a core
/// slowed the stdlib reference 2–3.5× — or crashing in its name), so that
/// engine is then measured in a worker of its own (``CaseSupervisor``).
///
/// It reads `/proc/self/task` and each thread's `children` list before
/// each call is announced and once after the last: when a count grew since
/// the call before, the subject of that call left the new threads or
/// processes. The harness starts neither between calls, so growth is the
/// engine's. Each count is O(threads + children), made outside the timed
/// region (the announcement precedes the clock).
final class ThreadWatch {
    /// What a call left running.
    struct Leftover {
        var subject: Subject
        var threads: Int
        var processes: Int
    }

    private var count: Int32
    private var children: Int32
    private var current: Subject?
    private var named: Set<Subject> = []

    init() {
        count = diffbench_thread_count()
        children = diffbench_child_count()
    }

    /// Starts counting from now (the case's facts are made; no call yet).
    func reset() {
        count = diffbench_thread_count()
        children = diffbench_child_count()
        current = nil
    }

    /// Called before `next`'s call (nil after the last call): the subject
    /// whose call just ended and the threads and processes it left, the
    /// first time it leaves any; nil otherwise.
    func callEnded(next: Subject?) -> Leftover? {
        let now = diffbench_thread_count(), nowChildren = diffbench_child_count()
        defer {
            current = next
            count = now
            children = nowChildren
        }
        guard let current, now > count || nowChildren > children, !named.contains(current) else { return nil }
        named.insert(current)
        return Leftover(subject: current, threads: Int(max(0, now - count)), processes: Int(max(0, nowChildren - children)))
    }
}
