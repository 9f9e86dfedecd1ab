package compiler_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// TestDiffExec is a differential execution test of the passes that only optimise (CSE,
// PruneClamps) and of everything else the pipeline does: random terminating compute programs
// (generateDiff) run on the Vulkan device compiled
//   - with the default pipeline (the reference),
//   - with Options.NoOptimize,
//   - by naga with --index-bounds-check-policy Restrict, when naga is on PATH,
//   - and, for programs whose indices all stay in bounds (every fourth), with NoRobustness,
//     with and without NoOptimize;
//
// all must leave identical bytes in every buffer. Every SPIR-V of ours passes spirv-val, and
// the interpreter (compiler/interp) computes what the device computes for each of ours.
//
// The environment sets the scale: WGSLGO_DIFF_PROGRAMS programs (default 120), from
// WGSLGO_DIFF_SEED (default 1); WGSLGO_DIFF_ONLY=i runs program i alone. A failure prints
// the program, the first difference, a program reduced (by deleting lines) to one that
// still differs, and the command that repeats it. The whole run is in a child process, so a
// driver crash or hang fails this test only. The default 120 programs take about 35 s on
// 2 cores with Mesa's shader cache cold; naga rejects about a quarter of them (pointer
// parameters into storage or uniform buffers), which then skip that variant only.
func TestDiffExec(t *testing.T) {
	n, first := envInt(t, "WGSLGO_DIFF_PROGRAMS", 120), 0
	seed := uint64(envInt(t, "WGSLGO_DIFF_SEED", 1))
	if only := os.Getenv("WGSLGO_DIFF_ONLY"); only != "" {
		first = envInt(t, "WGSLGO_DIFF_ONLY", 0)
		n = first + 1
	}
	vulkan.RunIsolated(t, func(t *testing.T) {
		dev := vulkan.Require(t)
		spirvval.Require(t)
		naga := oracle.Naga.Optional(t)
		d := &differ{t: t, dev: dev, naga: naga, dir: t.TempDir()}
		start := time.Now()
		for i := first; i < n; i++ {
			d.program(seed, i)
		}
		t.Logf("%d programs in %v: %d compiled (%d in bounds); %d runs; naga rejected %d",
			n-first, time.Since(start).Round(time.Millisecond), d.compiled, d.inBounds, d.runs, d.nagaRejected)
		t.Logf("dispatch time by variant: %v", d.times)
		if n-first >= 50 && d.compiled < (n-first)*2/3 {
			t.Errorf("only %d of %d programs compile: the generator needs fixing", d.compiled, n-first)
		}
		if n-first >= 50 && d.naga != "" && d.nagaRejected > d.compiled/2 {
			t.Errorf("naga rejected %d of %d programs: the comparison with naga checks little", d.nagaRejected, d.compiled)
		}
	})
}

// TestDiffExecNegativeControl: the differential run notices a variant that computes
// something else, and reduces the program to the lines that make the difference. The only
// variant is the default pipeline on the program with main's observation hash starting from
// 1 instead of 0, which changes what every invocation writes to outp (each step of the hash
// is a bijection).
func TestDiffExecNegativeControl(t *testing.T) {
	const programs = 2
	vulkan.RunIsolated(t, func(t *testing.T) {
		dev := vulkan.Require(t)
		spirvval.Require(t)
		const init, changed = "var macc = 0u;", "var macc = 1u;"
		miscompiled := diffVariant{name: "miscompiled", edit: func(src string) string {
			return strings.Replace(src, init, changed, 1)
		}}
		var reports []string
		d := &differ{t: t, dev: dev, dir: t.TempDir(), only: []diffVariant{miscompiled},
			report: func(format string, args ...any) { reports = append(reports, fmt.Sprintf(format, args...)) }}
		for i := range programs {
			d.program(1, i)
		}
		require.Equal(t, programs, d.compiled, "programs compiled")
		require.Len(t, reports, programs, "differences reported")
		for _, r := range reports {
			assert.Contains(t, r, "miscompiled computes something else than the default pipeline: @binding(5) byte 0")
			program, reduced, ok := strings.Cut(r, "\nreduced to:\n")
			require.True(t, ok, r)
			assert.Contains(t, reduced, init)
			assert.Contains(t, reduced, "outp[me] = acc * 31u + macc;")
			assert.Less(t, strings.Count(reduced, "\n"), strings.Count(program, "\n")/2, "the reduction left most lines:\n%s", reduced)
		}
	})
}

