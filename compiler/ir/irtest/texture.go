package irtest

import (
	"fmt"
	"sync"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// TextureCall is one call of a texture builtin with concrete argument types, as the
// builtins table (the spec's overloads) accepts it.
type TextureCall struct {
	Func     builtins.Fn
	Args     []types.Type
	Result   types.Type // void for textureStore
	Overload *builtins.Overload
	// Fragment is set for the builtins only fragment shaders may call (implicit derivatives).
	Fragment bool
}

func (c TextureCall) String() string { return fmt.Sprintf("%s%v", c.Func, c.Args) }

// Texture returns the texture the call takes.
func (c TextureCall) Texture() *types.Texture {
	for _, a := range c.Args {
		if t, ok := a.(*types.Texture); ok {
			return t
		}
	}
	return nil
}

// TextureTypes lists every texture type: sampled and multisampled of each sampled type,
// depth, storage of every texel format and access mode, and texture_external.
func TextureTypes() []*types.Texture {
	var out []*types.Texture
	st := []*types.Scalar{types.F32, types.I32, types.U32}
	for _, d := range []types.TextureDim{types.Dim1D, types.Dim2D, types.Dim2DArray, types.Dim3D, types.DimCube, types.DimCubeArray} {
		for _, s := range st {
			out = append(out, &types.Texture{Kind: types.TexSampled, Dim: d, Sampled: s})
		}
	}
	for _, s := range st {
		out = append(out, &types.Texture{Kind: types.TexMultisampled, Dim: types.Dim2D, Sampled: s})
	}
	for _, d := range []types.TextureDim{types.Dim2D, types.Dim2DArray, types.DimCube, types.DimCubeArray} {
		out = append(out, &types.Texture{Kind: types.TexDepth, Dim: d})
	}
	out = append(out, &types.Texture{Kind: types.TexDepthMultisampled, Dim: types.Dim2D})
	for _, d := range []types.TextureDim{types.Dim1D, types.Dim2D, types.Dim2DArray, types.Dim3D} {
		for _, f := range types.AllTexelFormats() {
			for _, a := range []types.Access{types.Read, types.Write, types.ReadWrite} {
				out = append(out, &types.Texture{Kind: types.TexStorage, Dim: d, Format: f, Access: a})
			}
		}
	}
	return append(out, &types.Texture{Kind: types.TexExternal, Dim: types.Dim2D})
}

// TextureCalls enumerates calls of every texture builtin: for each texture type, argument
// lists of the shapes texture builtins take, kept when builtins.Resolve accepts them
// exactly (no conversion). The table, not this enumeration, decides what is valid, so
// tests can check that every overload of the table is reached.
func TextureCalls() []TextureCall {
	textureCallsOnce.Do(func() {
		seen := map[string]bool{}
		for _, c := range textureCallsOf(TextureTypes()) {
			if k := c.String(); !seen[k] {
				seen[k] = true
				textureCalls = append(textureCalls, c)
			}
		}
	})
	return textureCalls
}

var (
	textureCallsOnce sync.Once
	textureCalls     []TextureCall
)

func textureCallsOf(texs []*types.Texture) []TextureCall {
	var out []TextureCall
	// Storage textures of formats with the same channel type take the same calls: resolve
	// one of each class and substitute the others.
	type class struct {
		dim    types.TextureDim
		ch     *types.Scalar
		access types.Access
	}
	rep := map[class]*types.Texture{}
	classOf := map[*types.Texture]class{}
	for _, tex := range texs {
		if tex.Kind == types.TexStorage {
			k := class{tex.Dim, tex.Format.ChannelType(), tex.Access}
			classOf[tex] = k
			if rep[k] == nil {
				rep[k] = tex
			}
		}
	}
	for _, fn := range textureFuncs() {
		for _, tex := range texs {
			if tex.Kind == types.TexStorage && rep[classOf[tex]] != tex {
				continue
			}
			for _, call := range resolveShapes(fn, tex) {
				if tex.Kind != types.TexStorage {
					out = append(out, call)
					continue
				}
				for _, other := range texs {
					if other.Kind == types.TexStorage && classOf[other] == classOf[tex] {
						c := call
						c.Args = append([]types.Type(nil), call.Args...)
						for i, a := range c.Args {
							if a == types.Type(tex) {
								c.Args[i] = other
							}
						}
						out = append(out, c)
					}
				}
			}
		}
	}
	return out
}

// resolveShapes tries the argument shapes of fn on tex and returns those the table takes.
func resolveShapes(fn builtins.Fn, tex *types.Texture) []TextureCall {
	ints := []*types.Scalar{types.I32, types.U32}
	vecOf := func(n int, s *types.Scalar) types.Type {
		if n == 1 {
			return s
		}
		return types.Vec(n, s)
	}
	n := tex.Dim.Coords()
	var lists [][]types.Type
	add := func(ts ...types.Type) { lists = append(lists, ts) }
	switch fn {
	case builtins.FnTextureDimensions, builtins.FnTextureNumLayers, builtins.FnTextureNumLevels,
		builtins.FnTextureNumSamples:
		add(tex)
		for _, s := range ints {
			add(tex, s)
		}
	default:
		samplers := []types.Type{types.SamplerType, types.ComparisonSamplerType}
		if fn == builtins.FnTextureLoad || fn == builtins.FnTextureStore {
			samplers = []types.Type{nil}
		}
		comps := []types.Type{nil}
		if fn == builtins.FnTextureGather {
			comps = []types.Type{nil, types.I32, types.U32}
		}
		var heads [][]types.Type
		for _, s := range samplers {
			for _, comp := range comps {
				var h []types.Type
				if comp != nil {
					h = append(h, comp)
				}
				h = append(h, tex)
				if s != nil {
					h = append(h, s)
				}
				heads = append(heads, h)
			}
		}
		coords := []types.Type{vecOf(n, types.F32), vecOf(n, types.I32), vecOf(n, types.U32)}
		mids := [][]types.Type{nil}
		if tex.Dim.IsArrayed() {
			mids = append(mids, []types.Type{types.I32}, []types.Type{types.U32})
		}
		tails := [][]types.Type{nil, {types.F32}, {types.I32}, {types.U32},
			{vecOf(n, types.F32), vecOf(n, types.F32)}, {types.Vec(4, ir.TexelType(tex))}}
		for _, h := range heads {
			for _, c := range coords {
				for _, mid := range mids {
					for _, tail := range tails {
						ts := append(append(append(append([]types.Type(nil), h...), c), mid...), tail...)
						add(ts...)
						if n > 1 {
							add(append(ts, vecOf(n, types.I32))...) // an offset
						}
					}
				}
			}
		}
	}
	var out []TextureCall
	for _, args := range lists {
		consts := make([]bool, len(args))
		for i := range consts {
			consts[i] = true
		}
		r, err := builtins.Resolve(builtins.Context{Features: builtins.AllFeatures},
			builtins.Call{Name: fn.String(), Args: args, Const: consts})
		if err != nil || !sameTypes(r.Params, args) {
			continue
		}
		res := r.Result
		if res == nil {
			res = types.VoidType
		}
		out = append(out, TextureCall{Func: fn, Args: args, Result: res, Overload: r.Overload,
			Fragment: r.Overload.Stages&builtins.Compute == 0})
	}
	return out
}

func textureFuncs() []builtins.Fn {
	var out []builtins.Fn
	for _, f := range builtins.Fns() {
		if f.Class() == builtins.ClassTexture {
			out = append(out, f)
		}
	}
	return out
}

func sameTypes(a, b []types.Type) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !types.Identical(a[i], b[i]) {
			return false
		}
	}
	return true
}

