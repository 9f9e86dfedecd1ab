package interp

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/wgslgo/wgslgo/compiler/builtins"
	"github.com/wgslgo/wgslgo/compiler/ir"
	"github.com/wgslgo/wgslgo/compiler/types"
)

// Texture is the image of a texture binding, as WebGPU describes one (GPUTextureDescriptor)
// with its texels.
type Texture struct {
	Format TextureFormat
	// Width, Height and DepthOrArrayLayers are the size of level 0; 0 means 1. A cube
	// texture has 6 layers (faces +X, -X, +Y, -Y, +Z, -Z), a cube array 6 per cube.
	Width, Height, DepthOrArrayLayers uint32
	// MipLevelCount and SampleCount: 0 means 1.
	MipLevelCount, SampleCount uint32
	// Data holds the texels, little-endian, without padding: for each mip level (level m is
	// max(1, size >> m) on every axis), for each array layer, each z, y, x. A multisampled
	// texture has one level and layer, and its samples after each texel:
	// ((y*Width + x)*SampleCount + s) texels in. Storage textures are written in place.
	Data []byte
}

// TextureFormat is a texel format, by its WebGPU name ("rgba8unorm", "r32float",
// "depth32float"...).
type TextureFormat string

// Sampler is a sampler binding, as WebGPU's GPUSamplerDescriptor describes one; the zero
// Sampler is WebGPU's default (clamp-to-edge, nearest). Levels of detail are clamped to
// those the texture has.
type Sampler struct {
	AddressModeU, AddressModeV, AddressModeW AddressMode
	MagFilter, MinFilter, MipmapFilter       FilterMode
	// Compare is the comparison of a comparison sampler ("less", "greater-equal"...).
	Compare CompareFunction
}

// AddressMode is what a sampler does with coordinates outside [0, 1]: "clamp-to-edge"
// (also ""), "repeat" or "mirror-repeat".
type AddressMode string

// FilterMode is "nearest" (also "") or "linear".
type FilterMode string

// CompareFunction is a comparison sampler's test of the reference against the texel:
// "never", "less", "equal", "less-equal", "greater", "not-equal", "greater-equal",
// "always".
type CompareFunction string

// channel is how a format stores a component.
type channel uint8

const (
	chUnorm channel = iota
	chSnorm
	chUint
	chSint
	chFloat
)

// format describes a texel format: its component count, their encoding and size.
type format struct {
	n     int
	ch    channel
	bytes int // per component
	bgra  bool
}

// formats are the texel formats the interpreter reads and writes: a static list, searched in
// order (a map would be built when every process starts).
var formats = [...]namedFormat{
	{"r8unorm", format{1, chUnorm, 1, false}},
	{"r8snorm", format{1, chSnorm, 1, false}},
	{"r8uint", format{1, chUint, 1, false}},
	{"r8sint", format{1, chSint, 1, false}},
	{"rg8unorm", format{2, chUnorm, 1, false}},
	{"rg8snorm", format{2, chSnorm, 1, false}},
	{"rg8uint", format{2, chUint, 1, false}},
	{"rg8sint", format{2, chSint, 1, false}},
	{"rgba8unorm", format{4, chUnorm, 1, false}},
	{"rgba8snorm", format{4, chSnorm, 1, false}},
	{"rgba8uint", format{4, chUint, 1, false}},
	{"rgba8sint", format{4, chSint, 1, false}},
	{"bgra8unorm", format{4, chUnorm, 1, true}},
	{"r16snorm", format{1, chSnorm, 2, false}},
	{"r16uint", format{1, chUint, 2, false}},
	{"r16sint", format{1, chSint, 2, false}},
	{"r16float", format{1, chFloat, 2, false}},
	{"rg16unorm", format{2, chUnorm, 2, false}},
	{"rg16snorm", format{2, chSnorm, 2, false}},
	{"rg16uint", format{2, chUint, 2, false}},
	{"rg16sint", format{2, chSint, 2, false}},
	{"rg16float", format{2, chFloat, 2, false}},
	{"rgba16unorm", format{4, chUnorm, 2, false}},
	{"rgba16snorm", format{4, chSnorm, 2, false}},
	{"rgba16uint", format{4, chUint, 2, false}},
	{"rgba16sint", format{4, chSint, 2, false}},
	{"rgba16float", format{4, chFloat, 2, false}},
	{"r32uint", format{1, chUint, 4, false}},
	{"r32sint", format{1, chSint, 4, false}},
	{"r32float", format{1, chFloat, 4, false}},
	{"rg32uint", format{2, chUint, 4, false}},
	{"rg32sint", format{2, chSint, 4, false}},
	{"rg32float", format{2, chFloat, 4, false}},
	{"rgba32uint", format{4, chUint, 4, false}},
	{"rgba32sint", format{4, chSint, 4, false}},
	{"rgba32float", format{4, chFloat, 4, false}},
	{"depth32float", format{1, chFloat, 4, false}},
}

