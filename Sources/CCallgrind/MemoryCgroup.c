// A memory cgroup for each worker (see CCallgrind.h): made, joined, read
// and ended through the cgroup v1 memory controller's files.
#define _GNU_SOURCE
#include "CCallgrind.h"
#include "ProcessInternals.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

/// Whether the comma-separated `list` holds `word`.
static int lists(const char *list, size_t length, const char *word) {
    size_t wanted = strlen(word);
    for (size_t start = 0; start < length;) {
        size_t end = start;
        while (end < length && list[end] != ',') end++;
        if (end - start == wanted && strncmp(list + start, word, wanted) == 0) return 1;
        start = end + 1;
    }
    return 0;
}

/// `text` with mountinfo's octal escapes (`\040` for a space) decoded, in place.
static void unescape(char *text) {
    char *out = text;
    for (char *at = text; *at; at++) {
        if (at[0] == '\\' && at[1] >= '0' && at[1] <= '7' && at[2] >= '0' && at[2] <= '7' && at[3] >= '0' && at[3] <= '7') {
            *out++ = (char)((at[1] - '0') * 64 + (at[2] - '0') * 8 + (at[3] - '0'));
            at += 3;
        } else {
            *out++ = *at;
        }
    }
    *out = 0;
}

/// This process's memory cgroup path, as /proc/self/cgroup gives it for
/// the v1 controller "memory" ("4:memory:/a/b" gives "/a/b"). 0, or -1.
static int own_memory_path(char *out, size_t size) {
    FILE *file = fopen("/proc/self/cgroup", "re");
    if (!file) return -1;
    char line[4096];
    int found = -1;
    while (found != 0 && fgets(line, sizeof line, file)) {
        char *first = strchr(line, ':');
        char *second = first ? strchr(first + 1, ':') : NULL;
        if (!second || !lists(first + 1, (size_t)(second - first - 1), "memory")) continue;
        char *path = second + 1;
        path[strcspn(path, "\n")] = 0;
        if (strlen(path) < size) {
            strcpy(out, path);
            found = 0;
        }
    }
    fclose(file);
    return found;
}

/// The folder of this process's own memory cgroup: where the v1 memory
/// controller is mounted writable (/proc/self/mountinfo), joined with the
/// path below that mount's root. 0, or -1 when there is none.
static int own_memory_folder(char *out, size_t size) {
    char path[4096];
    if (own_memory_path(path, sizeof path) != 0) return -1;
    FILE *file = fopen("/proc/self/mountinfo", "re");
    if (!file) return -1;
    char line[8192];
    int found = -1;
    while (found != 0 && fgets(line, sizeof line, file)) {
        // ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL…] - TYPE SOURCE SUPER
        char *separator = strstr(line, " - ");
        if (!separator) continue;
        *separator = 0;
        char type[64], source[1024], super[1024];
        if (sscanf(separator + 3, "%63s %1023s %1023s", type, source, super) != 3) continue;
        if (strcmp(type, "cgroup") != 0 || !lists(super, strlen(super), "memory")) continue;
        char root[4096], mountpoint[4096], options[1024];
        if (sscanf(line, "%*s %*s %*s %4095s %4095s %1023s", root, mountpoint, options) != 3) continue;
        if (!lists(options, strlen(options), "rw")) continue;
        unescape(root);
        unescape(mountpoint);
        // The cgroup path is from the hierarchy's root; the mount shows `root` of it.
        size_t root_length = strcmp(root, "/") == 0 ? 0 : strlen(root);
        if (root_length && (strncmp(path, root, root_length) != 0 || (path[root_length] != '/' && path[root_length] != 0))) continue;
        const char *below = path + root_length;
        if ((size_t)snprintf(out, size, "%s%s", mountpoint, strcmp(below, "/") == 0 ? "" : below) < size) found = 0;
    }
    fclose(file);
    return found;
}

/// Writes `text` to `folder`/`name`. 0, or -1 with errno set.
static int write_file(const char *folder, const char *name, const char *text) {
    char path[4352];
    snprintf(path, sizeof path, "%s/%s", folder, name);
    int file = open(path, O_WRONLY | O_CLOEXEC);
    if (file < 0) return -1;
    ssize_t written = write(file, text, strlen(text));
    int saved = errno;
    close(file);
    errno = saved;
    return written == (ssize_t)strlen(text) ? 0 : -1;
}

