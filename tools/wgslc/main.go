// Command wgslc compiles WGSL shaders.
//
//	wgslc --parse-only FILE.wgsl            check the syntax only
//	wgslc -o OUT.spv [--reflect OUT.json] FILE.wgsl
//	wgslc -o DIR [--reflect DIR] INPUT...   a batch: files, directories, '-' for a list on stdin
//	wgslc test [-v] [-run REGEXP] FILE...   run the @test functions of the files on the CPU
//
// A batch compiles its inputs on all cores; each output and each file's diagnostics are those
// of a run on that file alone, in input order (wgslc -h gives the output names).
//
// Exit status: 0 on success, 1 when the shader has errors (diagnostics on stderr as
// file:line:col: error: message, with the source line and a caret), 2 for usage or I/O errors;
// for a batch, the highest of its inputs'.
package main

import (
	"os"
	"runtime/debug"
)

func main() {
	tuneGC()
	growStack(0)
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// growStack grows the main goroutine's stack to 32 KB at once, while it holds only main's
// frames. A compilation's recursion (parser, checker, passes) would grow it in doublings,
// each of which copies the stack and reads the tables of every frame on it, pages of the
// binary that a process compiling one shader would touch for nothing else. Typical shaders
// compile within 32 KB; deeper ones grow it further as usual. The stack is not shrunk again:
// the collector, which shrinks stacks, is off (tuneGC). (small.wgsl, whole process: about 12
// fewer page faults, 0.2-0.6 ms less CPU; BENCHMARKS.md.)
//
//go:noinline
func growStack(i int) byte {
	var pad [14 << 10]byte
	pad[i] = 1
	return pad[(i+1)%len(pad)]
}

// tuneGC turns the proportional garbage collector off for this short-lived process, keeping
// only a memory limit, unless the user set GOGC or GOMEMLIMIT. A compilation allocates about
// 120 bytes per byte of WGSL and most of it stays live until the SPIR-V is written, so
// collecting along the way costs a third of the CPU time for little memory: a 256 KB shader
// peaks near 40 MB of resident memory without collection, 35 MB with it. Past the limit the
// collector runs as usual (GOGC=off GOMEMLIMIT=256MiB). Both are public runtime/debug
// settings; the command relies on no private behaviour of the allocator.
func tuneGC() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(256 << 20)
}
