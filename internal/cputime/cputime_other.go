//go:build !unix

package cputime

import "time"

// Process returns the user and system CPU time of the process so far; ok is false where it is
// not measured, as here.
func Process() (d time.Duration, ok bool) { return 0, false }
