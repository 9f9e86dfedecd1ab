package backend_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/abi"
	"github.com/wgslgo/wgslgo/compiler/layout"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Texture execution tests: compute shaders read sampled and storage textures and write
// what they see to a buffer, compared with the same operations computed in Go.

// img2D is a 2D rgba32float image in Go, for reference sampling.
type img2D struct {
	w, h int
	px   [][4]float32 // row-major
}

func newImg2D(w, h int, f func(x, y int) [4]float32) *img2D {
	im := &img2D{w: w, h: h, px: make([][4]float32, w*h)}
	for y := range h {
		for x := range w {
			im.px[y*w+x] = f(x, y)
		}
	}
	return im
}

func (im *img2D) bytes() []byte {
	var fs []float32
	for _, p := range im.px {
		fs = append(fs, p[:]...)
	}
	return f32le(fs...)
}

func wrap(i, n int, repeat bool) int {
	if repeat {
		return ((i % n) + n) % n
	}
	return min(max(i, 0), n-1)
}

func (im *img2D) texel(x, y int, repeat bool) [4]float32 {
	return im.px[wrap(y, im.h, repeat)*im.w+wrap(x, im.w, repeat)]
}

// sample is Vulkan's nearest or bilinear filtering at normalized (u, v) (texel offsets
// off added in texel space).
func (im *img2D) sample(u, v float32, linear, repeat bool, off [2]int) [4]float32 {
	x, y := float64(u)*float64(im.w), float64(v)*float64(im.h)
	if !linear {
		return im.texel(int(math.Floor(x))+off[0], int(math.Floor(y))+off[1], repeat)
	}
	x, y = x-0.5, y-0.5
	x0, y0 := math.Floor(x), math.Floor(y)
	a, b := float32(x-x0), float32(y-y0)
	i, j := int(x0)+off[0], int(y0)+off[1]
	t00, t10 := im.texel(i, j, repeat), im.texel(i+1, j, repeat)
	t01, t11 := im.texel(i, j+1, repeat), im.texel(i+1, j+1, repeat)
	var out [4]float32
	for c := range 4 {
		out[c] = (1-a)*(1-b)*t00[c] + a*(1-b)*t10[c] + (1-a)*b*t01[c] + a*b*t11[c]
	}
	return out
}

// gather is Vulkan's textureGather of component c: the texels (i0,j1), (i1,j1), (i1,j0),
// (i0,j0) of the bilinear footprint.
func (im *img2D) gather(u, v float32, c int, repeat bool, off [2]int) [4]float32 {
	x, y := float64(u)*float64(im.w)-0.5, float64(v)*float64(im.h)-0.5
	i, j := int(math.Floor(x))+off[0], int(math.Floor(y))+off[1]
	return [4]float32{im.texel(i, j+1, repeat)[c], im.texel(i+1, j+1, repeat)[c],
		im.texel(i+1, j, repeat)[c], im.texel(i, j, repeat)[c]}
}

func vec4s(b []byte) [][4]float32 {
	fs := floats32(b)
	out := make([][4]float32, len(fs)/4)
	for i := range out {
		copy(out[i][:], fs[4*i:])
	}
	return out
}

func assertVec4Near(t *testing.T, want, got [4]float32, eps float64, msg string, args ...any) {
	t.Helper()
	for c := range 4 {
		if math.Abs(float64(want[c]-got[c])) > eps {
			assert.Failf(t, "mismatch", "%s: got %v, want %v", append([]any{msg}, append(args, got, want)...)...)
			return
		}
	}
}

func sampled(binding uint32, img vulkan.ImageDesc, data []byte) vulkan.Binding {
	return vulkan.Binding{Group: 0, Binding: binding, Kind: vulkan.SampledImage, Image: &img, Data: data}
}

func samplerAt(binding uint32, s vulkan.SamplerDesc) vulkan.Binding {
	k := vulkan.Sampler
	if s.Compare != vulkan.CompareNone {
		k = vulkan.ComparisonSampler
	}
	return vulkan.Binding{Group: 0, Binding: binding, Kind: k, Sampler: &s}
}

// A 4x4 rgba32float texture whose texels are distinct and exactly representable.
func testImage() *img2D {
	return newImg2D(4, 4, func(x, y int) [4]float32 {
		return [4]float32{float32(x), float32(y), float32(10*y + x), float32(x*x) / 4}
	})
}

