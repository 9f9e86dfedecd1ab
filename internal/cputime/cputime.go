// Package cputime reads the CPU time of the process, which benchmarks and tests that bound
// how long something takes measure rather than the wall time: a busy machine stretches the
// wall time many times over, far less the CPU time a computation takes.
package cputime
