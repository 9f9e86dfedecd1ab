package compiler_test

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"runtime"
	"runtime/metrics"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/bench"
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/spirv"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/compiler/wesl"
	"github.com/wgslgo/wgslgo/internal/cputime"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/weslsplit"
	"github.com/wgslgo/wgslgo/internal/wgslfuzz"
)

// repoSeeds returns every WGSL source of the repository's testdata: the .wgsl files and the
// .wgsl members of txtar archives, each at most 16 KB, in path order (wgslfuzz.Sources).
// Fixtures starting with "// skip: reason" are known problems tracked where they live
// (compiler/lower/testdata/valid.txtar), left out here.
func repoSeeds(tb testing.TB) [][]byte {
	srcs, err := wgslfuzz.Sources("..")
	if err != nil {
		tb.Fatal(err)
	}
	var seeds [][]byte
	for _, s := range srcs {
		if !strings.HasPrefix(s.Text, "// skip: ") {
			seeds = append(seeds, []byte(s.Text))
		}
	}
	return seeds
}

// fuzzing reports whether the test binary runs the fuzzing engine (-test.fuzz), rather than
// the seed corpus as unit tests.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// watchdog crashes the process when one compilation takes far longer than any real shader
// needs, so the fuzzer records hangs with their input. Call the returned function when done.
func watchdog(src string) func() {
	done := make(chan struct{})
	go func() {
		select {
		case <-done:
		case <-time.After(30 * time.Second):
			panic(fmt.Sprintf("compilation takes more than 30s: %q", src))
		}
	}()
	return func() { close(done) }
}

// FuzzCompile: every input gives diagnostics or SPIR-V that spirv-val accepts, never a panic,
// a hang or an internal error. The second argument selects options: bits 0-1 the target
// (vulkan1.0 to 1.3), bit 2 --robustness=off, bit 3 --strip-names, bit 4
// --uniform-standard-layout, bit 5 -g, bit 6 --override for every override (values 0, 1, 3,
// -1 and 70000 in turn), bit 7 --entry-point for the first entry point. The seed corpus run
// also compiles every seed for Vulkan 1.3, without and with -g. Where the compilation
// succeeds, the reflection must describe the SPIR-V's entry points and specialisation
// constants.
//
// To keep fuzzing past a finding that is already reported, set WGSLGO_FUZZ_IGNORE to a regular
// expression: failures whose message matches it are skipped. Not under CI=true: there the
// variable fails the test, since a skipped failure is one CI would not see.
func FuzzCompile(f *testing.F) {
	fail := fuzzFail(f)
	const vulkan11 = 1
	f.Add("@compute @workgroup_size(1) fn main() {}", uint8(vulkan11))
	f.Add(reflectedOverrides, uint8(3|64))     // vulkan1.3, every override given a value
	f.Add(reflectedOverrides, uint8(3|64|128)) // and one entry point kept
	f.Add(reflectedOverrides, uint8(3|128))
	for _, s := range repoSeeds(f) {
		f.Add(string(s), uint8(vulkan11))
	}
	f.Fuzz(func(t *testing.T, src string, options uint8) {
		checkCompile(t, fail, src, options)
	})
}

// FuzzCompileGenerated is FuzzCompile on programs that the bytes steer a generator through
// (fuzzgen_test.go): type-correct modules with functions, pointers, loops, switches, buffers and
// atomics, so that nearly every input reaches the lowering, the passes and the backend.
func FuzzCompileGenerated(f *testing.F) {
	fail := fuzzFail(f)
	rng := rand.New(rand.NewPCG(1, 2))
	for range 32 {
		data := make([]byte, 64+rng.IntN(448))
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		f.Add(data, uint8(1))
	}
	f.Fuzz(func(t *testing.T, data []byte, options uint8) {
		checkCompile(t, fail, generate(data), options)
	})
}

// fuzzFail returns the failure function of the fuzz targets: t.Fatal, or t.Skip for messages
// that match WGSLGO_FUZZ_IGNORE, which CI=true refuses.
func fuzzFail(f *testing.F) func(t *testing.T, format string, args ...any) {
	var ignore *regexp.Regexp
	if s := os.Getenv("WGSLGO_FUZZ_IGNORE"); s != "" {
		if oracle.CI() {
			f.Fatalf("WGSLGO_FUZZ_IGNORE=%q is set under CI=true, where no failure may be skipped: unset it", s)
		}
		ignore = regexp.MustCompile(s)
	}
	return func(t *testing.T, format string, args ...any) {
		t.Helper()
		msg := fmt.Sprintf(format, args...)
		if ignore != nil && ignore.MatchString(msg) {
			t.Skip("ignored: " + msg)
		}
		t.Fatal(msg)
	}
}