type namedFormat struct {
	name TextureFormat
	format
}

// lookupFormat returns the texel format called name.
func lookupFormat(name TextureFormat) (format, bool) {
	for _, f := range formats {
		if f.name == name {
			return f.format, true
		}
	}
	return format{}, false
}

// image is a bound texture, checked, with its levels located.
type image struct {
	*Texture
	f       format
	texel   int // bytes
	size    [3]uint32
	layers  uint32
	levels  uint32
	samples uint32
	// level[m] is the byte offset of level m.
	level []int
}

// bindHandle checks the texture or sampler bound for g and places it.
func (d *dispatch) bindHandle(i int, g *ir.Global, dp *Dispatch) error {
	switch t := g.Type.(type) {
	case *types.Sampler:
		s, ok := dp.Samplers[*g.Binding]
		if !ok {
			return fmt.Errorf("%s: no sampler is bound", bindingName(g))
		}
		if err := s.check(t.Comparison); err != nil {
			return fmt.Errorf("%s: %v", bindingName(g), err)
		}
		d.samplers[i] = s
	case *types.Texture:
		tex, ok := dp.Textures[*g.Binding]
		if !ok {
			return fmt.Errorf("%s: no texture is bound", bindingName(g))
		}
		im, err := newImage(tex, t)
		if err != nil {
			return fmt.Errorf("%s: %v", bindingName(g), err)
		}
		d.images[i] = im
	}
	return nil
}

func newImage(tex *Texture, t *types.Texture) (*image, error) {
	if t.Kind == types.TexExternal {
		return nil, fmt.Errorf("texture_external is not run by the interpreter")
	}
	f, ok := lookupFormat(tex.Format)
	if !ok {
		return nil, fmt.Errorf("texture format %q is not one the interpreter knows", tex.Format)
	}
	one := func(v uint32) uint32 { return max(v, 1) }
	im := &image{Texture: tex, f: f, texel: f.n * f.bytes, size: [3]uint32{one(tex.Width), one(tex.Height), 1},
		layers: 1, levels: one(tex.MipLevelCount), samples: one(tex.SampleCount)}
	switch t.Dim {
	case types.Dim3D:
		im.size[2] = one(tex.DepthOrArrayLayers)
	case types.Dim2D, types.Dim1D:
		if one(tex.DepthOrArrayLayers) != 1 {
			return nil, fmt.Errorf("a %s texture has one layer, not %d", t.Dim, tex.DepthOrArrayLayers)
		}
	case types.DimCube:
		if one(tex.DepthOrArrayLayers) != 6 {
			return nil, fmt.Errorf("a cube texture has 6 layers, not %d", tex.DepthOrArrayLayers)
		}
		im.layers = 6
	default:
		im.layers = one(tex.DepthOrArrayLayers)
	}
	depth := t.Kind == types.TexDepth || t.Kind == types.TexDepthMultisampled
	switch {
	case depth != (tex.Format == "depth32float"):
		return nil, fmt.Errorf("a %v cannot hold %s texels", t, tex.Format)
	case t.Kind == types.TexStorage && TextureFormat(t.Format.String()) != tex.Format:
		return nil, fmt.Errorf("the %v holds %s texels, not %s", t, t.Format, tex.Format)
	case (t.Kind == types.TexMultisampled || t.Kind == types.TexDepthMultisampled) != (im.samples > 1):
		return nil, fmt.Errorf("%d samples for a %v", im.samples, t)
	}
	off := 0
	for m := range im.levels {
		im.level = append(im.level, off)
		off += int(im.extent(m, 0)) * int(im.extent(m, 1)) * int(im.extent(m, 2)) * int(im.layers) * int(im.samples) * im.texel
	}
	if len(tex.Data) != off {
		return nil, fmt.Errorf("the texture holds %d bytes of texels; its size, levels and format make %d", len(tex.Data), off)
	}
	return im, nil
}

