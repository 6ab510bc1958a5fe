// A worker's memory where the parent can count it (see CCallgrind.h): a
// /dev/shm of the worker's own, and the parent's reading of the whole
// process tree's memory.
#define _GNU_SOURCE
#include "CCallgrind.h"
#include "ProcessInternals.h"
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/magic.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

/// A mount namespace of this thread's own, made private, so nothing
/// mounted or unmounted here reaches the parent's namespace. 1 when made.
static int own_mount_namespace(void) {
    if (unshare(CLONE_NEWNS) != 0) return 0;
    return mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0;
}

/// A tmpfs of `bytes` at most over /dev/shm, in the worker's own mount
/// namespace (``own_mount_namespace``). 1 when mounted.
static int own_shared_memory_folder(long bytes) {
    struct statfs system;
    if (statfs("/dev/shm", &system) != 0 || system.f_type != TMPFS_MAGIC) return 0;
    char options[64];
    snprintf(options, sizeof options, "size=%ld,mode=1777", bytes);
    return mount("diffbench-case", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, options) == 0;
}

int diffbench_confine_worker(long shm_bytes) {
    int own = own_mount_namespace();
    int done = own && own_shared_memory_folder(shm_bytes);
    // The worker's memory cgroup (``diffbench_cgroup_join``) is left only
    // through a cgroup file system: none is mounted where the engine runs.
    if (own) (void)diffbench_hide_cgroups();
    // System V shared memory lives in no address space and no descriptor:
    // segments an engine makes go with the worker's own IPC namespace.
    (void)unshare(CLONE_NEWIPC);
    // Nothing the engine does may undo this or reach past it: unmount or
    // mount (CAP_SYS_ADMIN), another process's root, the machine's
    // /dev/shm (/proc/1/root, CAP_SYS_PTRACE), or a root of its own that
    // hides its /dev/shm from the parent (CAP_SYS_CHROOT).
    (void)diffbench_drop_capability(CAP_SYS_ADMIN);
    (void)diffbench_drop_capability(CAP_SYS_PTRACE);
    (void)diffbench_drop_capability(CAP_SYS_CHROOT);
    return done;
}

/// Process ids and their parents, read from /proc once.
struct process_table {
    long *pid;
    long *parent;
    size_t count, capacity;
};

static int add_process(long pid, long parent, void *context) {
    struct process_table *table = context;
    if (table->count == table->capacity) {
        size_t capacity = table->capacity ? table->capacity * 2 : 256;
        long *pids = realloc(table->pid, capacity * sizeof(long));
        if (pids) table->pid = pids;
        long *parents = pids ? realloc(table->parent, capacity * sizeof(long)) : NULL;
        if (parents) table->parent = parents;
        if (!pids || !parents) return -1;
        table->capacity = capacity;
    }
    table->pid[table->count] = pid;
    table->parent[table->count] = parent;
    table->count += 1;
    return 0;
}

/// Process `pid`'s proportional share of its anonymous and shared-memory
/// pages and swap (Pss_Anon, Pss_Shmem and SwapPss of
/// /proc/PID/smaps_rollup): a page it shares with another process of the
/// tree counts in part in each, so pages a child writes and then shares by
/// forking again are counted once in all, not hidden; file pages (program
/// text) are left out. 0 when unread.
static long proportional_bytes(long pid) {
    char path[64], line[256];
    diffbench_proc_path(path, "/proc/", pid, "/smaps_rollup");
    FILE *file = fopen(path, "re");
    if (!file) return 0;
    long kib = 0;
    while (fgets(line, sizeof line, file)) {
        const char *fields[] = {"Pss_Anon:", "Pss_Shmem:", "SwapPss:"};
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
    if (files > 0) *file_bytes += files;
    if (diffbench_each_process(add_process, &table) != 0) {
        free(table.pid);
        free(table.parent);
        return -1;
    }
    // The tree a level a pass, marks indexed by pid: O(P) a pass, at most
    // 64 passes (a deeper chain of processes is counted to that depth).
    long highest = pid;
    for (size_t i = 0; i < table.count; i++) if (table.pid[i] > highest) highest = table.pid[i];
    char *in_tree = calloc((size_t)highest + 1, 1);
    if (!in_tree) {
        free(table.pid);
        free(table.parent);
        return -1;
    }
    in_tree[pid] = 1;
    for (int pass = 0, grew = 1; grew && pass < 64; pass++) {
        grew = 0;
        for (size_t i = 0; i < table.count; i++) {
            long child = table.pid[i], parent = table.parent[i];
            if (in_tree[child] || parent <= 0 || parent > highest || !in_tree[parent]) continue;
            in_tree[child] = 1;
            grew = 1;
            *process_bytes += proportional_bytes(child);
            long held = memory_file_bytes(child, own, &seen);
            if (held > 0) *file_bytes += held;
        }
    }
    free(in_tree);
    free(table.pid);
    free(table.parent);
    return 0;
}