func envInt(t *testing.T, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	v, err := strconv.Atoi(s)
	if err != nil || v < 0 {
		t.Fatalf("%s=%q: want a non-negative integer", name, s)
	}
	return v
}

// differ runs programs and counts what happened.
type differ struct {
	t    *testing.T
	dev  *vulkan.Device
	naga string
	dir  string
	// only, when set, replaces the variants compared with the reference; report, when set,
	// replaces t.Errorf for differences.
	only   []diffVariant
	report func(format string, args ...any)

	// reducing: a failure to compile, validate or run is no difference, not an error.
	reducing bool

	compiled, inBounds, runs, nagaRejected int
	times                                  map[string]time.Duration // dispatch time by variant
}

// diffVariant is one way to compile a program.
type diffVariant struct {
	name string
	opts compiler.Options
	naga bool
	edit func(src string) string // changes the program before our compiler sees it
}

func (v diffVariant) String() string { return v.name }

// diffInput is a program with its inputs.
type diffInput struct {
	src      string
	wg       int
	bindings []vulkan.Binding
}

// program generates, compiles and runs program i of the seed.
func (d *differ) program(seed uint64, i int) {
	t := d.t
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	data := make([]byte, 768)
	for k := range data {
		data[k] = byte(rng.Uint32())
	}
	inBounds := i%4 == 3
	src, wg := generateDiff(data, inBounds)
	in := diffInput{src: src, wg: wg, bindings: diffBindings(rng, wg)}
	ref := diffVariant{name: "default"}
	want, ok := d.run(in, ref)
	if !ok {
		return
	}
	d.compiled++
	variants := []diffVariant{{name: "NoOptimize", opts: compiler.Options{NoOptimize: true}}}
	if inBounds {
		d.inBounds++
		variants = append(variants,
			diffVariant{name: "NoRobustness", opts: compiler.Options{NoRobustness: true}},
			diffVariant{name: "NoRobustness+NoOptimize", opts: compiler.Options{NoRobustness: true, NoOptimize: true}})
	}
	if d.naga != "" {
		variants = append(variants, diffVariant{name: "naga", naga: true})
	}
	if d.only != nil {
		variants = d.only
	}
	report := t.Errorf
	if d.report != nil {
		report = d.report
	}
	for _, v := range variants {
		got, ok := d.run(in, v)
		if !ok {
			continue
		}
		if diff := firstDiff(want, got); diff != "" {
			differs := func(src string) bool {
				c := in
				c.src = src
				w, ok := d.run(c, ref)
				if !ok {
					return false
				}
				g, ok := d.run(c, v)
				return ok && firstDiff(w, g) != ""
			}
			d.reducing = true
			small := reduceLines(src, differs)
			d.reducing = false
			report("program %d (seed %d): %s computes something else than the default pipeline: %s\n"+
				"program:\n%s\nreduced to:\n%s\nrepeat with: WGSLGO_DIFF_SEED=%d WGSLGO_DIFF_ONLY=%d go test ./compiler -run TestDiffExec -v",
				i, seed, v, diff, numbered(src), small, seed, i)
		}
	}
}

