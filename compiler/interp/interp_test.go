package interp_test

import (
	"bytes"
	_ "embed"
	"encoding/binary"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler"
	"github.com/wgslgo/wgslgo/compiler/interp"
	"github.com/wgslgo/wgslgo/gen/wgsl"
)

func compile(t testing.TB, src string) *interp.Program {
	t.Helper()
	p, err := interp.Compile(compiler.Source{Name: "test.wgsl", Text: []byte(src)}, compiler.Options{})
	require.NoError(t, err)
	return p
}

// f32s and asF32 view floats as bytes and back (little-endian hosts).
func f32s(xs ...float32) []byte { return wgsl.SliceBytes(xs) }

func asF32(b []byte) []float32 {
	v, err := wgsl.View[float32](b)
	if err != nil {
		panic(err)
	}
	return v
}

// saxpy is the kernel of the figures of BENCHMARKS.md, which gogpu/software runs on gogpu/wgpu's
// software backend too.
//
//go:embed testdata/saxpy.wgsl
var saxpy string

func TestSaxpy(t *testing.T) {
	p := compile(t, saxpy)
	n := 1000
	xs, ys := make([]float32, n), make([]float32, n)
	for i := range xs {
		xs[i], ys[i] = float32(i), float32(2*i)+0.5
	}
	params := make([]byte, 8)
	binary.LittleEndian.PutUint32(params, math.Float32bits(3))
	binary.LittleEndian.PutUint32(params[4:], uint32(n))
	y := bytes.Clone(f32s(ys...))
	err := p.Dispatch(interp.Dispatch{Entry: "main", Groups: [3]uint32{16, 1, 1}, Buffers: map[interp.BindingPoint][]byte{
		{Group: 0, Binding: 0}: params, {Group: 0, Binding: 1}: f32s(xs...), {Group: 0, Binding: 2}: y}})
	require.NoError(t, err)
	for i, got := range asF32(y) {
		require.Equal(t, 3*xs[i]+ys[i], got, "y[%d]", i)
	}
}

func u32s(xs ...uint32) []byte {
	b := make([]byte, 4*len(xs))
	for i, x := range xs {
		binary.LittleEndian.PutUint32(b[4*i:], x)
	}
	return b
}

// TestOverridePlaceholder: an override declared without a default, which the pipeline did not
// set, holds what the SPIR-V's specialisation constant holds (package abi's placeholder: 1 for
// an integer, 0 otherwise), so that the interpreter and the device agree on such a module.
func TestOverridePlaceholder(t *testing.T) {
	const src = `
@id(7) override count: u32;
override scale: f32;
@group(0) @binding(0) var<storage, read_write> out: array<u32, 2>;
@compute @workgroup_size(1) fn main() { out[0] = count; out[1] = bitcast<u32>(scale); }
`
	prep, err := compiler.Prepare(compiler.Source{Name: "test.wgsl", Text: []byte(src)}, compiler.Options{})
	require.NoError(t, err)
	p, err := interp.New(prep.Module, prep.Layouts, prep.Program.File.Source, interp.Options{})
	require.NoError(t, err)
	out := make([]byte, 8)
	require.NoError(t, p.Dispatch(interp.Dispatch{Entry: "main", Groups: [3]uint32{1, 1, 1},
		Buffers: map[interp.BindingPoint][]byte{{Group: 0, Binding: 0}: out}}))
	require.Equal(t, u32s(1, 0), out)
}