// extent is the size of level m on axis a.
func (im *image) extent(m uint32, a int) uint32 { return max(im.size[a]>>m, 1) }

// at returns the bytes of the texel (x, y, z) of layer, level m, sample s; the coordinates
// are in range.
func (im *image) at(m, layer, s uint32, x, y, z uint32) []byte {
	w, h, dep := im.extent(m, 0), im.extent(m, 1), im.extent(m, 2)
	i := ((uint64(layer)*uint64(dep)+uint64(z))*uint64(h)+uint64(y))*uint64(w) + uint64(x)
	off := uint64(im.level[m]) + (i*uint64(im.samples)+uint64(s))*uint64(im.texel)
	return im.Data[off : off+uint64(im.texel)]
}

// read decodes a texel into its four components as the shader sees them (missing ones are
// 0, 0, 1 for the alpha): f32, i32 or u32 words.
func (im *image) read(b []byte) [4]uint32 {
	out := [4]uint32{0, 0, 0, 0}
	f := im.f
	if f.ch == chUint || f.ch == chSint {
		out[3] = 1
	} else {
		out[3] = f32Word(1)
	}
	for c := range f.n {
		raw := b[c*f.bytes:]
		var u uint64
		switch f.bytes {
		case 1:
			u = uint64(raw[0])
		case 2:
			u = uint64(binary.LittleEndian.Uint16(raw))
		default:
			u = uint64(binary.LittleEndian.Uint32(raw))
		}
		bits := uint(8 * f.bytes)
		var w uint32
		switch f.ch {
		case chUnorm:
			w = f32Word(float32(float64(u) / float64(uint64(1)<<bits-1)))
		case chSnorm:
			v := int64(u<<(64-bits)) >> (64 - bits)
			w = f32Word(float32(max(float64(v)/float64(uint64(1)<<(bits-1)-1), -1)))
		case chUint:
			w = uint32(u)
		case chSint:
			w = uint32(int64(u<<(64-bits)) >> (64 - bits))
		case chFloat:
			if f.bytes == 2 {
				w = f32Word(float32(f16(uint32(u))))
			} else {
				w = uint32(u)
			}
		}
		out[c] = w
	}
	if f.bgra {
		out[0], out[2] = out[2], out[0]
	}
	return out
}

// write encodes the four components v (f32, i32 or u32 words) into a texel.
func (im *image) write(b []byte, v [4]uint32) {
	f := im.f
	if f.bgra {
		v[0], v[2] = v[2], v[0]
	}
	for c := range f.n {
		bits := uint(8 * f.bytes)
		var u uint64
		switch f.ch {
		case chUnorm:
			x := float64(f32(v[c]))
			u = uint64(math.Floor(min(max(x, 0), 1)*float64(uint64(1)<<bits-1) + 0.5))
		case chSnorm:
			x := float64(f32(v[c]))
			u = uint64(int64(math.Floor(min(max(x, -1), 1)*float64(uint64(1)<<(bits-1)-1) + 0.5)))
		case chFloat:
			if f.bytes == 2 {
				u = uint64(f16Word(float64(f32(v[c]))))
			} else {
				u = uint64(v[c])
			}
		default:
			u = uint64(v[c])
		}
		raw := b[c*f.bytes:]
		switch f.bytes {
		case 1:
			raw[0] = byte(u)
		case 2:
			binary.LittleEndian.PutUint16(raw, uint16(u))
		default:
			binary.LittleEndian.PutUint32(raw, uint32(u))
		}
	}
}

func (s *Sampler) check(comparison bool) error {
	for _, m := range []AddressMode{s.AddressModeU, s.AddressModeV, s.AddressModeW} {
		switch m {
		case "", "clamp-to-edge", "repeat", "mirror-repeat":
		default:
			return fmt.Errorf("unknown address mode %q", m)
		}
	}
	for _, f := range []FilterMode{s.MagFilter, s.MinFilter, s.MipmapFilter} {
		if f != "" && f != "nearest" && f != "linear" {
			return fmt.Errorf("unknown filter %q", f)
		}
	}
	if _, ok := compareFunc(s.Compare); !ok || (s.Compare != "") != comparison {
		if comparison {
			return fmt.Errorf("a sampler_comparison needs a Compare function, not %q", s.Compare)
		}
		return fmt.Errorf("a sampler has no Compare function (%q): bind it to a sampler_comparison", s.Compare)
	}
	return nil
}

