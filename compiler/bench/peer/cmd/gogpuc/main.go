// Command gogpuc is the smallest command-line compiler over gogpu/naga's API, the other
// pure-Go WGSL → SPIR-V compiler: it reads FILE, compiles it with naga.Compile (gogpu's
// defaults: SPIR-V 1.3, IR validation on, no debug names) and writes the SPIR-V to OUT.
// It takes its arguments as Rust naga does (`naga FILE OUT`), so that every whole-process
// comparison (peerbench -process, benchnaga -naga) can run it in naga's place.
//
//	gogpuc FILE.wgsl OUT.spv
package main

import (
	"fmt"
	"os"

	"github.com/gogpu/naga"
)

func main() {
	if len(os.Args) != 3 {
		fmt.Fprintln(os.Stderr, "usage: gogpuc FILE.wgsl OUT.spv")
		os.Exit(2)
	}
	src, err := os.ReadFile(os.Args[1])
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	spv, err := naga.Compile(string(src))
	if err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", os.Args[1], err)
		os.Exit(1)
	}
	if err := os.WriteFile(os.Args[2], spv, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
