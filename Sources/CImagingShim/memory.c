#include "CImagingShim.h"

#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

int sak_malloc_single_arena(void) {
#if defined(__GLIBC__) && defined(M_ARENA_MAX)
    if (getenv("MALLOC_ARENA_MAX") != NULL) return 0;
    return mallopt(M_ARENA_MAX, 1) == 1;
#else
    return 0;
#endif
}