// textureSampleLevel with nearest and linear filters, clamp and repeat addressing, and
// offsets, at coordinates where linear weights are exact; textureSampleBaseClampToEdge.
func TestExecTextureSampleLevel(t *testing.T) {
	im := testImage()
	coords := [][2]float32{{0.5, 0.5}, {0.125, 0.125}, {0.3125, 0.6875}, {0.0, 0.0}, {0.99, 0.01},
		{-0.375, 1.25}, {1.0625, 0.5625}, {0.40625, 0.15625}}
	in := make([]float32, 0, 4*len(coords))
	for _, c := range coords {
		in = append(in, c[0], c[1], 0, 0)
	}
	const src = `
@group(0) @binding(0) var<storage, read_write> out: array<vec4f>;
@group(0) @binding(1) var<storage, read> coords: array<vec4f>;
@group(0) @binding(2) var t: texture_2d<f32>;
@group(0) @binding(3) var nearestClamp: sampler;
@group(0) @binding(4) var linearClamp: sampler;
@group(0) @binding(5) var nearestRepeat: sampler;
@group(0) @binding(6) var linearRepeat: sampler;

fn sampleAll(tex: texture_2d<f32>, uv: vec2f, base: u32) {
  out[base + 0] = textureSampleLevel(tex, nearestClamp, uv, 0.0);
  out[base + 1] = textureSampleLevel(tex, linearClamp, uv, 0.0);
  out[base + 2] = textureSampleLevel(tex, nearestRepeat, uv, 0.0);
  out[base + 3] = textureSampleLevel(tex, linearRepeat, uv, 0.0);
  out[base + 4] = textureSampleLevel(tex, linearRepeat, uv, 0.0, vec2i(1, -2));
  out[base + 5] = textureSampleBaseClampToEdge(tex, linearRepeat, uv);
}

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wg: vec3u) {
  sampleAll(t, coords[wg.x].xy, 6u * wg.x);
}
`
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{uint32(len(coords)), 1, 1},
		bindings: []vulkan.Binding{
			storage(0, make([]byte, 16*6*len(coords))),
			{Group: 0, Binding: 1, Kind: vulkan.ReadOnlyStorageBuffer, Data: f32le(in...)},
			sampled(2, vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA32Float, Width: 4, Height: 4}, im.bytes()),
			samplerAt(3, vulkan.SamplerDesc{}),
			samplerAt(4, vulkan.SamplerDesc{MagFilter: vulkan.Linear, MinFilter: vulkan.Linear}),
			samplerAt(5, vulkan.SamplerDesc{AddressU: vulkan.Repeat, AddressV: vulkan.Repeat}),
			samplerAt(6, vulkan.SamplerDesc{MagFilter: vulkan.Linear, MinFilter: vulkan.Linear,
				AddressU: vulkan.Repeat, AddressV: vulkan.Repeat}),
		}})
	out := vec4s(res.Bytes(0, 0))
	for i, c := range coords {
		u, v := c[0], c[1]
		got := out[6*i:]
		const eps = 1e-4
		assertVec4Near(t, im.sample(u, v, false, false, [2]int{}), got[0], eps, "nearest clamp at %v", c)
		assertVec4Near(t, im.sample(u, v, true, false, [2]int{}), got[1], eps, "linear clamp at %v", c)
		assertVec4Near(t, im.sample(u, v, false, true, [2]int{}), got[2], eps, "nearest repeat at %v", c)
		assertVec4Near(t, im.sample(u, v, true, true, [2]int{}), got[3], eps, "linear repeat at %v", c)
		assertVec4Near(t, im.sample(u, v, true, true, [2]int{1, -2}), got[4], eps, "linear repeat offset at %v", c)
		cu := min(max(u, 0.125), 0.875) // half a texel from the edges
		cv := min(max(v, 0.125), 0.875)
		assertVec4Near(t, im.sample(cu, cv, true, true, [2]int{}), got[5], eps, "base clamp to edge at %v", c)
	}
}

// textureLoad of every level and layer, textureDimensions, textureNumLevels and
// textureNumLayers, with signed and unsigned coordinates, indices and levels.
func TestExecTextureLoadQueries(t *testing.T) {
	// A 4x4 r32uint 2d array with 3 layers and 3 levels: texel = 1000*level + 100*layer + 10*y + x.
	var texels []uint32
	for m := range 3 {
		size := 4 >> m
		for l := range 3 {
			for y := range size {
				for x := range size {
					texels = append(texels, uint32(1000*m+100*l+10*y+x))
				}
			}
		}
	}
	const src = `
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var arr: texture_2d_array<u32>;
@group(0) @binding(2) var vol: texture_3d<f32>;
@group(0) @binding(3) var line: texture_1d<i32>;

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wg: vec3u) {
  let i = wg.x;
  // Every texel of every level and layer: i = ((level * 3 + layer) * 4 + y) * 4 + x.
  let x = i % 4u;
  let y = (i / 4u) % 4u;
  let layer = i32((i / 16u) % 3u);
  let level = i / 48u;
  if (x < (4u >> level) && y < (4u >> level)) {
    out[i] = textureLoad(arr, vec2u(x, y), layer, level).x;
    // The same through signed coordinates, an unsigned layer and a signed level.
    out[144u + i] = textureLoad(arr, vec2i(i32(x), i32(y)), u32(layer), i32(level)).x + 1u;
  }
  if (i == 0u) {
    let d0 = textureDimensions(arr);
    let d1 = textureDimensions(arr, 1);
    let d2 = textureDimensions(arr, 2u);
    out[288] = d0.x; out[289] = d0.y; out[290] = d1.x; out[291] = d2.y;
    out[292] = textureNumLevels(arr);
    out[293] = textureNumLayers(arr);
    let v = textureDimensions(vol);
    out[294] = v.x; out[295] = v.y; out[296] = v.z;
    out[297] = textureNumLevels(vol);
    out[298] = textureDimensions(line);
    out[299] = bitcast<u32>(textureLoad(line, 3, 0).x);
    out[300] = u32(textureLoad(vol, vec3u(1, 2, 1), 0).x);
  }
}
`
	vol := make([]float32, 2*4*3)
	for z := range 2 {
		for y := range 3 {
			for x := range 4 {
				vol[(z*3+y)*4+x] = float32(100*z + 10*y + x)
			}
		}
	}
	line := make([]uint32, 8)
	for x := range line {
		line[x] = uint32(int32(-x))
	}
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{144, 1, 1},
		bindings: []vulkan.Binding{
			storage(0, make([]byte, 4*301)),
			sampled(1, vulkan.ImageDesc{Dim: vulkan.Dim2DArray, Format: vulkan.R32Uint, Width: 4, Height: 4, Layers: 3, Mips: 3}, le32(texels...)),
			sampled(2, vulkan.ImageDesc{Dim: vulkan.Dim3D, Format: vulkan.R32Float, Width: 4, Height: 3, Depth: 2}, f32le(vol...)),
			sampled(3, vulkan.ImageDesc{Dim: vulkan.Dim1D, Format: vulkan.R32Sint, Width: 8}, le32(line...)),
		}})
	out := words32(res.Bytes(0, 0))
	for i := range 144 {
		x, y, layer, level := i%4, (i/4)%4, (i/16)%3, i/48
		if x >= 4>>level || y >= 4>>level {
			continue
		}
		want := uint32(1000*level + 100*layer + 10*y + x)
		require.Equal(t, want, out[i], "texel %d", i)
		require.Equal(t, want+1, out[144+i], "texel %d (signed coordinates)", i)
	}
	assert.Equal(t, []uint32{4, 4, 2, 1, 3, 3, 4, 3, 2, 1, 8, 0xFFFFFFFD, 121}, out[288:301])
}

