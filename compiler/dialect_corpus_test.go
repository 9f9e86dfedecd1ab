package compiler_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/hostwgsl"
	"github.com/wgslgo/wgslgo/internal/corpus"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/samerun"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// TestDialectCorpus prints every shader of the project's corpus that compiles for every
// profile of package hostwgsl. A refusal is errors, each at a position, naming the compiler.
// The real compiler reads what is printed for it where one is installed: Tint the modern
// text, naga (30) the naga 29 text, but for the shaders it rejects as written too, for going
// beyond its limits (dialectBeyondLimits); gogpu/naga's own test is in the nested module
// compiler/hostwgsl/gogpu.
// The text printed as wgslgo checks it (Profile.Checkable) must compile, pass spirv-val, and
// compute what the shader does: its SPIR-V, optimised by spirv-opt -O and with ids numbered
// in order and names dropped, is the shader's; or, where a rewrite changes the code (a let
// made a var, a helper for a builtin), the module is compute-only on buffers and running
// every entry point on the Vulkan device leaves the same bytes in every buffer.
// dialectUnrunnable are the prints, by profile and file, whose rewrites change the SPIR-V of
// a render entry point (which samerun cannot run): each is checked to be one.
var dialectUnrunnable = map[string]string{
	"naga-0.19 host/hosttest/testdata/reach/const_array.wgsl":       "a function-scope const array indexed by the vertex index is written as a var",
	"gogpu-naga-0.18 host/hosttest/testdata/reach/const_array.wgsl": "a function-scope const array indexed by the vertex index is written as its value at each use",
}

