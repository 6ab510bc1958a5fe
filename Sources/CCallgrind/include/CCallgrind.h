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

#endif
