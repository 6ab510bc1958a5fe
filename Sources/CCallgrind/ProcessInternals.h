// What the C files of this target share and Swift does not see.
#ifndef DIFFBENCH_PROCESS_INTERNALS_H
#define DIFFBENCH_PROCESS_INTERNALS_H
#include <sys/types.h>

/// `prefix`, the decimal digits of `number`, then `suffix`, in `out` (a
/// path under /proc): snprintf is not async-signal-safe.
void diffbench_proc_path(char *out, const char *prefix, long number, const char *suffix);

/// Reads at most `size` - 1 bytes of the file at `path` into `text`,
/// ended with a 0: the bytes read, or -1 when there are none (unreadable
/// or empty). For /proc's and cgroups' short files. Async-signal-safe.
long diffbench_read_text(const char *path, char *text, unsigned long size);

/// The parent pid of process `pid` (field 4 of /proc/PID/stat, after the
/// command name's closing parenthesis), or -1. Async-signal-safe.
pid_t diffbench_parent_of(long pid);

/// Calls `visit` with each process on the machine and its parent, as
/// /proc lists them, until `visit` returns other than 0; that value, 0
/// after the last, or -1 when /proc cannot be read. Async-signal-safe when
/// `visit` is. O(processes).
int diffbench_each_process(int (*visit)(long pid, long parent, void *context), void *context);

/// The entries of a getdents64 buffer (the kernel's own layout, as glibc
/// has no async-signal-safe directory reading).
struct proc_entry {
    unsigned long long inode;
    long long offset;
    unsigned short length;
    unsigned char type;
    char name[];
};

/// Unmounts (lazily, deepest first) every cgroup file system this
/// process's mount namespace shows, for a worker in a namespace of its own:
/// no engine can then write its pid into another cgroup's `cgroup.procs`
/// and leave its memory cgroup (mounting one again takes CAP_SYS_ADMIN,
/// which the worker gives up). 0, or -1 when one could not be unmounted.
int diffbench_hide_cgroups(void);

#endif
