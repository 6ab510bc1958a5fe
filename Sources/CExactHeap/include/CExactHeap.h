#ifndef DIFFBENCH_C_EXACT_HEAP_H
#define DIFFBENCH_C_EXACT_HEAP_H

#include <stddef.h>

/// While switched on, `malloc_usable_size` reports exactly the size that was
/// requested for a block the malloc interposer handed out, instead of the
/// allocator's rounded-up chunk size. See ExactHeap.c for why.
void diffbench_exact_heap_set(int on);

/// 1 when the switch is effective in this process (Linux, with the
/// interposer's block headers), 0 where it does nothing.
int diffbench_exact_heap_supported(void);

/// The usable size of a block as the Swift runtime sees it (through the
/// override while the switch is on); 0 where there is no such query.
size_t diffbench_usable_size(void *ptr);

#endif
