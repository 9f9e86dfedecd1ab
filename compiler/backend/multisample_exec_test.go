package backend_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Multisampled texture execution tests: the harness fills each sample of a multisampled
// image with a draw at sample rate, and compute shaders read them back with textureLoad.

const msSamples = 4

// requireMultisample skips (fails in CI) when the device cannot hold 4-sample images of
// every format the tests use.
func requireMultisample(t *testing.T) {
	t.Helper()
	dev := vulkan.Require(t)
	for _, f := range []vulkan.Format{vulkan.RG32Float, vulkan.RGBA32Sint, vulkan.R32Uint, vulkan.Depth32Float} {
		if err := dev.Multisample(f, msSamples); err != nil {
			oracle.Missing(t, "the device has no %d-sample %v images: %v", msSamples, f, err)
		}
	}
}

// msImage is a multisampled image in Go: texel (x, y), sample s of the texture as the
// shader sees it (missing components filled in with 0, 0, 1), as raw 32-bit words.
type msImage struct {
	w, h  int
	comps int // components stored per sample
	texel func(x, y, s int) [4]uint32
}

// bytes packs the stored components for ImageDesc: for each y, x, sample.
func (im msImage) bytes() []byte {
	var ws []uint32
	for y := range im.h {
		for x := range im.w {
			for s := range msSamples {
				v := im.texel(x, y, s)
				ws = append(ws, v[:im.comps]...)
			}
		}
	}
	return le32(ws...)
}

func (im msImage) desc(f vulkan.Format) vulkan.ImageDesc {
	return vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: f, Width: uint32(im.w), Height: uint32(im.h), Samples: msSamples}
}

// The test images: distinct values in every sample, of four different sizes. Float
// values are exact and normal; depth values are exact and in [0, 1].
var (
	msFloat = msImage{w: 5, h: 3, comps: 2, texel: func(x, y, s int) [4]uint32 {
		return [4]uint32{math.Float32bits(float32(100*y+10*x+s) + 0.25), math.Float32bits(-1.5 * float32(s+1+x*y)),
			0, math.Float32bits(1)}
	}}
	msSint = msImage{w: 3, h: 5, comps: 4, texel: func(x, y, s int) [4]uint32 {
		return [4]uint32{uint32(int32(-1000000*(s+1) - 100*y - x)), uint32(int32(0x7FFF0000 + 16*y + 4*x + s)),
			uint32(int32(s - 2)), uint32(int32(-(x + 1) * (y + 1)))}
	}}
	msUint = msImage{w: 4, h: 4, comps: 1, texel: func(x, y, s int) [4]uint32 {
		return [4]uint32{0xC0000000 | uint32(y<<16|x<<8|s), 0, 0, 1}
	}}
	msDepth = msImage{w: 6, h: 2, comps: 1, texel: func(x, y, s int) [4]uint32 {
		return [4]uint32{math.Float32bits(float32(1+(y*6+x)*msSamples+s) / 64)}
	}}
)