// textureStore to write-only storage textures of several formats and dimensions, and
// textureLoad/textureStore on a read_write one; then the images are read back.
func TestExecTextureStore(t *testing.T) {
	const src = `
@group(0) @binding(0) var img: texture_storage_2d<rgba32float, write>;
@group(0) @binding(1) var counts: texture_storage_2d_array<r32uint, write>;
@group(0) @binding(2) var acc: texture_storage_1d<r32sint, read_write>;
@group(0) @binding(3) var vol: texture_storage_3d<rgba8unorm, write>;

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wg: vec3u) {
  let p = wg.xy;
  textureStore(img, p, vec4f(f32(p.x), f32(p.y), 0.5, -1.0));
  textureStore(counts, vec2i(p), i32(p.x + p.y) % 2, vec4u(p.x * 10u + p.y));
  if (p.y == 0u) {
    let old = textureLoad(acc, p.x);
    textureStore(acc, p.x, old * 2 - vec4i(1));
  }
  textureStore(vol, vec3u(p.x % 2u, p.y % 2u, (p.x / 2u) % 2u), vec4f(0.0, 0.25, 0.5, 1.0));
}
`
	acc := []uint32{1, 2, 3, 4, 5}
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{5, 3, 1},
		bindings: []vulkan.Binding{
			{Binding: 0, Kind: vulkan.StorageImage, Image: &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA32Float, Width: 5, Height: 3}},
			{Binding: 1, Kind: vulkan.StorageImage, Image: &vulkan.ImageDesc{Dim: vulkan.Dim2DArray, Format: vulkan.R32Uint, Width: 5, Height: 3, Layers: 2}},
			{Binding: 2, Kind: vulkan.StorageImage, Image: &vulkan.ImageDesc{Dim: vulkan.Dim1D, Format: vulkan.R32Sint, Width: 5}, Data: le32(acc...)},
			{Binding: 3, Kind: vulkan.StorageImage, Image: &vulkan.ImageDesc{Dim: vulkan.Dim3D, Format: vulkan.RGBA8Unorm, Width: 2, Height: 2, Depth: 2}},
		}})
	img := floats32(res.Bytes(0, 0))
	counts := words32(res.Bytes(0, 1))
	for y := range 3 {
		for x := range 5 {
			k := 4 * (y*5 + x)
			assert.Equal(t, []float32{float32(x), float32(y), 0.5, -1}, img[k:k+4], "img(%d, %d)", x, y)
			layer := (x + y) % 2
			assert.Equal(t, uint32(10*x+y), counts[layer*15+y*5+x], "counts(%d, %d, %d)", x, y, layer)
			assert.Equal(t, uint32(0), counts[(1-layer)*15+y*5+x], "counts(%d, %d, %d) untouched", x, y, 1-layer)
		}
	}
	for x, a := range acc {
		assert.Equal(t, uint32(2*int32(a)-1), words32(res.Bytes(0, 2))[x], "acc(%d)", x)
	}
	vol := res.Bytes(0, 3)
	for i := 0; i < len(vol); i += 4 {
		assert.Equal(t, []byte{0, 64, 128, 255}, vol[i:i+4], "vol texel %d", i/4)
	}
}