// checkCompile compiles src with the options FuzzCompile describes and checks the outcome:
// diagnostics without internal errors, or SPIR-V that spirv-val accepts. It reports whether
// src compiled.
func checkCompile(t *testing.T, fail func(t *testing.T, format string, args ...any), src string, options uint8) bool {
	targets := []compiler.Target{compiler.Vulkan10, compiler.Vulkan11, compiler.Vulkan12, compiler.Vulkan13}
	opts := compiler.Options{
		NoRobustness:          options&4 != 0,
		NoNames:               options&8 != 0,
		UniformStandardLayout: options&16 != 0,
	}
	if options&(64|128) != 0 {
		if prog, _ := compiler.Check(compiler.Source{Name: "fuzz.wgsl", Text: []byte(src)}, opts); prog != nil {
			if options&64 != 0 {
				opts.Overrides = map[string]string{}
				for i, o := range prog.Overrides {
					opts.Overrides[o.Name()] = [...]string{"0", "1", "3", "-1", "70000"}[i%5]
				}
			}
			if options&128 != 0 {
				for _, f := range prog.Funcs {
					if f.IsEntryPoint() {
						opts.EntryPoint = f.Name()
						break
					}
				}
			}
		}
	}
	type run struct {
		target compiler.Target
		debug  bool
	}
	runs := []run{{targets[options&3], options&32 != 0}}
	if !fuzzing() {
		if runs[0].target != compiler.Vulkan13 {
			runs = append(runs, run{compiler.Vulkan13, false})
		}
		runs = append(runs, run{compiler.Vulkan13, true})
	}
	for _, r := range runs {
		target := r.target
		opts.Target, opts.Debug = target, r.debug
		stop := watchdog(src)
		res, err := compiler.Compile(compiler.Source{Name: "fuzz.wgsl", Text: []byte(src)}, opts)
		stop()
		if err != nil {
			list, ok := err.(diag.List)
			if !ok {
				fail(t, "%s: error is %T, not diagnostics: %v\nsource:\n%s", target, err, err, src)
			}
			if !list.HasErrors() {
				fail(t, "%s: compilation failed without an error diagnostic: %v\nsource:\n%s", target, err, src)
			}
			for _, d := range list {
				if strings.Contains(d.Message, "internal error") {
					fail(t, "%s: %s\nsource:\n%s", target, d.Message, src)
				}
			}
			return false
		}
		spirvval.Require(t)
		var flags []string
		if opts.UniformStandardLayout || res.Program.Features.Has(builtins.UniformBufferStandardLayout) {
			flags = append(flags, spirvval.UniformBufferStandardLayout)
		}
		words, env := res.SPIRV, string(target)
		if len(res.Reflection.EntryPoints) == 0 {
			// Nothing to run, so no SPIR-V; the backend's output for the functions is
			// validated as a library.
			if words != nil {
				fail(t, "%s: SPIR-V for a module without entry points\nsource:\n%s", target, src)
			}
			lib, err := compiler.CompileLibrary(compiler.Source{Name: "fuzz.wgsl", Text: []byte(src)}, opts)
			if err != nil {
				fail(t, "%s: as a library: %v\nsource:\n%s", target, err, src)
			}
			words, env = asLibrary(lib.SPIRV)
			res = lib
		}
		if err := spirvval.ValidateFlags(words, env, flags...); err != nil {
			fail(t, "%s %+v: %v\nsource:\n%s", target, opts, err, src)
		}
		if msg := reflectionMismatch(res, opts); msg != "" {
			fail(t, "%s %+v: %s\nsource:\n%s", target, opts, msg, src)
		}
	}
	return true
}

