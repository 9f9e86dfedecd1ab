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
	Func     ir.BuiltinFunc
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
func resolveShapes(fn ir.BuiltinFunc, tex *types.Texture) []TextureCall {
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
	case ir.BuiltinTextureDimensions, ir.BuiltinTextureNumLayers, ir.BuiltinTextureNumLevels,
		ir.BuiltinTextureNumSamples:
		add(tex)
		for _, s := range ints {
			add(tex, s)
		}
	default:
		samplers := []types.Type{types.SamplerType, types.ComparisonSamplerType}
		if fn == ir.BuiltinTextureLoad || fn == ir.BuiltinTextureStore {
			samplers = []types.Type{nil}
		}
		comps := []types.Type{nil}
		if fn == ir.BuiltinTextureGather {
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

func textureFuncs() []ir.BuiltinFunc {
	var out []ir.BuiltinFunc
	for f := ir.BuiltinFunc(1); f.String() != fmt.Sprintf("builtin(%d)", int(f)); f++ {
		if f.IsTexture() {
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