// textureGather of each component, with and without offsets, and on a depth texture;
// textureGatherCompare, textureSampleCompareLevel.
func TestExecTextureGatherCompare(t *testing.T) {
	im := testImage()
	depth := make([]float32, 16)
	for i := range depth {
		depth[i] = float32(i) / 16
	}
	dim := newImg2D(4, 4, func(x, y int) [4]float32 { d := depth[y*4+x]; return [4]float32{d, d, d, d} })
	coords := [][2]float32{{0.5, 0.5}, {0.125, 0.375}, {0.625, 0.875}, {0.0, 1.0}}
	in := make([]float32, 0, 4*len(coords))
	for i, c := range coords {
		in = append(in, c[0], c[1], float32(i)/4+0.1, 0)
	}
	const src = `
@group(0) @binding(0) var<storage, read_write> out: array<vec4f>;
@group(0) @binding(1) var<storage, read> coords: array<vec4f>;
@group(0) @binding(2) var t: texture_2d<f32>;
@group(0) @binding(3) var s: sampler;
@group(0) @binding(4) var d: texture_depth_2d;
@group(0) @binding(5) var less: sampler_comparison;

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wg: vec3u) {
  let c = coords[wg.x];
  let base = 8u * wg.x;
  out[base + 0] = textureGather(0, t, s, c.xy);
  out[base + 1] = textureGather(1u, t, s, c.xy);
  out[base + 2] = textureGather(2, t, s, c.xy, vec2i(-1, 1));
  out[base + 3] = textureGather(3, t, s, c.xy);
  out[base + 4] = textureGather(d, s, c.xy);
  out[base + 5] = textureGatherCompare(d, less, c.xy, c.z);
  out[base + 6] = vec4f(textureSampleCompareLevel(d, less, c.xy, c.z),
                        textureSampleCompareLevel(d, less, c.xy, c.z, vec2i(1, 0)),
                        textureSampleLevel(d, s, c.xy, 0), textureLoad(d, vec2u(1, 2), 0));
  out[base + 7] = vec4f(vec2f(textureDimensions(d)), 0, 0);
}
`
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{uint32(len(coords)), 1, 1},
		bindings: []vulkan.Binding{
			storage(0, make([]byte, 16*8*len(coords))),
			{Group: 0, Binding: 1, Kind: vulkan.ReadOnlyStorageBuffer, Data: f32le(in...)},
			sampled(2, vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA32Float, Width: 4, Height: 4}, im.bytes()),
			samplerAt(3, vulkan.SamplerDesc{}),
			sampled(4, vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.Depth32Float, Width: 4, Height: 4}, f32le(depth...)),
			samplerAt(5, vulkan.SamplerDesc{Compare: vulkan.CompareLess}),
		}})
	out := vec4s(res.Bytes(0, 0))
	cmp := func(ref, d float32) float32 { // CompareLess: pass when ref < d
		if ref < d {
			return 1
		}
		return 0
	}
	for i, c := range coords {
		u, v := c[0], c[1]
		ref := float32(i)/4 + 0.1
		got := out[8*i:]
		assert.Equal(t, im.gather(u, v, 0, false, [2]int{}), got[0], "gather x at %v", c)
		assert.Equal(t, im.gather(u, v, 1, false, [2]int{}), got[1], "gather y at %v", c)
		assert.Equal(t, im.gather(u, v, 2, false, [2]int{-1, 1}), got[2], "gather z offset at %v", c)
		assert.Equal(t, im.gather(u, v, 3, false, [2]int{}), got[3], "gather w at %v", c)
		dg := dim.gather(u, v, 0, false, [2]int{})
		assert.Equal(t, dg, got[4], "depth gather at %v", c)
		assert.Equal(t, [4]float32{cmp(ref, dg[0]), cmp(ref, dg[1]), cmp(ref, dg[2]), cmp(ref, dg[3])}, got[5],
			"gather compare at %v", c)
		near := dim.sample(u, v, false, false, [2]int{})[0]
		nearOff := dim.sample(u, v, false, false, [2]int{1, 0})[0]
		assert.Equal(t, [4]float32{cmp(ref, near), cmp(ref, nearOff), near, depth[2*4+1]}, got[6], "compare at %v", c)
		assert.Equal(t, [4]float32{4, 4, 0, 0}, got[7])
	}
}

// Sampling cube and cube array textures: directions towards each face's texels.
func TestExecTextureCube(t *testing.T) {
	// 2x2 faces, 2 cubes; texel value = 100*cube + 10*face + 2*y + x.
	var texels []float32
	for l := range 12 {
		for y := range 2 {
			for x := range 2 {
				texels = append(texels, float32(100*(l/6)+10*(l%6)+2*y+x))
			}
		}
	}
	const src = `
@group(0) @binding(0) var<storage, read_write> out: array<vec2f>;
@group(0) @binding(1) var cube: texture_cube<f32>;
@group(0) @binding(2) var cubes: texture_cube_array<f32>;
@group(0) @binding(3) var s: sampler;

// Face directions and their (s, t) axes (Vulkan's cube map face selection).
const major = array(vec3f(1, 0, 0), vec3f(-1, 0, 0), vec3f(0, 1, 0), vec3f(0, -1, 0), vec3f(0, 0, 1), vec3f(0, 0, -1));
const sAxis = array(vec3f(0, 0, -1), vec3f(0, 0, 1), vec3f(1, 0, 0), vec3f(1, 0, 0), vec3f(1, 0, 0), vec3f(-1, 0, 0));
const tAxis = array(vec3f(0, -1, 0), vec3f(0, -1, 0), vec3f(0, 0, 1), vec3f(0, 0, -1), vec3f(0, -1, 0), vec3f(0, -1, 0));

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wg: vec3u) {
  let face = wg.x / 4u;
  let x = f32(wg.x % 2u) - 0.5;
  let y = f32((wg.x / 2u) % 2u) - 0.5;
  let dir = major[face] + x * sAxis[face] + y * tAxis[face];
  out[wg.x] = vec2f(textureSampleLevel(cube, s, dir, 0.0).x, textureSampleLevel(cubes, s, dir, 1, 0.0).x);
}
`
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{24, 1, 1},
		bindings: []vulkan.Binding{
			storage(0, make([]byte, 8*24)),
			sampled(1, vulkan.ImageDesc{Dim: vulkan.DimCube, Format: vulkan.R32Float, Width: 2, Height: 2}, f32le(texels[:24]...)),
			sampled(2, vulkan.ImageDesc{Dim: vulkan.DimCubeArray, Format: vulkan.R32Float, Width: 2, Height: 2, Layers: 12}, f32le(texels...)),
			samplerAt(3, vulkan.SamplerDesc{}),
		}})
	out := floats32(res.Bytes(0, 0))
	for i := range 24 {
		face, x, y := i/4, i%2, (i/2)%2
		want := float32(10*face + 2*y + x)
		assert.Equal(t, []float32{want, want + 100}, out[2*i:2*i+2], "face %d texel (%d, %d)", face, x, y)
	}
}