// TextureModule builds a module calling each of calls once with constant operands (the
// textures and samplers are globals, one per distinct type): a compute entry point "cs"
// for the calls compute shaders may make and a fragment entry point "fs" for the others
// (either is left out when it has no calls). External textures are left for
// transform.ExternalTextures.
func TextureModule(calls []TextureCall) *ir.Module {
	m := ir.NewModule()
	handles := map[string]ir.Value{}
	handle := func(t types.Type) ir.Value {
		key := t.String()
		if g, ok := handles[key]; ok {
			return g
		}
		g := m.NewGlobal(fmt.Sprintf("h%d", len(handles)), types.AddrHandle, types.Read, t)
		g.Binding = &ir.BindingPoint{Group: 0, Binding: uint32(len(handles))}
		handles[key] = g.Value
		return g.Value
	}
	var cs, fs *ir.Func
	for _, c := range calls {
		var f *ir.Func
		switch {
		case c.Fragment && fs == nil:
			fs = m.NewFunc("fs", types.Vec(4, types.F32))
			fs.Stage = ir.StageFragment
			fs.ResultIO = locationIO(0)
			f = fs
		case c.Fragment:
			f = fs
		case cs == nil:
			cs = m.NewFunc("cs", nil)
			cs.Stage = ir.StageCompute
			cs.WorkgroupSize = [3]ir.Value{m.ConstU32(1)}
			f = cs
		default:
			f = cs
		}
		b := ir.NewBuilder(f)
		args := make([]ir.Value, len(c.Args))
		for i, t := range c.Args {
			switch t.(type) {
			case *types.Texture, *types.Sampler:
				args[i] = b.Load(handle(t))
			default:
				args[i] = operandConst(m, t)
			}
		}
		b.BuiltinT(c.Func, c.Result, args...)
	}
	if fs != nil {
		b := ir.NewBuilder(fs)
		b.Return(m.Zero(types.Vec(4, types.F32)))
	}
	if cs != nil {
		ir.NewBuilder(cs).Finish()
	}
	return m
}

