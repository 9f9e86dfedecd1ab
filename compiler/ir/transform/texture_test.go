package transform_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/irtest"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/types"
)

func TestTextureRobustness(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		handle := func(name string, tt types.Type, binding uint32) ir.Value {
			g := m.NewGlobal(name, types.AddrHandle, types.Read, tt)
			g.Binding = &ir.BindingPoint{Binding: binding}
			return g.Value
		}
		arr := handle("arr", &types.Texture{Kind: types.TexSampled, Dim: types.Dim2DArray, Sampled: types.F32}, 0)
		ms := handle("ms", &types.Texture{Kind: types.TexMultisampled, Dim: types.Dim2D, Sampled: types.U32}, 1)
		st := handle("st", &types.Texture{Kind: types.TexStorage, Dim: types.Dim2DArray, Format: types.R32float, Access: types.Write}, 2)
		line := handle("line", &types.Texture{Kind: types.TexStorage, Dim: types.Dim1D, Format: types.R32sint, Access: types.ReadWrite}, 3)
		f := m.NewFunc("f", types.F32)
		p := f.AddParam("p", types.Vec(2, types.I32), types.NoIO)
		i := f.AddParam("i", types.I32, types.NoIO)
		b := ir.NewBuilder(f)
		x := b.Builtin(ir.BuiltinTextureLoad, b.Load(arr), p, i, b.U32(2))
		y := b.Builtin(ir.BuiltinTextureLoad, b.Load(ms), p, i)
		z := b.Builtin(ir.BuiltinTextureLoad, b.Load(line), i)
		b.Builtin(ir.BuiltinTextureStore, b.Load(st), p, b.U32(1), x)
		b.Builtin(ir.BuiltinTextureStore, b.Load(line), b.U32(7), z)
		b.Return(b.Add(b.Swizzle(x, 0), b.Convert(types.F32, b.Swizzle(y, 1))))
		return m
	}
	golden(t, "robustness_textures", build, transform.Robustness)
}

func TestDemoteToHelper(t *testing.T) {
	golden(t, "demote", irtest.FragmentTextures, func(m *ir.Module) {
		transform.ShaderIO(m)
		transform.DemoteToHelper(m)
	})
}

// Discard in a function that a fragment entry point calls, and none in a compute entry
// point that shares a callee: the compute side keeps its stores unguarded.
func TestDemoteToHelperCallGraph(t *testing.T) {
	m := irtest.PipelineIO()
	transform.ShaderIO(m)
	transform.DemoteToHelper(m)
	require.NoError(t, ir.Validate(m), ir.Print(m))
	kill := 0
	discard := 0
	ir.WalkModule(m, func(in *ir.Inst) {
		switch in.Op {
		case ir.OpKill:
			kill++
		case ir.OpDiscard:
			discard++
		}
	})
	assert.Equal(t, 1, kill, "one kill, at the end of fs")
	assert.Zero(t, discard)

	m = irtest.Double()
	before := ir.Print(m)
	transform.DemoteToHelper(m)
	assert.Equal(t, before, ir.Print(m), "no discard, no change")
}
