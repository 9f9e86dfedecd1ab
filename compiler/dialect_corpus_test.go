package compiler_test

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/hostwgsl"
	"github.com/wgslgo/wgslgo/compiler/reflect"
	"github.com/wgslgo/wgslgo/internal/corpus"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// TestDialectCorpus prints every shader of the project's corpus that compiles for every
// profile of package hostwgsl. A refusal is errors, each at a position, naming the compiler.
// The text printed as wgslgo checks it (Profile.Checkable) must compile, pass spirv-val, and
// compute what the shader does: its SPIR-V, optimised by spirv-opt -O and with ids numbered
// in order and names dropped, is the shader's; or, where a rewrite changes the code (a let
// made a var, a helper for a builtin), the module is compute-only on buffers and running
// every entry point on the Vulkan device leaves the same bytes in every buffer.
func TestDialectCorpus(t *testing.T) {
	oracle.SkipUnderBazel(t, "reads the test data of every package of the source tree, which a Bazel sandbox does not have")
	vulkan.RunIsolated(t, func(t *testing.T) {
		dev := vulkan.Require(t)
		spirvval.Require(t)
		c := &canonicalizer{opt: oracle.SpirvOpt.Require(t), dis: oracle.SpirvDis.Require(t), dir: t.TempDir()}
		shaders, err := corpus.Gather("..")
		require.NoError(t, err)
		type tally struct{ printed, refused, same, ran int }
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
					want = c.canonical(t, res.SPIRV)
				}
				if c.canonical(t, got.SPIRV) == want {
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
					if c.canonical(t, w.SPIRV) == c.canonical(t, g.SPIRV) {
						continue
					}
					if diff := runBoth(t, dev, w, g); diff != "" {
						t.Errorf("%s printed for %s computes something else: %s\n%s", s.Name, p.Name, diff, text)
					}
				}
				n.ran++
			}
		}
		for _, p := range hostwgsl.Profiles() {
			n := tallies[p.Name]
			t.Logf("%-16s printed %3d (same SPIR-V %3d, same results %2d), refused %2d", p.Name, n.printed, n.same, n.ran, n.refused)
			assert.Greater(t, n.printed, 4*n.refused, "%s refuses too much of the corpus to check much", p.Name)
		}
	})
}

// canonicalizer compares SPIR-V modules up to what an optimiser and the numbering of ids
// change. It remembers the modules it has seen: the shader's own come back for every
// profile that rewrites it.
type canonicalizer struct {
	opt, dis, dir string
	seen          map[string]string
}

var spirvID = regexp.MustCompile(`%[0-9]+`)

// canonical returns the disassembly of the module optimised by spirv-opt -O, without debug
// instructions, with ids numbered in order of appearance.
func (c *canonicalizer) canonical(t *testing.T, words []uint32) string {
	in, out := filepath.Join(c.dir, "in.spv"), filepath.Join(c.dir, "out.spv")
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	if s, ok := c.seen[string(b)]; ok {
		return s
	}
	if c.seen == nil {
		c.seen = map[string]string{}
	}
	require.NoError(t, os.WriteFile(in, b, 0o644))
	if msg, err := exec.Command(c.opt, "-O", in, "-o", out).CombinedOutput(); err != nil {
		t.Fatalf("spirv-opt: %v\n%s\nmodule: %s", err, msg, in)
	}
	text, err := exec.Command(c.dis, "--raw-id", "--no-header", out).Output()
	require.NoError(t, err)
	ids := map[string]string{}
	var lines []string
	for _, l := range strings.Split(string(text), "\n") {
		switch {
		case strings.Contains(l, "OpName"), strings.Contains(l, "OpMemberName"), strings.Contains(l, "OpSource"),
			strings.Contains(l, "OpString"), strings.Contains(l, "OpLine"), strings.Contains(l, "OpModuleProcessed"):
			continue
		}
		lines = append(lines, spirvID.ReplaceAllStringFunc(l, func(id string) string {
			if n, ok := ids[id]; ok {
				return n
			}
			n := fmt.Sprintf("%%%d", len(ids)+1)
			ids[id] = n
			return n
		}))
	}
	c.seen[string(b)] = strings.Join(lines, "\n")
	return c.seen[string(b)]
}

