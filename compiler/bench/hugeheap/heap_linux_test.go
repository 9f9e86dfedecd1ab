package hugeheap

import (
	"os"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPrepare: after Prepare, memory the heap hands out in the prepared range is
// backed by transparent huge pages, where the kernel grants them on request.
func TestPrepare(t *testing.T) {
	requireHugePages(t)
	before := anonHuge(t)
	Prepare(32 << 20)
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
		t.Fatalf("no huge page backs the prepared heap (AnonHugePages %d kB before, %d kB after)", before, after)
	}
	t.Logf("AnonHugePages: %d kB -> %d kB", before, after)
}

// TestSkipToHugePage: after skipToHugePage, small allocations, once the free pages below the
// moved frontier are used, land on a huge page.
func TestSkipToHugePage(t *testing.T) {
	requireHugePages(t)
	defer debug.SetGCPercent(debug.SetGCPercent(-1)) // as in wgslc: no reuse of freed memory
	before := anonHuge(t)
	skipToHugePage(2 << 20)
	var objs [][]byte
	for i := 0; i < 3<<10; i++ { // 3 MB of 1 KB objects: more than the free pages below
		b := make([]byte, 1<<10)
		b[0], b[len(b)-1] = byte(i), byte(i>>8)
		objs = append(objs, b)
	}
	after := anonHuge(t)
	for i, b := range objs {
		if b[0] != byte(i) || b[len(b)-1] != byte(i>>8) {
			t.Fatalf("object %d changed", i)
		}
	}
	if after <= before {
		t.Fatalf("no huge page backs the prepared heap (AnonHugePages %d kB before, %d kB after)", before, after)
	}
	t.Logf("AnonHugePages: %d kB -> %d kB", before, after)
}

// requireHugePages skips when the kernel is configured not to give huge pages on request: the
// machine's setting, not a result of the code under test.
func requireHugePages(t *testing.T) {
	t.Helper()
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !strings.Contains(string(mode), "[madvise]") && !strings.Contains(string(mode), "[always]") {
		t.Skipf("transparent huge pages are not available on request here (%q)", strings.TrimSpace(string(mode)))
	}
}

// anonHuge is the process's memory backed by transparent huge pages, in kB.
func anonHuge(t *testing.T) int {
	data, err := os.ReadFile("/proc/self/smaps_rollup")
	require.NoError(t, err)
	m := regexp.MustCompile(`AnonHugePages:\s+(\d+) kB`).FindSubmatch(data)
	require.NotNil(t, m, "no AnonHugePages in /proc/self/smaps_rollup")
	n, _ := strconv.Atoi(string(m[1]))
	return n
}
