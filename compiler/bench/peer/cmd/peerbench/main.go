// Command peerbench compares wgslgo with gogpu/naga, the other pure-Go WGSL → SPIR-V
// compiler, on the inputs both compile: the repository's own shaders (internal/corpus: the
// benchmark shaders and the test data) and the .wgsl files under any PATH given.
//
// In process (the default): each input is compiled by both, alternately, in several rounds,
// each measurement repeated to last about -min-time; it prints the CPU time, bytes and
// allocations per compilation and the ratios wgslgo / gogpu: all inputs' CPU, the median of
// the per-input CPU ratios, the largest inputs' CPU, bytes and allocations. wgslgo runs with
// its defaults (debug names, reflection, bounds clamps); -lean leaves out the names and the
// reflection.
//
// With -process: each input as a whole process, `WGSLC -o OUT FILE` against `GOGPUC FILE OUT`
// (cmd/gogpuc), alternately, one warm-up round and -rounds counted ones; it prints each
// one's CPU and wall time per file (min, median and max over the rounds) and the ratios. It
// runs copies of the two commands made alike at its start, synced and dropped from the page
// cache, so that neither pays or gains for its file's page-cache history and both run as an
// installed program does after a restart (peer.CopyExecutables).
//
// Run it from within the repository (it finds the corpus from the working directory);
// scripts/bench-peer.sh builds the commands and runs both.
//
//	peerbench [-rounds N] [-min-time D] [-largest N] [-lean] [-only] [-v] [PATH...]
//	peerbench -process -wgslc PATH -gogpuc PATH [-rounds N] [-only] [PATH...]
//	peerbench -loop N [-compiler wgslgo|gogpu] [-lean] [-only] [PATH...]
//
// With -loop, each input both accept is compiled N times by one compiler and nothing is
// measured: under callgrind, the count of -loop 3 less that of -loop 1 is two compilations
// of the set, the garbage collector's work included, whatever the machine's load.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"time"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/bench/peer"
)

func main() {
	rounds := flag.Int("rounds", 5, "counted rounds")
	minTime := flag.Duration("min-time", 2*time.Millisecond, "in process: how long one measurement (an input compiled several times in a row by one compiler) lasts at least")
	largest := flag.Int("largest", 20, "in process: the ratio of the largest `N` inputs, by WGSL size")
	lean := flag.Bool("lean", false, "in process: wgslgo without debug names and reflection")
	only := flag.Bool("only", false, "only the PATHs given, not the repository's shaders")
	verbose := flag.Bool("v", false, "in process: a line per input")
	process := flag.Bool("process", false, "whole processes: wgslc against gogpuc")
	wgslc := flag.String("wgslc", "wgslc", "with -process: the wgslc command")
	gogpuc := flag.String("gogpuc", "gogpuc", "with -process: the gogpuc command (cmd/gogpuc)")
	loop := flag.Int("loop", 0, "compile the inputs both accept `N` times with -compiler only, and print nothing more (for callgrind: the difference of two counts is the cost of N compilations of the set)")
	loopCompiler := flag.String("compiler", "wgslgo", "with -loop: wgslgo or gogpu")
	cpuProfile := flag.String("cpuprofile", "", "with -loop: write a CPU profile of the loop to `FILE`")
	memProfile := flag.String("memprofile", "", "with -loop: write a profile of the loop's allocations to `FILE` (every 512th byte sampled)")
	flag.Parse()
	if *memProfile != "" {
		// Only the loop's allocations are sampled, not those of finding the inputs.
		runtime.MemProfileRate = 0
	}

	var in []peer.Input
	if !*only {
		wd, err := os.Getwd()
		check(err)
		root, err := peer.RepoRoot(wd)
		check(err)
		in, err = peer.ProjectInputs(root)
		check(err)
	}
	more, err := peer.FileInputs(flag.Args()...)
	check(err)
	in = append(in, more...)

	opts := compiler.Options{}
	if *lean {
		opts.NoNames, opts.NoReflection = true, true
	}
	ours, theirs := peer.WGSLGo(opts), peer.GogpuNaga()
	both := peer.Accepted(in, ours, theirs)
	var size int
	for _, x := range both {
		size += len(x.Text)
	}
	info, _ := debug.ReadBuildInfo()
	fmt.Printf("%d of %d inputs compile with both (%d KB of WGSL); %s, GOMAXPROCS %d, GOGC %s, %s\n",
		len(both), len(in), size>>10, runtime.Version(), runtime.GOMAXPROCS(0), gogc(), gogpuVersion(info))
	if len(both) == 0 {
		fmt.Fprintln(os.Stderr, "peerbench: no input that both compile")
		os.Exit(1)
	}
	if *loop > 0 {
		c := map[string]peer.Compiler{"wgslgo": ours, "gogpu": theirs}[*loopCompiler]
		if c.Compile == nil {
			check(fmt.Errorf("-compiler %q: want wgslgo or gogpu", *loopCompiler))
		}
		if *cpuProfile != "" {
			f, err := os.Create(*cpuProfile)
			check(err)
			check(pprof.StartCPUProfile(f))
			defer pprof.StopCPUProfile()
		}
		if *memProfile != "" {
			runtime.MemProfileRate = 512
		}
		for range *loop {
			for _, x := range both {
				check(c.Compile(x.Text))
			}
		}
		if *memProfile != "" {
			f, err := os.Create(*memProfile)
			check(err)
			check(pprof.Lookup("allocs").WriteTo(f, 0))
			check(f.Close())
		}
		return
	}
	if *process {
		processMain(both, *rounds, *wgslc, *gogpuc)
		return
	}

	run, err := peer.Measure(both, []peer.Compiler{ours, theirs}, *rounds, *minTime)
	check(err)
	if *verbose {
		a, b := run.PerInput(0), run.PerInput(1)
		fmt.Println("\n| input | WGSL bytes | wgslgo µs | gogpu µs | ratio | wgslgo KB | gogpu KB | wgslgo allocs | gogpu allocs |")
		fmt.Println("|---|--:|--:|--:|--:|--:|--:|--:|--:|")
		for i, x := range both {
			fmt.Printf("| %s | %d | %.1f | %.1f | %.2f | %.1f | %.1f | %.0f | %.0f |\n", x.Name, len(x.Text),
				us(a[i].CPU), us(b[i].CPU), float64(a[i].CPU)/float64(b[i].CPU), a[i].Bytes/1024, b[i].Bytes/1024, a[i].Allocs, b[i].Allocs)
		}
	}
	a, b := run.PerInput(0), run.PerInput(1)
	var ta, tb peer.Cost
	for i := range both {
		ta.CPU, tb.CPU = ta.CPU+a[i].CPU, tb.CPU+b[i].CPU
		ta.Bytes, tb.Bytes = ta.Bytes+a[i].Bytes, tb.Bytes+b[i].Bytes
		ta.Allocs, tb.Allocs = ta.Allocs+a[i].Allocs, tb.Allocs+b[i].Allocs
	}
	n := float64(len(both))
	q := run.Compare(0, 1, *largest)
	fmt.Printf("\nIn process, %d rounds, each input's median; wgslgo %s:\n\n", *rounds, map[bool]string{false: "defaults (names, reflection, bounds clamps)", true: "-lean (no names, no reflection; bounds clamps)"}[*lean])
	fmt.Println("| measure | wgslgo | gogpu/naga | wgslgo / gogpu |")
	fmt.Println("|---|--:|--:|--:|")
	fmt.Printf("| %s time, all inputs (ms) | %.1f | %.1f | **%.3f** (rounds %s) |\n", peer.TimeKind, ms(ta.CPU), ms(tb.CPU), q.CPU, spread(q.RoundCPU))
	fmt.Printf("| median of the per-input %s ratios | | | **%.3f** |\n", peer.TimeKind, q.MedianCPU)
	fmt.Printf("| %s time, the largest %d inputs (ms) | | | **%.3f** |\n", peer.TimeKind, q.LargestN, q.Largest)
	fmt.Printf("| bytes allocated per input (KB) | %.1f | %.1f | **%.3f** |\n", ta.Bytes/n/1024, tb.Bytes/n/1024, q.Bytes)
	fmt.Printf("| allocations per input | %.0f | %.0f | %.3f |\n", ta.Allocs/n, tb.Allocs/n, q.Allocs)
}

