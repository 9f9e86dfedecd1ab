package peer

import (
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/bench"
)

// TestCompare: the ratios of made-up costs, two inputs of different sizes over two rounds.
func TestCompare(t *testing.T) {
	ms := time.Millisecond
	r := &Run{
		Inputs: []Input{{Name: "small", Text: make([]byte, 10)}, {Name: "large", Text: make([]byte, 1000)}},
		Costs: [][][]Cost{
			{ // a: per round, per input
				{{CPU: 1 * ms, Bytes: 100, Allocs: 10}, {CPU: 8 * ms, Bytes: 1000, Allocs: 50}},
				{{CPU: 3 * ms, Bytes: 100, Allocs: 10}, {CPU: 12 * ms, Bytes: 1000, Allocs: 50}},
			},
			{ // b
				{{CPU: 4 * ms, Bytes: 400, Allocs: 20}, {CPU: 10 * ms, Bytes: 1100, Allocs: 100}},
				{{CPU: 4 * ms, Bytes: 400, Allocs: 20}, {CPU: 10 * ms, Bytes: 1100, Allocs: 100}},
			},
		},
	}
	q := r.Compare(0, 1, 1)
	// Medians over the rounds: a 2 ms and 10 ms, b 4 ms and 10 ms.
	tests := []struct {
		name      string
		got, want float64
	}{
		{"all inputs", q.CPU, 12.0 / 14},
		{"median of per-input ratios", q.MedianCPU, (0.5 + 1.0) / 2},
		{"largest input", q.Largest, 1},
		{"bytes", q.Bytes, 1100.0 / 1500},
		{"allocations", q.Allocs, 60.0 / 120},
		{"first round", q.RoundCPU[0], 9.0 / 14},
		{"second round", q.RoundCPU[1], 15.0 / 14},
	}
	for _, tt := range tests {
		if math.Abs(tt.got-tt.want) > 1e-9 {
			t.Errorf("%s: got %.4f, want %.4f", tt.name, tt.got, tt.want)
		}
	}
	if q.LargestN != 1 {
		t.Errorf("LargestN = %d, want 1", q.LargestN)
	}
}

// TestMeasure: both compilers compile the small benchmark shader, and each compilation is
// measured as taking time and allocating; a shader only wgslgo compiles (gogpu/naga has no
// `requires`) is left out.
func TestMeasure(t *testing.T) {
	small := Input{Name: "small.wgsl", Text: bench.Small().Text}
	requires := Input{Name: "requires.wgsl", Text: []byte("requires readonly_and_readwrite_storage_textures;\n" +
		"@compute @workgroup_size(1) fn main() {}\n")}
	cs := []Compiler{WGSLGo(compiler.Options{}), GogpuNaga()}
	if err := cs[0].Compile(requires.Text); err != nil {
		t.Fatalf("wgslgo: %v", err)
	}
	both := Accepted([]Input{small, requires}, cs...)
	if len(both) != 1 || both[0].Name != "small.wgsl" {
		t.Fatalf("Accepted = %v, want only small.wgsl", names(both))
	}
	r, err := Measure(both, cs, 2, time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	for c := range cs {
		for _, x := range r.PerInput(c) {
			if x.Bytes <= 0 || x.Allocs <= 0 {
				t.Errorf("%s: %+v: a compilation that allocates nothing", cs[c].Name, x)
			}
		}
	}
	if r.Reps[0] < 1 {
		t.Errorf("Reps = %v", r.Reps)
	}
}

// TestCommandArgs: FILE and OUT are replaced by the paths, other words kept.
func TestCommandArgs(t *testing.T) {
	c := Command{Args: []string{"wgslc", "-o", "OUT", "FILE"}}
	got := c.argv("a.wgsl", "a.spv")
	want := []string{"wgslc", "-o", "a.spv", "a.wgsl"}
	if len(got) != len(want) {
		t.Fatalf("argv = %q", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("argv = %q, want %q", got, want)
		}
	}
}

// TestInputs: the repository's shaders are found from below its root, and FileInputs reads
// the .wgsl files of a directory and a file named outright.
func TestInputs(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	root, err := RepoRoot(wd)
	if err != nil {
		t.Fatal(err)
	}
	in, err := ProjectInputs(root)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, x := range in {
		found = found || x.Name == "compiler/bench/shaders/small.wgsl"
	}
	if !found {
		t.Errorf("the project's inputs (%d) lack compiler/bench/shaders/small.wgsl", len(in))
	}

	dir := t.TempDir()
	for name, text := range map[string]string{"a.wgsl": "a", "sub/b.wgsl": "b", "c.txt": "c", "d.frag": "d"} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	files, err := FileInputs(dir, filepath.Join(dir, "d.frag"))
	if err != nil {
		t.Fatal(err)
	}
	if got := names(files); len(got) != 3 || filepath.Base(got[0]) != "a.wgsl" || filepath.Base(got[1]) != "b.wgsl" || filepath.Base(got[2]) != "d.frag" {
		t.Errorf("FileInputs = %q, want a.wgsl, sub/b.wgsl and d.frag", got)
	}
}

func names(in []Input) []string {
	var out []string
	for _, x := range in {
		out = append(out, x.Name)
	}
	return out
}

// BenchmarkAccepted compiles every input both compilers accept, one compiler per
// sub-benchmark, for profiles of the whole set (`-cpuprofile`, `-memprofile`): the project's
// shaders and the .wgsl files under the directories of $PEER_INPUTS (a list of paths).
func BenchmarkAccepted(b *testing.B) {
	wd, err := os.Getwd()
	if err != nil {
		b.Fatal(err)
	}
	root, err := RepoRoot(wd)
	if err != nil {
		b.Fatal(err)
	}
	in, err := ProjectInputs(root)
	if err != nil {
		b.Fatal(err)
	}
	more, err := FileInputs(filepath.SplitList(os.Getenv("PEER_INPUTS"))...)
	if err != nil {
		b.Fatal(err)
	}
	in = append(in, more...)
	ours, theirs := WGSLGo(compiler.Options{}), GogpuNaga()
	both := Accepted(in, ours, theirs)
	for _, c := range []Compiler{ours, theirs} {
		b.Run(c.Name[strings.LastIndexByte(c.Name, '/')+1:], func(b *testing.B) {
			for b.Loop() {
				for _, x := range both {
					if err := c.Compile(x.Text); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// TestCopyExecutables: the copies have the programs' bytes and are executable; a name is
// found in PATH.
func TestCopyExecutables(t *testing.T) {
	dir, bin := t.TempDir(), t.TempDir()
	prog := filepath.Join(bin, "prog")
	if err := os.WriteFile(prog, []byte("#!/bin/sh\necho copied\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", bin)
	got, err := CopyExecutables(dir, prog, "prog")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0] == got[1] {
		t.Fatalf("copies %q: want two distinct paths", got)
	}
	for _, p := range got {
		if filepath.Dir(p) != dir {
			t.Errorf("%s: not in %s", p, dir)
		}
		out, err := exec.Command(p).Output()
		if err != nil || string(out) != "copied\n" {
			t.Errorf("%s: %q, %v", p, out, err)
		}
	}
	if _, err := CopyExecutables(dir, "no-such-program"); err == nil {
		t.Error("a program not in PATH: no error")
	}
}
