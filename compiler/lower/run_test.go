package lower_test

import (
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/constant"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/types"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// compile lowers src, validates the IR, emits SPIR-V for every Vulkan target and runs
// spirv-val over each; it returns the program and the words for target.
func compile(t testing.TB, src string, opts lower.Options, target backend.Target) (*sema.Program, []uint32) {
	t.Helper()
	p, words, _ := compileWith(t, src, opts, nil, target)
	return p, words
}

// compileWith is compile with values substituted for overrides (by name); it also returns
// the module the words for target are made from.
func compileWith(t testing.TB, src string, opts lower.Options, values map[string]constant.Value, target backend.Target) (*sema.Program, []uint32, *ir.Module) {
	t.Helper()
	var words []uint32
	var p *sema.Program
	var module *ir.Module
	for _, tg := range backend.Targets {
		p = check(t, src)
		m, diags := lower.Lower(p, opts)
		require.False(t, diags.HasErrors(), "lower:\n%v", diags)
		require.NoError(t, ir.Validate(m), "IR:\n%s", ir.Print(m))
		diags = transform.SubstituteOverrides(m, transform.Substitution{Values: values, Layouts: p.Layouts})
		require.False(t, diags.HasErrors(), "overrides:\n%v", diags)
		require.NoError(t, transform.ForSPIRV(m, transform.Options{Layouts: p.Layouts}), "IR:\n%s", ir.Print(m))
		w, err := backend.Emit(m, backend.Options{Target: tg, Layouts: p.Layouts})
		require.NoError(t, err, "IR:\n%s", ir.Print(m))
		spirvval.Check(t, w, tg.String())
		if tg == target {
			words, module = w, m
		}
	}
	return p, words, module
}

// compute is a compute shader run: its source (entry point "main"), the workgroups to
// dispatch and the initial contents of its buffers, bound in order to @group(0)
// @binding(0), @binding(1)...
type compute struct {
	src    string
	groups uint32 // workgroups on x; 0 means 1
	bufs   [][]byte
	opts   lower.Options
	// values are substituted for the overrides of those names (transform.SubstituteOverrides).
	values map[string]constant.Value
	spec   map[uint32][]byte
	// immediate is the data of the module's var<immediate> (push constants).
	immediate []byte
	// noNaga skips the differential run through naga (for what naga cannot compile);
	// nagaArgs are extra arguments for it (--override NAME=VALUE in place of spec).
	noNaga   bool
	nagaArgs []string
}

// runCompute compiles and runs c on the Vulkan device and returns every buffer's contents
// afterwards; the interpreter must compute the same (interpcheck). When naga is installed,
// the same source compiled by naga (with bounds clamping, as ours) must give the same bytes.
func runCompute(t *testing.T, c compute) [][]byte {
	t.Helper()
	dev := vulkan.Require(t)
	p, words, m := compileWith(t, c.src, c.opts, c.values, backend.Vulkan1_1)
	out := dispatch(t, dev, p, words, c, m)
	if naga := nagaFor(t, c); naga != "" {
		dir := t.TempDir()
		in, spv := filepath.Join(dir, "in.wgsl"), filepath.Join(dir, "out.spv")
		require.NoError(t, os.WriteFile(in, []byte(c.src), 0o644))
		args := append([]string{"--index-bounds-check-policy", "Restrict"}, c.nagaArgs...)
		msg, err := exec.Command(naga, append(args, in, spv)...).CombinedOutput()
		require.NoError(t, err, "naga: %s", msg)
		data, err := os.ReadFile(spv)
		require.NoError(t, err)
		nagaWords := make([]uint32, len(data)/4)
		for i := range nagaWords {
			nagaWords[i] = binary.LittleEndian.Uint32(data[4*i:])
		}
		require.Equal(t, dispatch(t, dev, p, nagaWords, c, nil), out, "naga's SPIR-V computes something else")
	}
	return out
}

// nagaFor returns the naga command when c is to be compared with naga (see
// oracle.Tool.Optional), else "".
func nagaFor(t *testing.T, c compute) string {
	t.Helper()
	if c.noNaga {
		return ""
	}
	return oracle.Naga.Optional(t)
}

// dispatch runs words with c's inputs; with m, the module the words are made from, the
// interpreter runs it too and must compute the same.
func dispatch(t *testing.T, dev *vulkan.Device, p *sema.Program, words []uint32, c compute, m *ir.Module) [][]byte {
	t.Helper()
	kinds := map[int]vulkan.BindingKind{}
	for _, g := range p.Globals {
		if g.Group != 0 {
			continue
		}
		switch {
		case g.Space == types.AddrUniform:
			kinds[g.Binding] = vulkan.UniformBuffer
		case g.Space == types.AddrStorage && g.Access == types.ReadWrite:
			kinds[g.Binding] = vulkan.StorageBuffer
		case g.Space == types.AddrStorage:
			kinds[g.Binding] = vulkan.ReadOnlyStorageBuffer
		}
	}
	run := vulkan.Run{SPIRV: words, Entry: "main", Groups: [3]uint32{max(c.groups, 1), 1, 1}, Spec: c.spec, Immediate: c.immediate}
	for i, data := range c.bufs {
		k, ok := kinds[i]
		require.True(t, ok, "no buffer at @group(0) @binding(%d)", i)
		run.Bindings = append(run.Bindings, vulkan.Binding{Group: 0, Binding: uint32(i), Kind: k, Data: append([]byte(nil), data...)})
	}
	res, err := dev.Dispatch(run)
	require.NoError(t, err)
	if m != nil {
		interpcheck.Compare(t, interpcheck.Module{IR: m, Layouts: p.Layouts, File: p.File.Source}, run, res)
	}
	out := make([][]byte, len(c.bufs))
	for i := range c.bufs {
		out[i] = res.Bytes(0, uint32(i))
	}
	return out
}

// Buffer encoding helpers.

func u32s(xs ...uint32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

func i32s(xs ...int32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], uint32(x))
	}
	return b
}

func f32s(xs ...float32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
	}
	return b
}

func zeros(n int) []byte { return make([]byte, 4*n) }

func asU32(b []byte) []uint32 {
	out := make([]uint32, len(b)/4)
	for i := range out {
		out[i] = binary.LittleEndian.Uint32(b[4*i:])
	}
	return out
}

func asI32(b []byte) []int32 {
	out := make([]int32, len(b)/4)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}

func asF32(b []byte) []float32 {
	out := make([]float32, len(b)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(b[4*i:]))
	}
	return out
}