// textureLoad of every sample of every texel of texture_multisampled_2d<f32>, <i32> and
// <u32> and texture_depth_multisampled_2d, with signed and unsigned coordinates and sample
// indices; textureNumSamples and textureDimensions of each.
func TestExecTextureMultisampled(t *testing.T) {
	requireMultisample(t)
	const src = `
@group(0) @binding(0) var<storage, read_write> out: array<vec4u>;
@group(0) @binding(1) var tf: texture_multisampled_2d<f32>;
@group(0) @binding(2) var ti: texture_multisampled_2d<i32>;
@group(0) @binding(3) var tu: texture_multisampled_2d<u32>;
@group(0) @binding(4) var td: texture_depth_multisampled_2d;

// One workgroup per texel of a 6x5 grid that covers every texture, one invocation per
// sample; texture k's sample s of texel (x, y) goes to out[k*n + (y*6 + x)*4 + s].
const n = 120u;

@compute @workgroup_size(4)
fn main(@builtin(workgroup_id) wg: vec3u, @builtin(local_invocation_index) s: u32) {
  let p = wg.xy;
  let i = (p.y * 6u + p.x) * 4u + s;
  if (all(p < textureDimensions(tf))) {
    out[i] = bitcast<vec4u>(textureLoad(tf, p, s));
  }
  if (all(p < textureDimensions(ti))) {
    out[n + i] = bitcast<vec4u>(textureLoad(ti, vec2i(p), i32(s)));
  }
  if (all(p < textureDimensions(tu))) {
    out[2u * n + i] = textureLoad(tu, vec2i(p), s);
  }
  if (all(p < textureDimensions(td))) {
    out[3u * n + i] = vec4u(bitcast<u32>(textureLoad(td, p, i32(s))), 0u, 0u, 0u);
  }
  if (i == 0u) {
    out[4u * n] = vec4u(textureNumSamples(tf), textureNumSamples(ti), textureNumSamples(tu), textureNumSamples(td));
    out[4u * n + 1u] = vec4u(textureDimensions(tf), textureDimensions(ti));
    out[4u * n + 2u] = vec4u(textureDimensions(tu), textureDimensions(td));
  }
}
`
	const gw, gh, n = 6, 5, 6 * 5 * msSamples
	const unset = 0xEEEEEEEE
	out := make([]uint32, 4*(4*n+3))
	for i := range out {
		out[i] = unset
	}
	images := []msImage{msFloat, msSint, msUint, msDepth}
	formats := []vulkan.Format{vulkan.RG32Float, vulkan.RGBA32Sint, vulkan.R32Uint, vulkan.Depth32Float}
	bindings := []vulkan.Binding{storage(0, le32(out...))}
	for k, im := range images {
		bindings = append(bindings, sampled(uint32(k+1), im.desc(formats[k]), im.bytes()))
	}
	res := runWGSL(t, wgslRun{src: src, groups: [3]uint32{gw, gh, 1}, bindings: bindings})
	got := words32(res.Bytes(0, 0))

	want := make([]uint32, len(out))
	for i := range want {
		want[i] = unset
	}
	for k, im := range images {
		for y := range im.h {
			for x := range im.w {
				for s := range msSamples {
					v := im.texel(x, y, s)
					if k == 3 { // a depth texture's load is a scalar
						v = [4]uint32{v[0]}
					}
					copy(want[4*(k*n+(y*gw+x)*msSamples+s):], v[:])
				}
			}
		}
	}
	copy(want[4*4*n:], []uint32{4, 4, 4, 4, 5, 3, 3, 5, 4, 4, 6, 2})
	for i := 0; i < len(want); i += 4 {
		if !assert.Equal(t, want[i:i+4], got[i:i+4], "out[%d]", i/4) {
			break
		}
	}
}

// Invalid sample indices and coordinates. WGSL lets textureLoad return the data of any
// texel within bounds, (0,0,0,0) or (0,0,0,1), or 0.0 for depth; ours clamps every
// component of the address into bounds (sample index to textureNumSamples - 1, as u32 so
// that negative values clamp to the top), so the results are exact. The run must not
// crash and the validation layer must stay silent; naga's SPIR-V (Restrict policy, which
// clamps too) must agree.
func TestExecTextureMultisampledRobustness(t *testing.T) {
	requireMultisample(t)
	res := runWGSL(t, wgslRun{src: msOutOfRangeSrc, bindings: msOutOfRangeBindings()})
	got := words32(res.Bytes(0, 0))
	checkMSOutOfRange(t, got)

	// Our clamping, exactly.
	u := func(x, y, s int) []uint32 { v := msUint.texel(x, y, s); return v[:] }
	d := func(x, y, s int) uint32 { return msDepth.texel(x, y, s)[0] }
	var want []uint32
	for _, p := range [][3]int{{1, 2, 3}, {1, 2, 3}, {1, 2, 3}, {3, 1, 3}, {3, 3, 0}, {0, 3, 3}} {
		want = append(want, u(p[0], p[1], p[2])...)
	}
	want = append(want, d(1, 1, 3), d(1, 0, 3), d(5, 1, 3), d(2, 1, 1))
	assert.Equal(t, want, got)
}