// operandConst is a constant operand of type t: 1 for integers (in range of every
// offset, component, index and level), 0.5 for floats.
func operandConst(m *ir.Module, t types.Type) ir.Value {
	s := types.ElemScalar(t)
	var c ir.Value
	if s.IsFloat() {
		c = m.ConstF32(0.5)
	} else {
		c = m.ConstInt(s, 1)
	}
	return m.ConstSplat(t, c)
}

func handleGlobal(m *ir.Module, name string, t types.Type, binding uint32) *ir.Global {
	g := m.NewGlobal(name, types.AddrHandle, types.Read, t)
	g.Binding = &ir.BindingPoint{Group: 0, Binding: binding}
	return g
}

// Textures mirrors a compute shader that loads, samples, queries and stores textures, and
// passes a texture to a function:
//
//	@group(0) @binding(0) var<storage, read_write> out: array<vec4f>;
//	@group(0) @binding(1) var t: texture_2d<f32>;
//	@group(0) @binding(2) var s: sampler;
//	@group(0) @binding(3) var st: texture_storage_2d<r32uint, write>;
//	fn fetch(tex: texture_2d<f32>, p: vec2u) -> vec4f { return textureLoad(tex, p, 0); }
//	@compute @workgroup_size(1) fn main(@builtin(global_invocation_id) gid: vec3u) {
//	  let p = gid.xy;
//	  out[p.y * 4u + p.x] = fetch(t, p) + textureSampleLevel(t, s, (vec2f(p) + 0.5) / 4.0, 0.0);
//	  textureStore(st, p, vec4u(p.x * 10u + p.y));
//	  if (p.x == 0u && p.y == 0u) {
//	    out[16] = vec4f(vec2f(textureDimensions(t)), f32(textureNumLevels(t)), 0.0);
//	  }
//	}
func Textures() *ir.Module {
	m := ir.NewModule()
	v4, v2f, v2u := types.Vec(4, types.F32), types.Vec(2, types.F32), types.Vec(2, types.U32)
	tex2d := &types.Texture{Kind: types.TexSampled, Dim: types.Dim2D, Sampled: types.F32}
	storageTex := &types.Texture{Kind: types.TexStorage, Dim: types.Dim2D, Format: types.R32uint, Access: types.Write}
	out := storageBuffer(m, "out", &types.Array{Elem: v4}, types.ReadWrite, 0)
	t := handleGlobal(m, "t", tex2d, 1)
	s := handleGlobal(m, "s", types.SamplerType, 2)
	st := handleGlobal(m, "st", storageTex, 3)

	fetch := m.NewFunc("fetch", v4)
	tex := fetch.AddParam("tex", tex2d, types.NoIO)
	p := fetch.AddParam("p", v2u, types.NoIO)
	b := ir.NewBuilder(fetch)
	b.Return(b.Builtin(builtins.FnTextureLoad, tex, p, b.I32(0)))

	f, gid := compute(m, "main", 1)
	b = ir.NewBuilder(f)
	p = b.Swizzle(gid, 0, 1)
	x, y := b.Swizzle(p, 0), b.Swizzle(p, 1)
	tv := b.Load(t.Value)
	uv := b.Div(b.Add(b.Convert(v2f, p), b.F32(0.5)), b.F32(4))
	sum := b.Add(b.Call(fetch, tv, p), b.Builtin(builtins.FnTextureSampleLevel, tv, b.Load(s.Value), uv, b.F32(0)))
	b.Store(b.Access(out.Value, b.Add(b.Mul(y, b.U32(4)), x)), sum)
	texel := b.Splat(types.Vec(4, types.U32), b.Add(b.Mul(x, b.U32(10)), y))
	b.Builtin(builtins.FnTextureStore, b.Load(st.Value), p, texel)
	origin := b.And(b.Eq(x, b.U32(0)), b.Eq(y, b.U32(0)))
	b.If(origin, nil, func() {
		tv := b.Load(t.Value)
		dims := b.Convert(v2f, b.Builtin(builtins.FnTextureDimensions, tv))
		levels := b.Convert(types.F32, b.Builtin(builtins.FnTextureNumLevels, tv))
		b.Store(b.AccessN(out.Value, 16), b.Construct(v4, dims, levels, b.F32(0)))
	}, nil)
	b.Finish()
	return m
}

