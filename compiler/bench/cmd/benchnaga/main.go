// Command benchnaga compares two shader compilers process by process: for each WGSL file it
// runs `WGSLC -o OUT.spv FILE` and `NAGA FILE OUT.spv` alternately, many times, and prints a
// Markdown table of the medians of wall time and of CPU time (user+system, from the kernel's
// rusage, so a loaded machine slows both without skewing CPU time much), the peak resident
// memory, the page faults (which, unlike times, the machine's load does not change), the
// SPIR-V sizes, and the ratios wgslc/naga (below 1 means wgslc wins).
// scripts/bench-naga.sh builds wgslc and the inputs and runs it.
//
// With -floor PATH, each file's alternation also runs PATH (an empty Go program, built by the
// caller) without arguments, and the table shows its CPU time beside naga's: the cost of a Go
// process that does nothing, against which a whole wgslc run on a small shader is to be read.
//
// With -batch, it compares one wgslc process compiling many files (a batch) with one naga
// process per file; see batch.go. scripts/bench-batch.sh runs both.
//
//	benchnaga [-n RUNS] [-floor PATH] -wgslc PATH [-wgslc-flags FLAGS] -naga PATH [-naga-flags FLAGS] FILE.wgsl...
//	benchnaga -batch [-n ROUNDS] [-min FILES] -wgslc PATH ... -naga PATH ... DIR
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"
)

type sample struct {
	wall, cpu time.Duration
	rssKB     int64
	faults    int64
}

type stats struct {
	wall, cpu time.Duration // medians
	rssKB     int64         // maximum
	faults    int64         // median
	size      int64         // output bytes
}

func main() {
	runs := flag.Int("n", 30, "measured runs per compiler and file (after 3 warm-up runs); with -batch, rounds after one warm-up (default 5)")
	wgslc := flag.String("wgslc", "wgslc", "path of wgslc")
	naga := flag.String("naga", "naga", "path of naga")
	wgslcFlags := flag.String("wgslc-flags", "", "extra flags of wgslc, space-separated")
	nagaFlags := flag.String("naga-flags", "", "extra flags of naga, space-separated")
	floor := flag.String("floor", "", "also run `PATH` (an empty Go program) in each file's alternation and show its CPU time")
	batch := flag.Bool("batch", false, "compare one wgslc process compiling every .wgsl file under DIR with one naga process per file")
	fresh := flag.Bool("fresh", false, "with -batch: delete every output before each run, so that each compiler creates its files rather than writes over those of the run before")
	minFiles := flag.Int("min", 500, "with -batch: take each file that both compilers accept this many times over that the batch has at least `FILES` files")
	flag.Parse()
	if *batch {
		if flag.NArg() != 1 {
			fmt.Fprintln(os.Stderr, "usage: benchnaga -batch [-n ROUNDS] [-min FILES] -wgslc PATH [-wgslc-flags FLAGS] -naga PATH [-naga-flags FLAGS] DIR")
			os.Exit(2)
		}
		rounds := 5
		flag.Visit(func(f *flag.Flag) {
			if f.Name == "n" {
				rounds = *runs
			}
		})
		batchMain(rounds, *minFiles, *fresh, command{*wgslc, strings.Fields(*wgslcFlags)}, command{*naga, strings.Fields(*nagaFlags)}, flag.Arg(0))
		return
	}
	if flag.NArg() == 0 {
		fmt.Fprintln(os.Stderr, "usage: benchnaga [-n RUNS] [-floor PATH] -wgslc PATH [-wgslc-flags FLAGS] -naga PATH [-naga-flags FLAGS] FILE.wgsl...")
		os.Exit(2)
	}
	tmp, err := os.MkdirTemp("", "benchnaga")
	check(err)
	defer os.RemoveAll(tmp)
	ours, theirs := filepath.Join(tmp, "wgslc.spv"), filepath.Join(tmp, "naga.spv")

	fmt.Printf("`wgslc %s` against `naga %s`: %d runs each, medians; CPU = user+system time of the process; RSS = peak resident set; faults = minor and major page faults.\n\n",
		strings.Join(append(strings.Fields(*wgslcFlags), "-o OUT FILE"), " "), strings.Join(append(strings.Fields(*nagaFlags), "FILE OUT"), " "), *runs)
	floorHead, floorRule := "", ""
	if *floor != "" {
		floorHead, floorRule = " empty Go program CPU ms | empty / naga CPU |", "--:|--:|"
	}
	fmt.Println("| shader | WGSL bytes | wgslc wall ms | naga wall ms | ratio | wgslc CPU ms | naga CPU ms | ratio | wgslc RSS MB | naga RSS MB | wgslc faults | naga faults | wgslc SPIR-V bytes | naga SPIR-V bytes | ratio |" + floorHead)
	fmt.Println("|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|" + floorRule)
	for _, file := range flag.Args() {
		info, err := os.Stat(file)
		check(err)
		a := append(append([]string{*wgslc}, strings.Fields(*wgslcFlags)...), "-o", ours, file)
		b := append(append([]string{*naga}, strings.Fields(*nagaFlags)...), file, theirs)
		var sa, sb, sf []sample
		for i := -3; i < *runs; i++ {
			// Alternate which goes first, so neither always runs on a warmer cache.
			x, y := run(a), run(b)
			if i%2 != 0 {
				y, x = run(b), run(a)
			}
			if i >= 0 {
				sa, sb = append(sa, x), append(sb, y)
			}
			if *floor != "" {
				if z := run([]string{*floor}); i >= 0 {
					sf = append(sf, z)
				}
			}
		}
		oa, ob := summarize(sa, ours), summarize(sb, theirs)
		floorCols := ""
		if *floor != "" {
			f := medianCPU(sf)
			floorCols = fmt.Sprintf(" %s | %.2f |", ms(f), ratio(f, ob.cpu))
		}
		fmt.Printf("| %s | %d | %s | %s | %.2f | %s | %s | %.2f | %.1f | %.1f | %d | %d | %d | %d | %.2f |%s\n",
			filepath.Base(file), info.Size(),
			ms(oa.wall), ms(ob.wall), ratio(oa.wall, ob.wall),
			ms(oa.cpu), ms(ob.cpu), ratio(oa.cpu, ob.cpu),
			float64(oa.rssKB)/1024, float64(ob.rssKB)/1024,
			oa.faults, ob.faults,
			oa.size, ob.size, float64(oa.size)/float64(ob.size), floorCols)
	}
}

