package transform_test

import (
	"github.com/wgslgo/wgslgo/compiler/abi"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/ir/irtest"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// handleGlobal declares a texture or sampler at group 0 and the binding given.
func handleGlobal(m *ir.Module, name string, tt types.Type, binding uint32) ir.Value {
	g := m.NewGlobal(name, types.AddrHandle, types.Read, tt)
	g.Binding = &ir.BindingPoint{Binding: binding}
	return g.Value
}

func TestTextureRobustness(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		handle := func(name string, tt types.Type, binding uint32) ir.Value { return handleGlobal(m, name, tt, binding) }
		arr := handle("arr", &types.Texture{Kind: types.TexSampled, Dim: types.Dim2DArray, Sampled: types.F32}, 0)
		ms := handle("ms", &types.Texture{Kind: types.TexMultisampled, Dim: types.Dim2D, Sampled: types.U32}, 1)
		st := handle("st", &types.Texture{Kind: types.TexStorage, Dim: types.Dim2DArray, Format: types.R32float, Access: types.Write}, 2)
		line := handle("line", &types.Texture{Kind: types.TexStorage, Dim: types.Dim1D, Format: types.R32sint, Access: types.ReadWrite}, 3)
		f := m.NewFunc("f", types.F32)
		p := f.AddParam("p", types.Vec(2, types.I32), types.NoIO)
		i := f.AddParam("i", types.I32, types.NoIO)
		b := ir.NewBuilder(f)
		x := b.Builtin(builtins.FnTextureLoad, b.Load(arr), p, i, b.U32(2))
		y := b.Builtin(builtins.FnTextureLoad, b.Load(ms), p, i)
		z := b.Builtin(builtins.FnTextureLoad, b.Load(line), i)
		b.Builtin(builtins.FnTextureStore, b.Load(st), p, b.U32(1), x)
		b.Builtin(builtins.FnTextureStore, b.Load(line), b.U32(7), z)
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

func TestExternalTextures(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		ext := &types.Texture{Kind: types.TexExternal, Dim: types.Dim2D}
		out := m.NewGlobal("out", types.AddrStorage, types.ReadWrite, types.Vec(4, types.F32))
		out.Binding = &ir.BindingPoint{Binding: 0}
		g := m.NewGlobal("video", types.AddrHandle, types.Read, ext)
		g.Binding = &ir.BindingPoint{Binding: 3}
		s := m.NewGlobal("s", types.AddrHandle, types.Read, types.SamplerType)
		s.Binding = &ir.BindingPoint{Binding: 1}
		get := m.NewFunc("get", types.Vec(4, types.F32))
		tp := get.AddParam("t", ext, types.NoIO)
		sp := get.AddParam("smp", types.SamplerType, types.NoIO)
		b := ir.NewBuilder(get)
		load := b.Builtin(builtins.FnTextureLoad, tp, m.ConstComposite(types.Vec(2, types.I32), m.ConstI32(1), m.ConstI32(2)))
		uv := m.ConstSplat(types.Vec(2, types.F32), m.ConstF32(0.5))
		b.Return(b.Add(load, b.Builtin(builtins.FnTextureSampleBaseClampToEdge, tp, sp, uv)))
		f := m.NewFunc("main", nil)
		f.Stage = ir.StageCompute
		f.WorkgroupSize[0] = m.ConstU32(1)
		b = ir.NewBuilder(f)
		tv := b.Load(g.Value)
		dims := b.Convert(types.Vec(2, types.F32), b.Builtin(builtins.FnTextureDimensions, tv))
		v := b.Call(get, tv, b.Load(s.Value))
		b.Store(out.Value, b.Add(v, b.Construct(types.Vec(4, types.F32), dims, dims)))
		b.Finish()
		return m
	}
	m := golden(t, "external", build, func(m *ir.Module) { transform.ExternalTextures(m, nil) })
	bindings := map[string]ir.BindingPoint{}
	for _, g := range m.Globals {
		bindings[g.Name] = *g.Binding
	}
	assert.Equal(t, map[string]ir.BindingPoint{"out": {Binding: 0}, "s": {Binding: 1},
		"video_plane0": {Binding: 3}, "video_plane1": {Binding: 4}, "video_params": {Binding: 5}}, bindings)
	require.NoError(t, transform.ForSPIRV(build(), transform.Options{}))

	// Explicit bindings win.
	m = build()
	transform.ExternalTextures(m, map[ir.BindingPoint]abi.ExternalBinding{
		{Binding: 3}: {Plane1: ir.BindingPoint{Group: 1, Binding: 0}, Params: ir.BindingPoint{Group: 1, Binding: 1}}})
	for _, g := range m.Globals {
		switch g.Name {
		case "video_plane1":
			assert.Equal(t, ir.BindingPoint{Group: 1, Binding: 0}, *g.Binding)
		case "video_params":
			assert.Equal(t, ir.BindingPoint{Group: 1, Binding: 1}, *g.Binding)
		}
	}
}

// Integer array indices and depth levels of sampling calls are kept below 2^24, except
// constants already there; f32 levels, textureLoad and textureStore are untouched.
func TestSampleIndexClamp(t *testing.T) {
	build := func() *ir.Module {
		m := ir.NewModule()
		handle := func(name string, tt types.Type, binding uint32) ir.Value { return handleGlobal(m, name, tt, binding) }
		arr := handle("arr", &types.Texture{Kind: types.TexSampled, Dim: types.Dim2DArray, Sampled: types.F32}, 0)
		cubes := handle("cubes", &types.Texture{Kind: types.TexSampled, Dim: types.DimCubeArray, Sampled: types.F32}, 1)
		depth := handle("depth", &types.Texture{Kind: types.TexDepth, Dim: types.Dim2DArray}, 2)
		s := handle("s", types.SamplerType, 3)
		sc := handle("sc", types.ComparisonSamplerType, 4)
		f := m.NewFunc("f", types.Vec(4, types.F32))
		i := f.AddParam("i", types.I32, types.NoIO)
		u := f.AddParam("u", types.U32, types.NoIO)
		b := ir.NewBuilder(f)
		uv := m.ConstSplat(types.Vec(2, types.F32), m.ConstF32(0.5))
		dir := m.ConstSplat(types.Vec(3, types.F32), m.ConstF32(1))
		ta, tc, td := b.Load(arr), b.Load(cubes), b.Load(depth)
		sv, scv := b.Load(s), b.Load(sc)
		x := b.Builtin(builtins.FnTextureSampleLevel, ta, sv, uv, i, b.F32(0))
		x = b.Add(x, b.Builtin(builtins.FnTextureGather, b.I32(1), ta, sv, uv, u))
		x = b.Add(x, b.Builtin(builtins.FnTextureSampleLevel, tc, sv, dir, u, b.F32(2)))
		x = b.Add(x, b.Builtin(builtins.FnTextureGatherCompare, td, scv, uv, b.U32(3), b.F32(0.5))) // constant: untouched
		d := b.Builtin(builtins.FnTextureSampleLevel, td, sv, uv, i, u)
		d = b.Add(d, b.Builtin(builtins.FnTextureSampleCompareLevel, td, scv, uv, b.I32(-1), b.F32(0.5)))
		x = b.Add(x, b.Builtin(builtins.FnTextureLoad, ta, m.ConstSplat(types.Vec(2, types.I32), m.ConstI32(0)), u, i))
		b.Return(b.Add(x, b.Splat(types.Vec(4, types.F32), d)))
		return m
	}
	golden(t, "sample_index", build, transform.SampleIndexClamp)
}
