package wgslfuzz

import (
	"context"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"
)

// Targets are the Vulkan environments a mutant is compiled for, one chosen per mutant.
var Targets = []string{"vulkan1.0", "vulkan1.1", "vulkan1.2", "vulkan1.3"}

// Mutant is the input number index of the run with seed: a mutation of a seed shader, for a
// target. It depends only on seed, index and the seeds, so any finding can be made again.
type Mutant struct {
	Index     int
	Seed      string   // the name of the seed shader
	Mutations []string // the mutations applied, in order
	Input
}

// MakeMutant returns mutant index of the run with seed over seeds.
func MakeMutant(seeds []Seed, seed uint64, index int) Mutant {
	rng := rand.New(rand.NewPCG(seed, uint64(index)))
	base := seeds[rng.IntN(len(seeds))]
	other := seeds[rng.IntN(len(seeds))]
	target := Targets[rng.IntN(len(Targets))]
	if !base.Legacy && rng.IntN(weslShare) == 0 {
		if in, ops, ok := weslMutant(rng, base.Text, other.Text); ok {
			in.Target = target
			return Mutant{Index: index, Seed: base.Name, Mutations: ops, Input: in}
		}
	}
	text, ops := Mutate(rng, base.Text, other.Text)
	return Mutant{Index: index, Seed: base.Name, Mutations: ops, Input: Input{Text: text, Legacy: base.Legacy, Target: target}}
}

// Finding is a mutant whose outcome is a problem or a disagreement with Tint.
type Finding struct {
	Mutant
	Outcome
}

// Report sums up a run.
type Report struct {
	Seed     uint64
	Mutants  int
	Counts   map[Class]int
	Accepted int // mutants wgslc accepted
	// Naga counts the accepted mutants by what the comparison with naga did with them:
	// "compared" (both ways, same buffers) or why they were not run.
	Naga map[string]int
	// Findings are the problems and disagreements, in mutant order.
	Findings []Finding
	Elapsed  time.Duration
}

// Campaign is a run of the fuzzer.
type Campaign struct {
	Tools   Tools
	Seeds   []Seed
	Seed    uint64
	N       int // mutants
	Workers int // parallel checks (default 2)
	// Progress, when set, receives a line every few hundred mutants.
	Progress io.Writer
}

// Run checks the campaign's mutants, workers at a time.
func (c *Campaign) Run(ctx context.Context) (*Report, error) {
	if len(c.Seeds) == 0 {
		return nil, fmt.Errorf("no seed shaders")
	}
	workers := c.Workers
	if workers <= 0 {
		workers = 2
	}
	start := time.Now()
	outcomes := make([]Outcome, c.N)
	mutants := make([]Mutant, c.N)
	next := make(chan int)
	var wg sync.WaitGroup
	var (
		mu   sync.Mutex
		done int
	)
	for range workers {
		dir, err := os.MkdirTemp("", "wgslfuzz-")
		if err != nil {
			return nil, err
		}
		defer os.RemoveAll(dir)
		var x *NagaRunner
		if c.Tools.Runner != "" && c.Tools.Naga != "" {
			x = &NagaRunner{Path: c.Tools.Runner}
			defer x.Close()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				m := MakeMutant(c.Seeds, c.Seed, i)
				mutants[i], outcomes[i] = m, c.Tools.CheckExec(ctx, dir, x, m.Input, c.Seed<<32^uint64(i))
				mu.Lock()
				done++
				if c.Progress != nil && done%500 == 0 {
					fmt.Fprintf(c.Progress, "%d/%d mutants, %s\n", done, c.N, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	for i := 0; i < c.N && ctx.Err() == nil; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	r := &Report{Seed: c.Seed, Mutants: c.N, Counts: map[Class]int{}, Naga: map[string]int{}, Elapsed: time.Since(start)}
	for i, o := range outcomes {
		r.Counts[o.Class]++
		if o.Naga != "" {
			r.Naga[o.Naga]++
		}
		if o.Accepted {
			r.Accepted++
		}
		if o.Class != Agree && o.Class != TintFailure {
			r.Findings = append(r.Findings, Finding{Mutant: mutants[i], Outcome: o})
		}
	}
	return r, nil
}

// KindCount is how many findings of one class share a kind.
type KindCount struct {
	Class Class
	Kind  string
	Known string // the reason, for a known disagreement
	Count int
	First Finding
}

// Kinds groups the findings by class and kind (known disagreements by their reason), most
// frequent first.
func (r *Report) Kinds() []KindCount {
	idx := map[[2]string]int{}
	var out []KindCount
	for _, f := range r.Findings {
		k := [2]string{string(f.Class), f.Kind}
		if f.Known != "" {
			k[1] = f.Known
		}
		i, ok := idx[k]
		if !ok {
			i = len(out)
			idx[k] = i
			out = append(out, KindCount{Class: f.Class, Kind: f.Kind, Known: f.Known, First: f})
		}
		out[i].Count++
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Class != out[j].Class {
			return out[i].Class < out[j].Class
		}
		return out[i].Count > out[j].Count
	})
	return out
}

// Summary prints the counts of each class and the kinds of the findings.
func (r *Report) Summary(w io.Writer) {
	fmt.Fprintf(w, "seed %d: %d mutants in %s (%.0f/s), %d accepted by wgslc\n",
		r.Seed, r.Mutants, r.Elapsed.Round(time.Second), float64(r.Mutants)/r.Elapsed.Seconds(), r.Accepted)
	classes := append(append([]Class{}, Problems...), AcceptsTintRejects, RejectsTintAccepts, TintFailure, Agree)
	for _, c := range classes {
		fmt.Fprintf(w, "  %-28s %d\n", c, r.Counts[c])
	}
	if len(r.Naga) > 0 {
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(r.Naga)) {
			parts = append(parts, fmt.Sprintf("%s %d", k, r.Naga[k]))
		}
		fmt.Fprintf(w, "  run against naga's SPIR-V: %s (and %d differing)\n", strings.Join(parts, ", "), r.Counts[NagaDiffers])
	}
	for _, k := range r.Kinds() {
		reason := "NOT LISTED"
		switch {
		case k.Class.IsProblem():
			reason = "PROBLEM"
		case k.Known != "":
			reason = "known: " + k.Known
		}
		fmt.Fprintf(w, "%s ×%d: %s\n    %s\n    e.g. mutant %d of %s (%s)\n", k.Class, k.Count, k.Kind, reason,
			k.First.Index, k.First.Seed, strings.Join(k.First.Mutations, ", "))
	}
}
