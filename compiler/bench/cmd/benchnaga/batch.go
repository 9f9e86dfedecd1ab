package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// A command is a program and the flags it is given before its file arguments.
type command struct {
	path  string
	flags []string
}

func (c command) args(more ...string) []string {
	return append(append([]string{c.path}, c.flags...), more...)
}

// A total is what one way of compiling the files cost: CPU time of every process (user and
// system, from the kernel's rusage), the wall time from the first start to the last exit, and
// the largest peak resident set of any one process.
type total struct {
	cpu, wall time.Duration
	rssKB     int64
}

// largeSize is the size from which a shader counts as large; the typical ones are smaller.
const largeSize = 64 << 10

// batchMain compares, over the .wgsl files under dir that both compilers compile to a module
// with an entry point:
//
//   - one wgslc process compiling them all (wgslc -o OUT/ DIR, a batch);
//   - one naga process per file, one after another;
//   - one naga process per file, as many at a time as the batch uses cores (two here), as a
//     parallel build would run them;
//   - one wgslc process per file, one after another;
//   - one wgslc batch of the files under largeSize only, against the same files' share of
//     the naga runs above.
//
// Each file is taken copies times, as the files of copy directories c1, c2, ..., so that the
// batch has at least minFiles files. Every way writes each input's SPIR-V to a file of its
// own, in its own tree: a round writes over the outputs of the round before, as a rebuild
// does, unless fresh deletes them (not their directories) before each run. It runs rounds rounds after one warm-up, reversing the
// order of the runs every other round, and prints the medians of each total and of each
// round's ratios.
func batchMain(rounds, minFiles int, fresh bool, wgslc, naga command, dir string) {
	var files []string
	check(filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".wgsl") {
			files = append(files, p)
		}
		return err
	}))
	tmp, err := os.MkdirTemp("", "benchnaga")
	check(err)
	defer os.RemoveAll(tmp)
	spv, js := filepath.Join(tmp, "x.spv"), filepath.Join(tmp, "x.json")

	// The files both compile to a module with an entry point (what a compilation is for),
	// each run once as the benchmark will run it.
	var kept []string
	wgslcOK, nagaOK := 0, 0
	for _, f := range files {
		a := succeeds(wgslc.args("-o", spv, "--reflect", js, f)) && hasEntryPoint(js)
		b := succeeds(naga.args(f, spv))
		if a {
			wgslcOK++
		}
		if b {
			nagaOK++
		}
		if a && b {
			kept = append(kept, f)
		}
	}
	if len(kept) == 0 {
		check(fmt.Errorf("no file under %s compiles with both wgslc and naga", dir))
	}
	copies := max(1, (minFiles+len(kept)-1)/len(kept))
	all, typical := filepath.Join(tmp, "all"), filepath.Join(tmp, "typical")
	var inputs []string
	isTypical := map[string]bool{}
	var size, large int64
	for _, f := range kept {
		text, err := os.ReadFile(f)
		check(err)
		size += int64(len(text))
		if len(text) >= largeSize {
			large++
		}
		rel, err := filepath.Rel(dir, f)
		check(err)
		for c := 1; c <= copies; c++ {
			p := filepath.Join(all, fmt.Sprintf("c%d", c), rel)
			write(p, text)
			inputs = append(inputs, p)
			if len(text) < largeSize {
				write(filepath.Join(typical, fmt.Sprintf("c%d", c), rel), text)
				isTypical[p] = true
			}
		}
	}
	// A batch takes a directory's files in lexical order; so does everything else here.
	slices.Sort(inputs)
	fmt.Printf("%d .wgsl files under %s: wgslc compiles %d to a module with an entry point, naga %d, both %d "+
		"(%.1f KB in all; %d of at least %d KB). Each of the %d is taken %d times: %d files.\n\n",
		len(files), dir, wgslcOK, nagaOK, len(kept), float64(size)/1024, large, largeSize>>10, len(kept), copies, len(inputs))

	// Every way writes each input's output to a file of its own, in a tree of its own that
	// the rounds reuse: a run writes over the outputs of the run before (a rebuild), or with
	// fresh creates them anew (the directories are kept: only the files are deleted).
	out := filepath.Join(tmp, "out") + string(filepath.Separator)
	outputs := func(way string) func(input string) string {
		root := filepath.Join(tmp, "out-"+way)
		for _, in := range inputs {
			rel, err := filepath.Rel(all, in)
			check(err)
			check(os.MkdirAll(filepath.Join(root, filepath.Dir(rel)), 0o755))
		}
		return func(input string) string {
			rel, err := filepath.Rel(all, input)
			check(err)
			return filepath.Join(root, strings.TrimSuffix(rel, ".wgsl")+".spv")
		}
	}
	nagaOut, naga2Out, wgslcOut := outputs("naga"), outputs("naga2"), outputs("wgslc")
	nagaFile := func(file, out string) []string { return naga.args(file, out) }
	wgslcFile := func(file, out string) []string { return wgslc.args("-o", out, file) }
	batch := func(dir string) func() total {
		return func() total {
			if fresh {
				removeFiles(out)
			}
			s := runQuiet(wgslc.args("-o", out, dir))
			return total{cpu: s.cpu, wall: s.wall, rssKB: s.rssKB}
		}
	}
	var nagaSamples []map[string]sample // each round's naga runs, one after another, by file
	ways := []func() total{
		batch(all),
		func() total {
			t, s := perFile(nagaFile, inputs, 1, nagaOut, fresh)
			nagaSamples = append(nagaSamples, s)
			return t
		},
		func() total { t, _ := perFile(nagaFile, inputs, 2, naga2Out, fresh); return t },
		func() total { t, _ := perFile(wgslcFile, inputs, 1, wgslcOut, fresh); return t },
		batch(typical),
	}
	results := make([][]total, len(ways))
	for r := -1; r < rounds; r++ {
		order := []int{0, 1, 2, 3, 4}
		if r%2 != 0 {
			slices.Reverse(order)
		}
		for _, w := range order {
			t := ways[w]()
			if r >= 0 {
				results[w] = append(results[w], t)
			}
		}
	}
	// naga's share of the typical files: the sum of those processes' own figures.
	nagaTypical := make([]total, rounds)
	for r := range rounds {
		for f, s := range nagaSamples[r+1] { // [0] is the warm-up's
			if isTypical[f] {
				nagaTypical[r].cpu += s.cpu
				nagaTypical[r].wall += s.wall
				nagaTypical[r].rssKB = max(nagaTypical[r].rssKB, s.rssKB)
			}
		}
	}

	fmt.Printf("%d rounds after a warm-up, reversing the order of the runs every other round; medians. "+
		"CPU = user+system time of every process; wall = first start to last exit (for a share of "+
		"runs, the sum of their processes' wall times); RSS = the largest peak resident set of one process. "+
		"Ratios are to naga's one process per file, one after another, on the same files, each round's own.\n\n", rounds)
	fmt.Println("| files | how | CPU s | wall s | peak RSS MB | CPU / naga's | wall / naga's |")
	fmt.Println("|---|---|--:|--:|--:|--:|--:|")
	allFiles := fmt.Sprintf("all %d", len(inputs))
	typicalFiles := fmt.Sprintf("the %d under %d KB", len(isTypical), largeSize>>10)
	row(allFiles, "wgslc, one batch process", results[0], results[1])
	row(allFiles, "naga, one process per file", results[1], results[1])
	row(allFiles, "naga, one process per file, two at a time", results[2], results[1])
	row(allFiles, "wgslc, one process per file", results[3], results[1])
	row(typicalFiles, "wgslc, one batch process", results[4], nagaTypical)
	row(typicalFiles, "naga, one process per file (the runs above)", nagaTypical, nagaTypical)
}