// FragmentTextures mirrors a fragment shader with implicit-derivative sampling, depth
// comparison, derivatives and discard:
//
//	@group(0) @binding(0) var t: texture_2d_array<f32>;
//	@group(0) @binding(1) var s: sampler;
//	@group(0) @binding(2) var d: texture_depth_cube;
//	@group(0) @binding(3) var c: sampler_comparison;
//	@group(0) @binding(4) var<storage, read_write> hits: atomic<u32>;
//	@fragment fn fs(@location(0) uv: vec2f, @location(1) @interpolate(flat) layer: i32) -> @location(0) vec4f {
//	  var color = textureSample(t, s, uv, layer) + textureSampleBias(t, s, uv, layer, 0.5, vec2i(1, 1));
//	  if (color.a < 0.5) { discard; }
//	  color += textureSampleGrad(t, s, uv, layer, dpdx(uv), dpdyFine(uv));
//	  atomicAdd(&hits, 1u);
//	  return color * textureSampleCompare(d, c, vec3f(uv, 1.0), 0.5);
//	}
func FragmentTextures() *ir.Module {
	m := ir.NewModule()
	v4, v2f := types.Vec(4, types.F32), types.Vec(2, types.F32)
	t := handleGlobal(m, "t", &types.Texture{Kind: types.TexSampled, Dim: types.Dim2DArray, Sampled: types.F32}, 0)
	s := handleGlobal(m, "s", types.SamplerType, 1)
	d := handleGlobal(m, "d", &types.Texture{Kind: types.TexDepth, Dim: types.DimCube}, 2)
	c := handleGlobal(m, "c", types.ComparisonSamplerType, 3)
	hits := storageBuffer(m, "hits", &types.Atomic{Elem: types.U32}, types.ReadWrite, 4)
	fs := m.NewFunc("fs", v4)
	fs.Stage = ir.StageFragment
	fs.ResultIO = locationIO(0)
	uv := fs.AddParam("uv", v2f, locationIO(0))
	flat := locationIO(1)
	flat.Interpolate = "flat"
	layer := fs.AddParam("layer", types.I32, flat)
	b := ir.NewBuilder(fs)
	tv, sv := b.Load(t.Value), b.Load(s.Value)
	off := m.ConstComposite(types.Vec(2, types.I32), m.ConstI32(1), m.ConstI32(1))
	color := b.Var("color", v4, b.Add(b.Builtin(builtins.FnTextureSample, tv, sv, uv, layer),
		b.Builtin(builtins.FnTextureSampleBias, tv, sv, uv, layer, b.F32(0.5), off)))
	b.If(b.Lt(b.Swizzle(b.Load(color), 3), b.F32(0.5)), nil, func() { b.Discard() }, nil)
	grad := b.Builtin(builtins.FnTextureSampleGrad, tv, sv, uv, layer,
		b.Builtin(builtins.FnDpdx, uv), b.Builtin(builtins.FnDpdyFine, uv))
	b.Store(color, b.Add(b.Load(color), grad))
	b.Builtin(builtins.FnAtomicAdd, hits.Value, b.U32(1))
	cmp := b.Builtin(builtins.FnTextureSampleCompare, b.Load(d.Value), b.Load(c.Value),
		b.Construct(types.Vec(3, types.F32), uv, b.F32(1)), b.F32(0.5))
	b.Return(b.Mul(b.Load(color), cmp))
	return m
}