// compareFunc returns the comparison a sampler's compare function names: nil for "" (no
// comparison), ok false for a name that is none.
func compareFunc(name CompareFunction) (cmp func(ref, texel float32) bool, ok bool) {
	switch name {
	case "":
		return nil, true
	case "never":
		return func(_, _ float32) bool { return false }, true
	case "less":
		return func(r, t float32) bool { return r < t }, true
	case "equal":
		return func(r, t float32) bool { return r == t }, true
	case "less-equal":
		return func(r, t float32) bool { return r <= t }, true
	case "greater":
		return func(r, t float32) bool { return r > t }, true
	case "not-equal":
		return func(r, t float32) bool { return r != t }, true
	case "greater-equal":
		return func(r, t float32) bool { return r >= t }, true
	case "always":
		return func(_, _ float32) bool { return true }, true
	}
	return nil, false
}

// textureCall is a texture builtin call.
type textureCall struct {
	fn    builtins.Fn
	o     ir.TexOperands
	tex   *types.Texture
	args  []operand
	depth bool // a depth texture
	// offset is the constant texel offset of a sampling call.
	offset [3]int32
	// component of a gather.
	component int
	n         int32 // result words
}

func (cc *funcCompiler) textureCall(in *ir.Inst, dst operand) error {
	m := cc.p.m
	fn := in.Builtin()
	ts := make([]types.Type, len(in.Args))
	tc := &textureCall{fn: fn, n: dst.words}
	for i, a := range in.Args {
		ts[i] = m.Type(a)
		tc.args = append(tc.args, cc.reg(a))
	}
	o, ok := ir.TextureOperands(fn, ts)
	if !ok {
		return fmt.Errorf("%s: operands %v fit no overload", fn, ts)
	}
	tc.o, tc.tex = o, ts[o.Texture].(*types.Texture)
	tc.depth = tc.tex.Kind == types.TexDepth || tc.tex.Kind == types.TexDepthMultisampled
	switch fn {
	case builtins.FnTextureSample, builtins.FnTextureSampleBias, builtins.FnTextureSampleCompare:
		cc.fail(in, "%s takes its level of detail from the neighbouring fragments of a fragment shader; the interpreter runs compute shaders and functions (textureSampleLevel gives the level)", fn)
		return nil
	}
	if tc.tex.Kind == types.TexExternal {
		cc.fail(in, "the interpreter does not run texture_external")
		return nil
	}
	if o.Offset >= 0 {
		c := m.Const(in.Args[o.Offset])
		for i := range ir.NumElemsOrOne(ts[o.Offset]) {
			tc.offset[i] = int32(uint32(m.Const(m.ConstElem(c, i)).Bits))
		}
	}
	if o.Component >= 0 {
		tc.component = int(m.Const(in.Args[o.Component]).Int())
	}
	cc.emit(op{k: kTexture, dst: dst.reg, x: tc, in: in})
	return nil
}

