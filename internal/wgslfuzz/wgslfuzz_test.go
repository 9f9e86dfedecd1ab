package wgslfuzz

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/internal/oracle"
)

// The tests run wgslc as a user does, a process per input; they build it from this module
// with the go command, which a Bazel sandbox does not have.

var (
	buildOnce sync.Once
	wgslcPath string
	buildErr  error
)

// testTools returns the tools of a check: wgslc built from this module, spirv-val, and Tint
// when withTint. Without spirv-val or Tint the test skips, or fails under CI=true.
func testTools(t *testing.T, withTint bool) Tools {
	t.Helper()
	oracle.SkipUnderBazel(t, "builds wgslc from this module's source tree")
	tools := Tools{SpirvVal: oracle.SpirvVal.Require(t), MemLimit: 2 << 30}
	if withTint {
		tools.Tint = oracle.Tint.Require(t)
	}
	buildOnce.Do(func() {
		var root, dir string
		if root, buildErr = ModuleRoot(); buildErr != nil {
			return
		}
		if dir, buildErr = os.MkdirTemp("", "wgslfuzz-test-"); buildErr != nil {
			return
		}
		wgslcPath, buildErr = BuildWgslc(root, dir)
	})
	require.NoError(t, buildErr)
	tools.Wgslc = wgslcPath
	return tools
}

// TestMain removes the wgslc the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	if wgslcPath != "" {
		os.RemoveAll(filepath.Dir(wgslcPath))
	}
	os.Exit(code)
}

func repoSeeds(t *testing.T) []Seed {
	t.Helper()
	oracle.SkipUnderBazel(t, "reads the shaders of this module's source tree")
	seeds, err := Seeds(filepath.Join("..", ".."))
	require.NoError(t, err)
	require.Greater(t, len(seeds), 100, "the repository's shaders")
	return seeds
}

// TestTokenize: the tokens of any text join back to it, and the kinds are right on a sample.
func TestTokenize(t *testing.T) {
	src := "@group(0) var<storage,read_write> x: array<f32>; // c\nfn f() -> u32 { return 1u<<2u + 0x1p-3f; } /* a /* b */ */"
	toks := tokenize(src)
	assert.Equal(t, src, join(toks))
	var got []string
	for _, tk := range toks {
		if tk.kind != tokSpace {
			got = append(got, tk.text)
		}
	}
	assert.Equal(t, []string{"@", "group", "(", "0", ")", "var", "<", "storage", ",", "read_write", ">", "x", ":", "array", "<", "f32", ">", ";",
		"fn", "f", "(", ")", "->", "u32", "{", "return", "1u", "<<", "2u", "+", "0x1p-3f", ";", "}"}, got)
	for _, s := range repoSeeds(t) {
		assert.Equal(t, s.Text, join(tokenize(s.Text)), s.Name)
	}
}

// TestMutantsDeterministic: a mutant depends on the seed and its index only, and mutation
// changes the text.
func TestMutantsDeterministic(t *testing.T) {
	seeds := repoSeeds(t)
	changed := 0
	for i := range 200 {
		a, b := MakeMutant(seeds, 7, i), MakeMutant(seeds, 7, i)
		require.Equal(t, a, b)
		require.NotEmpty(t, a.Mutations)
		if c := MakeMutant(seeds, 8, i); c.Text != a.Text {
			changed++
		}
	}
	assert.Greater(t, changed, 150, "another seed makes other mutants")
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range mutations {
		out, ok := m.apply(rng, "fn f() -> u32 {\n\tvar<private> x = 1u;\n\treturn x;\n}", "let y = 2;")
		assert.True(t, ok, m.name)
		assert.NotEqual(t, "fn f() -> u32 {\n\tvar<private> x = 1u;\n\treturn x;\n}", out, m.name)
	}
}

func TestParseDiagnostics(t *testing.T) {
	stderr := "a.wgsl:2:5: error: no matching overload for log()\n" +
		"  x = log();\n" +
		"    ^~~~~\n" +
		"a.wgsl:2:5: note: closest candidates:\n" +
		"  log(e: S) -> S\n" +
		"  x = log();\n" +
		"    ^~\n" +
		"a.wgsl: error: backend: no position\n" +
		"wgslc: cannot write out.spv\n"
	diags, other := ParseDiagnostics(stderr, "a.wgsl")
	require.Len(t, diags, 3)
	assert.Equal(t, Diagnostic{Severity: "error", Line: 2, Col: 5, Message: "no matching overload for log()", Positioned: true}, diags[0])
	assert.Equal(t, "closest candidates:\n  log(e: S) -> S", diags[1].Message)
	assert.Equal(t, Diagnostic{Severity: "error", Message: "backend: no position"}, diags[2])
	assert.Equal(t, []string{"wgslc: cannot write out.spv"}, other)
}

// fixedSeedMutants is the size of the fixed-seed run in the test suite (WGSLFUZZ_N sets
// another).
const fixedSeedMutants = 4000

