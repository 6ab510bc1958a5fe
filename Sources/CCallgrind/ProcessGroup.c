// The harness's children in process groups of their own (see
// CCallgrind.h): spawned with posix_spawn, watched without reaping, reaped
// with their resource use; and the count of this process's threads.
#define _GNU_SOURCE
#include "CCallgrind.h"
#include "ProcessInternals.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <linux/magic.h>
#include <pthread.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int diffbench_spawn_group(const char *path, char *const argv[], char *const envp[], int out, int err, int new_group) {
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_t actions;
    if (posix_spawnattr_init(&attributes) != 0) return -ENOMEM;
    if (posix_spawn_file_actions_init(&actions) != 0) {
        posix_spawnattr_destroy(&attributes);
        return -ENOMEM;
    }
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | (new_group ? POSIX_SPAWN_SETPGROUP : 0);
    int failed = posix_spawnattr_setflags(&attributes, flags);
    failed = failed || posix_spawnattr_setpgroup(&attributes, 0);
    failed = failed || posix_spawnattr_setsigmask(&attributes, &none);
    failed = failed || posix_spawnattr_setsigdefault(&attributes, &all);
    failed = failed || posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    failed = failed || posix_spawn_file_actions_adddup2(&actions, out, 1);
    failed = failed || posix_spawn_file_actions_adddup2(&actions, err, 2);
    failed = failed || posix_spawn_file_actions_addclosefrom_np(&actions, 3);
    pid_t pid = -1;
    int result = failed ? ENOMEM : posix_spawn(&pid, path, &actions, &attributes, argv, envp);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    return result == 0 ? (int)pid : -result;
}

int diffbench_pipe(int descriptors[2]) { return pipe2(descriptors, O_CLOEXEC); }

int diffbench_has_ended(int pid) {
    siginfo_t info;
    memset(&info, 0, sizeof info);
    while (waitid(P_PID, (id_t)pid, &info, WEXITED | WNOHANG | WNOWAIT) < 0) {
        if (errno != EINTR) return -1;
    }
    return info.si_pid == (pid_t)pid ? 1 : 0;
}

int diffbench_reap(int pid, int *signal, long *peak_kib) {
    int status = 0;
    struct rusage usage;
    memset(&usage, 0, sizeof usage);
    while (wait4((pid_t)pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) return -2;
    }
    *peak_kib = usage.ru_maxrss;
    if (WIFSIGNALED(status)) {
        *signal = WTERMSIG(status);
        return -1;
    }
    *signal = 0;
    return WEXITSTATUS(status);
}

int diffbench_thread_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] != '.') count += 1;
    }
    closedir(tasks);
    return count;
}

/// The live (or unreaped) child processes of this process: the pids listed
/// in /proc/self/task/TID/children over every thread. O(threads + children).
int diffbench_child_count(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (!tasks) return -1;
    int count = 0;
    struct dirent *entry;
    char path[96], text[4096];
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        snprintf(path, sizeof path, "/proc/self/task/%s/children", entry->d_name);
        int file = open(path, O_RDONLY | O_CLOEXEC);
        if (file < 0) continue;
        ssize_t length;
        int in_number = 0;
        while ((length = read(file, text, sizeof text)) > 0) {
            for (ssize_t index = 0; index < length; index++) {
                int digit = text[index] >= '0' && text[index] <= '9';
                if (digit && !in_number) count += 1;
                in_number = digit;
            }
        }
        close(file);
    }
    closedir(tasks);
    return count;
}

int diffbench_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 0 : -1; }

void diffbench_proc_path(char *out, const char *prefix, long number, const char *suffix) {
    char digits[24];
    int count = 0;
    do { digits[count++] = (char)('0' + number % 10); number /= 10; } while (number > 0);
    while (*prefix) *out++ = *prefix++;
    while (count > 0) *out++ = digits[--count];
    while (*suffix) *out++ = *suffix++;
    *out = 0;
}