// texture runs a texture builtin.
func (t *thread) texture(o *op, regs []uint32) error {
	tc := o.x.(*textureCall)
	arg := func(i int) []uint32 { a := tc.args[i]; return regs[a.reg : a.reg+a.words] }
	im := t.d.images[arg(tc.o.Texture)[0]]
	d := regs[o.dst : o.dst+tc.n]
	switch tc.fn {
	case builtins.FnTextureDimensions:
		var level uint32
		if tc.o.Level >= 0 {
			level = arg(tc.o.Level)[0]
			if level >= im.levels {
				return t.errorf(o, "level %d of a texture with %d levels", int32(level), im.levels)
			}
		}
		for i := range d {
			d[i] = im.extent(level, i)
		}
	case builtins.FnTextureNumLayers:
		d[0] = im.layers
		if tc.tex.Dim == types.DimCubeArray {
			d[0] /= 6
		}
	case builtins.FnTextureNumLevels:
		d[0] = im.levels
	case builtins.FnTextureNumSamples:
		d[0] = im.samples
	case builtins.FnTextureLoad, builtins.FnTextureStore:
		var level, sample, layer uint32
		if tc.o.Level >= 0 {
			level = arg(tc.o.Level)[0]
		}
		if tc.o.SampleIndex >= 0 {
			sample = arg(tc.o.SampleIndex)[0]
		}
		if tc.o.ArrayIndex >= 0 {
			layer = arg(tc.o.ArrayIndex)[0]
		}
		coords := arg(tc.o.Coords)
		var xyz [3]uint32
		copy(xyz[:], coords)
		switch {
		case level >= im.levels:
			return t.errorf(o, "%s of level %d of a texture with %d levels", tc.fn, int32(level), im.levels)
		case sample >= im.samples:
			return t.errorf(o, "%s of sample %d of a texture with %d samples", tc.fn, int32(sample), im.samples)
		case layer >= im.layers:
			return t.errorf(o, "%s of layer %d of a texture with %d layers", tc.fn, int32(layer), im.layers)
		}
		for i, c := range coords {
			if c >= im.extent(level, i) {
				return t.errorf(o, "%s at %v, outside the texture's %v texels (level %d)", tc.fn, signed(coords),
					extentOf(im, level, len(coords)), level)
			}
		}
		texel := im.at(level, layer, sample, xyz[0], xyz[1], xyz[2])
		if tc.fn == builtins.FnTextureStore {
			var v [4]uint32
			copy(v[:], arg(tc.o.Value))
			im.write(texel, v)
			return nil
		}
		v := im.read(texel)
		copy(d, v[:tc.n])
	default:
		return t.sample(o, tc, regs, im, d)
	}
	return nil
}

// signed spells coordinates as i32 (they are i32 or u32; negative i32 ones are large as u32).
func signed(c []uint32) []int32 {
	out := make([]int32, len(c))
	for i, x := range c {
		out[i] = int32(x)
	}
	return out
}

func extentOf(im *image, level uint32, n int) []uint32 {
	out := make([]uint32, n)
	for i := range out {
		out[i] = im.extent(level, i)
	}
	return out
}

// sample runs the sampling and gathering functions, with Vulkan's texel filtering: the
// coordinates scaled to texels, nearest (floor) or linear (the four, or eight, texels around
// the point minus half a texel, weighted by the fractions), each texel's coordinates wrapped
// by the address mode, levels chosen by the level of detail.
func (t *thread) sample(o *op, tc *textureCall, regs []uint32, im *image, d []uint32) error {
	arg := func(i int) []uint32 { a := tc.args[i]; return regs[a.reg : a.reg+a.words] }
	s := t.d.samplers[arg(tc.o.Sampler)[0]]
	coords := make([]float64, len(arg(tc.o.Coords)))
	for i, w := range arg(tc.o.Coords) {
		coords[i] = float64(f32(w))
	}
	var layer uint32
	if tc.o.ArrayIndex >= 0 {
		// The index as a float, rounded and clamped, as SPIR-V's sampling does.
		a := arg(tc.o.ArrayIndex)[0]
		idx := float64(int32(a))
		if t.d.p.m.Type(o.in.Args[tc.o.ArrayIndex]) == types.Type(types.U32) {
			idx = float64(a)
		}
		layer = uint32(min(max(math.RoundToEven(idx), 0), float64(im.layers/faces(tc.tex)-1)))
	}
	lod := 0.0
	switch tc.fn {
	case builtins.FnTextureSampleLevel:
		w := arg(tc.o.Level)[0]
		if scalarOf(t.d.p.m.Type(tc.levelValue(o))).IsFloat() {
			lod = float64(f32(w))
		} else {
			lod = float64(int32(w))
		}
	case builtins.FnTextureSampleGrad:
		lod = gradLod(im, arg(tc.o.DdX), arg(tc.o.DdY))
	case builtins.FnTextureSampleBaseClampToEdge:
		// As the SPIR-V: clamped to half a texel inside the edges of level 0.
		for i := range coords {
			half := float32(0.5) / float32(im.size[i])
			coords[i] = float64(min(max(float32(coords[i]), half), 1-half))
		}
	}
	var ref float32
	if tc.o.DepthRef >= 0 {
		ref = f32(arg(tc.o.DepthRef)[0])
	}
	face := uint32(0)
	if tc.tex.Dim == types.DimCube || tc.tex.Dim == types.DimCubeArray {
		face, coords = cubeFace(coords)
	}
	layer = layer*faces(tc.tex) + face
	sp := &sampling{t: t, tc: tc, im: im, s: s, layer: layer, ref: ref}
	switch tc.fn {
	case builtins.FnTextureGather, builtins.FnTextureGatherCompare:
		g := sp.footprint(coords, 0)
		comp := tc.component
		for i, tx := range [4][2]int{{0, 1}, {1, 1}, {1, 0}, {0, 0}} {
			v := sp.fetch(0, g.texel(tx[0], tx[1]))
			if tc.fn == builtins.FnTextureGatherCompare {
				d[i] = f32Word(sp.compare(v[0]))
			} else {
				d[i] = v[comp]
			}
		}
		return nil
	}
	if tc.fn == builtins.FnTextureSampleCompareLevel {
		lod = 0
	}
	out := sp.filter(coords, lod)
	for i := range d {
		d[i] = f32Word(out[i])
	}
	return nil
}