// externalParams encodes ExternalTextureParams in Dawn's layout.
type externalParams struct {
	numPlanes, conversionOnly uint32
	yuvToRgb                  [3][4]float32 // columns
	gammaDecode, gammaEncode  [7]float32
	gamut                     [3][3]float32 // columns
	sampleTransform           [3][2]float32
	loadTransform             [3][2]float32
	plane0Rect, plane1Rect    [4]float32 // min.xy, max.xy
	visibleSize               [2]uint32
	plane1Factor              [2]float32
}

func (p externalParams) bytes() []byte {
	b := make([]byte, 272)
	put := func(off int, fs ...float32) { copy(b[off:], f32le(fs...)) }
	copy(b[0:], le32(p.numPlanes, p.conversionOnly))
	for c := range 3 {
		put(16+16*c, p.yuvToRgb[c][:]...)
		put(128+16*c, p.gamut[c][:]...)
		put(176+8*c, p.sampleTransform[c][:]...)
		put(200+8*c, p.loadTransform[c][:]...)
	}
	put(64, p.gammaDecode[:]...)
	put(96, p.gammaEncode[:]...)
	put(224, p.plane0Rect[:]...)
	put(240, p.plane1Rect[:]...)
	copy(b[256:], le32(p.visibleSize[:]...))
	put(264, p.plane1Factor[:]...)
	return b
}

// The parameter structure has Dawn's layout, which externalParams.bytes encodes.
func TestExternalTextureParamsLayout(t *testing.T) {
	sl := layout.New(layout.Options{}).Struct(abi.ExternalTextureParams())
	var offsets []int
	for _, m := range sl.Members {
		offsets = append(offsets, m.Offset)
	}
	assert.Equal(t, []int{0, 4, 16, 64, 96, 128, 176, 200, 224, 232, 240, 248, 256, 264}, offsets)
	assert.Equal(t, 272, sl.Size)
}

// texture_external, expanded to two planes and a parameter buffer: textureLoad (through a
// function parameter), textureSampleBaseClampToEdge and textureDimensions, for an RGBA
// texture and for a YUV one with gamma and gamut conversion.
func TestExecExternalTexture(t *testing.T) {
	const src = `
@group(0) @binding(0) var<storage, read_write> out: array<vec4f>;
@group(0) @binding(1) var video: texture_external;
@group(0) @binding(2) var s: sampler;

fn fetch(t: texture_external, p: vec2i) -> vec4f { return textureLoad(t, p); }

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wg: vec3u) {
  let p = vec2u(wg.x % 4u, wg.x / 4u);
  out[wg.x] = fetch(video, vec2i(p));
  out[16u + wg.x] = textureSampleBaseClampToEdge(video, s, (vec2f(p) + 0.5) / 4.0);
  if (wg.x == 0u) { out[32] = vec4f(vec2f(textureDimensions(video)), 0.0, 0.0); }
}
`
	// The default placement: the next free bindings of group 0.
	const plane1, params = 3, 4
	identity2 := [3][2]float32{{1, 0}, {0, 1}, {0, 0}}
	linearGamma := [7]float32{1, 1, 0, 1, 0, 0, 0} // G A B C D E F: f(x) = x
	img := func(f vulkan.Format, w, h uint32) vulkan.ImageDesc {
		return vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: f, Width: w, Height: h}
	}
	rgba := testImage()
	t.Run("rgba", func(t *testing.T) {
		p := externalParams{numPlanes: 1, conversionOnly: 1, sampleTransform: identity2, loadTransform: identity2,
			plane0Rect: [4]float32{0, 0, 1, 1}, plane1Rect: [4]float32{0, 0, 1, 1}, visibleSize: [2]uint32{3, 3}}
		res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{16, 1, 1}, noNaga: true, bindings: []vulkan.Binding{
			storage(0, make([]byte, 16*33)),
			sampled(1, img(vulkan.RGBA32Float, 4, 4), rgba.bytes()),
			samplerAt(2, vulkan.SamplerDesc{}),
			sampled(plane1, img(vulkan.RGBA32Float, 1, 1), nil),
			{Binding: params, Kind: vulkan.UniformBuffer, Data: p.bytes()},
		}})
		out := vec4s(res.Bytes(0, 0))
		for i := range 16 {
			x, y := i%4, i/4
			assert.Equal(t, rgba.texel(x, y, false), out[i], "load (%d, %d)", x, y)
			assert.Equal(t, rgba.texel(x, y, false), out[16+i], "sample (%d, %d)", x, y)
		}
		assert.Equal(t, [4]float32{4, 4, 0, 0}, out[32])
	})
	t.Run("yuv", func(t *testing.T) {
		// Y in a 4x4 plane, UV in a 2x2 one; rgb = (y + v, y - u, y + u) with a gamut that
		// swaps red and blue.
		ys := make([]float32, 16)
		for i := range ys {
			ys[i] = float32(i) / 16
		}
		uvs := []float32{0.125, 0.25, -0.125, 0.5, 0.25, -0.25, 0, 0.0625}
		p := externalParams{numPlanes: 2, conversionOnly: 0,
			yuvToRgb:    [3][4]float32{{1, 0, 1, 0}, {1, -1, 0, 0}, {1, 1, 0, 0}},
			gammaDecode: linearGamma, gammaEncode: linearGamma,
			gamut:           [3][3]float32{{0, 0, 1}, {0, 1, 0}, {1, 0, 0}},
			sampleTransform: identity2, loadTransform: identity2,
			plane0Rect: [4]float32{0.125, 0.125, 0.875, 0.875}, plane1Rect: [4]float32{0.25, 0.25, 0.75, 0.75},
			visibleSize: [2]uint32{3, 3}, plane1Factor: [2]float32{0.5, 0.5}}
		res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{16, 1, 1}, noNaga: true, bindings: []vulkan.Binding{
			storage(0, make([]byte, 16*33)),
			sampled(1, img(vulkan.R32Float, 4, 4), f32le(ys...)),
			samplerAt(2, vulkan.SamplerDesc{}),
			sampled(plane1, img(vulkan.RG32Float, 2, 2), f32le(uvs...)),
			{Binding: params, Kind: vulkan.UniformBuffer, Data: p.bytes()},
		}})
		out := vec4s(res.Bytes(0, 0))
		for i := range 16 {
			x, y := i%4, i/4
			k := (y/2)*2 + x/2
			yv, u, v := ys[i], uvs[2*k], uvs[2*k+1]
			want := [4]float32{yv + u, yv - u, yv + v, 1} // after the red/blue swap
			assertVec4Near(t, want, out[i], 1e-5, "load (%d, %d)", x, y)
			assertVec4Near(t, want, out[16+i], 1e-5, "sample (%d, %d)", x, y)
		}
		assert.Equal(t, [4]float32{4, 4, 0, 0}, out[32])
	})
}

