// A worker's descendants and memory files, kept where the parent can count
// and end them (see CCallgrind.h): a PID namespace whose keeper dies with
// the worker, a /dev/shm of the worker's own, and the parent's reading of
// the whole process tree's memory.
#define _GNU_SOURCE
#include "CCallgrind.h"
#include "ProcessInternals.h"
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/magic.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <sys/wait.h>
#include <unistd.h>

static pid_t keeper_pid = 0;

int diffbench_keeper(void) { return (int)keeper_pid; }

/// This process's pid as /proc (mounted for the parent namespace) names
/// it, which getpid() does not inside a namespace of its own. -1 if unread.
static long global_pid_of_self(void) {
    char text[32];
    ssize_t length = readlink("/proc/self", text, sizeof text - 1);
    if (length <= 0) return -1;
    text[length] = 0;
    return strtol(text, NULL, 10);
}

/// The keeper's life, as PID 1 of the worker's PID namespace: it dies with
/// the worker (PR_SET_PDEATHSIG), and the kernel then kills every process
/// left in the namespace; until then it reaps the orphans the namespace
/// gives it. Only async-signal-safe calls: the worker may have threads.
static void keep_namespace(long worker) {
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) _exit(1);
    // The worker may have ended before the request: its orphan ends now.
    long self = global_pid_of_self();
    if (self < 0 || diffbench_parent_of(self) != (pid_t)worker) _exit(0);
    (void)syscall(SYS_close_range, 0u, ~0u, 0u);
    sigset_t all;
    sigfillset(&all);
    (void)sigprocmask(SIG_BLOCK, &all, NULL);
    for (;;) {
        if (waitpid(-1, NULL, __WALL) < 0 && errno == ECHILD) sleep(1);
    }
}

/// A tmpfs of `bytes` at most over /dev/shm, in a mount namespace of this
/// thread's own (made private first, so nothing mounted here reaches the
/// parent's namespace). 1 when mounted.
static int own_shared_memory_folder(long bytes) {
    struct statfs system;
    if (statfs("/dev/shm", &system) != 0 || system.f_type != TMPFS_MAGIC) return 0;
    if (unshare(CLONE_NEWNS) != 0) return 0;
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0) return 0;
    char options[64];
    snprintf(options, sizeof options, "size=%ld,mode=1777", bytes);
    return mount("diffbench-case", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, options) == 0;
}

int diffbench_confine_worker(long shm_bytes) {
    int done = own_shared_memory_folder(shm_bytes) ? DIFFBENCH_OWN_SHM : 0;
    long worker = global_pid_of_self();
    if (worker > 0 && unshare(CLONE_NEWPID) == 0) {
        pid_t child = fork();
        if (child == 0) keep_namespace(worker);
        if (child > 0) {
            keeper_pid = child;
            done |= DIFFBENCH_PID_NAMESPACE;
        }
    }
    // Nothing the engine does may undo this (unmount, leave the namespaces).
    (void)diffbench_drop_capability(CAP_SYS_ADMIN);
    return done;
}

/// Process ids and their parents, read from /proc once.
struct process_table {
    long *pid;
    long *parent;
    size_t count, capacity;
};

static int read_process_table(struct process_table *table) {
    int folder = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) return -1;
    char buffer[8192];
    long length;
    while ((length = syscall(SYS_getdents64, folder, buffer, sizeof buffer)) > 0) {
        for (long offset = 0; offset < length;) {
            struct proc_entry *entry = (struct proc_entry *)(buffer + offset);
            offset += entry->length;
            if (entry->name[0] < '1' || entry->name[0] > '9') continue;
            long pid = strtol(entry->name, NULL, 10);
            long parent = diffbench_parent_of(pid);
            if (parent < 0) continue;
            if (table->count == table->capacity) {
                size_t capacity = table->capacity ? table->capacity * 2 : 256;
                long *pids = realloc(table->pid, capacity * sizeof(long));
                if (pids) table->pid = pids;
                long *parents = pids ? realloc(table->parent, capacity * sizeof(long)) : NULL;
                if (parents) table->parent = parents;
                if (!pids || !parents) { close(folder); return -1; }
                table->capacity = capacity;
            }
            table->pid[table->count] = pid;
            table->parent[table->count] = parent;
            table->count += 1;
        }
    }
    close(folder);
    return 0;
}

/// Bytes only process `pid` holds (Private_Clean, Private_Dirty,
/// Private_Hugetlb and Swap of /proc/PID/smaps_rollup): what a forked
/// child shares with its parent is not counted again. 0 when unread.
static long private_bytes(long pid) {
    char path[64], line[256];
    diffbench_proc_path(path, "/proc/", pid, "/smaps_rollup");
    FILE *file = fopen(path, "re");
    if (!file) return 0;
    long kib = 0;
    while (fgets(line, sizeof line, file)) {
        const char *fields[] = {"Private_Clean:", "Private_Dirty:", "Private_Hugetlb:", "Swap:"};
        for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
            size_t length = strlen(fields[i]);
            if (strncmp(line, fields[i], length) == 0) kib += strtol(line + length, NULL, 10);
        }
    }
    fclose(file);
    return kib * 1024;
}