// levelValue is the level operand's value.
func (tc *textureCall) levelValue(o *op) ir.Value { return o.in.Args[tc.o.Level] }

// faces is 6 for cube textures, 1 for the others.
func faces(t *types.Texture) uint32 {
	if t.Dim == types.DimCube || t.Dim == types.DimCubeArray {
		return 6
	}
	return 1
}

// cubeFace selects the face of a cube direction and the coordinates in it (Vulkan's table
// "Cube map face selection and transformations").
func cubeFace(c []float64) (uint32, []float64) {
	x, y, z := c[0], c[1], c[2]
	ax, ay, az := math.Abs(x), math.Abs(y), math.Abs(z)
	var face uint32
	var sc, tc, ma float64
	switch {
	case ax >= ay && ax >= az:
		ma = ax
		if x >= 0 {
			face, sc, tc = 0, -z, -y
		} else {
			face, sc, tc = 1, z, -y
		}
	case ay >= az:
		ma = ay
		if y >= 0 {
			face, sc, tc = 2, x, z
		} else {
			face, sc, tc = 3, x, -z
		}
	default:
		ma = az
		if z >= 0 {
			face, sc, tc = 4, x, -y
		} else {
			face, sc, tc = 5, -x, -y
		}
	}
	return face, []float64{(sc/ma + 1) / 2, (tc/ma + 1) / 2}
}

// gradLod is the level of detail of explicit gradients: log2 of the longer of the two
// derivatives scaled to texels of level 0.
func gradLod(im *image, ddx, ddy []uint32) float64 {
	var lx, ly float64
	for i := range ddx {
		sx := float64(f32(ddx[i])) * float64(im.size[i])
		sy := float64(f32(ddy[i])) * float64(im.size[i])
		lx += sx * sx
		ly += sy * sy
	}
	rho := math.Sqrt(max(lx, ly))
	if rho == 0 {
		return math.Inf(-1)
	}
	return math.Log2(rho)
}

// sampling is one sampling call's state.
type sampling struct {
	t     *thread
	tc    *textureCall
	im    *image
	s     *Sampler
	layer uint32
	ref   float32
}

// fp is the footprint of linear filtering at one level: the texel coordinates i0, i0+1 on
// each axis and the weights of the upper ones.
type fp struct {
	i0    [3]int64
	alpha [3]float32
	n     int
}

// texel returns the coordinates of texel (i0+dx, i0+dy) of a 2D footprint.
func (g *fp) texel(dx, dy int) [3]int64 {
	return [3]int64{g.i0[0] + int64(dx), g.i0[1] + int64(dy), g.i0[2]}
}

// footprint computes the linear footprint of coords at level m.
func (sp *sampling) footprint(coords []float64, m uint32) *fp {
	g := &fp{n: min(len(coords), 3)}
	for a := range g.n {
		// In f32, as lavapipe computes it.
		u := float32(coords[a])*float32(sp.im.extent(m, a)) + float32(sp.tc.offset[a]) - 0.5
		f := float32(math.Floor(float64(u)))
		g.i0[a], g.alpha[a] = int64(f), u-f
	}
	if sp.tc.tex.Dim == types.Dim1D {
		g.n = 1
	}
	return g
}