// Mip selection: textureSampleLevel at whole and fractional levels (nearest and linear
// mipmap filters), textureSampleGrad whose gradients pick a level, textureNumLevels.
func TestExecTextureMips(t *testing.T) {
	// 8x8, 4 levels; texel (x, y) of level m is (10*m, x, y, 1), so that filtering within a
	// level shows in the second and third channels.
	var texels []float32
	for m := range 4 {
		size := 8 >> m
		for y := range size {
			for x := range size {
				texels = append(texels, float32(10*m), float32(x), float32(y), 1)
			}
		}
	}
	const src = `
@group(0) @binding(0) var<storage, read_write> out: array<vec4f>;
@group(0) @binding(1) var t: texture_2d<f32>;
@group(0) @binding(2) var nearest: sampler;
@group(0) @binding(3) var trilinear: sampler;

@compute @workgroup_size(1)
fn main() {
  let uv = vec2f(0.5, 0.5);
  for (var m = 0; m < 4; m++) {
    out[m] = textureSampleLevel(t, nearest, uv, f32(m));
    // A gradient of 2^m texels of level 0 per unit step selects level m.
    let g = f32(1 << u32(m)) / 8.0;
    out[4 + m] = textureSampleGrad(t, nearest, uv, vec2f(g, 0.0), vec2f(0.0, g));
  }
  out[8] = textureSampleLevel(t, trilinear, uv, 1.5);
  out[9] = textureSampleLevel(t, nearest, uv, 2.4);
  out[10] = vec4f(f32(textureNumLevels(t)), vec2f(textureDimensions(t, 3)), 0.0);
}
`
	res := runWGSL(t, wgslRun{src: src, bindings: []vulkan.Binding{
		storage(0, make([]byte, 16*11)),
		sampled(1, vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA32Float, Width: 8, Height: 8, Mips: 4}, f32le(texels...)),
		samplerAt(2, vulkan.SamplerDesc{}),
		samplerAt(3, vulkan.SamplerDesc{MagFilter: vulkan.Linear, MinFilter: vulkan.Linear, MipmapFilter: vulkan.Linear}),
	}})
	out := vec4s(res.Bytes(0, 0))
	for m := range 4 {
		size := 8 >> m
		x := float32(size / 2) // the texel right of the center
		if size == 1 {
			x = 0
		}
		assert.Equal(t, [4]float32{float32(10 * m), x, x, 1}, out[m], "level %d", m)
		assert.Equal(t, [4]float32{float32(10 * m), x, x, 1}, out[4+m], "grad for level %d", m)
	}
	// Halfway between levels 1 and 2, each sampled bilinearly at the center of the image.
	assertVec4Near(t, [4]float32{15, 0.5 * (1.5 + 0.5), 0.5 * (1.5 + 0.5), 1}, out[8], 1e-3, "trilinear")
	assert.Equal(t, [4]float32{20, 1, 1, 1}, out[9], "nearest mip rounds 2.4 to 2")
	assert.Equal(t, [4]float32{4, 1, 1, 0}, out[10])
}

// A read_write storage texture shared by a workgroup: each invocation writes its texel,
// textureBarrier, then reads its neighbour's.
func TestExecTextureBarrier(t *testing.T) {
	const src = `
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var img: texture_storage_2d<r32uint, read_write>;

@compute @workgroup_size(16)
fn main(@builtin(local_invocation_index) i: u32) {
  textureStore(img, vec2u(i, 0u), vec4u(i * i));
  textureBarrier();
  out[i] = textureLoad(img, vec2u((i + 1u) % 16u, 0u)).x;
}
`
	res := runWGSL(t, wgslRun{src: src, bindings: []vulkan.Binding{
		storage(0, make([]byte, 4*16)),
		{Binding: 1, Kind: vulkan.StorageImage, Image: &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.R32Uint, Width: 16, Height: 1}},
	}})
	out := words32(res.Bytes(0, 0))
	for i := range uint32(16) {
		n := (i + 1) % 16
		assert.Equal(t, n*n, out[i], "invocation %d", i)
	}
}

