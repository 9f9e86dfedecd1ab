// Command wgslfuzz is wgslgo's differential fuzzer: it mutates the repository's shaders,
// compiles each mutant with wgslc and, when it is on PATH, with Tint, and reports crashes,
// time-outs, memory exhaustion, internal errors, diagnostics without a position, exits with
// status 2, SPIR-V that spirv-val rejects, and the verdicts that differ from Tint's.
//
//	go run ./internal/wgslfuzz/cmd/wgslfuzz -n 20000 -seed 1 -j 2 -out /tmp/findings
//
// The run is deterministic for a seed: mutant i of seed s is the same on every machine with
// the same repository. -only I prints mutant I and its verdict. See FUZZING.md.
package main

import (
	"context"
	"crypto/sha256"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"github.com/wgslgo/wgslgo/internal/vulkan"
	"github.com/wgslgo/wgslgo/internal/wgslfuzz"
)

func main() {
	var (
		n        = flag.Int("n", 2000, "number of mutants")
		seed     = flag.Uint64("seed", 1, "the run's seed")
		workers  = flag.Int("j", 2, "parallel checks")
		wgslc    = flag.String("wgslc", "", "the wgslc binary (default: build the module's)")
		tint     = flag.String("tint", "tint", "Tint's command line (\"\" to compare with nothing)")
		naga     = flag.String("naga", "naga", "naga, to run the accepted compute shaders on the Vulkan device as wgslc and as naga compile them, and compare (\"\" for no comparison)")
		out      = flag.String("out", "", "write each finding to a .wgsl file in `DIR` (at most 3 per kind)")
		only     = flag.Int("only", -1, "check only mutant `I` and print it")
		timeout  = flag.Duration("timeout", 20*time.Second, "time limit of one compilation")
		memLimit = flag.Int64("memlimit", 2<<30, "address space limit of one compilation, in bytes")
		execute  = flag.String("exec", "interp", "run the accepted compute shaders: on the interpreter (interp), and on the Vulkan device when they have one invocation (vulkan), or not (none)")
	)
	flag.Parse()
	ex, err := executor(*execute)
	if err != nil {
		fmt.Fprintln(os.Stderr, "wgslfuzz:", err)
		os.Exit(2)
	}
	if err := run(*n, *seed, *workers, *wgslc, *tint, *naga, *out, *only, *timeout, *memLimit, ex); err != nil {
		fmt.Fprintln(os.Stderr, "wgslfuzz:", err)
		os.Exit(2)
	}
}

// executor makes the Executor of the -exec flag.
func executor(mode string) (*wgslfuzz.Executor, error) {
	switch mode {
	case "none":
		return nil, nil
	case "interp":
		return &wgslfuzz.Executor{}, nil
	case "vulkan":
		dev, err := vulkan.Get()
		if err != nil {
			return nil, err
		}
		return &wgslfuzz.Executor{Device: dev}, nil
	}
	return nil, fmt.Errorf("-exec %s: want none, interp or vulkan", mode)
}

func run(n int, seed uint64, workers int, wgslc, tint, naga, out string, only int, timeout time.Duration, memLimit int64, ex *wgslfuzz.Executor) error {
	root, err := wgslfuzz.ModuleRoot()
	if err != nil {
		return err
	}
	seeds, err := wgslfuzz.Seeds(root)
	if err != nil {
		return err
	}
	bin, err := os.MkdirTemp("", "wgslfuzz-bin-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(bin)
	if wgslc == "" {
		if wgslc, err = wgslfuzz.BuildWgslc(root, bin); err != nil {
			return err
		}
	}
	var runner string
	if naga != "" {
		if naga, err = exec.LookPath(naga); err != nil {
			fmt.Fprintln(os.Stderr, "wgslfuzz: naga is not on PATH: no execution")
			naga = ""
		} else if runner, err = wgslfuzz.BuildRunner(root, bin); err != nil {
			return err
		}
	}
	spirvVal, err := exec.LookPath("spirv-val")
	if err != nil {
		return fmt.Errorf("spirv-val is required (Debian: apt install spirv-tools): %v", err)
	}
	if tint != "" {
		if tint, err = exec.LookPath(tint); err != nil {
			fmt.Fprintln(os.Stderr, "wgslfuzz: tint is not on PATH: no comparison with Tint")
			tint = ""
		}
	}
	tools := wgslfuzz.Tools{Wgslc: wgslc, SpirvVal: spirvVal, Tint: tint, Naga: naga, Runner: runner, Timeout: timeout, MemLimit: memLimit, Exec: ex}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if only >= 0 {
		dir, err := os.MkdirTemp("", "wgslfuzz-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		m := wgslfuzz.MakeMutant(seeds, seed, only)
		var x *wgslfuzz.NagaRunner
		if runner != "" {
			x = &wgslfuzz.NagaRunner{Path: runner}
			defer x.Close()
		}
		o := tools.CheckExec(ctx, dir, x, m.Input, seed<<32^uint64(only))
		fmt.Printf("// mutant %d of seed %d: %s (%s), %s\n// %s: %s (against naga: %s)\n%s\n", m.Index, seed, m.Seed, strings.Join(m.Mutations, ", "), m.Target, o.Class, o.Detail, o.Naga, m.Source())
		return nil
	}
	c := wgslfuzz.Campaign{Tools: tools, Seeds: seeds, Seed: seed, N: n, Workers: workers, Progress: os.Stderr}
	r, err := c.Run(ctx)
	if err != nil {
		return err
	}
	r.Summary(os.Stdout)
	if ex != nil {
		fmt.Printf("interpreted %d entry points, %d compared with the Vulkan device; %d the interpreter does not run, %d out of steps\n",
			ex.Interpreted, ex.Compared, ex.Unsupported, ex.OutOfSteps)
	}
	if out != "" {
		return writeFindings(out, seed, r)
	}
	return nil
}

// writeFindings writes at most three findings of each kind as .wgsl files (.txtar archives
// for WESL programs) headed by what they are.
func writeFindings(dir string, seed uint64, r *wgslfuzz.Report) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	perKind := map[string]int{}
	for _, f := range r.Findings {
		k := string(f.Class) + "\x00" + f.Kind
		if perKind[k] >= 3 {
			continue
		}
		perKind[k]++
		src := f.Source()
		sum := sha256.Sum256([]byte(src))
		ext := ".wgsl"
		if f.Modules != nil {
			ext = ".txtar"
		}
		name := filepath.Join(dir, fmt.Sprintf("%s-%x%s", f.Class, sum[:4], ext))
		head := fmt.Sprintf("// wgslfuzz -seed %d -only %d: %s (%s), %s\n// %s: %s\n", seed, f.Index, f.Seed,
			strings.Join(f.Mutations, ", "), f.Target, f.Class, strings.ReplaceAll(f.Detail, "\n", "\n// "))
		if err := os.WriteFile(name, []byte(head+src), 0o644); err != nil {
			return err
		}
	}
	return nil
}