// run compiles in with v and dispatches it; false when it does not compile (naga may reject
// programs; ours must compile the reference, or say why without an internal error).
func (d *differ) run(in diffInput, v diffVariant) ([][]byte, bool) {
	var words []uint32
	var module *interpcheck.Module
	if v.naga {
		var ok bool
		if words, ok = d.nagaCompile(in.src); !ok {
			return nil, false
		}
	} else {
		src := in.src
		if v.edit != nil {
			src = v.edit(src)
		}
		res, err := compiler.Compile(compiler.Source{Name: "diff.wgsl", Text: []byte(src)}, v.opts)
		if err != nil {
			list, isList := err.(diag.List)
			if !isList || strings.Contains(err.Error(), "internal error") {
				return d.fail("%s: %v\nprogram:\n%s", v, err, numbered(in.src))
			}
			if v.name != "default" {
				return d.fail("%s: the program compiles with the default options, not with these: %v\nprogram:\n%s", v, list, numbered(in.src))
			}
			return nil, false
		}
		if err := spirvval.Validate(res.SPIRV, string(compiler.Vulkan11)); err != nil {
			return d.fail("%s: spirv-val: %v\nprogram:\n%s", v, err, numbered(in.src))
		}
		words = res.SPIRV
		if !d.reducing {
			prep, err := compiler.Prepare(compiler.Source{Name: "diff.wgsl", Text: []byte(src)}, v.opts)
			if err != nil {
				return d.fail("%s: Prepare: %v", v, err)
			}
			module = &interpcheck.Module{IR: prep.Module, Layouts: prep.Layouts, File: prep.Program.File.Source}
		}
	}
	run := vulkan.Run{SPIRV: words, Entry: "main", Groups: [3]uint32{1, 1, 1}, Timeout: 20 * time.Second}
	for _, b := range in.bindings {
		b.Data = bytes.Clone(b.Data)
		run.Bindings = append(run.Bindings, b)
	}
	t0 := time.Now()
	res, err := d.dev.Dispatch(run)
	if d.times == nil {
		d.times = map[string]time.Duration{}
	}
	d.times[v.name] += time.Since(t0)
	if err != nil {
		return d.fail("%s: %v\nprogram:\n%s", v, err, numbered(in.src))
	}
	d.runs++
	if module != nil {
		interpcheck.Compare(d.t, *module, run, res)
	}
	var out [][]byte
	for _, b := range in.bindings {
		out = append(out, res.Bytes(b.Group, b.Binding))
	}
	return out, true
}

// fail ends the test, or, while reducing, makes run report that the program does not run.
func (d *differ) fail(format string, args ...any) ([][]byte, bool) {
	if !d.reducing {
		d.t.Helper()
		d.t.Fatalf(format, args...)
	}
	return nil, false
}

// nagaCompile compiles src with naga, clamping indices as our robustness does.
func (d *differ) nagaCompile(src string) ([]uint32, bool) {
	in, spv := filepath.Join(d.dir, "in.wgsl"), filepath.Join(d.dir, "out.spv")
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		d.t.Fatal(err)
	}
	os.Remove(spv)
	if err := exec.Command(d.naga, "--index-bounds-check-policy", "Restrict", in, spv).Run(); err != nil {
		d.nagaRejected++
		return nil, false
	}
	b, err := os.ReadFile(spv)
	if err != nil {
		d.t.Fatal(err)
	}
	words := make([]uint32, len(b)/4)
	for i := range words {
		words[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return words, true
}

// Sizes of the diff programs' types (diffHeader), checked against the compiler's reflection
// by TestDiffLayout.
const (
	diffItemSize     = 416
	diffUniformsSize = 112
	diffInputWords   = 37
)

// diffBindings returns the initial buffers of a run with wg invocations. Words of buffers
// with floats hold small multiples of 1/4 (exact, never NaN or subnormal, and as integers
// out-of-bounds indices); inp holds mostly small integers.
func diffBindings(rng *rand.Rand, wg int) []vulkan.Binding {
	floaty := func(words int) []byte {
		b := make([]byte, 4*words)
		for i := range words {
			v := float32(rng.IntN(161)-80) / 4
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(v))
		}
		return b
	}
	inp := make([]byte, 4*diffInputWords)
	for i := range diffInputWords {
		v := rng.Uint32()
		if rng.IntN(4) != 0 {
			v %= 50
		}
		binary.LittleEndian.PutUint32(inp[4*i:], v)
	}
	counters := make([]byte, 16)
	for i := range 4 {
		binary.LittleEndian.PutUint32(counters[4*i:], rng.Uint32()%1000)
	}
	return []vulkan.Binding{
		{Binding: 0, Kind: vulkan.StorageBuffer, Data: floaty(wg * diffItemSize / 4)},
		{Binding: 1, Kind: vulkan.UniformBuffer, Data: floaty(diffUniformsSize / 4)},
		{Binding: 2, Kind: vulkan.StorageBuffer, Data: counters},
		{Binding: 3, Kind: vulkan.StorageBuffer, Data: floaty(wg * diffItemSize / 4)},
		{Binding: 4, Kind: vulkan.ReadOnlyStorageBuffer, Data: inp},
		{Binding: 5, Kind: vulkan.StorageBuffer, Data: make([]byte, 4*wg)},
	}
}