// Out-of-bounds texel addresses: textureLoad reads a texel within bounds (the clamped one),
// textureStore does nothing.
func TestExecTextureRobustness(t *testing.T) {
	const src = `
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var t: texture_2d_array<u32>;
@group(0) @binding(2) var img: texture_storage_2d<r32uint, write>;

@compute @workgroup_size(1)
fn main() {
  out[0] = textureLoad(t, vec2i(-1, 1), 0, 0).x;   // x clamps to the last column
  out[1] = textureLoad(t, vec2u(9, 9), 5u, 0).x;   // everything clamps
  out[2] = textureLoad(t, vec2u(1, 0), 1, 7).x;    // level 7 clamps to 1
  textureStore(img, vec2i(-1, 0), vec4u(7));
  textureStore(img, vec2u(4, 0), vec4u(7));
  textureStore(img, vec2u(0, 4), vec4u(7));
  textureStore(img, vec2u(3, 3), vec4u(9));
}
`
	var texels []uint32
	for m := range 2 {
		size := 4 >> m
		for l := range 2 {
			for y := range size {
				for x := range size {
					texels = append(texels, uint32(1000*m+100*l+10*y+x))
				}
			}
		}
	}
	res := runWGSL(t, wgslRun{src: src, noNaga: true, bindings: []vulkan.Binding{
		storage(0, make([]byte, 4*3)),
		sampled(1, vulkan.ImageDesc{Dim: vulkan.Dim2DArray, Format: vulkan.R32Uint, Width: 4, Height: 4, Layers: 2, Mips: 2}, le32(texels...)),
		{Binding: 2, Kind: vulkan.StorageImage, Image: &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.R32Uint, Width: 4, Height: 4}},
	}})
	assert.Equal(t, []uint32{13, 133, 1101}, words32(res.Bytes(0, 0)))
	img := words32(res.Bytes(0, 2))
	want := make([]uint32, 16)
	want[15] = 9
	assert.Equal(t, want, img)
}

// Sampling with integer array indices and depth levels far out of range: WGSL clamps the
// index to [0, textureNumLayers(t) - 1], and Vulkan the level to the image's levels. SPIR-V
// takes both as f32, and lavapipe converts 2^31 and more back to a negative integer (layer
// 0, level 0) unless SampleIndexClamp keeps them below 2^24. (naga has the same problem.)
func TestExecTextureSampleLargeIndices(t *testing.T) {
	const src = `
@group(0) @binding(0) var<storage, read_write> out: array<vec4f>;
@group(0) @binding(1) var<storage, read> idx: array<i32>;
@group(0) @binding(2) var arr: texture_2d_array<f32>;
@group(0) @binding(3) var cubes: texture_cube_array<f32>;
@group(0) @binding(4) var depth: texture_depth_2d_array;
@group(0) @binding(5) var s: sampler;
@group(0) @binding(6) var less: sampler_comparison;

@compute @workgroup_size(1)
fn main(@builtin(workgroup_id) wg: vec3u) {
  let i = idx[wg.x];
  let u = u32(i);
  let base = 3u * wg.x;
  out[base] = vec4f(textureSampleLevel(arr, s, vec2f(0.5), i, 0.0).x, textureSampleLevel(arr, s, vec2f(0.5), u, 0.0).x,
                    textureGather(1, arr, s, vec2f(0.5), i).x, textureGather(1, arr, s, vec2f(0.5), u).x);
  out[base + 1] = vec4f(textureSampleLevel(cubes, s, vec3f(1, 0, 0), i, 0.0).x, textureSampleLevel(cubes, s, vec3f(1, 0, 0), u, 0.0).x,
                        textureSampleCompareLevel(depth, less, vec2f(0.5), i, 0.5), textureGatherCompare(depth, less, vec2f(0.5), u, 0.5).x);
  out[base + 2] = vec4f(textureSampleLevel(depth, s, vec2f(0.5), i, 0), textureSampleLevel(depth, s, vec2f(0.5), u, 0),
                        textureSampleLevel(depth, s, vec2f(0.5), 1, i), textureSampleLevel(depth, s, vec2f(0.5), 1, u));
}
`
	idx := []int32{0, 1, 2, 3, 100, -1, math.MinInt32, math.MaxInt32, 1<<24 + 1, -1 << 24}
	// arr: 2x2, 3 layers, texel (layer+1, 10*(layer+1), 0, 0); cubes: 1x1 faces, 2 cubes of
	// value cube+1; depth: 4x4 with 3 levels, 3 layers, texel (4*layer + level + 1)/16.
	var arr, cubes, depth []float32
	for l := range 3 {
		for range 4 {
			arr = append(arr, float32(l+1), float32(10*(l+1)), 0, 0)
		}
	}
	for l := range 12 {
		cubes = append(cubes, float32(l/6+1))
	}
	for m := range 3 {
		for l := range 3 {
			for range (4 >> m) * (4 >> m) {
				depth = append(depth, float32(4*l+m+1)/16)
			}
		}
	}
	var idxWords []uint32
	for _, i := range idx {
		idxWords = append(idxWords, uint32(i))
	}
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{uint32(len(idx)), 1, 1}, noNaga: true,
		bindings: []vulkan.Binding{
			storage(0, make([]byte, 16*3*len(idx))),
			{Binding: 1, Kind: vulkan.ReadOnlyStorageBuffer, Data: le32(idxWords...)},
			sampled(2, vulkan.ImageDesc{Dim: vulkan.Dim2DArray, Format: vulkan.RGBA32Float, Width: 2, Height: 2, Layers: 3}, f32le(arr...)),
			sampled(3, vulkan.ImageDesc{Dim: vulkan.DimCubeArray, Format: vulkan.R32Float, Width: 1, Height: 1, Layers: 12}, f32le(cubes...)),
			sampled(4, vulkan.ImageDesc{Dim: vulkan.Dim2DArray, Format: vulkan.Depth32Float, Width: 4, Height: 4, Layers: 3, Mips: 3}, f32le(depth...)),
			samplerAt(5, vulkan.SamplerDesc{}),
			samplerAt(6, vulkan.SamplerDesc{Compare: vulkan.CompareLess}),
		}})
	out := vec4s(res.Bytes(0, 0))
	clampS := func(i int32, n int) int { return int(min(max(i, 0), int32(n-1))) }
	clampU := func(i int32, n int) int { return int(min(uint32(i), uint32(n-1))) }
	d := func(layer, level int) float32 { return float32(4*layer+level+1) / 16 }
	pass := func(ref, d float32) float32 { // CompareLess: pass when ref < d
		if ref < d {
			return 1
		}
		return 0
	}
	for k, i := range idx {
		ls, lu := clampS(i, 3), clampU(i, 3)
		assert.Equal(t, [4]float32{float32(ls + 1), float32(lu + 1), float32(10 * (ls + 1)), float32(10 * (lu + 1))},
			out[3*k], "2d array, index %d", i)
		assert.Equal(t, [4]float32{float32(clampS(i, 2) + 1), float32(clampU(i, 2) + 1), pass(0.5, d(ls, 0)), pass(0.5, d(lu, 0))},
			out[3*k+1], "cube array and depth compare, index %d", i)
		assert.Equal(t, [4]float32{d(ls, 0), d(lu, 0), d(1, ls), d(1, lu)}, out[3*k+2], "depth, index or level %d", i)
	}
}

