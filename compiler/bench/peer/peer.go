// Package peer compares wgslgo with gogpu/naga (github.com/gogpu/naga), the other pure-Go
// WGSL → SPIR-V compiler, in one process: CPU time, bytes and allocations per compilation of
// each input both accept, the two compilers interleaved file by file and round by round, so
// that a machine whose speed drifts slows both alike. cmd/peerbench runs it, and compares the
// two as whole processes too (wgslc against cmd/gogpuc, a minimal command over gogpu's API).
//
// It is a module of its own so that the core module's go.sum does not name gogpu/naga.
package peer

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	gogpu "github.com/gogpu/naga"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/internal/corpus"
	"github.com/wgslgo/wgslgo/internal/cputime"
)

// An Input is one WGSL text.
type Input struct {
	Name string
	Text []byte
}

// A Compiler compiles one WGSL text; the error says it did not make a module with SPIR-V.
type Compiler struct {
	Name    string
	Compile func(text []byte) error
}

// WGSLGo is compiler.Compile with opts; a module without entry points (no SPIR-V) counts
// as not compiled, as it has nothing to compare.
func WGSLGo(opts compiler.Options) Compiler {
	return Compiler{Name: "wgslgo", Compile: func(text []byte) error {
		res, err := compiler.Compile(compiler.Source{Name: "shader.wgsl", Text: text}, opts)
		if err != nil {
			return err
		}
		if res.SPIRV == nil {
			return fmt.Errorf("no entry point")
		}
		return nil
	}}
}

// GogpuNaga is gogpu/naga's naga.Compile, its defaults (SPIR-V 1.3, IR validation, no
// debug names); a panic counts as not compiled.
func GogpuNaga() Compiler {
	return Compiler{Name: "gogpu/naga", Compile: func(text []byte) (err error) {
		defer func() {
			if r := recover(); r != nil {
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		_, err = gogpu.Compile(string(text))
		return err
	}}
}

// ProjectInputs returns the shaders of the wgslgo repository at root (internal/corpus: the
// benchmark shaders, every test data shader and txtar member).
func ProjectInputs(root string) ([]Input, error) {
	shaders, err := corpus.Gather(root)
	if err != nil {
		return nil, err
	}
	in := make([]Input, len(shaders))
	for i, s := range shaders {
		in[i] = Input{Name: s.Name, Text: s.Text}
	}
	return in, nil
}

// FileInputs returns the .wgsl files named, and those under the directories named, in
// lexical order.
func FileInputs(paths ...string) ([]Input, error) {
	var in []Input
	for _, p := range paths {
		err := filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || (path != p && !strings.HasSuffix(path, ".wgsl")) {
				return err
			}
			text, err := os.ReadFile(path)
			in = append(in, Input{Name: path, Text: text})
			return err
		})
		if err != nil {
			return nil, err
		}
	}
	return in, nil
}

// RepoRoot finds the root of the wgslgo repository from dir upwards: the directory that holds
// internal/corpus (this module's own go.mod is below it).
func RepoRoot(dir string) (string, error) {
	for {
		if _, err := os.Stat(filepath.Join(dir, "internal", "corpus")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no wgslgo repository above the working directory")
		}
		dir = parent
	}
}

// Accepted returns the inputs every compiler compiles.
func Accepted(in []Input, cs ...Compiler) []Input {
	var out []Input
	for _, x := range in {
		ok := true
		for _, c := range cs {
			if c.Compile(x.Text) != nil {
				ok = false
				break
			}
		}
		if ok {
			out = append(out, x)
		}
	}
	return out
}

// TimeKind names the time measured: the CPU time of the process where it is measured, else
// the wall time.
var TimeKind = func() string {
	if _, ok := cputime.Process(); ok {
		return "CPU"
	}
	return "wall"
}()

var start = time.Now()

// cpuTime is what TimeKind names, so far.
func cpuTime() time.Duration {
	if d, ok := cputime.Process(); ok {
		return d
	}
	return time.Since(start)
}

// A Cost is what one compilation took: user and system CPU time of the process (the garbage
// collector's work on other threads included), heap bytes and heap objects allocated.
type Cost struct {
	CPU           time.Duration
	Bytes, Allocs float64
}

// A Run is what Measure measured: Costs[c][r][i] is compiler c's cost per compilation of
// input i in round r.
type Run struct {
	Inputs    []Input
	Compilers []Compiler
	Reps      []int // compilations per measurement of each input
	Costs     [][][]Cost
}

