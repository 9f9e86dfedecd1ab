package transform

import (
	"slices"

	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// The vector types of the helpers (functions, not variables: a variable would be set when
// every process starts).
func v2f() *types.Vector { return types.Vec(2, types.F32) }
func v3f() *types.Vector { return types.Vec(3, types.F32) }
func v4f() *types.Vector { return types.Vec(4, types.F32) }
func v2u() *types.Vector { return types.Vec(2, types.U32) }

// The members of abi.ExternalTextureParams the helpers read, by index (TestExternalParamsMembers
// holds them to abi's order): constants rather than looked up by name when a process starts.
const (
	epNumPlanes = iota
	epConversionOnly
	epYuvToRgb
	epGammaDecode
	epGammaEncode
	epGamut
	epSampleTransform
	epLoadTransform
	epPlane0Min
	epPlane0Max
	epPlane1Min
	epPlane1Max
	epVisibleSize
	epPlane1Factor
)

// ExternalTextures replaces each texture_external, as Tint does, by two texture_2d<f32>
// planes and a uniform buffer of abi.ExternalTextureParams: the global at binding B becomes
// the parts abi.ExternalPartNames names, the first plane at B, the others at bindings[B] (or
// where abi.ExternalTextureBindings puts them when bindings lacks B); a parameter of that type
// becomes three parameters. textureDimensions reads the visible size from the parameters,
// and textureLoad and textureSampleBaseClampToEdge call helper functions that read one or
// both planes and convert YUV to RGB, gamma and gamut as the parameters say.
func ExternalTextures(m *ir.Module, bindings map[ir.BindingPoint]abi.ExternalBinding) {
	var exts []*ir.Global
	var used, extBPs []ir.BindingPoint
	for _, g := range m.Globals {
		if g.Binding != nil {
			used = append(used, *g.Binding)
		}
		if isExternal(g.Type) {
			exts = append(exts, g)
			extBPs = append(extBPs, *g.Binding)
		}
	}
	hasParam := false
	for _, f := range m.Funcs {
		for _, p := range f.Params {
			hasParam = hasParam || isExternal(m.Type(p))
		}
	}
	if len(exts) == 0 && !hasParam {
		return
	}
	defaults := abi.ExternalTextureBindings(used, extBPs)
	x := &externals{m: m, parts: map[ir.Value][3]ir.Value{}, repl: map[ir.Value]ir.Value{}}

	// Globals: each is replaced by its three parts, whose pointers stand for it.
	drop := map[*ir.Global]bool{}
	globals := map[ir.Value][3]ir.Value{}
	for _, g := range exts {
		bp := *g.Binding
		eb, ok := bindings[bp]
		if !ok {
			eb = defaults[bp]
		}
		n0, n1, np := abi.ExternalPartNames(g.Name)
		p0 := m.NewGlobal(n0, types.AddrHandle, types.Read, abi.ExternalTexturePlane())
		p0.Binding = &bp
		p1 := m.NewGlobal(n1, types.AddrHandle, types.Read, abi.ExternalTexturePlane())
		p1.Binding = &eb.Plane1
		params := m.NewGlobal(np, types.AddrUniform, types.Read, abi.ExternalTextureParams())
		params.Binding = &eb.Params
		globals[g.Value] = [3]ir.Value{p0.Value, p1.Value, params.Value}
		drop[g] = true
	}
	// Parameters: each becomes three.
	for _, f := range m.Funcs {
		for i := 0; i < len(f.Params); i++ {
			p := f.Params[i]
			if !isExternal(m.Type(p)) {
				continue
			}
			n0, n1, np := abi.ExternalPartNames(m.Name(p))
			ps := f.ReplaceParam(i, []string{n0, n1, np},
				[]types.Type{abi.ExternalTexturePlane(), abi.ExternalTexturePlane(), abi.ExternalTextureParams()})
			x.parts[p] = [3]ir.Value{ps[0], ps[1], ps[2]}
			i += 2
		}
	}
	// Uses, in execution order so that a value's parts exist before its uses.
	dead := map[*ir.Inst]bool{}
	st := m.Staging()
	for _, f := range slices.Clone(m.Funcs) {
		b := ir.NewBuilder(f)
		ir.Walk(f.Body, func(in *ir.Inst) {
			switch {
			case in.Op == ir.OpLoad:
				if gs, ok := globals[in.Args[0]]; ok {
					st.Before(b, in)
					x.parts[in.Result] = [3]ir.Value{b.Load(gs[0]), b.Load(gs[1]), b.Load(gs[2])}
					dead[in] = true
				}
			case in.Op == ir.OpCall:
				var args []ir.Value
				changed := false
				for _, a := range in.Args {
					if ps, ok := x.parts[a]; ok {
						args = append(args, ps[:]...)
						changed = true
					} else {
						args = append(args, a)
					}
				}
				if changed {
					in.Args = args
				}
			case in.Op == ir.OpBuiltin && in.Builtin().Class() == builtins.ClassTexture:
				if ps, ok := x.parts[in.Args[0]]; ok {
					st.Before(b, in)
					x.builtin(b, in, ps)
					dead[in] = true
				}
			}
		})
		st.Place()
	}
	ir.ReplaceValues(m, x.repl)
	ir.RemoveInsts(m, func(in *ir.Inst) bool { return dead[in] })
	m.RemoveGlobals(func(g *ir.Global) bool { return drop[g] })
}

func isExternal(t types.Type) bool {
	tex, ok := t.(*types.Texture)
	return ok && tex.Kind == types.TexExternal
}

// externals is the state of ExternalTextures.
type externals struct {
	m *ir.Module
	// parts maps each texture_external value to its planes and parameters.
	parts map[ir.Value][3]ir.Value
	// repl maps the results of the builtin calls replaced to their new values.
	repl                map[ir.Value]ir.Value
	load, sample, gamma *ir.Func
}

// builtin replaces the texture builtin call in, whose texture has the parts ps, by what
// computes it from them; the caller removes in.
func (x *externals) builtin(b *ir.Builder, in *ir.Inst, ps [3]ir.Value) {
	m := x.m
	var v ir.Value
	switch in.Builtin() {
	case builtins.FnTextureDimensions:
		v = b.Add(b.ExtractN(ps[2], epVisibleSize), m.ConstSplat(v2u(), m.ConstU32(1)))
	case builtins.FnTextureLoad:
		coords := in.Args[1]
		if m.Type(coords) != types.Type(v2u()) {
			coords = b.Convert(v2u(), coords)
		}
		v = b.Call(x.loadFunc(), ps[0], ps[1], ps[2], coords)
	case builtins.FnTextureSampleBaseClampToEdge:
		v = b.Call(x.sampleFunc(), ps[0], ps[1], ps[2], in.Args[1], in.Args[2])
	}
	x.repl[in.Result] = v
}

// gammaFunc is
//
//	fn gammaCorrection(v: vec3f, p: GammaTransferParams) -> vec3f {
//	  let cond = abs(v) < vec3f(p.D);
//	  let t = sign(v) * (p.C * abs(v) + p.F);
//	  let f = sign(v) * (pow(p.A * abs(v) + p.B, vec3f(p.G)) + p.E);
//	  return select(f, t, cond);
//	}
func (x *externals) gammaFunc() *ir.Func {
	if x.gamma != nil {
		return x.gamma
	}
	f := x.m.NewFunc("gammaCorrection", v3f())
	v := f.AddParam("v", v3f(), types.NoIO)
	p := f.AddParam("params", abi.ExternalTextureParams().Members[epGammaDecode].Type, types.NoIO)
	b := ir.NewBuilder(f)
	G, A, B, C := b.ExtractN(p, 0), b.ExtractN(p, 1), b.ExtractN(p, 2), b.ExtractN(p, 3)
	D, E, F := b.ExtractN(p, 4), b.ExtractN(p, 5), b.ExtractN(p, 6)
	abs, sign := b.Builtin(builtins.FnAbs, v), b.Builtin(builtins.FnSign, v)
	cond := b.Lt(abs, b.Splat(v3f(), D))
	t := b.Mul(sign, b.Add(b.Mul(C, abs), F))
	pow := b.Builtin(builtins.FnPow, b.Add(b.Mul(A, abs), B), b.Splat(v3f(), G))
	fv := b.Mul(sign, b.Add(pow, E))
	b.Return(b.Select(cond, t, fv))
	x.gamma = f
	return f
}

// convert finishes both helpers: from the rgb and alpha of the planes, the gamma and gamut
// conversion unless doYuvToRgbConversionOnly, and the return of vec4f(rgb, a).
func (x *externals) convert(b *ir.Builder, params, rgb, a ir.Value) {
	only := b.Eq(b.ExtractN(params, epConversionOnly), b.U32(0))
	conv := b.If(only, []types.Type{v3f()}, func() {
		decoded := b.Call(x.gammaFunc(), rgb, b.ExtractN(params, epGammaDecode))
		wide := b.Mul(b.ExtractN(params, epGamut), decoded)
		b.ExitIf(b.Call(x.gammaFunc(), wide, b.ExtractN(params, epGammaEncode)))
	}, func() { b.ExitIf(rgb) })
	b.Return(b.Construct(v4f(), conv.Results()[0], a))
}

// yuv is vec4f(y, uv, 1) * yuvToRgbConversionMatrix.
func yuv(b *ir.Builder, params, y, uv ir.Value) ir.Value {
	return b.Mul(b.Construct(v4f(), y, uv, b.F32(1)), b.ExtractN(params, epYuvToRgb))
}

// loadFunc is textureLoad of an external texture:
//
//	fn textureLoadExternal(plane0, plane1: texture_2d<f32>, params: ExternalTextureParams,
//	                       coords: vec2u) -> vec4f {
//	  let c = round(params.loadTransform * vec3f(vec2f(min(coords, params.visibleSize)), 1));
//	  let c0 = vec2u(c);
//	  var rgb: vec3f; var a: f32;
//	  if params.numPlanes == 1 { (rgb, a) = textureLoad(plane0, c0, 0) }
//	  else { rgb = vec4f(textureLoad(plane0, c0, 0).r,
//	                     textureLoad(plane1, vec2u(c * params.plane1CoordFactor), 0).rg, 1) *
//	               params.yuvToRgbConversionMatrix; a = 1 }
//	  (gamma and gamut conversion, see convert)
//	}
func (x *externals) loadFunc() *ir.Func {
	if x.load != nil {
		return x.load
	}
	f := x.m.NewFunc("textureLoadExternal", v4f())
	p0 := f.AddParam("plane0", abi.ExternalTexturePlane(), types.NoIO)
	p1 := f.AddParam("plane1", abi.ExternalTexturePlane(), types.NoIO)
	params := f.AddParam("params", abi.ExternalTextureParams(), types.NoIO)
	coords := f.AddParam("coords", v2u(), types.NoIO)
	b := ir.NewBuilder(f)
	clamped := b.Builtin(builtins.FnMin, coords, b.ExtractN(params, epVisibleSize))
	c := b.Mul(b.ExtractN(params, epLoadTransform), b.Construct(v3f(), b.Convert(v2f(), clamped), b.F32(1)))
	c = b.Builtin(builtins.FnRound, c)
	c0 := b.Convert(v2u(), c)
	one := b.Eq(b.ExtractN(params, epNumPlanes), b.U32(1))
	texels := b.If(one, []types.Type{v3f(), types.F32}, func() {
		t := b.Builtin(builtins.FnTextureLoad, p0, c0, b.U32(0))
		b.ExitIf(b.Swizzle(t, 0, 1, 2), b.Swizzle(t, 3))
	}, func() {
		y := b.Swizzle(b.Builtin(builtins.FnTextureLoad, p0, c0, b.U32(0)), 0)
		c1 := b.Convert(v2u(), b.Mul(c, b.ExtractN(params, epPlane1Factor)))
		uv := b.Swizzle(b.Builtin(builtins.FnTextureLoad, p1, c1, b.U32(0)), 0, 1)
		b.ExitIf(yuv(b, params, y, uv), b.F32(1))
	})
	x.convert(b, params, texels.Results()[0], texels.Results()[1])
	x.load = f
	return f
}

// sampleFunc is textureSampleBaseClampToEdge of an external texture:
//
//	fn textureSampleExternal(plane0, plane1: texture_2d<f32>, params: ExternalTextureParams,
//	                         s: sampler, coords: vec2f) -> vec4f {
//	  let c = params.sampleTransform * vec3f(coords, 1);
//	  let c0 = clamp(c, params.samplePlane0RectMin, params.samplePlane0RectMax);
//	  if params.numPlanes == 1 { (rgb, a) = textureSampleLevel(plane0, s, c0, 0) }
//	  else { let c1 = clamp(c, params.samplePlane1RectMin, params.samplePlane1RectMax);
//	         rgb = vec4f(textureSampleLevel(plane0, s, c0, 0).r,
//	                     textureSampleLevel(plane1, s, c1, 0).rg, 1) * params.yuvToRgbConversionMatrix;
//	         a = 1 }
//	  (gamma and gamut conversion, see convert)
//	}
func (x *externals) sampleFunc() *ir.Func {
	if x.sample != nil {
		return x.sample
	}
	f := x.m.NewFunc("textureSampleExternal", v4f())
	p0 := f.AddParam("plane0", abi.ExternalTexturePlane(), types.NoIO)
	p1 := f.AddParam("plane1", abi.ExternalTexturePlane(), types.NoIO)
	params := f.AddParam("params", abi.ExternalTextureParams(), types.NoIO)
	s := f.AddParam("s", types.SamplerType, types.NoIO)
	coords := f.AddParam("coords", v2f(), types.NoIO)
	b := ir.NewBuilder(f)
	c := b.Mul(b.ExtractN(params, epSampleTransform), b.Construct(v3f(), coords, b.F32(1)))
	c0 := b.Builtin(builtins.FnClamp, c, b.ExtractN(params, epPlane0Min), b.ExtractN(params, epPlane0Max))
	one := b.Eq(b.ExtractN(params, epNumPlanes), b.U32(1))
	texels := b.If(one, []types.Type{v3f(), types.F32}, func() {
		t := b.Builtin(builtins.FnTextureSampleLevel, p0, s, c0, b.F32(0))
		b.ExitIf(b.Swizzle(t, 0, 1, 2), b.Swizzle(t, 3))
	}, func() {
		y := b.Swizzle(b.Builtin(builtins.FnTextureSampleLevel, p0, s, c0, b.F32(0)), 0)
		c1 := b.Builtin(builtins.FnClamp, c, b.ExtractN(params, epPlane1Min), b.ExtractN(params, epPlane1Max))
		uv := b.Swizzle(b.Builtin(builtins.FnTextureSampleLevel, p1, s, c1, b.F32(0)), 0, 1)
		b.ExitIf(yuv(b, params, y, uv), b.F32(1))
	})
	x.convert(b, params, texels.Results()[0], texels.Results()[1])
	x.sample = f
	return f
}
