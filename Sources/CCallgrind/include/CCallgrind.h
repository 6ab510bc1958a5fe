#ifndef DIFFBENCH_C_CALLGRIND_H
#define DIFFBENCH_C_CALLGRIND_H

/// Callgrind client requests around one measured call (see Callgrind.c).
/// Outside valgrind each is a few instructions that do nothing.

/// Zeroes callgrind's counters and switches instrumentation on.
void diffbench_callgrind_start(void);

/// Dumps the counters since `diffbench_callgrind_start` as a part named
/// `name` (the dump's `desc: Trigger: Client Request: NAME` line), then
/// switches instrumentation off.
void diffbench_callgrind_stop(const char *name);

/// 1 when the process runs under valgrind, 0 otherwise.
int diffbench_callgrind_running(void);

/// 1 when the client requests were compiled in (valgrind's header was
/// found at build time), 0 when they are no-ops.
int diffbench_callgrind_built_in(void);

/// fork(2), for measuring each call in a process whose heap is in the same
/// state every time (Swift's Glibc overlay does not offer fork).
int diffbench_fork(void);

/// Waits for `pid`; its exit status, or 128 + the signal that ended it,
/// or -1 when waiting failed.
int diffbench_wait(int pid);

/// Waits for any child; stores its pid in `pid` and returns its status as
/// ``diffbench_wait`` does (-1 when there is no child left).
int diffbench_wait_any(int *pid);

/// Asks the kernel to kill this process (SIGKILL) when its parent ends
/// (Linux `PR_SET_PDEATHSIG`): a worker of `run` never outlives the run,
/// even one whose engine loops. 0 on success, -1 where unsupported.
int diffbench_die_with_parent(void);

/// _exit(2): leaves a forked process without running atexit handlers.
void diffbench_exit(int status) __attribute__((noreturn));


/// Starts `path` with `argv` and `envp` (both NULL-terminated), with
/// `new_group` nonzero as the leader of a new process group of its own
/// (else in the parent's group), standard input from
/// /dev/null, standard output and error on `out` and `err`, no other
/// descriptor of the parent, the signal mask empty and every signal's
/// action the default (posix_spawn: no fork of a threaded parent). Its
/// descendants stay in that group unless they leave it, so killing the
/// group (`kill(-pid, SIGKILL)`) ends them with it. The pid, or -errno.
int diffbench_spawn_group(const char *path, char *const argv[], char *const envp[], int out, int err, int new_group);

/// pipe2(2) with O_CLOEXEC on both ends: 0, or -1 with errno set.
int diffbench_pipe(int descriptors[2]);

/// 1 when the child `pid` has ended but is not reaped yet (it stays a
/// zombie, so its pid and process group id cannot be reused), 0 while it
/// runs, -1 on error (waitid with WNOWAIT).
int diffbench_has_ended(int pid);

/// Reaps the child `pid` (waits for it): its exit status, or -1 when a
/// signal ended it (stored in `signal`). `peak_kib` receives its peak
/// resident size in KiB (wait4's ru_maxrss). -2 when waiting failed.
int diffbench_reap(int pid, int *signal, long *peak_kib);

/// Installs, for SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE and
/// SIGXFSZ (a file grown past `RLIMIT_FSIZE`), a
/// handler that stops this process (SIGSTOP) and, once continued, ends it
/// by the same signal with its default action: a worker's parent reads its
/// address space at the fault (``diffbench_memory_status``). 0, or -1.
int diffbench_stop_on_fatal_signals(void);

/// Reads /proc/PID/status: raises `*address_peak_kib` to the process's
/// peak address space (VmPeak, KiB) when that is larger, and sets
/// `*address_now_kib` to its address space now (VmSize); 1 when the process
/// is stopped, 0 when not, -1 when it cannot be read (it has ended).
int diffbench_memory_status(int pid, long *address_peak_kib, long *address_now_kib);

/// The threads of this process now: the entries of /proc/self/task
/// (-1 when it cannot be read). O(threads), no allocation by Swift.
int diffbench_thread_count(void);

/// The child processes of this process now, live or not yet reaped (the
/// pids in /proc/self/task/TID/children; 0 where the kernel lists none).
int diffbench_child_count(void);

/// Makes this process the reaper of its orphaned descendants (Linux
/// `PR_SET_CHILD_SUBREAPER`): a worker's descendant that left its process
/// group (`setsid`) and outlived the worker becomes this process's child
/// instead of init's, so ``diffbench_kill_orphans`` can end it. 0 on
/// success, -1 where unsupported.
int diffbench_become_subreaper(void);

/// Kills (SIGKILL, with its process group) and reaps every child of this
/// process now, again until none is left (a killed orphan's own children
/// come next). For a subreaper whose only children are ones it does not
/// know, once its worker is reaped. The number killed. O(processes) per pass.
int diffbench_kill_orphans(void);

/// Whether this process is a child subreaper (``diffbench_become_subreaper``). Async-signal-safe.
int diffbench_is_subreaper(void);

/// Makes SIGTERM, SIGINT and SIGHUP end every child of this process, when
/// it is a subreaper, before they end it (their default action, raised
/// again): a worker, then what the worker left, a `setsid` descendant that
/// ignores every signal included, since SIGKILL reaches it and the workers'
/// `PR_SET_PDEATHSIG` does not (a child's fork does not inherit it). The
/// handler is async-signal-safe (``diffbench_kill_orphans``). 0, or -1.
int diffbench_end_children_on_termination(void);

