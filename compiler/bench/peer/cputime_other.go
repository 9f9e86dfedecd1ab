//go:build !unix

package peer

import "time"

// TimeKind names what cpuTime measures: without getrusage, the wall clock.
const TimeKind = "wall"

var start = time.Now()

// cpuTime is the wall time since the package was initialised.
func cpuTime() time.Duration { return time.Since(start) }
