package cputime

import (
	"runtime"
	"testing"
	"time"
)

// TestProcessGrows: spinning for 20 ms of wall time adds CPU time, and never more than the
// wall time on as many threads as may run.
func TestProcessGrows(t *testing.T) {
	before, ok := Process()
	if !ok {
		t.Skip("the process's CPU time is not measured on " + runtime.GOOS)
	}
	start := time.Now()
	x := 0
	for time.Since(start) < 20*time.Millisecond {
		x++
	}
	after, _ := Process()
	wall := time.Since(start)
	if after <= before {
		t.Fatalf("CPU time did not grow while spinning %d times: %v then %v", x, before, after)
	}
	if d := after - before; d > wall*time.Duration(runtime.NumCPU()+1) {
		t.Fatalf("%v of CPU time in %v of wall time on %d CPUs", d, wall, runtime.NumCPU())
	}
}
