package hugeheap

import (
	"runtime"
	"syscall"
	"unsafe"
)

// Prepare backs the heap a compilation will use with transparent huge pages, where the
// kernel offers them on request (/sys/kernel/mm/transparent_hugepage/enabled is "madvise" on
// most distributions). With the collector off, every page the compiler allocates is a page
// the kernel must fault in, zero and charge: a 12 KB shader touches about 300 pages, a
// 256 KB one about 5,000, and the faults cost a tenth to a fifth of the compilation. A huge
// page takes one fault per 2 MB, but zeroing it costs about as much as 60-100 small faults,
// so heaps below minHugeHeap keep ordinary pages.
//
// bytes is the heap the compilation is expected to allocate. Failures are ignored: the
// compilation then runs on ordinary pages.
func Prepare(bytes int) {
	switch {
	case bytes >= growHugeHeap:
		growHeap(min(bytes, 256<<20))
	case bytes >= minHugeHeap:
		skipToHugePage(bytes)
	}
}

const (
	hugePage = 2 << 20
	// minHugeHeap is the expected heap from which huge pages pay (measured: 11-12 KB
	// shaders, about 1.1 MB of heap, save 5-8 % of their CPU time; a 281-byte one would lose
	// 4 %).
	minHugeHeap = 768 << 10
	// growHugeHeap is the expected heap from which the heap is grown ahead (growHeap).
	growHugeHeap = 4 * hugePage
)

// heapSkip keeps the allocations skipToHugePage makes to move the heap's frontier; they are
// never touched, so they cost address space only (heapDrain's too).
var heapSkip [3][]byte

// skipToHugePage moves the heap's frontier to the next 2 MB boundary and marks the memory
// from there huge-page eligible, so the compilation's allocations, which the runtime takes
// from the lowest free addresses, fill huge pages. The free pages below the frontier (the
// per-P page cache, the gaps the runtime's start-up left) are taken by allocations that are
// never touched; only the partly used spans of the start-up stay in use.
func skipToHugePage(bytes int) {
	// Allocations of 16 pages or more come from the page allocator's lowest free range that
	// fits, not from the page cache; fresh memory is handed out without being touched.
	const bypassCache = 128 << 10
	heapSkip[0] = make([]byte, bypassCache)
	end := uintptr(unsafe.Pointer(unsafe.SliceData(heapSkip[0]))) + bypassCache
	next := (end + hugePage - 1) &^ (hugePage - 1)
	if next-end < bypassCache {
		next += hugePage
	}
	heapSkip[1] = make([]byte, next-end)
	// The frontier may now be the end of what the runtime has mapped (it maps heap memory
	// 4 MB at a time): one more allocation makes it map the range before the advice is given,
	// since advice given to reserved but unmapped memory is lost when the runtime maps it.
	heapSkip[2] = make([]byte, bypassCache)
	advise(next, uintptr(bytes+hugePage-1)&^(hugePage-1))
	// Small spans come from the per-P page cache, which the runtime refills with the lowest
	// 512 KB chunk that has free pages: fill the free pages below the frontier with
	// allocations that are never touched, until the cache serves from the huge pages. An
	// 8 KB object is a span of one runtime page of its own.
	for range maxDrain {
		b := make([]byte, 8<<10)
		if uintptr(unsafe.Pointer(unsafe.SliceData(b))) >= next {
			break
		}
		heapDrain = append(heapDrain, b)
	}
}

// maxDrain bounds the allocations skipToHugePage makes below the frontier (4 MB of them).
const maxDrain = 512

// heapDrain keeps the allocations that fill the free pages below the frontier.
var heapDrain [][]byte

// growHeap grows the heap to bytes with one allocation that is never touched, frees it, and
// marks the range it covered huge-page eligible for the allocations that reuse it (the
// runtime maps heap memory as it grows, and only mapped memory keeps the advice). The forced
// collection costs about a millisecond, which only large heaps repay.
func growHeap(bytes int) {
	block := make([]byte, bytes)
	lo := uintptr(unsafe.Pointer(unsafe.SliceData(block)))
	hi := lo + uintptr(bytes)
	block = nil
	runtime.GC() // frees the block for the allocations to come (its pages were never touched)
	lo = (lo + hugePage - 1) &^ (hugePage - 1)
	hi &^= hugePage - 1
	if hi > lo {
		advise(lo, hi-lo)
	}
}

// advise marks [addr, addr+n) MADV_HUGEPAGE.
func advise(addr, n uintptr) {
	const madvHugePage = 14
	_, _, _ = syscall.Syscall(syscall.SYS_MADVISE, addr, n, madvHugePage)
}
