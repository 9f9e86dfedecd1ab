// Package hugeheap is a benchmark experiment, not part of any command: it backs the heap a
// compilation is about to use with transparent huge pages (Linux, madvise), so that a process
// that compiles once and exits takes one page fault per 2 MB instead of one per 4 KB page it
// touches. It works by steering where the Go allocator places its next spans — behaviour of
// the runtime's page allocator that no API promises and that may change with any Go release —
// which is why wgslc does not do it. cmd/hugeheap compiles a shader with and without it, for
// the page-fault comparison in BENCHMARKS.md.
package hugeheap

// HeapPerInputByte is about how many bytes of heap a compilation allocates per byte of WGSL
// (82 for the 256 KB benchmark shader), for sizing Prepare's argument from the input.
const HeapPerInputByte = 96