/// The (device, inode) pairs already counted, so a file held by several
/// processes of the tree, or by several descriptors, counts once.
struct counted_files {
    dev_t device[512];
    ino_t inode[512];
    size_t count;
};

static int count_once(struct counted_files *seen, dev_t device, ino_t inode) {
    for (size_t i = 0; i < seen->count; i++) {
        if (seen->device[i] == device && seen->inode[i] == inode) return 0;
    }
    if (seen->count < sizeof seen->device / sizeof seen->device[0]) {
        seen->device[seen->count] = device;
        seen->inode[seen->count] = inode;
        seen->count += 1;
    }
    return 1;
}

/// The bytes of the memory-backed files (tmpfs, hugetlbfs, ramfs) process
/// `pid` holds open that `seen` has not counted, skipping those on `skip`
/// (the worker's own /dev/shm, counted whole). -1 when its descriptors cannot be read.
static long memory_file_bytes(long pid, dev_t skip, struct counted_files *seen) {
    char path[64], entry_path[96];
    diffbench_proc_path(path, "/proc/", pid, "/fd");
    int folder = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (folder < 0) return -1;
    char buffer[4096];
    long total = 0, length;
    size_t base = strlen(path);
    while ((length = syscall(SYS_getdents64, folder, buffer, sizeof buffer)) > 0) {
        for (long offset = 0; offset < length;) {
            struct proc_entry *entry = (struct proc_entry *)(buffer + offset);
            offset += entry->length;
            if (entry->name[0] < '0' || entry->name[0] > '9') continue;
            size_t name = strlen(entry->name);
            if (base + 1 + name >= sizeof entry_path) continue;
            memcpy(entry_path, path, base);
            entry_path[base] = '/';
            memcpy(entry_path + base + 1, entry->name, name + 1);
            struct stat status;
            struct statfs system;
            if (stat(entry_path, &status) != 0 || !S_ISREG(status.st_mode)) continue;
            if (skip != 0 && status.st_dev == skip) continue;
            if (statfs(entry_path, &system) != 0) continue;
            if (system.f_type != TMPFS_MAGIC && system.f_type != HUGETLBFS_MAGIC && system.f_type != RAMFS_MAGIC) continue;
            if (count_once(seen, status.st_dev, status.st_ino)) total += (long)status.st_blocks * 512;
        }
    }
    close(folder);
    return total;
}

/// What the worker's own /dev/shm holds (its files, open or closed), and
/// that folder's device; 0 and 0 when the worker shares the parent's.
static long own_shared_memory_bytes(long pid, dev_t *device) {
    char path[80];
    diffbench_proc_path(path, "/proc/", pid, "/root/dev/shm");
    struct stat theirs, ours;
    struct statfs system;
    *device = 0;
    if (stat(path, &theirs) != 0 || stat("/dev/shm", &ours) != 0 || theirs.st_dev == ours.st_dev) return 0;
    if (statfs(path, &system) != 0 || system.f_type != TMPFS_MAGIC) return 0;
    *device = theirs.st_dev;
    return (long)(system.f_blocks - system.f_bfree) * (long)system.f_bsize;
}

int diffbench_tree_memory(int pid, long *process_bytes, long *file_bytes) {
    *process_bytes = 0;
    *file_bytes = 0;
    struct process_table table = {NULL, NULL, 0, 0};
    struct counted_files seen;
    seen.count = 0;
    dev_t own = 0;
    *file_bytes = own_shared_memory_bytes(pid, &own);
    long files = memory_file_bytes(pid, own, &seen);
    if (files < 0) return -1;
    *file_bytes += files;
    if (read_process_table(&table) != 0) {
        free(table.pid);
        free(table.parent);
        return -1;
    }
    // The tree, breadth first: `in_tree` marks; a pass adds the children of marked processes.
    char *in_tree = calloc(table.count ? table.count : 1, 1);
    if (!in_tree) {
        free(table.pid);
        free(table.parent);
        return -1;
    }
    for (int grew = 1; grew;) {
        grew = 0;
        for (size_t i = 0; i < table.count; i++) {
            if (in_tree[i]) continue;
            int child = table.parent[i] == pid;
            for (size_t j = 0; !child && j < table.count; j++) child = in_tree[j] && table.parent[i] == table.pid[j];
            if (!child) continue;
            in_tree[i] = 1;
            grew = 1;
            *process_bytes += private_bytes(table.pid[i]);
            long held = memory_file_bytes(table.pid[i], own, &seen);
            if (held > 0) *file_bytes += held;
        }
    }
    free(in_tree);
    free(table.pid);
    free(table.parent);
    return 0;
}