// Measure compiles each input with each compiler, rounds times, as many times in a row per
// measurement as makes the first compiler's measurement last about minTime (at least once).
// Within a round the compilers alternate input by input, the one that goes first alternating
// too, so that neither always runs on the other's warm caches or leftover garbage.
func Measure(in []Input, cs []Compiler, rounds int, minTime time.Duration) (*Run, error) {
	r := &Run{Inputs: in, Compilers: cs, Reps: make([]int, len(in)), Costs: make([][][]Cost, len(cs))}
	for c := range cs {
		r.Costs[c] = make([][]Cost, rounds)
		for k := range rounds {
			r.Costs[c][k] = make([]Cost, len(in))
		}
	}
	for i, x := range in {
		start := time.Now()
		if err := cs[0].Compile(x.Text); err != nil {
			return nil, fmt.Errorf("%s: %s: %v", x.Name, cs[0].Name, err)
		}
		r.Reps[i] = max(1, min(10000, int(minTime/max(time.Since(start), time.Microsecond))))
	}
	for k := range rounds {
		for i, x := range in {
			for j := range cs {
				c := (j + k + i) % len(cs)
				cost, err := measureOne(cs[c], x.Text, r.Reps[i])
				if err != nil {
					return nil, fmt.Errorf("%s: %s: %v", x.Name, cs[c].Name, err)
				}
				r.Costs[c][k][i] = cost
			}
		}
	}
	return r, nil
}

// measureOne measures reps compilations of text. The allocation counts come from
// runtime.ReadMemStats, which stops the world to count every allocation exactly (the
// runtime/metrics counters lag by the spans each P has cached), outside the CPU time.
func measureOne(c Compiler, text []byte, reps int) (Cost, error) {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu0 := cpuTime()
	for range reps {
		if err := c.Compile(text); err != nil {
			return Cost{}, err
		}
	}
	cpu := cpuTime() - cpu0
	runtime.ReadMemStats(&after)
	n := float64(reps)
	return Cost{
		CPU:    cpu / time.Duration(reps),
		Bytes:  float64(after.TotalAlloc-before.TotalAlloc) / n,
		Allocs: float64(after.Mallocs-before.Mallocs) / n,
	}, nil
}

// PerInput is compiler c's cost of each input, the median over the rounds.
func (r *Run) PerInput(c int) []Cost {
	out := make([]Cost, len(r.Inputs))
	rounds := len(r.Costs[c])
	cpu, bytes, allocs := make([]time.Duration, rounds), make([]float64, rounds), make([]float64, rounds)
	for i := range r.Inputs {
		for k := range rounds {
			x := r.Costs[c][k][i]
			cpu[k], bytes[k], allocs[k] = x.CPU, x.Bytes, x.Allocs
		}
		out[i] = Cost{CPU: median(cpu), Bytes: median(bytes), Allocs: median(allocs)}
	}
	return out
}

// Ratios are compiler a's figures over compiler b's.
type Ratios struct {
	// CPU is the total CPU time of all inputs, a's over b's (the per-input medians summed).
	CPU float64
	// RoundCPU is each round's total CPU ratio, sorted: their spread is the noise.
	RoundCPU []float64
	// MedianCPU is the median of the per-input CPU ratios (every input weighs the same, so
	// the many small shaders dominate it).
	MedianCPU float64
	// Largest is the total CPU ratio of the largest inputs, by WGSL size; LargestN says
	// how many.
	Largest  float64
	LargestN int
	// Bytes and Allocs are the ratios of the bytes and objects allocated, all inputs.
	Bytes, Allocs float64
}

// Compare computes a's ratios to b's, the largest inputs being the largest n.
func (r *Run) Compare(a, b, n int) Ratios {
	ca, cb := r.PerInput(a), r.PerInput(b)
	var q Ratios
	var sa, sb Cost
	perFile := make([]float64, len(r.Inputs))
	for i := range r.Inputs {
		sa, sb = sa.add(ca[i]), sb.add(cb[i])
		perFile[i] = float64(ca[i].CPU) / float64(cb[i].CPU)
	}
	q.CPU = float64(sa.CPU) / float64(sb.CPU)
	q.Bytes, q.Allocs = sa.Bytes/sb.Bytes, sa.Allocs/sb.Allocs
	q.MedianCPU = median(perFile)
	for k := range r.Costs[a] {
		var ta, tb time.Duration
		for i := range r.Inputs {
			ta += r.Costs[a][k][i].CPU
			tb += r.Costs[b][k][i].CPU
		}
		q.RoundCPU = append(q.RoundCPU, float64(ta)/float64(tb))
	}
	slices.Sort(q.RoundCPU)
	bySize := make([]int, len(r.Inputs))
	for i := range bySize {
		bySize[i] = i
	}
	slices.SortStableFunc(bySize, func(x, y int) int { return len(r.Inputs[y].Text) - len(r.Inputs[x].Text) })
	q.LargestN = min(n, len(bySize))
	var la, lb time.Duration
	for _, i := range bySize[:q.LargestN] {
		la += ca[i].CPU
		lb += cb[i].CPU
	}
	if lb > 0 {
		q.Largest = float64(la) / float64(lb)
	}
	return q
}

func (c Cost) add(d Cost) Cost {
	return Cost{CPU: c.CPU + d.CPU, Bytes: c.Bytes + d.Bytes, Allocs: c.Allocs + d.Allocs}
}

func median[T time.Duration | float64](s []T) T {
	if len(s) == 0 {
		return 0
	}
	s = slices.Clone(s)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
