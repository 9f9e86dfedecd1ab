// Command benchshaders writes the benchmark shaders of compiler/bench into a directory, for
// scripts/bench-naga.sh and for anyone comparing compilers on the same inputs. With -corpus,
// run from the repository's root, it writes every shader of the test data too
// (internal/corpus), each under its path, for scripts/bench-batch.sh.
//
//	go run ./compiler/bench/cmd/benchshaders [-corpus] DIR
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/wgslgo/wgslgo/compiler/bench"
	"github.com/wgslgo/wgslgo/internal/corpus"
)

func main() {
	all := flag.Bool("corpus", false, "also every shader of the test data, under its path (run from the repository's root)")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: benchshaders [-corpus] DIR")
		os.Exit(2)
	}
	dir := flag.Arg(0)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fail(err)
	}
	if *all {
		if mod, err := os.ReadFile("go.mod"); err != nil || !bytes.HasPrefix(mod, []byte("module github.com/wgslgo/wgslgo\n")) {
			fail(fmt.Errorf("-corpus: run from the root of the wgslgo repository"))
		}
		shaders, err := corpus.Gather(".")
		if err != nil {
			fail(err)
		}
		if err := corpus.Write(dir, shaders); err != nil {
			fail(err)
		}
		fmt.Printf("%d shaders\n", len(shaders))
		return
	}
	for _, s := range bench.All() {
		if err := os.WriteFile(filepath.Join(dir, s.Name), s.Text, 0o644); err != nil {
			fail(err)
		}
		fmt.Println(s.Name)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "benchshaders:", err)
	os.Exit(1)
}
