import CCallgrind
import Synchronization

/// The run process as the reaper of what its workers leave behind.
///
/// Killing a worker's process group ends every descendant that stayed in
/// it, but an engine can start a process that leaves the group (`setsid`,
/// `setpgid`) and outlives the worker, as init's child. Once ``adopt()``
/// has made this process a child subreaper (Linux
/// `PR_SET_CHILD_SUBREAPER`), such an orphan becomes this process's child
/// instead, and ``killOrphans()``, called by the supervisor once its
/// worker is reaped, kills and reaps it. Only a process whose children
/// are all workers while a worker runs may adopt: `run`'s, and `diff`'s,
/// `hunks`' and `teach`'s once they call a plug-in in a worker (their other
/// children, git and gnuplot, are run to their end before or after a
/// worker, never beside one); never a test process that starts other
/// children at the same time.
///
/// A process that adopts also ends every child when SIGTERM, SIGINT or
/// SIGHUP ends it (``diffbench_end_children_on_termination``): its workers
/// die with it by `PR_SET_PDEATHSIG`, but a descendant that left the
/// worker's group is no worker, would then be adopted by init, and may
/// ignore every signal but SIGKILL.
public enum OrphanReaper {
    private static let adopted = Atomic<Bool>(false)

    /// Makes this process the reaper of its descendants' orphans; whether
    /// the system allows it (Linux 3.4 and later).
    @discardableResult
    public static func adopt() -> Bool {
        let done = diffbench_become_subreaper() == 0
        adopted.store(done, ordering: .relaxed)
        if done { _ = diffbench_end_children_on_termination() }
        return done
    }

    /// Kills and reaps every child of this process, in a process that has
    /// adopted (none otherwise): called when no worker is running, so each
    /// is an orphan a worker left. The number killed. O(processes).
    @discardableResult
    static func killOrphans() -> Int {
        guard adopted.load(ordering: .relaxed) else { return 0 }
        return Int(diffbench_kill_orphans())
    }
}
