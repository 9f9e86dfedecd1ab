package main

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestHugePageHeap: after hugePageHeap, memory the heap hands out in the prepared range is
// backed by transparent huge pages, where the kernel grants them on request.
func TestHugePageHeap(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !strings.Contains(string(mode), "[madvise]") && !strings.Contains(string(mode), "[always]") {
		t.Skipf("transparent huge pages are not available on request here (%q)", strings.TrimSpace(string(mode)))
	}
	before := anonHuge(t)
	hugePageHeap(32 << 20)
	block := make([]byte, 16<<20)
	for i := range block {
		block[i] = byte(i)
	}
	after := anonHuge(t)
	for i := 0; i < len(block); i += 4093 {
		if block[i] != byte(i) {
			t.Fatalf("byte %d changed", i)
		}
	}
	if after <= before {
		t.Skipf("the kernel granted no huge page (AnonHugePages %d kB before, %d kB after): none free?", before, after)
	}
	t.Logf("AnonHugePages: %d kB -> %d kB", before, after)
}

func anonHuge(t *testing.T) int {
	data, err := os.ReadFile("/proc/self/smaps_rollup")
	if err != nil {
		t.Skip(err)
	}
	m := regexp.MustCompile(`AnonHugePages:\s+(\d+) kB`).FindSubmatch(data)
	if m == nil {
		t.Skip("no AnonHugePages in smaps_rollup")
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}