// The same loads compiled without our robustness pass (--robustness=off) leave invalid
// addresses to the driver: Vulkan's robustImageAccess (core in 1.3, which the harness
// enables when the device has it) must then still give a value WGSL allows, without
// crashing or validation errors. In a child process, in case the driver does crash.
func TestExecTextureMultisampledNoRobustness(t *testing.T) {
	vulkan.RunIsolated(t, func(t *testing.T) {
		requireMultisample(t)
		dev := vulkan.Require(t)
		if dev.Info.APIVersion < vulkan.Version(1<<22|3<<12) {
			oracle.Missing(t, "the device has Vulkan %v: robustImageAccess is core from 1.3 on", dev.Info.APIVersion)
		}
		words := compileWGSL(t, msOutOfRangeSrc, backend.Vulkan1_0, backend.Vulkan1_1,
			transform.Options{NoRobustness: true})
		res := dispatchWords(t, dev, words, wgslRun{bindings: msOutOfRangeBindings()})
		got := words32(res.Bytes(0, 0))
		checkMSOutOfRange(t, got)
		t.Logf("without clamping, lavapipe returns %#x", got)
	})
}

const msOutOfRangeSrc = `
@group(0) @binding(0) var<storage, read_write> out: array<vec4u>;
@group(0) @binding(1) var tu: texture_multisampled_2d<u32>;
@group(0) @binding(2) var td: texture_depth_multisampled_2d;
@group(0) @binding(3) var<storage, read> idx: array<i32>;

@compute @workgroup_size(1)
fn main() {
  // Run-time values, so that nothing is decided at compile time: 4, -1, 100, 3.
  let four = idx[0];
  let neg = idx[1];
  let big = idx[2];
  let three = idx[3];
  out[0] = textureLoad(tu, vec2i(1, 2), four);           // sample 4 of 4
  out[1] = textureLoad(tu, vec2i(1, 2), neg);            // sample -1
  out[2] = textureLoad(tu, vec2u(1, 2), u32(big));       // sample 100, unsigned
  out[3] = textureLoad(tu, vec2i(big, 1), three);        // x past the edge
  out[4] = textureLoad(tu, vec2i(neg, neg), 0);          // negative coordinates
  out[5] = textureLoad(tu, vec2u(0, u32(big)), u32(neg)); // everything out of range
  out[6] = vec4u(bitcast<u32>(textureLoad(td, vec2i(1, 1), four)),
                 bitcast<u32>(textureLoad(td, vec2u(1, 0), neg)),
                 bitcast<u32>(textureLoad(td, vec2i(big, neg), three)),
                 bitcast<u32>(textureLoad(td, vec2i(2, 1), 1)));
}
`

func msOutOfRangeBindings() []vulkan.Binding {
	return []vulkan.Binding{
		storage(0, make([]byte, 16*7)),
		sampled(1, msUint.desc(vulkan.R32Uint), msUint.bytes()),
		sampled(2, msDepth.desc(vulkan.Depth32Float), msDepth.bytes()),
		{Group: 0, Binding: 3, Kind: vulkan.ReadOnlyStorageBuffer, Data: le32(4, 0xFFFFFFFF, 100, 3)},
	}
}

// checkMSOutOfRange checks the results of msOutOfRangeSrc against what WGSL allows.
func checkMSOutOfRange(t *testing.T, got []uint32) {
	t.Helper()
	u := func(x, y, s int) []uint32 { v := msUint.texel(x, y, s); return v[:] }
	d := func(x, y, s int) uint32 { return msDepth.texel(x, y, s)[0] }
	for i := range 6 {
		v := got[4*i : 4*i+4]
		ok := assert.ObjectsAreEqual([]uint32{0, 0, 0, 0}, v) || assert.ObjectsAreEqual([]uint32{0, 0, 0, 1}, v)
		for y := range msUint.h {
			for x := range msUint.w {
				for s := range msSamples {
					ok = ok || assert.ObjectsAreEqual(u(x, y, s), v)
				}
			}
		}
		assert.True(t, ok, "out[%d] = %#x is neither a texel of the texture nor zero", i, v)
	}
	for c := range 3 {
		v := got[4*6+c]
		ok := v == 0
		for y := range msDepth.h {
			for x := range msDepth.w {
				for s := range msSamples {
					ok = ok || v == d(x, y, s)
				}
			}
		}
		assert.True(t, ok, "depth load %d = %v is neither a depth of the texture nor 0.0", c, math.Float32frombits(v))
	}
	assert.Equal(t, d(2, 1, 1), got[4*6+3], "an in-range depth load")
}
