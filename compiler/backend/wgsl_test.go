package backend_test

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/diag"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/lower"
	"github.com/wgslgo/wgslgo/compiler/sema"
	"github.com/wgslgo/wgslgo/compiler/syntax"
	"github.com/wgslgo/wgslgo/internal/interpcheck"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/spirvval"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// The tests of this file take WGSL source through the whole pipeline: check, lower,
// transform.ForSPIRV, Emit, spirv-val for every target, and the Vulkan device.

// compileWGSL compiles src for every target from the oldest one given on, validating each,
// and returns the words for target. It skips the test while the lowering refuses a construct
// the test needs.
func compileWGSL(t *testing.T, src string, from, target backend.Target, topts transform.Options) []uint32 {
	t.Helper()
	out, _ := compileWGSLModule(t, src, from, target, topts)
	return out
}

// compileWGSLModule is compileWGSL that also returns the module the words for target are
// made from.
func compileWGSLModule(t *testing.T, src string, from, target backend.Target, topts transform.Options) ([]uint32, interpcheck.Module) {
	t.Helper()
	var out []uint32
	var module interpcheck.Module
	for _, tg := range backend.Targets[max(slices.Index(backend.Targets, from), 0):] { // the zero Target is vulkan1.0
		w, m, err := emitWGSLModule(t, src, tg, topts)
		require.NoError(t, err)
		spirvval.Check(t, w, tg.String())
		if tg == target {
			out, module = w, m
		}
	}
	return out, module
}

// emitWGSL checks, lowers and transforms src, failing the test on errors, and returns
// what the backend makes of it for target.
func emitWGSL(t *testing.T, src string, target backend.Target, topts transform.Options) ([]uint32, error) {
	t.Helper()
	w, _, err := emitWGSLModule(t, src, target, topts)
	return w, err
}

// emitWGSLModule is emitWGSL that also returns the module the words are made from.
func emitWGSLModule(t *testing.T, src string, target backend.Target, topts transform.Options) ([]uint32, interpcheck.Module, error) {
	t.Helper()
	f := diag.NewFile("test.wgsl", []byte(src))
	ast, diags := syntax.Parse(f, syntax.Options{})
	require.False(t, diags.HasErrors(), "parse:\n%v", diags)
	p, diags := sema.Check(ast, sema.Options{})
	require.False(t, diags.HasErrors(), "check:\n%v", diags)
	m, diags := lower.Lower(p, lower.Options{})
	require.False(t, diags.HasErrors(), "lower:\n%v", diags)
	topts.Layouts = p.Layouts
	require.NoError(t, transform.ForSPIRV(m, topts), "IR:\n%s", ir.Print(m))
	w, err := backend.Emit(m, backend.Options{Target: target, Layouts: p.Layouts})
	return w, interpcheck.Module{IR: m, Layouts: p.Layouts, File: f}, err
}

// wgslRun is a compute shader run of WGSL source (entry point "main").
type wgslRun struct {
	src      string
	groups   [3]uint32 // 0 means 1
	bindings []vulkan.Binding
	// minTarget is the oldest target the shader compiles for.
	minTarget backend.Target
	// noNaga skips the differential run through naga.
	noNaga bool
	// orderDependent: the bindings' contents depend on the order in which the invocations
	// run (atomics raced on purpose; lavapipe's threads interleave differently from run to
	// run), so the interpreter's are compared by size only and the test checks invariants.
	orderDependent bool
}

// runWGSL compiles r.src, dispatches it and returns the result; the interpreter must
// compute the same (interpcheck). Where naga is installed, naga's SPIR-V for the same
// source must leave every binding with the same bytes.
func runWGSL(t *testing.T, r wgslRun) *vulkan.Result {
	t.Helper()
	dev := vulkan.Require(t)
	words, m := compileWGSLModule(t, r.src, r.minTarget, backend.Vulkan1_1, transform.Options{})
	res := dispatchWords(t, dev, words, r)
	if r.orderDependent {
		for _, b := range r.bindings {
			m.OrderDependent = append(m.OrderDependent, vulkan.Slot{Group: b.Group, Binding: b.Binding})
		}
	}
	interpcheck.Compare(t, m, runOf(words, r), res)
	if naga := nagaFor(t, r); naga != "" {
		dir := t.TempDir()
		in, spv := filepath.Join(dir, "in.wgsl"), filepath.Join(dir, "out.spv")
		require.NoError(t, os.WriteFile(in, []byte(r.src), 0o644))
		msg, err := exec.Command(naga, "--index-bounds-check-policy", "Restrict", in, spv).CombinedOutput()
		require.NoError(t, err, "naga: %s", msg)
		data, err := os.ReadFile(spv)
		require.NoError(t, err)
		nagaWords := make([]uint32, len(data)/4)
		for i := range nagaWords {
			nagaWords[i] = binary.LittleEndian.Uint32(data[4*i:])
		}
		nres := dispatchWords(t, dev, nagaWords, r)
		for _, b := range r.bindings {
			assert.Equal(t, nres.Bytes(b.Group, b.Binding), res.Bytes(b.Group, b.Binding),
				"@group(%d) @binding(%d): naga's SPIR-V computes something else", b.Group, b.Binding)
		}
	}
	return res
}

// runOf is the Vulkan run of words with r's inputs.
func runOf(words []uint32, r wgslRun) vulkan.Run {
	run := vulkan.Run{SPIRV: words, Entry: "main", Groups: r.groups}
	for i := range run.Groups {
		run.Groups[i] = max(run.Groups[i], 1)
	}
	for _, b := range r.bindings {
		b.Data = append([]byte(nil), b.Data...)
		run.Bindings = append(run.Bindings, b)
	}
	return run
}

// nagaFor returns the naga command when r is to be compared with naga (see
// oracle.Tool.Optional), else "".
func nagaFor(t *testing.T, r wgslRun) string {
	t.Helper()
	if r.noNaga {
		return ""
	}
	return oracle.Naga.Optional(t)
}

func dispatchWords(t *testing.T, dev *vulkan.Device, words []uint32, r wgslRun) *vulkan.Result {
	t.Helper()
	res, err := dev.Dispatch(runOf(words, r))
	require.NoError(t, err)
	assert.Empty(t, res.Warnings)
	return res
}