// reflectionMismatch reports how a compilation's reflection disagrees with its SPIR-V: entry
// points other than the module's, overrides that are no specialisation constant of it (or
// were given values); "" when they agree.
func reflectionMismatch(res *compiler.Result, opts compiler.Options) string {
	mod, err := spirv.Parse(res.SPIRV)
	if err != nil {
		return err.Error()
	}
	var entries []string
	for _, in := range mod.Find(spirv.OpEntryPoint) {
		var name []byte
	words:
		for _, w := range in.Operands()[2:] {
			for k := 0; k < 4; k++ {
				c := byte(w >> (8 * k))
				if c == 0 {
					break words
				}
				name = append(name, c)
			}
		}
		entries = append(entries, string(name))
	}
	var reflected []string
	for _, ep := range res.Reflection.EntryPoints {
		reflected = append(reflected, ep.Name)
	}
	if fmt.Sprint(entries) != fmt.Sprint(reflected) {
		return fmt.Sprintf("reflected entry points %v, the module's %v", reflected, entries)
	}
	specIDs := map[uint32]bool{}
	for _, d := range mod.Find(spirv.OpDecorate) {
		if ops := d.Operands(); spirv.Decoration(ops[1]) == spirv.DecorationSpecId {
			specIDs[ops[2]] = true
		}
	}
	for _, o := range res.Reflection.Overrides {
		if _, given := opts.Overrides[o.Name]; given {
			return fmt.Sprintf("override %s was given a value but is reflected as an override", o.Name)
		}
		if !specIDs[uint32(o.ID)] && usedOverride(mod, o.Name) {
			return fmt.Sprintf("override %s: the module has no SpecId %d", o.Name, o.ID)
		}
	}
	return ""
}

// usedOverride reports whether the module has a specialisation constant called name (without
// names, or when an unused override was dropped, there is nothing to compare).
func usedOverride(mod *spirv.Module, name string) bool {
	id := mod.Lookup(name)
	if id == 0 {
		return false
	}
	in, ok := mod.Def(id)
	return ok && (in.Op == spirv.OpSpecConstant || in.Op == spirv.OpSpecConstantTrue || in.Op == spirv.OpSpecConstantFalse)
}

// TestGeneratedPrograms: the generator's programs mostly compile (or FuzzCompileGenerated
// would only test diagnostics), and those that do validate.
func TestGeneratedPrograms(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	ok, n := 0, 60
	for range n {
		data := make([]byte, 512)
		for i := range data {
			data[i] = byte(rng.Uint32())
		}
		if checkCompile(t, func(t *testing.T, format string, args ...any) { t.Helper(); t.Fatalf(format, args...) }, generate(data), 1) {
			ok++
		}
	}
	t.Logf("%d of %d generated programs compile", ok, n)
	require.GreaterOrEqual(t, ok, n*2/3)
}

// asLibrary prepares a module without entry points for spirv-val, which accepts one only with
// the Linkage capability, which no Vulkan environment allows: it adds the capability and picks
// the universal environment of the module's SPIR-V version, so everything but the Vulkan-specific
// rules is still checked.
func asLibrary(words []uint32) ([]uint32, string) {
	const opCapability, capLinkage = 17, 5
	lib := make([]uint32, 0, len(words)+2)
	lib = append(lib, words[:5]...)
	lib = append(lib, 2<<16|opCapability, capLinkage)
	lib = append(lib, words[5:]...)
	return lib, fmt.Sprintf("spv1.%d", words[1]>>8&0xff)
}

// Benchmarks of the public API on compiler/bench's shaders. Each reports MB/s of WGSL, the
// allocations, and
//   - cpu-ms/op and cpu-MB/s: the process's user+system CPU time per compilation (garbage
//     collection included), which a loaded machine disturbs far less than wall time;
//   - peak-heap-MB: the most heap the compilation of one shader added (objects live or not
//     yet collected, with the collector running as usual), sampled from runtime/metrics.

func BenchmarkCompileSmall(b *testing.B) { benchmarkCompile(b, bench.Small(), compiler.Options{}) }

func BenchmarkCompileTypical(b *testing.B) {
	for _, s := range []bench.Shader{bench.Particles(), bench.Deferred()} {
		b.Run(s.Name, func(b *testing.B) { benchmarkCompile(b, s, compiler.Options{}) })
	}
}

func BenchmarkCompileLarge(b *testing.B) { benchmarkCompile(b, bench.Large(), compiler.Options{}) }

// BenchmarkLink10Modules compiles a WESL program of 10 modules (a benchmark shader's
// declarations split over them, imported back) and, as OneFile, the same declarations as one
// WGSL file (the program's linked WGSL): what linking costs is the difference. The modules
// are read from memory, as a build reads files it has already opened.
func BenchmarkLink10Modules(b *testing.B) {
	for _, s := range []bench.Shader{bench.Deferred(), bench.Large()} {
		f, diags := syntax.Parse(diag.NewFile(s.Name, s.Text), syntax.Options{Dialect: syntax.DialectModern})
		require.False(b, diags.HasErrors())
		files := weslsplit.Split(f, rand.New(rand.NewPCG(10, 0)), 10)
		opts := compiler.Options{FS: wesl.FromFS(files)}
		root := compiler.Source{Name: "main.wesl", Text: files["main.wesl"].Data}
		prog, diags := compiler.Link(root, opts)
		require.False(b, diags.HasErrors(), "%v", diags)
		one := bench.Shader{Name: "linked.wgsl", Text: prog.WGSL()}
		b.Run(s.Name+"/Modules", func(b *testing.B) {
			compile := func() {
				if _, err := compiler.Compile(root, opts); err != nil {
					b.Fatal(err)
				}
			}
			b.SetBytes(int64(len(one.Text)))
			b.ReportAllocs()
			loopCPU(b, len(one.Text), compile)
		})
		b.Run(s.Name+"/OneFile", func(b *testing.B) { benchmarkCompile(b, one, compiler.Options{}) })
	}
}