// TestFixedSeed runs the fuzzer over a fixed set of mutants: no crash, time-out, memory
// exhaustion, internal error, diagnostic without a position, exit status 2 or invalid
// SPIR-V, and every verdict that differs from Tint's is a known disagreement (known.go).
func TestFixedSeed(t *testing.T) {
	if testing.Short() {
		t.Skip("runs thousands of compilations")
	}
	tools := testTools(t, true)
	n := fixedSeedMutants
	if s := os.Getenv("WGSLFUZZ_N"); s != "" {
		var err error
		n, err = strconv.Atoi(s)
		require.NoError(t, err)
	}
	// The accepted compute shaders run on the interpreter too (TestExecute compares them
	// with lavapipe).
	tools.Exec = &Executor{}
	c := Campaign{Tools: tools, Seeds: repoSeeds(t), Seed: 1, N: n, Workers: 2}
	r, err := c.Run(context.Background())
	require.NoError(t, err)
	var sb strings.Builder
	r.Summary(&sb)
	t.Log(sb.String())
	for _, f := range r.Findings {
		if f.Class.IsProblem() || f.Known == "" {
			t.Errorf("mutant %d of %s (%s), %s: %s: %s\n%s", f.Index, f.Seed, strings.Join(f.Mutations, ", "), f.Target, f.Class, f.Detail, f.Text)
		}
	}
}

// targetLine reads the "// target: vulkan1.x" line of a reproducer.
var targetLine = regexp.MustCompile(`(?m)^// target: (vulkan1\.[0-3])$`)

// TestFindings: every shader in testdata/findings, each a problem the fuzzer or a user found,
// now gives SPIR-V that spirv-val accepts or diagnostics with positions, and the same verdict
// as Tint (or a known disagreement).
func TestFindings(t *testing.T) {
	tools := testTools(t, true)
	files, err := filepath.Glob(filepath.Join("testdata", "findings", "*.wgsl"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	dir := t.TempDir()
	for _, f := range files {
		text, err := os.ReadFile(f)
		require.NoError(t, err)
		in := Input{Text: string(text), Target: "vulkan1.1"}
		if m := targetLine.FindStringSubmatch(in.Text); m != nil {
			in.Target = m[1]
		}
		o := tools.Check(context.Background(), dir, in)
		if o.Class != Agree && o.Known == "" {
			t.Errorf("%s: %s: %s", f, o.Class, o.Detail)
		}
	}
}

// TestFixturesThroughCLI feeds every shader of the repository that wgslc rejects (the
// checker's fixtures, the parser's, the lowering's...) to the command line: each diagnostic
// has file:line:col, nothing crashes, and what it accepts validates. The fixtures with
// their error lines are run as they are, not as the fuzzer's seeds.
func TestFixturesThroughCLI(t *testing.T) {
	tools := testTools(t, false)
	srcs, err := Sources(filepath.Join("..", ".."))
	require.NoError(t, err)
	dir := t.TempDir()
	rejected := 0
	for _, s := range srcs {
		o := tools.Check(context.Background(), dir, Input{Text: s.Text, Legacy: s.Legacy})
		if o.Class != Agree {
			t.Errorf("%s: %s: %s", s.Name, o.Class, o.Detail)
		}
		if !o.Accepted {
			rejected++
		}
	}
	t.Logf("%d shaders, %d rejected with positioned diagnostics", len(srcs), rejected)
	assert.Greater(t, rejected, 150, "the error fixtures")
}

// TestMemoryLimit compiles, within 1 GiB of address space, shaders whose constants have
// hundreds of millions of elements: the evaluation must not materialise them.
func TestMemoryLimit(t *testing.T) {
	tools := testTools(t, false)
	tools.MemLimit = 1 << 30
	tools.Timeout = time.Minute
	dir := t.TempDir()
	for _, src := range []string{
		"const c = array<f32, 2147483647>();\n",
		"@group(0) @binding(0) var<storage, read_write> o: array<i32>;\n" +
			"@compute @workgroup_size(1) fn main() { o[0] = array<i32, 600000000>()[0] + array<i32, 600000000>()[5]; }\n",
		"const a = array<i32, 600000000>();\nconst b = a[599999999];\nconst_assert b == 0;\n" +
			"@compute @workgroup_size(1) fn main() { _ = a[3]; }\n",
		"struct S { a: array<vec4f, 100000000>, b: f32 }\nconst s = S();\n" +
			"@group(0) @binding(0) var<storage, read_write> o: array<f32>;\n" +
			"@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i: u32) { o[0] = s.a[i].x + s.b; let t = s; o[1] = t.a[i + 1u].y; }\n",
		"@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n" +
			"@compute @workgroup_size(1) fn main(@builtin(local_invocation_index) i: u32) { var v = array<u32, 600000000>(); o[0] = v[i]; }\n",
	} {
		o := tools.Check(context.Background(), dir, Input{Text: src, Target: "vulkan1.1"})
		assert.Equal(t, Agree, o.Class, "%s: %s\n%s", o.Class, o.Detail, src)
	}
}
