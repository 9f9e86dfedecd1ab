// Package particles is what wgslgen generates for examples/particles/particles.wgsl, committed
// so that the generated API can be read, built, tested and benchmarked inside this module. Its
// reflection is the compiler's; its SPIR-V is a stand-in (one empty entry point, step) until
// the compiler has a SPIR-V backend. gen's TestSample keeps it up to date: go test ./gen
// -update rewrites it.
package particles
