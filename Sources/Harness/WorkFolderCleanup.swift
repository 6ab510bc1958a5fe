import CCallgrind
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Removes a run's worker folder (`.workers/`, holding the job file) when
/// the run is ended by SIGTERM or SIGINT, which would otherwise end the
/// process before the runner's own cleanup runs and leave the folder in the
/// run folder. The handler does only what a signal handler may: `unlink`
/// and `rmdir` of paths made beforehand, then the signal again with its
/// default action, so the run still ends as the sender meant (its status
/// says so). The workers end with the run (`PR_SET_PDEATHSIG`), and in a
/// run that reaps its workers' orphans (``OrphanReaper``) every child of
/// the run is killed first, what the workers left included. Both
/// signals are unblocked too: a run started with them blocked (a mask
/// inherited from a test harness's thread) otherwise ignored SIGTERM
/// until its case's time limit.
enum WorkFolderCleanup {
    nonisolated(unsafe) private static var folder: UnsafeMutablePointer<CChar>?
    nonisolated(unsafe) private static var jobFile: UnsafeMutablePointer<CChar>?

    /// Arms the handler for `directory`, whose one file is `job.json` (``CaseSupervisor``).
    static func arm(_ directory: String) {
        disarm()
        folder = strdup(directory)
        jobFile = strdup(directory + "/job.json")
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        sigaddset(&unblocked, SIGTERM)
        sigaddset(&unblocked, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for signal in [SIGTERM, SIGINT] {
            Glibc.signal(signal) { received in
                if diffbench_is_subreaper() != 0 { _ = diffbench_kill_orphans() }
                if let job = WorkFolderCleanup.jobFile { unlink(job) }
                if let folder = WorkFolderCleanup.folder { rmdir(folder) }
                Glibc.signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Back to the default actions (the runner removed the folder itself),
    /// or, in a process that reaps its workers' orphans, to ending its
    /// children first.
    static func disarm() {
        Glibc.signal(SIGTERM, SIG_DFL)
        Glibc.signal(SIGINT, SIG_DFL)
        if diffbench_is_subreaper() != 0 { _ = diffbench_end_children_on_termination() }
        let (oldFolder, oldJob) = (folder, jobFile)
        (folder, jobFile) = (nil, nil)
        free(oldFolder)
        free(oldJob)
    }
}
