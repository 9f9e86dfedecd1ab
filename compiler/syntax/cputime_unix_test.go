//go:build unix

package syntax

import (
	"syscall"
	"time"
)

// cpuTime is the user and system CPU time the test process has used so far: the limit tests
// bound it, not the wall time, which a busy machine stretches many times over.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
