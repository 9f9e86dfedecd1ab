// Command benchshaders writes the benchmark shaders of compiler/bench into a directory, for
// scripts/bench-naga.sh and for anyone comparing compilers on the same inputs.
//
//	go run ./compiler/bench/cmd/benchshaders DIR
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/wgslgo/wgslgo/compiler/bench"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: benchshaders DIR")
		os.Exit(2)
	}
	dir := os.Args[1]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, s := range bench.All() {
		if err := os.WriteFile(filepath.Join(dir, s.Name), s.Text, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Println(s.Name)
	}
}