// global_invocation_index and workgroup_index, which SPIR-V computes from the ids.
func TestExecLinearIndices(t *testing.T) {
	const src = `
requires linear_indexing;
@group(0) @binding(0) var<storage, read_write> out: array<vec2u>;
@compute @workgroup_size(4, 2, 1)
fn main(@builtin(global_invocation_index) gi: u32, @builtin(workgroup_index) wi: u32,
        @builtin(global_invocation_id) id: vec3u, @builtin(local_invocation_index) li: u32) {
  out[gi] = vec2u(wi, li);
}
`
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{3, 2, 2}, noNaga: true,
		bindings: []vulkan.Binding{storage(0, make([]byte, 8*8*12))}})
	out := words32(res.Bytes(0, 0))
	// Invocation (x, y, z) of the 12x4x2 grid has index x + 12*(y + 4*z).
	for z := range 2 {
		for y := range 4 {
			for x := range 12 {
				gi := x + 12*(y+4*z)
				wx, wy, wz := x/4, y/2, z
				wi := wx + 3*(wy+2*wz)
				li := x%4 + 4*(y%2)
				assert.Equal(t, []uint32{uint32(wi), uint32(li)}, out[2*gi:2*gi+2], "invocation (%d, %d, %d)", x, y, z)
			}
		}
	}
}

// A realistic compute pass: a horizontal box blur through workgroup memory, from a sampled
// texture to a storage texture, with a texture and the cache passed to helper functions.
func TestExecTextureBlur(t *testing.T) {
	const src = `
@group(0) @binding(0) var input: texture_2d<f32>;
@group(0) @binding(1) var output: texture_storage_2d<rgba32float, write>;

var<workgroup> row: array<vec4f, 8>;

fn fetch(t: texture_2d<f32>, p: vec2i) -> vec4f {
  let size = vec2i(textureDimensions(t));
  return textureLoad(t, clamp(p, vec2i(0), size - 1), 0);
}

fn blurred(x: i32) -> vec4f {
  var sum = vec4f(0.0);
  for (var k = -1; k <= 1; k++) {
    sum += row[clamp(x + k, 0, 7)];
  }
  return sum / 3.0;
}

@compute @workgroup_size(8)
fn main(@builtin(local_invocation_id) lid: vec3u, @builtin(workgroup_id) wg: vec3u) {
  let p = vec2i(i32(lid.x), i32(wg.y));
  row[lid.x] = fetch(input, p);
  workgroupBarrier();
  textureStore(output, p, blurred(p.x));
}
`
	im := newImg2D(8, 4, func(x, y int) [4]float32 {
		return [4]float32{float32(3 * x), float32(3 * y), float32(3 * x * y), 3}
	})
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{1, 4, 1}, bindings: []vulkan.Binding{
		sampled(0, vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA32Float, Width: 8, Height: 4}, im.bytes()),
		{Binding: 1, Kind: vulkan.StorageImage, Image: &vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: vulkan.RGBA32Float, Width: 8, Height: 4}},
	}})
	out := vec4s(res.Bytes(0, 1))
	for y := range 4 {
		for x := range 8 {
			var want [4]float32
			for k := -1; k <= 1; k++ {
				p := im.texel(x+k, y, false)
				for c := range 4 {
					want[c] += p[c]
				}
			}
			for c := range 4 {
				want[c] /= 3
			}
			assertVec4Near(t, want, out[8*y+x], 1e-5, "texel (%d, %d)", x, y)
		}
	}
}