// BenchmarkCompileLargeDebug is BenchmarkCompileLarge with -g (positions, OpLine).
func BenchmarkCompileLargeDebug(b *testing.B) {
	benchmarkCompile(b, bench.Large(), compiler.Options{Debug: true})
}

// BenchmarkParseLarge and BenchmarkCheckLarge time the front end alone on the large shader:
// parsing, then parsing and checking.
func BenchmarkParseLarge(b *testing.B) {
	s := bench.Large()
	file := diag.NewFile(s.Name, s.Text)
	b.SetBytes(int64(len(s.Text)))
	b.ReportAllocs()
	loopCPU(b, len(s.Text), func() {
		if _, diags := syntax.Parse(file, syntax.Options{}); diags.HasErrors() {
			b.Fatal(diags)
		}
	})
}

func BenchmarkCheckLarge(b *testing.B) {
	s := bench.Large()
	src := compiler.Source{Name: s.Name, Text: s.Text}
	b.SetBytes(int64(len(s.Text)))
	b.ReportAllocs()
	loopCPU(b, len(s.Text), func() {
		if prog, diags := compiler.Check(src, compiler.Options{}); prog == nil {
			b.Fatal(diags)
		}
	})
}

func benchmarkCompile(b *testing.B, s bench.Shader, opts compiler.Options) {
	src := compiler.Source{Name: s.Name, Text: s.Text}
	compile := func() {
		if _, err := compiler.Compile(src, opts); err != nil {
			b.Fatal(err)
		}
	}
	peak := peakHeapMB(compile)
	b.SetBytes(int64(len(s.Text)))
	b.ReportAllocs()
	loopCPU(b, len(s.Text), compile)
	b.ReportMetric(peak, "peak-heap-MB") // after the loop, which clears reported metrics
}

// cpuTime is the CPU time of the process, 0 where it is not measured (the CPU metrics then
// are not reported).
func cpuTime() time.Duration {
	d, _ := cputime.Process()
	return d
}

// loopCPU runs f b.N times and reports the CPU time it took per run, and the MB/s of size
// bytes by CPU time.
func loopCPU(b *testing.B, size int, f func()) {
	var start time.Duration
	n := 0
	for b.Loop() {
		if n == 0 {
			start = cpuTime()
		}
		f()
		n++
	}
	cpu := cpuTime() - start
	if cpu <= 0 {
		return
	}
	perOp := float64(cpu) / float64(n)
	b.ReportMetric(perOp/1e6, "cpu-ms/op")
	b.ReportMetric(float64(size)/(perOp/1e9)/1e6, "cpu-MB/s")
}

// peakHeapMB runs f and returns the largest growth of the heap objects (live, or dead and not
// yet swept) over the heap before f, in MB, sampled as often as the scheduler lets a second
// goroutine run: a short peak between two samples is missed.
func peakHeapMB(f func()) float64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 {
		metrics.Read(sample)
		return sample[0].Value.Uint64()
	}
	base := read()
	done := make(chan struct{})
	peak := make(chan uint64)
	go func() {
		var max uint64
		for {
			if v := read(); v > max {
				max = v
			}
			select {
			case <-done:
				peak <- max
				return
			default:
				runtime.Gosched()
			}
		}
	}()
	f()
	close(done)
	p := <-peak
	if p < base {
		return 0
	}
	return float64(p-base) / (1 << 20)
}