int diffbench_cgroup_make(const char *name, long limit_bytes, char *folder, unsigned long size) {
    char own[4096];
    if (own_memory_folder(own, sizeof own) != 0) return -1;
    if ((size_t)snprintf(folder, size, "%s/%s", own, name) >= size) return -1;
    if (mkdir(folder, 0755) != 0) return -1;
    char limit[32];
    snprintf(limit, sizeof limit, "%ld", limit_bytes);
    // Memory first: the memory-and-swap limit may not be below it. Where
    // swap is accounted, it is held to the same bytes, so a case cannot
    // move its pages to swap to pass the limit.
    if (write_file(folder, "memory.limit_in_bytes", limit) != 0) {
        rmdir(folder);
        return -1;
    }
    (void)write_file(folder, "memory.memsw.limit_in_bytes", limit);
    return 0;
}

int diffbench_cgroup_join(const char *folder) {
    char pid[24];
    snprintf(pid, sizeof pid, "%d", (int)getpid());
    return write_file(folder, "cgroup.procs", pid);
}

long diffbench_cgroup_oom_kills(const char *folder) {
    char path[4352], line[256];
    snprintf(path, sizeof path, "%s/memory.oom_control", folder);
    FILE *file = fopen(path, "re");
    if (!file) return -1;
    long kills = -1;
    while (fgets(line, sizeof line, file)) {
        if (strncmp(line, "oom_kill ", 9) == 0) kills = strtol(line + 9, NULL, 10);
    }
    fclose(file);
    return kills;
}

long diffbench_cgroup_peak(const char *folder) {
    char path[4352], text[64];
    snprintf(path, sizeof path, "%s/memory.max_usage_in_bytes", folder);
    return diffbench_read_text(path, text, sizeof text) < 0 ? -1 : strtol(text, NULL, 10);
}

/// Kills (SIGKILL) every process `folder`/cgroup.procs lists now. The number killed, -1 when unreadable.
static int kill_members(const char *folder) {
    char path[4352], line[32];
    snprintf(path, sizeof path, "%s/cgroup.procs", folder);
    FILE *file = fopen(path, "re");
    if (!file) return -1;
    int killed = 0;
    while (fgets(line, sizeof line, file)) {
        long pid = strtol(line, NULL, 10);
        if (pid > 1 && kill((pid_t)pid, SIGKILL) == 0) killed += 1;
    }
    fclose(file);
    return killed;
}

int diffbench_cgroup_end(const char *folder) {
    // Members left: what an engine started, in the group or out of it
    // (setsid), its parent ended or not. A zombie is no member.
    int killed = 0;
    for (int round = 0; round < 400; round++) {
        int found = kill_members(folder);
        if (found <= 0) break;
        killed += found;
        usleep(5000);
    }
    for (int round = 0; round < 400 && rmdir(folder) != 0; round++) {
        if (errno != EBUSY) break;
        (void)kill_members(folder);
        usleep(5000);
    }
    return killed;
}

int diffbench_cgroup_sweep(const char *prefix) {
    char own[4096];
    if (own_memory_folder(own, sizeof own) != 0) return 0;
    DIR *folder = opendir(own);
    if (!folder) return 0;
    size_t prefix_length = strlen(prefix);
    int ended = 0;
    struct dirent *entry;
    while ((entry = readdir(folder)) != NULL) {
        if (strncmp(entry->d_name, prefix, prefix_length) != 0) continue;
        // PREFIX PID - N: ended when PID, the run that made it, is gone.
        char *end = NULL;
        long pid = strtol(entry->d_name + prefix_length, &end, 10);
        if (pid <= 0 || !end || *end != '-') continue;
        if (kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
        char path[4352];
        snprintf(path, sizeof path, "%s/%s", own, entry->d_name);
        (void)diffbench_cgroup_end(path);
        ended += 1;
    }
    closedir(folder);
    return ended;
}

int diffbench_hide_cgroups(void) {
    // Deepest first: a controller's mount sits below the tmpfs that holds
    // the mount points, and a lazy unmount takes what is below it.
    FILE *file = fopen("/proc/self/mountinfo", "re");
    if (!file) return -1;
    char line[8192], mountpoints[64][512];
    int count = 0;
    while (count < 64 && fgets(line, sizeof line, file)) {
        char *separator = strstr(line, " - ");
        if (!separator) continue;
        char type[64];
        if (sscanf(separator + 3, "%63s", type) != 1) continue;
        if (strcmp(type, "cgroup") != 0 && strcmp(type, "cgroup2") != 0) continue;
        if (sscanf(line, "%*s %*s %*s %*s %511s", mountpoints[count]) != 1) continue;
        unescape(mountpoints[count]);
        count += 1;
    }
    fclose(file);
    int failed = 0;
    for (int index = count - 1; index >= 0; index--) {
        if (umount2(mountpoints[index], MNT_DETACH) != 0 && errno != EINVAL && errno != ENOENT) failed = 1;
    }
    return failed ? -1 : 0;
}