// firstDiff describes the first difference between two runs' buffers, or returns "".
func firstDiff(want, got [][]byte) string {
	for b := range want {
		if bytes.Equal(want[b], got[b]) {
			continue
		}
		for k := 0; k+4 <= len(want[b]); k += 4 {
			w, g := binary.LittleEndian.Uint32(want[b][k:]), binary.LittleEndian.Uint32(got[b][k:])
			if w != g {
				return fmt.Sprintf("@binding(%d) byte %d: want %#08x (%d, %g), got %#08x (%d, %g)",
					b, k, w, int32(w), math.Float32frombits(w), g, int32(g), math.Float32frombits(g))
			}
		}
		return fmt.Sprintf("@binding(%d): %d bytes, want %d", b, len(got[b]), len(want[b]))
	}
	return ""
}

// reduceLines deletes runs of lines from src, halving their length down to single lines,
// as long as the program still differs; several rounds until nothing more goes. It keeps
// the lines that keep the invocations apart (me = lid, the barriers) and the loop counters'
// increments: without them, programs race or loop until the driver stops them, and may
// legitimately differ.
func reduceLines(src string, differs func(string) bool) string {
	lines := strings.Split(strings.TrimRight(src, "\n"), "\n")
	join := func(ls []string) string { return strings.Join(ls, "\n") + "\n" }
	for changed := true; changed; {
		changed = false
		for size := len(lines) / 2; size >= 1; size /= 2 {
			for start := 0; start+size <= len(lines); {
				cand := append(append([]string(nil), lines[:start]...), lines[start+size:]...)
				if keepsMeaning(lines[start:start+size]) && differs(join(cand)) {
					lines, changed = cand, true
				} else {
					start += size
				}
			}
		}
	}
	return join(lines)
}

func keepsMeaning(deleted []string) bool {
	for _, l := range deleted {
		if l = strings.TrimSpace(l); l == "me = lid;" || l == "workgroupBarrier();" || strings.HasSuffix(l, "++;") {
			return false
		}
	}
	return true
}

// numbered prefixes the lines of src with their numbers.
func numbered(src string) string {
	var sb strings.Builder
	for i, l := range strings.Split(strings.TrimRight(src, "\n"), "\n") {
		fmt.Fprintf(&sb, "%4d  %s\n", i+1, l)
	}
	return sb.String()
}

// TestDiffLayout: the buffer sizes diffBindings assumes are those of the compiler's layout
// (reflection's minimum binding sizes; a runtime-sized array counts one element).
func TestDiffLayout(t *testing.T) {
	src, _ := generateDiff(nil, false)
	m, diags, err := compiler.Reflect(compiler.Source{Name: "diff.wgsl", Text: []byte(src)}, compiler.Options{})
	if err != nil {
		t.Fatalf("%v\n%v\n%s", err, diags, numbered(src))
	}
	sizes := map[int]int{}
	for _, b := range m.Bindings {
		sizes[b.Binding] = b.Buffer.MinBindingSize
	}
	want := map[int]int{0: diffItemSize, 1: diffUniformsSize, 2: 16, 3: diffItemSize, 4: 4, 5: 4}
	for b, w := range want {
		if sizes[b] != w {
			t.Errorf("@binding(%d): minimum binding size %d, want %d", b, sizes[b], w)
		}
	}
}
