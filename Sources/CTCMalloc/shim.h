// gperftools' tcmalloc ("minimal": the allocator without the heap profiler). Linked into the conform
// executable (and the benchmark driver), it replaces the C library's malloc for the whole process: a
// check makes several hundred small allocations per document, and tcmalloc's per-thread caches serve
// them faster than glibc's heap, most of all once the rule pass has broken it up.
// Libraries and the fuzz targets (whose address sanitizer brings its own allocator) never link it.
#include <gperftools/tcmalloc.h>