// row prints the medians of a way's totals and of its ratios to naga's, round by round.
func row(files, how string, ts, naga []total) {
	var cpus, walls []time.Duration
	var cpuRatios, wallRatios []float64
	var rss int64
	for r, t := range ts {
		cpus, walls = append(cpus, t.cpu), append(walls, t.wall)
		rss = max(rss, t.rssKB)
		cpuRatios = append(cpuRatios, ratio(t.cpu, naga[r].cpu))
		wallRatios = append(wallRatios, ratio(t.wall, naga[r].wall))
	}
	fmt.Printf("| %s | %s | %.3f | %.3f | %.1f | %.3f | %.3f |\n", files, how,
		median(cpus).Seconds(), median(walls).Seconds(), float64(rss)/1024,
		medianFloat(cpuRatios), medianFloat(wallRatios))
}

func write(path string, data []byte) {
	check(os.MkdirAll(filepath.Dir(path), 0o755))
	check(os.WriteFile(path, data, 0o644))
}

// removeFiles deletes the files under dir, keeping its directories.
func removeFiles(dir string) {
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			err = os.Remove(p)
		}
		return err
	})
	if err != nil && !os.IsNotExist(err) {
		check(err)
	}
}

// perFile runs args(input, output) once per input, jobs at a time, each writing output(input),
// and returns the total and each input's run; it stops the benchmark if any run fails. With
// fresh, each output file is deleted before its run.
func perFile(args func(file, out string) []string, inputs []string, jobs int, output func(string) string, fresh bool) (total, map[string]sample) {
	var mu sync.Mutex
	var t total
	each := map[string]sample{}
	next := make(chan string)
	var wg sync.WaitGroup
	start := time.Now()
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for f := range next {
				out := output(f)
				if fresh {
					if err := os.Remove(out); err != nil && !os.IsNotExist(err) {
						check(err)
					}
				}
				s := runQuiet(args(f, out))
				mu.Lock()
				t.cpu += s.cpu
				t.rssKB = max(t.rssKB, s.rssKB)
				each[f] = s
				mu.Unlock()
			}
		}()
	}
	for _, f := range inputs {
		next <- f
	}
	close(next)
	wg.Wait()
	t.wall = time.Since(start)
	return t, each
}

func succeeds(args []string) bool {
	return exec.Command(args[0], args[1:]...).Run() == nil
}

// hasEntryPoint reports whether the reflection JSON in path lists an entry point.
func hasEntryPoint(path string) bool {
	data, err := os.ReadFile(path)
	check(err)
	var m struct {
		EntryPoints []json.RawMessage `json:"entryPoints"`
	}
	check(json.Unmarshal(data, &m))
	return len(m.EntryPoints) > 0
}

func medianFloat(x []float64) float64 {
	slices.Sort(x)
	n := len(x)
	if n%2 == 1 {
		return x[n/2]
	}
	return (x[n/2-1] + x[n/2]) / 2
}
