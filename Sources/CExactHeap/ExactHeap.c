// Allocator-independent memory figures for the memory pass.
//
// Swift's arrays ask the allocator how big a block really is
// (malloc_usable_size on Linux) and use the spare room as capacity. glibc
// sometimes hands out a chunk up to 31 bytes larger than asked for (when the
// rest of a free chunk is too small to split off), so whether an array gets
// one or two elements of extra capacity depends on the heap's history: the
// paths, environment and earlier allocations of the process. The extra
// capacity then propagates through every doubling of the array, and the same
// call measured in two processes can peak a few percent apart.
//
// While the memory pass runs, this override answers with the size that was
// requested (the malloc interposer records it in a 16-byte header before
// every block it hands out), so every array grows by its own rule alone and
// the peak is a property of the engine and the input, the same on every
// machine. Outside the pass, and for blocks without the header, the call goes
// on to the next definition (the interposer's, then libc's).
//
// The executable's definition of a symbol comes first in the dynamic
// linker's search order, so the Swift runtime's calls land here.

#if defined(__linux__)
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "CExactHeap.h"

// The interposer's block header, 16 bytes before the pointer it returns:
// requested size (8 bytes), an address-derived tag (4), a magic word (4).
// Both the tag and the magic must match before the size is trusted.
#define EXACT_HEAP_MAGIC 0xC0FFEE5AU

static _Atomic int exact_heap_on = 0;
typedef size_t (*usable_size_fn)(void *);
static _Atomic(usable_size_fn) next_usable_size = NULL;

static uint32_t exact_heap_tag(const void *user) {
    uintptr_t address = (uintptr_t)user;
    address *= 0x9E3779B97F4A7C15ULL;
    return (uint32_t)(address >> 32) ^ EXACT_HEAP_MAGIC;
}

static int exact_heap_requested(void *user, size_t *size) {
    uint32_t words[2];
    memcpy(words, (const char *)user - 8, sizeof(words));
    if (words[1] != EXACT_HEAP_MAGIC || words[0] != exact_heap_tag(user)) return 0;
    memcpy(size, (const char *)user - 16, sizeof(*size));
    return 1;
}

void diffbench_exact_heap_set(int on) {
    atomic_store_explicit(&exact_heap_on, on ? 1 : 0, memory_order_release);
}

int diffbench_exact_heap_supported(void) { return 1; }

size_t malloc_usable_size(void *ptr) {
    if (ptr == NULL) return 0;
    if (atomic_load_explicit(&exact_heap_on, memory_order_acquire)) {
        size_t requested;
        if (exact_heap_requested(ptr, &requested)) return requested;
    }
    usable_size_fn next = atomic_load_explicit(&next_usable_size, memory_order_acquire);
    if (next == NULL) {
        next = (usable_size_fn)dlsym(RTLD_NEXT, "malloc_usable_size");
        atomic_store_explicit(&next_usable_size, next, memory_order_release);
    }
    return next ? next(ptr) : 0;
}

size_t diffbench_usable_size(void *ptr) { return malloc_usable_size(ptr); }

#else

#include "CExactHeap.h"

void diffbench_exact_heap_set(int on) { (void)on; }
int diffbench_exact_heap_supported(void) { return 0; }
size_t diffbench_usable_size(void *ptr) { (void)ptr; return 0; }

#endif
