// Callgrind client requests for `diffbench run --instructions`: the child
// process runs under `valgrind --tool=callgrind --instr-atstart=no`, so only
// the code between start and stop is instrumented, and each stop writes its
// own dump file whose `totals:` line is the measured call's instruction count.
// The requests are the header's inline-assembly markers: a handful of no-op
// instructions when the process does not run under valgrind.
// Without valgrind's header (valgrind not installed) the package still
// builds: the requests do nothing and `diffbench_callgrind_built_in` says so,
// and `run --instructions` refuses to run.
#include "CCallgrind.h"
#include <errno.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int diffbench_fork(void) { return (int)fork(); }

int diffbench_wait(int pid) {
    int status = 0;
    while (waitpid((pid_t)pid, &status, 0) < 0) {
        if (errno != EINTR) return -1;
    }
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

int diffbench_wait_any(int *pid) {
    int status = 0;
    pid_t found;
    while ((found = waitpid(-1, &status, 0)) < 0) {
        if (errno != EINTR) return -1;
    }
    *pid = (int)found;
    if (WIFEXITED(status)) return WEXITSTATUS(status);
    if (WIFSIGNALED(status)) return 128 + WTERMSIG(status);
    return -1;
}

void diffbench_exit(int status) { _exit(status); }

int diffbench_die_with_parent(void) {
#ifdef PR_SET_PDEATHSIG
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    // The parent may have ended before the request: then end now.
    if (getppid() == 1) _exit(1);
    return 0;
#else
    return -1;
#endif
}

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define DIFFBENCH_HAVE_CALLGRIND 1
#endif
#endif

#ifdef DIFFBENCH_HAVE_CALLGRIND
void diffbench_callgrind_start(void) {
    CALLGRIND_START_INSTRUMENTATION;
    CALLGRIND_ZERO_STATS;
}

void diffbench_callgrind_stop(const char *name) {
    CALLGRIND_DUMP_STATS_AT(name);
    CALLGRIND_STOP_INSTRUMENTATION;
}

int diffbench_callgrind_running(void) { return RUNNING_ON_VALGRIND ? 1 : 0; }

int diffbench_callgrind_built_in(void) { return 1; }
#else
void diffbench_callgrind_start(void) {}
void diffbench_callgrind_stop(const char *name) { (void)name; }
int diffbench_callgrind_running(void) { return 0; }
int diffbench_callgrind_built_in(void) { return 0; }
#endif
