#include "CImagingShim.h"

#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int sak_malloc_single_arena(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    const char *tunables = getenv("GLIBC_TUNABLES");
    if (getenv("MALLOC_ARENA_MAX") != NULL || (tunables != NULL && strstr(tunables, "malloc.arena_max") != NULL)) return 0;
    return mallopt(M_ARENA_MAX, 1) == 1;
#else
    return 0;
#endif
}