// wrap applies the address mode of axis a to texel coordinate i of level m.
func (sp *sampling) wrap(a int, m uint32, i int64) uint32 {
	n := int64(sp.im.extent(m, a))
	mode := sp.s.AddressModeU
	switch a {
	case 1:
		mode = sp.s.AddressModeV
	case 2:
		mode = sp.s.AddressModeW
	}
	if sp.tc.tex.Dim == types.DimCube || sp.tc.tex.Dim == types.DimCubeArray {
		mode = "clamp-to-edge" // cube faces clamp: seams are the texture's edges
	}
	switch mode {
	case "repeat":
		i %= n
		if i < 0 {
			i += n
		}
	case "mirror-repeat":
		p := 2 * n
		i %= p
		if i < 0 {
			i += p
		}
		if i >= n {
			i = p - 1 - i
		}
	default:
		i = min(max(i, 0), n-1)
	}
	return uint32(i)
}

// fetch reads texel c of level m, wrapped.
func (sp *sampling) fetch(m uint32, c [3]int64) [4]uint32 {
	var xyz [3]uint32
	dims := sp.tc.tex.Dim.Coords()
	if sp.tc.tex.Dim == types.DimCube || sp.tc.tex.Dim == types.DimCubeArray {
		dims = 2
	}
	for a := range dims {
		xyz[a] = sp.wrap(a, m, c[a])
	}
	return sp.im.read(sp.im.at(m, sp.layer, 0, xyz[0], xyz[1], xyz[2]))
}

// compare is the result of the depth comparison with texel value v: 1 or 0.
func (sp *sampling) compare(v uint32) float32 {
	if cmp, _ := compareFunc(sp.s.Compare); cmp(sp.ref, f32(v)) {
		return 1
	}
	return 0
}

// lerp is a + w × (b - a) in f32, as lavapipe interpolates (the spec leaves the precision of
// filtering to the implementation).
func lerp(a, b, w float32) float32 { return a + w*(b-a) }

// filter samples at coords with level of detail lod.
func (sp *sampling) filter(coords []float64, lod float64) [4]float32 {
	maxLevel := float64(sp.im.levels - 1)
	filter := sp.s.MagFilter
	if lod > 0 {
		filter = sp.s.MinFilter
	}
	lod = min(max(lod, 0), maxLevel)
	if sp.s.MipmapFilter != "linear" || sp.tc.fn == builtins.FnTextureSampleCompareLevel {
		// Nearest level: round half down (Vulkan: ceil(d + 0.5) - 1).
		return sp.level(coords, uint32(math.Ceil(lod+0.5)-1), filter)
	}
	l0 := math.Floor(lod)
	a := sp.level(coords, uint32(l0), filter)
	if l0 >= maxLevel {
		return a
	}
	b := sp.level(coords, uint32(l0)+1, filter)
	w := float32(lod - l0)
	for i := range a {
		a[i] = lerp(a[i], b[i], w)
	}
	return a
}

// level samples level m with filter.
func (sp *sampling) level(coords []float64, m uint32, filter FilterMode) [4]float32 {
	value := func(c [3]int64) [4]float32 {
		v := sp.fetch(m, c)
		var out [4]float32
		if sp.tc.fn == builtins.FnTextureSampleCompareLevel {
			out[0] = sp.compare(v[0])
			return out
		}
		for i, w := range v {
			out[i] = f32(w)
		}
		return out
	}
	if filter != "linear" {
		var c [3]int64
		for a := range min(len(coords), 3) {
			c[a] = int64(math.Floor(coords[a]*float64(sp.im.extent(m, a)))) + int64(sp.tc.offset[a])
		}
		return value(c)
	}
	g := sp.footprint(coords, m)
	// Interpolate along x, then y, then z.
	var rec func(a int, c [3]int64) [4]float32
	rec = func(a int, c [3]int64) [4]float32 {
		if a < 0 {
			return value(c)
		}
		c[a] = g.i0[a]
		lo := rec(a-1, c)
		c[a]++
		hi := rec(a-1, c)
		for i := range lo {
			lo[i] = lerp(lo[i], hi[i], g.alpha[a])
		}
		return lo
	}
	return rec(g.n-1, g.i0)
}