long diffbench_read_text(const char *path, char *text, unsigned long size) {
    int file = open(path, O_RDONLY | O_CLOEXEC);
    if (file < 0) return -1;
    ssize_t length = read(file, text, size - 1);
    close(file);
    if (length <= 0) return -1;
    text[length] = 0;
    return (long)length;
}

pid_t diffbench_parent_of(long pid) {
    char path[64], text[512];
    diffbench_proc_path(path, "/proc/", pid, "/stat");
    if (diffbench_read_text(path, text, sizeof text) < 0) return -1;
    char *close_paren = NULL;
    for (char *at = text; *at; at++) if (*at == ')') close_paren = at;
    if (!close_paren) return -1;
    // ") S PPID ...": skip the state, then read the number.
    char *at = close_paren + 1;
    while (*at == ' ') at++;
    if (*at) at++;
    while (*at == ' ') at++;
    long parent = 0;
    int any = 0;
    while (*at >= '0' && *at <= '9') { parent = parent * 10 + (*at++ - '0'); any = 1; }
    return any ? (pid_t)parent : -1;
}

int diffbench_each_process(int (*visit)(long pid, long parent, void *context), void *context) {
    int processes = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (processes < 0) return -1;
    char buffer[8192];
    long length;
    int status = 0;
    while (status == 0 && (length = syscall(SYS_getdents64, processes, buffer, sizeof buffer)) > 0) {
        for (long offset = 0; status == 0 && offset < length;) {
            struct proc_entry *entry = (struct proc_entry *)(buffer + offset);
            offset += entry->length;
            if (entry->name[0] < '1' || entry->name[0] > '9') continue;
            long pid = 0;
            for (const char *digit = entry->name; *digit >= '0' && *digit <= '9'; digit++) pid = pid * 10 + (*digit - '0');
            long parent = diffbench_parent_of(pid);
            if (parent >= 0) status = visit(pid, parent, context);
        }
    }
    close(processes);
    return status;
}

/// One pass of ``diffbench_kill_orphans``: this process, and the children it killed.
struct orphan_pass {
    pid_t self;
    int found;
};

/// Kills (with its group) and reaps `pid` when this process is its parent.
static int kill_if_orphan(long pid, long parent, void *context) {
    struct orphan_pass *pass = context;
    if (parent != pass->self) return 0;
    if (getpgid((pid_t)pid) == (pid_t)pid) kill(-(pid_t)pid, SIGKILL);
    kill((pid_t)pid, SIGKILL);
    while (waitpid((pid_t)pid, NULL, 0) < 0 && errno == EINTR) {}
    pass->found += 1;
    return 0;
}

int diffbench_kill_orphans(void) {
    int killed = 0;
    for (int round = 0; round < 64; round++) {
        struct orphan_pass pass = {getpid(), 0};
        if (diffbench_each_process(kill_if_orphan, &pass) < 0) return killed;
        killed += pass.found;
        if (pass.found == 0) break;
    }
    return killed;
}

int diffbench_is_subreaper(void) {
    int flag = 0;
    return prctl(PR_GET_CHILD_SUBREAPER, &flag, 0, 0, 0) == 0 && flag != 0;
}

/// The handler of a termination signal in a subreaper: every child ends
/// first (a worker, then what it left), then the signal's default action.
static void diffbench_end_children_then_die(int signal_number) {
    if (diffbench_is_subreaper()) (void)diffbench_kill_orphans();
    signal(signal_number, SIG_DFL);
    raise(signal_number);
}

int diffbench_end_children_on_termination(void) {
    const int signals[] = {SIGTERM, SIGINT, SIGHUP};
    sigset_t unblocked;
    sigemptyset(&unblocked);
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        if (signal(signals[i], diffbench_end_children_then_die) == SIG_ERR) return -1;
        sigaddset(&unblocked, signals[i]);
    }
    return pthread_sigmask(SIG_UNBLOCK, &unblocked, NULL) == 0 ? 0 : -1;
}

