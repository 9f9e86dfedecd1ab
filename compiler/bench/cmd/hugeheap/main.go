// Command hugeheap runs the huge-page heap experiment (package hugeheap) on a compilation:
// it compiles one WGSL file to SPIR-V as `wgslc -o OUT FILE` does (the collector off, a
// memory limit), after backing the heap it expects to need with transparent huge pages,
// unless -huge=false. benchnaga compares the two and naga by page faults:
//
//	go build -o /tmp/hugeheap ./compiler/bench/cmd/hugeheap
//	go run ./compiler/bench/cmd/benchnaga -wgslc /tmp/hugeheap -naga naga FILE.wgsl...
//	go run ./compiler/bench/cmd/benchnaga -wgslc /tmp/hugeheap -wgslc-flags -huge=false -naga naga FILE.wgsl...
package main

import (
	"encoding/binary"
	"flag"
	"fmt"
	"os"
	"runtime/debug"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/bench/hugeheap"
)

func main() {
	huge := flag.Bool("huge", true, "back the heap with transparent huge pages before compiling")
	out := flag.String("o", "", "output SPIR-V file")
	flag.Parse()
	if flag.NArg() != 1 || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: hugeheap [-huge=false] -o OUT.spv FILE.wgsl")
		os.Exit(2)
	}
	debug.SetGCPercent(-1) // as wgslc: no collection, a memory limit
	debug.SetMemoryLimit(256 << 20)
	text, err := os.ReadFile(flag.Arg(0))
	check(err)
	if *huge {
		hugeheap.Prepare(len(text) * hugeheap.HeapPerInputByte)
	}
	res, err := compiler.Compile(compiler.Source{Name: flag.Arg(0), Text: text}, compiler.Options{})
	check(err)
	b := make([]byte, 4*len(res.SPIRV))
	for i, w := range res.SPIRV {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	check(os.WriteFile(*out, b, 0o644))
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "hugeheap:", err)
		os.Exit(1)
	}
}
