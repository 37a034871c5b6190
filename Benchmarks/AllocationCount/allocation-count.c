/* Counts heap allocations, for the soundscapes' "nothing allocated per block" (issue 49).
 *
 * Scripts/bench builds this as a shared library and preloads it into profile-inprocess-bench
 * (LD_PRELOAD): its malloc and kin count each call in `profile_allocations`, which the benchmark reads
 * (dlsym) before and after rendering, and pass the call on to glibc's own (__libc_malloc and the
 * others, which glibc exports for exactly this). Freeing needs no count: a block freed was counted when
 * it was made. The benchmark is single-threaded. */
#define _GNU_SOURCE
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

unsigned long profile_allocations = 0;

void *malloc(size_t size) { profile_allocations++; return __libc_malloc(size); }
void *calloc(size_t count, size_t size) { profile_allocations++; return __libc_calloc(count, size); }
void *realloc(void *pointer, size_t size) { profile_allocations++; return __libc_realloc(pointer, size); }
void *aligned_alloc(size_t alignment, size_t size) { profile_allocations++; return __libc_memalign(alignment, size); }
void *memalign(size_t alignment, size_t size) { profile_allocations++; return __libc_memalign(alignment, size); }
int posix_memalign(void **pointer, size_t alignment, size_t size) {
    profile_allocations++;
    void *block = __libc_memalign(alignment, size);
    if (block == NULL) return ENOMEM;
    *pointer = block;
    return 0;
}