func TestDialectCorpus(t *testing.T) {
	oracle.SkipUnderBazel(t, "reads the test data of every package of the source tree, which a Bazel sandbox does not have")
	vulkan.RunIsolated(t, func(t *testing.T) {
		dev := vulkan.Require(t)
		spirvval.Require(t)
		c := samerun.NewCanonicalizer(t)
		readers := map[string]func(text []byte) error{
			hostwgsl.Modern.Name: compilerReads(t, oracle.Tint.Require(t), "-o", filepath.Join(t.TempDir(), "out.wgsl")),
			hostwgsl.Naga29.Name: compilerReads(t, oracle.Naga.Require(t)),
		}
		rejected := map[string]bool{}
		unrunnable := map[string]bool{}
		shaders, err := corpus.Gather("..")
		require.NoError(t, err)
		type tally struct{ printed, refused, same, ran, read int }
		tallies := map[string]*tally{}
		for _, p := range hostwgsl.Profiles() {
			tallies[p.Name] = &tally{}
		}
		for _, s := range shaders {
			src := compiler.Source{Name: s.Name, Text: s.Text}
			res, err := compiler.Compile(src, compiler.Options{})
			if err != nil || res.SPIRV == nil {
				continue
			}
			host, _, err := compiler.HostWGSL(src, compiler.Options{})
			if err != nil {
				continue // a 2021-draft shader the migration refuses: no WGSL host runs it
			}
			// The printer's input is the host's text: a 2021-draft shader migrated.
			src = compiler.Source{Name: s.Name, Text: host.Text}
			res, err = compiler.Compile(src, compiler.Options{})
			require.NoError(t, err, s.Name)
			prog, diags := compiler.Check(src, compiler.Options{})
			require.NotNil(t, prog, "%s: %v", s.Name, diags)
			var want string // canonical(res.SPIRV), made on first need
			for _, p := range hostwgsl.Profiles() {
				n := tallies[p.Name]
				if _, diags := hostwgsl.Print(prog, p); diags.HasErrors() {
					n.refused++
					for _, d := range diags.Errors() {
						assert.True(t, d.Span.IsValid() && d.Position().Line > 0, "%s: %s: a refusal without a position: %s", s.Name, p.Name, d.Message)
						assert.Contains(t, d.Message, p.Compiler, "%s: a refusal that does not name the compiler", s.Name)
					}
					continue
				}
				n.printed++
				if read := readers[p.Name]; read != nil {
					printed, _ := hostwgsl.Print(prog, p)
					err := read(printed)
					key := p.Name + " " + s.Name
					_, beyond := dialectBeyondLimits[key]
					rejected[key] = err != nil
					if err == nil {
						n.read++
					}
					if err != nil && !beyond {
						t.Errorf("%s does not read %s as printed for it: %v\n%s", p.Compiler, s.Name, err, printed)
					}
				}
				text, diags := hostwgsl.Print(prog, p.Checkable())
				require.False(t, diags.HasErrors(), "%s: %s prints, its checkable form does not: %v", s.Name, p.Name, diags)
				got, err := compiler.Compile(compiler.Source{Name: s.Name, Text: text}, compiler.Options{})
				require.NoError(t, err, "%s printed for %s does not compile:\n%s", s.Name, p.Name, text)
				require.NoError(t, spirvval.Validate(got.SPIRV, string(compiler.Vulkan11)), "%s printed for %s", s.Name, p.Name)
				if slices.Equal(got.SPIRV, res.SPIRV) {
					n.same++
					continue
				}
				if want == "" {
					want = c.Canonical(t, res.SPIRV)
				}
				if c.Canonical(t, got.SPIRV) == want {
					n.same++
					continue
				}
				// Entry point by entry point: the same SPIR-V, or a compute shader that runs
				// the same.
				for _, e := range res.Reflection.EntryPoints {
					one := compiler.Options{EntryPoint: e.Name}
					w, err := compiler.Compile(src, one)
					require.NoError(t, err)
					g, err := compiler.Compile(compiler.Source{Name: s.Name, Text: text}, one)
					require.NoError(t, err)
					if c.Canonical(t, w.SPIRV) == c.Canonical(t, g.SPIRV) {
						continue
					}
					key := p.Name + " " + s.Name
					if why, ok := dialectUnrunnable[key]; ok && !samerun.Runnable(w.Reflection) {
						// A rewrite of a render entry point, which nothing here runs.
						unrunnable[key] = true
						t.Logf("%s: %s: the SPIR-V differs and cannot be run: %s", key, e.Name, why)
						continue
					}
					if diff := samerun.Run(t, dev, w.Reflection, w.SPIRV, g.SPIRV); diff != "" {
						t.Errorf("%s printed for %s computes something else: %s\n%s", s.Name, p.Name, diff, text)
					}
				}
				n.ran++
			}
		}
		for key, why := range dialectUnrunnable {
			assert.True(t, unrunnable[key], "%s: listed as a rewrite that cannot be run (%s), but its SPIR-V is the shader's or it runs", key, why)
		}
		for key, why := range dialectBeyondLimits {
			assert.True(t, rejected[key], "%s: listed as beyond the compiler's limits (%s), but read", key, why)
		}
		for _, p := range hostwgsl.Profiles() {
			n := tallies[p.Name]
			read := "no compiler here"
			if readers[p.Name] != nil {
				read = fmt.Sprintf("%d read by %s", n.read, p.Compiler)
			}
			t.Logf("%-16s printed %3d (same SPIR-V %3d, same results %2d), refused %2d; %s", p.Name, n.printed, n.same, n.ran, n.refused, read)
			assert.Greater(t, n.printed, 4*n.refused, "%s refuses too much of the corpus to check much", p.Name)
		}
	})
}

// dialectBeyondLimits are the shaders a compiler rejects for going beyond its limits, which
// no spelling changes, by profile and corpus name: the corpus has them to test limits.
var dialectBeyondLimits = map[string]string{
	"modern compiler/sema/testdata/vulkan_limits/over_spec_limits.wgsl":  "Tint: maximum parser recursive depth reached",
	"naga-29 compiler/sema/testdata/vulkan_limits/over_spec_limits.wgsl": "naga: brace nesting limit reached",
	"naga-29 compiler/testdata/overrides.txtar/workgroup_size_max.wgsl":  "naga: Workgroup size is out of range",
	"naga-29 internal/wgslfuzz/testdata/findings/huge_zero_index.wgsl":   "naga: type is too large",
}

// compilerReads returns a function that runs a compiler's command line (tool, args, then a
// .wgsl file) on a text and reports whether it accepts it.
func compilerReads(t *testing.T, tool string, args ...string) func(text []byte) error {
	dir := t.TempDir()
	return func(text []byte) error {
		in := filepath.Join(dir, "in.wgsl")
		if err := os.WriteFile(in, text, 0o644); err != nil {
			t.Fatal(err)
		}
		out, err := exec.Command(tool, append(append([]string{}, args...), in)...).CombinedOutput()
		if err != nil {
			return fmt.Errorf("%v: %s", err, out)
		}
		return nil
	}
}