func medianCPU(s []sample) time.Duration {
	cpus := make([]time.Duration, len(s))
	for i, x := range s {
		cpus[i] = x.cpu
	}
	return median(cpus)
}

func run(args []string) sample {
	s, err := try(os.Stderr, args)
	if err != nil {
		fmt.Fprintf(os.Stderr, "benchnaga: %v: %v\n", args, err)
		os.Exit(1)
	}
	return s
}

// runQuiet is run without the command's diagnostics (warnings, on many files), unless it
// fails.
func runQuiet(args []string) sample {
	var stderr bytes.Buffer
	s, err := try(&stderr, args)
	if err != nil {
		os.Stderr.Write(stderr.Bytes())
		fmt.Fprintf(os.Stderr, "benchnaga: %v: %v\n", args, err)
		os.Exit(1)
	}
	return s
}

// try runs a command, its stderr to stderr, and returns what it cost.
func try(stderr io.Writer, args []string) (sample, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Stderr = stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		return sample{}, err
	}
	wall := time.Since(start)
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	return sample{wall: wall, cpu: cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(), rssKB: ru.Maxrss,
		faults: ru.Minflt + ru.Majflt}, nil
}

func summarize(s []sample, out string) stats {
	walls := make([]time.Duration, len(s))
	cpus := make([]time.Duration, len(s))
	faults := make([]int64, len(s))
	var st stats
	for i, x := range s {
		walls[i], cpus[i], faults[i] = x.wall, x.cpu, x.faults
		st.rssKB = max(st.rssKB, x.rssKB)
	}
	st.wall, st.cpu, st.faults = median(walls), median(cpus), median(faults)
	info, err := os.Stat(out)
	check(err)
	st.size = info.Size()
	return st
}

func median[T int64 | time.Duration](d []T) T {
	slices.Sort(d)
	n := len(d)
	if n%2 == 1 {
		return d[n/2]
	}
	return (d[n/2-1] + d[n/2]) / 2
}

func ms(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d)/float64(time.Millisecond)) }

func ratio(a, b time.Duration) float64 { return float64(a) / float64(b) }

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchnaga:", err)
		os.Exit(1)
	}
}
