package main

import (
	"runtime"
	"syscall"
	"unsafe"
)

// hugePageHeap backs the heap a large compilation will use with transparent huge pages, where
// the kernel offers them on request (/sys/kernel/mm/transparent_hugepage/enabled is
// "madvise" on most distributions). With the collector off, every page the compiler
// allocates is a page the kernel must fault in and zero: a 256 KB shader touches about 5,000
// pages, and the faults cost more than a tenth of the compilation. Huge pages take one fault
// per 2 MB.
//
// The runtime maps heap memory as it grows, so the heap is first grown to the expected size
// with one allocation that is never touched, which is then freed, and the range it covered
// is marked MADV_HUGEPAGE for the allocations that reuse it. Failures are ignored: the
// compilation then runs on ordinary pages.
func hugePageHeap(bytes int) {
	const huge = 2 << 20
	if bytes < 4*huge {
		return // a small heap: the setup would cost more than the faults it saves
	}
	// Never reserve more than the memory limit wgslc runs under (a huge input must not make
	// the set-up itself fail).
	bytes = min(bytes, 256<<20)
	block := make([]byte, bytes)
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	hi := lo + uintptr(bytes)
	block = nil
	runtime.GC() // frees the block for the allocations to come (its pages were never touched)
	lo = (lo + huge - 1) &^ (huge - 1)
	hi &^= huge - 1
	if hi > lo {
		const madvHugePage = 14
		_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, lo, hi-lo, madvHugePage)
	}
}
