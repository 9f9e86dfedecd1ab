//go:build unix

package peer

import (
	"syscall"
	"time"
)

// TimeKind names what cpuTime measures.
const TimeKind = "CPU"

// cpuTime is the user and system CPU time of the process so far, every thread's.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
