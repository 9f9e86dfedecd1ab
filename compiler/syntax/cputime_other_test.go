//go:build !unix

package syntax

import "time"

var processStart = time.Now()

// cpuTime is the wall time since the tests started, where the process's CPU time is not
// measured.
func cpuTime() time.Duration { return time.Since(processStart) }