// A fatal signal stops the worker before it ends, so its parent can read
// the address space it held (/proc/PID/status VmPeak) while the kernel
// still has it; the parent continues it, and the signal, now with its
// default action, ends it as it would have.
static void diffbench_stop_then_die(int signal_number) {
    kill(getpid(), SIGSTOP);
    raise(signal_number);
}

int diffbench_stop_on_fatal_signals(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = diffbench_stop_then_die;
    sigemptyset(&action.sa_mask);
    // Reset to the default on entry, and not blocked in the handler: the
    // handler's raise ends the process at once, a fault's retry does too.
    action.sa_flags = SA_RESETHAND | SA_NODEFER;
    const int fatal[] = {SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGXFSZ};
    for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        if (sigaction(fatal[i], &action, NULL) != 0) return -1;
    }
    return 0;
}

int diffbench_memory_status(int pid, long *address_peak_kib, long *address_now_kib) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/status", pid);
    FILE *file = fopen(path, "re");
    if (!file) return -1;
    char line[256];
    int stopped = 0;
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, "State:", 6) == 0) {
            const char *state = line + 6;
            while (*state == ' ' || *state == '\t') state++;
            stopped = *state == 'T';
        } else if (strncmp(line, "VmPeak:", 7) == 0) {
            long kib = strtol(line + 7, NULL, 10);
            if (kib > *address_peak_kib) *address_peak_kib = kib;
        } else if (strncmp(line, "VmSize:", 7) == 0) {
            *address_now_kib = strtol(line + 7, NULL, 10);
        }
    }
    fclose(file);
    return stopped;
}

int diffbench_drop_capability(int capability) {
    // The bounding set first (root holds CAP_SETPCAP), so that no program
    // the process executes regains the capability; then its own sets.
    if (prctl(PR_CAPBSET_READ, capability, 0, 0, 0) == 1) (void)prctl(PR_CAPBSET_DROP, capability, 0, 0, 0);
    struct __user_cap_header_struct header = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];
    memset(data, 0, sizeof data);
    if (syscall(SYS_capget, &header, data) != 0) return -1;
    unsigned word = (unsigned)capability / 32, bit = 1u << ((unsigned)capability % 32);
    if (((data[word].effective | data[word].permitted | data[word].inheritable) & bit) == 0) return 0;
    data[word].effective &= ~bit;
    data[word].permitted &= ~bit;
    data[word].inheritable &= ~bit;
    return syscall(SYS_capset, &header, data) == 0 ? 0 : -1;
}

int diffbench_drop_limit_raising(void) { return diffbench_drop_capability(CAP_SYS_RESOURCE); }

/// This process's address space now (VmSize of /proc/self/status), in bytes; -1 when unreadable.
static long own_address_space(void) {
    char text[4096];
    if (diffbench_read_text("/proc/self/status", text, sizeof text) < 0) return -1;
    char *line = strstr(text, "VmSize:");
    long kib = 0;
    return line && sscanf(line + 7, " %ld", &kib) == 1 ? kib * 1024 : -1;
}

int diffbench_limit_counted_call(long bytes) {
    if (setpgid(0, 0) != 0) return -1;
    if (diffbench_drop_limit_raising() != 0) return -1;
    long held = own_address_space();
    if (held < 0) return -1;
    struct rlimit limit = {(rlim_t)(held + bytes), (rlim_t)(held + bytes)};
    return setrlimit(RLIMIT_AS, &limit);
}

int diffbench_wait_within(int pid, double seconds) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    int timed_out = 0;
    while (diffbench_has_ended(pid) == 0) {
        clock_gettime(CLOCK_MONOTONIC, &now);
        if ((double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) / 1e9 >= seconds) {
            timed_out = 1;
            break;
        }
        usleep(5000);
    }
    // Its group (what it started), then itself, before it is reaped.
    kill(-(pid_t)pid, SIGKILL);
    kill((pid_t)pid, SIGKILL);
    int status = diffbench_wait(pid);
    return timed_out ? -2 : status;
}

int diffbench_memfd(void) { return (int)syscall(SYS_memfd_create, "diffbench-test", 0); }