func processMain(in []peer.Input, rounds int, wgslc, gogpuc string) {
	dir, err := os.MkdirTemp("", "peerbench")
	check(err)
	defer os.RemoveAll(dir)
	files, err := peer.WriteInputs(dir, in)
	check(err)
	bins, err := peer.CopyExecutables(dir, wgslc, gogpuc)
	check(err)
	cmds := []peer.Command{
		{Name: "wgslc", Args: []string{bins[0], "-o", "OUT", "FILE"}},
		{Name: "gogpuc", Args: []string{bins[1], "FILE", "OUT"}},
	}
	run, err := peer.MeasureProcesses(files, cmds, rounds, dir)
	if err != nil {
		os.RemoveAll(dir)
		check(err)
	}
	fmt.Printf("\nWhole process, one per input (`wgslc -o OUT FILE` against `gogpuc FILE OUT`), %d rounds after one warm-up; per input, min / median / max over the rounds:\n\n", rounds)
	fmt.Println("| command | CPU ms per input | wall ms per input |")
	fmt.Println("|---|--:|--:|")
	for c, cmd := range cmds {
		f := run.Figures(c)
		fmt.Printf("| %s | %.3f / **%.3f** / %.3f | %.3f / %.3f / %.3f |\n", cmd.Name,
			ms(f.MinCPU), ms(f.MedianCPU), ms(f.MaxCPU), ms(f.MinWall), ms(f.MedianWall), ms(f.MaxWall))
	}
	q := run.Compare(0, 1)
	fmt.Printf("\nwgslc / gogpuc: CPU **%.3f** (medians; rounds %s), median of the per-input ratios %.3f, wall %.3f\n",
		q.MedianCPU, spread(q.RoundCPU), q.MedianPerFile, q.MedianWall)
}

// spread is the least and the greatest of sorted ratios.
func spread(r []float64) string {
	return fmt.Sprintf("%.3f-%.3f", slices.Min(r), slices.Max(r))
}

func gogc() string {
	if v := os.Getenv("GOGC"); v != "" {
		return v
	}
	return "100"
}

func gogpuVersion(info *debug.BuildInfo) string {
	if info != nil {
		for _, m := range info.Deps {
			if m.Path == "github.com/gogpu/naga" {
				return "gogpu/naga " + m.Version
			}
		}
	}
	return "gogpu/naga (version unknown)"
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
func us(d time.Duration) float64 { return float64(d) / float64(time.Microsecond) }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "peerbench:", err)
		os.Exit(1)
	}
}