/// Gives the worker, where the system allows it (root, or CAP_SYS_ADMIN),
/// a /dev/shm of its own before any engine runs: a tmpfs of at most
/// `shm_bytes` over /dev/shm, in a mount namespace of the calling thread's
/// own (and of the threads it starts), so a file an engine writes there
/// and closes, which no process holds open, is still the case's memory
/// (``diffbench_tree_memory``), can never outgrow the case, and is gone
/// with the worker; and an IPC namespace of its own, so System V shared
/// memory segments (in no address space and no descriptor) go with the
/// worker too. In that mount namespace no cgroup file system is mounted
/// (the worker's memory cgroup, ``diffbench_cgroup_make``, cannot be left
/// through one). Then gives up CAP_SYS_ADMIN, CAP_SYS_PTRACE and
/// CAP_SYS_CHROOT, so no engine can unmount the folder, reach the
/// machine's through another process's root (/proc/1/root), or hide its
/// own from the parent behind a root of its own. 1 when the folder is the
/// worker's own, 0 otherwise.
///
/// Why no PID namespace for the worker's children (which would end every
/// descendant with the worker, even after the run is killed with
/// SIGKILL): once a process's children go to another PID namespace than
/// its own, it can start no thread (clone with CLONE_THREAD fails), and
/// engines start threads.
int diffbench_confine_worker(long shm_bytes);

/// The memory the process tree of `pid` holds outside `pid`'s own address
/// space: in `process_bytes`, each descendant's proportional share of its
/// anonymous and shared-memory pages and swap (so a page shared by two
/// processes of the tree counts once in all); in
/// `file_bytes`, the memory-backed files (tmpfs, hugetlbfs, ramfs: a memfd,
/// a /dev/shm file) that `pid` or a descendant holds open, each file once,
/// and all that `pid`'s own /dev/shm holds (``diffbench_confine_worker``),
/// open or not. 0, or -1 when /proc cannot be read. O(P·depth +
/// descriptors) for P processes on the machine, to a depth of 64.
int diffbench_tree_memory(int pid, long *process_bytes, long *file_bytes);

/// Removes `capability` from this process (bounding, effective, permitted
/// and inheritable sets). 0 when the process does not hold it afterwards, -1 otherwise.
int diffbench_drop_capability(int capability);

/// A new memfd (`memfd_create`, which the C library's header hides without
/// _GNU_SOURCE), for the test faults of an engine holding memory in files; -1 on failure.
int diffbench_memfd(void);

/// Removes CAP_SYS_RESOURCE from this process (its bounding, effective,
/// permitted and inheritable sets), so that a process running as root
/// cannot raise the limits it was given (`setrlimit` past the hard limit)
/// nor any program it executes regain the right. 0 when the process does
/// not hold it afterwards, -1 otherwise.
int diffbench_drop_limit_raising(void);

/// For a call's own process in the instruction pass (a fork under
/// callgrind): leads a process group of its own, cannot raise its limits
/// (``diffbench_drop_limit_raising``) and may grow its address space by at
/// most `bytes` over what it holds now (valgrind's own mappings and the
/// dataset). 0, or -1 when any step failed.
int diffbench_limit_counted_call(long bytes);

/// Waits for the child `pid` (a group leader) for at most `seconds`, then
/// kills its process group and reaps it: its exit status, 128 + the signal
/// that ended it, -2 when it was killed at the limit, -1 when waiting failed.
int diffbench_wait_within(int pid, double seconds);

/// Makes a memory cgroup named `name` below this process's own (the
/// cgroup v1 memory controller, where it is mounted writable and this
/// process may make folders there: root), held to `limit_bytes` of memory,
/// and to as much memory and swap where swap is accounted. The kernel
/// then counts against that limit everything its members hold: resident
/// pages, memory-backed files they write (tmpfs anywhere, open or closed),
/// kernel buffers (pipes, sockets) and System V segments, in every process
/// that joins or is started in it, whatever its process group or parent
/// becomes; and at the limit its out-of-memory killer ends one of them
/// (``diffbench_cgroup_oom_kills``). Its folder in `folder` (`size` bytes).
/// 0, or -1 (no such controller, or no right to make one).
int diffbench_cgroup_make(const char *name, long limit_bytes, char *folder, unsigned long size);

/// Moves this process into the cgroup at `folder`; its children start in
/// it. 0, or -1.
int diffbench_cgroup_join(const char *folder);

/// How many processes the kernel's out-of-memory killer has ended in the
/// cgroup at `folder` (`oom_kill` of memory.oom_control); -1 when unread.
long diffbench_cgroup_oom_kills(const char *folder);

/// The most memory the cgroup at `folder` has held (memory.max_usage_in_bytes); -1 when unread.
long diffbench_cgroup_peak(const char *folder);

/// Kills (SIGKILL) every process left in the cgroup at `folder`, again
/// until none is left, then removes the cgroup. The number killed.
int diffbench_cgroup_end(const char *folder);

/// Ends (``diffbench_cgroup_end``) every cgroup beside this process's own
/// whose name is `prefix` + PID + "-" + anything, when process PID (the run
/// that made it) no longer exists: what a run killed with SIGKILL left
/// running. The number of cgroups ended.
int diffbench_cgroup_sweep(const char *prefix);

#endif