// runBoth dispatches every compute entry point of want and got, which have the same
// interface (one entry point, for the test), on buffers of the same deterministic bytes, and describes the first difference
// of the buffers afterwards ("" when there is none). A module with other stages or other
// bindings fails the test: there is no run to compare.
func runBoth(t *testing.T, dev *vulkan.Device, want, got *compiler.Result) string {
	m := want.Reflection
	for _, e := range m.EntryPoints {
		require.Equal(t, reflect.StageCompute, e.Stage, "%s: entry point %s is not compute: the rewrite changed the SPIR-V of a module that cannot be run", m.Source, e.Name)
		run := vulkan.Run{Entry: e.Name, Groups: [3]uint32{1, 1, 1}, Timeout: 20 * time.Second}
		for _, ref := range e.Bindings {
			b := bindingOf(m, ref)
			vb, ok := runBinding(b)
			require.True(t, ok, "%s: %s uses %s (%s), which this test binds no data to: there is no run to compare", m.Source, e.Name, b.Name, b.Type.WGSL)
			run.Bindings = append(run.Bindings, vb)
		}
		results := make([]*vulkan.Result, 2)
		for i, words := range [][]uint32{want.SPIRV, got.SPIRV} {
			r := run
			r.SPIRV = words
			r.Bindings = nil
			for _, b := range run.Bindings {
				b.Data = bytes.Clone(b.Data)
				r.Bindings = append(r.Bindings, b)
			}
			res, err := dev.Dispatch(r)
			require.NoError(t, err, "%s: %s", m.Source, e.Name)
			results[i] = res
		}
		for _, b := range run.Bindings {
			w, g := results[0].Bytes(b.Group, b.Binding), results[1].Bytes(b.Group, b.Binding)
			if i := firstByteDiff(w, g); i >= 0 {
				return fmt.Sprintf("entry point %s, @group(%d) @binding(%d) byte %d: %#x, want %#x", e.Name, b.Group, b.Binding, i, g[i], w[i])
			}
		}
	}
	return ""
}

// runBinding is the binding of b in a run: buffers four times their minimum size, and 4x4
// images (of 2, 6 or 12 layers where the view has layers) of small integer texels.
func runBinding(b *reflect.Binding) (vulkan.Binding, bool) {
	vb := vulkan.Binding{Group: uint32(b.Group), Binding: uint32(b.Binding)}
	image := func(view string, format vulkan.Format) bool {
		dims := map[string]vulkan.ImageDim{"1d": vulkan.Dim1D, "2d": vulkan.Dim2D, "2d-array": vulkan.Dim2DArray,
			"3d": vulkan.Dim3D, "cube": vulkan.DimCube, "cube-array": vulkan.DimCubeArray}
		d := vulkan.ImageDesc{Dim: dims[view], Format: format, Width: 4, Height: 4}
		switch d.Dim {
		case vulkan.Dim1D:
			d.Height = 1
		case vulkan.Dim3D:
			d.Depth = 4
		case vulkan.Dim2DArray:
			d.Layers = 2
		case vulkan.DimCubeArray:
			d.Layers = 12
		}
		vb.Image = &d
		vb.Data = smallWords(b.Name, d.Size())
		return d.Dim != 0
	}
	switch {
	case b.Buffer != nil:
		vb.Kind = map[string]vulkan.BindingKind{"uniform": vulkan.UniformBuffer, "storage": vulkan.StorageBuffer,
			"read-only-storage": vulkan.ReadOnlyStorageBuffer}[b.Buffer.Type]
		vb.Data = smallWords(b.Name, 4*b.Buffer.MinBindingSize)
		return vb, true
	case b.Sampler != nil:
		vb.Kind = vulkan.Sampler
		if b.Sampler.Type == "comparison" {
			vb.Kind = vulkan.ComparisonSampler
			vb.Sampler = &vulkan.SamplerDesc{Compare: vulkan.CompareLess}
		}
		return vb, true
	case b.Texture != nil && !b.Texture.Multisampled:
		vb.Kind = vulkan.SampledImage
		format := map[string]vulkan.Format{"float": vulkan.RGBA32Float, "unfilterable-float": vulkan.RGBA32Float,
			"depth": vulkan.Depth32Float, "sint": vulkan.RGBA32Sint, "uint": vulkan.RGBA32Uint}[b.Texture.SampleType]
		return vb, image(b.Texture.ViewDimension, format)
	case b.StorageTexture != nil:
		vb.Kind = vulkan.StorageImage
		for _, f := range []vulkan.Format{vulkan.RGBA8Unorm, vulkan.RGBA8Snorm, vulkan.RGBA8Uint, vulkan.RGBA8Sint,
			vulkan.BGRA8Unorm, vulkan.RGBA16Uint, vulkan.RGBA16Sint, vulkan.RGBA16Float, vulkan.R32Uint, vulkan.R32Sint,
			vulkan.R32Float, vulkan.RG32Uint, vulkan.RG32Sint, vulkan.RG32Float, vulkan.RGBA32Uint, vulkan.RGBA32Sint, vulkan.RGBA32Float} {
			if f.String() == b.StorageTexture.Format {
				return vb, image(b.StorageTexture.ViewDimension, f)
			}
		}
	}
	return vb, false
}

func bindingOf(m *reflect.Module, ref reflect.BindingRef) *reflect.Binding {
	for i := range m.Bindings {
		if b := &m.Bindings[i]; b.Group == ref.Group && b.Binding == ref.Binding {
			return b
		}
	}
	return nil
}

// smallWords returns n bytes (rounded up to words) of small integers, 0 to 15, derived from
// name: indices in bounds and loop counts short whether a word is read as an integer or (a
// subnormal) float.
func smallWords(name string, n int) []byte {
	n = (n + 3) &^ 3
	b := make([]byte, n)
	h := uint32(2166136261)
	for _, c := range []byte(name) {
		h = (h ^ uint32(c)) * 16777619
	}
	for i := 0; i < n; i += 4 {
		h = h*1664525 + 1013904223
		binary.LittleEndian.PutUint32(b[i:], h>>28)
	}
	return b
}

func firstByteDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}