// TestPointerCopiesLimit: functions that pass four constant parts of their pointer on, nested
// deeply, would need exponentially many specialised copies; the compiler says so instead of
// running out of time and memory. (Arrays nest at most 15 deep: 4^12 copies at depth 12.)
func TestPointerCopiesLimit(t *testing.T) {
	const depth = 12
	var src strings.Builder
	elem := []string{"u32"}
	for k := 1; k <= depth; k++ {
		elem = append(elem, fmt.Sprintf("array<%s, 4>", elem[k-1]))
	}
	fmt.Fprintf(&src, "@group(0) @binding(0) var<storage, read_write> b: %s;\n", elem[depth])
	src.WriteString("fn f0(p: ptr<storage, u32, read_write>) { *p += 1u; }\n")
	for k := 1; k <= depth; k++ {
		fmt.Fprintf(&src, "fn f%d(p: ptr<storage, %s, read_write>) { f%d(&p[0]); f%d(&p[1]); f%d(&p[2]); f%d(&p[3]); }\n",
			k, elem[k], k-1, k-1, k-1, k-1)
	}
	fmt.Fprintf(&src, "@compute @workgroup_size(1) fn main() { f%d(&b); }\n", depth)
	start := time.Now()
	_, err := compiler.Compile(compiler.Source{Name: "deep.wgsl", Text: []byte(src.String())}, compiler.Options{})
	require.Less(t, time.Since(start), 20*time.Second)
	var diags diag.List
	require.ErrorAs(t, err, &diags)
	require.Len(t, diags, 1)
	d := diags[0]
	require.NotContains(t, d.Message, "internal error")
	// The error is at a call of the function whose copy went over the limit, fN(&p[i]) in the
	// body of f(N+1), with the source line and a caret; a note shows fN's declaration.
	call := src.String()[d.Span.Start:d.Span.End]
	callee, _, _ := strings.Cut(call, "(")
	require.Regexp(t, `^f[0-9]+\(&p\[[0-3]\]\)$`, call)
	level, err := strconv.Atoi(callee[1:])
	require.NoError(t, err)
	var printed strings.Builder
	d.Print(&printed)
	p := d.Position()
	lines := strings.Split(printed.String(), "\n")
	require.Equal(t, fmt.Sprintf("deep.wgsl:%d:%d: error: pointer arguments need more than %d instructions of specialised "+
		"function copies (at a copy of '%s' for a call from 'f%d'):", p.Line, p.Column, transform.MaxCopiedInsts, callee, level+1),
		lines[0][:strings.Index(lines[0], "):")+2])
	require.Equal(t, strings.Split(src.String(), "\n")[p.Line-1], lines[1])
	require.Equal(t, strings.Repeat(" ", p.Column-1)+"^"+strings.Repeat("~", len(call)-1), lines[2])
	require.Len(t, d.Notes, 1)
	decl := d.File.Position(d.Notes[0].Span.Start)
	require.True(t, strings.HasPrefix(strings.Split(src.String(), "\n")[decl.Line-1], "fn "+callee+"("), "note at %v", decl)

	// Shallower, the same program compiles: 4^5 copies of f0.
	shallow := strings.Replace(src.String(), fmt.Sprintf("f%d(&b)", depth), "f5(&b[0][0][0][0][0][0][0])", 1)
	res, err := compiler.Compile(compiler.Source{Name: "shallow.wgsl", Text: []byte(shallow)}, compiler.Options{})
	require.NoError(t, err)
	spirvval.Check(t, res.SPIRV, "vulkan1.1")
}

// TestNoReflection: without the reflection, a compilation gives the same SPIR-V and
// warnings, and a module without entry points still compiles to no SPIR-V.
func TestNoReflection(t *testing.T) {
	for _, s := range append(bench.All(), bench.Shader{Name: "types.wgsl", Text: []byte("struct S { a: f32 }\nconst k = 2;\n")}) {
		src := compiler.Source{Name: s.Name, Text: s.Text}
		all, err := compiler.Compile(src, compiler.Options{})
		require.NoError(t, err, s.Name)
		optss := []compiler.Options{{}}
		if eps := all.Reflection.EntryPoints; len(eps) != 0 {
			optss = append(optss, compiler.Options{EntryPoint: eps[len(eps)-1].Name})
		}
		for _, opts := range optss {
			with, err := compiler.Compile(src, opts)
			require.NoError(t, err, s.Name)
			opts.NoReflection = true
			without, err := compiler.Compile(src, opts)
			require.NoError(t, err, s.Name)
			require.NotNil(t, with.Reflection, s.Name)
			assert.Nil(t, without.Reflection, s.Name)
			assert.Equal(t, with.SPIRV, without.SPIRV, s.Name)
			assert.Equal(t, with.Warnings, without.Warnings, s.Name)
			assert.Equal(t, len(with.Reflection.EntryPoints) == 0, without.SPIRV == nil, s.Name)
		}
	}
}
