package backend_test

import (
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/wgslgo/wgslgo/compiler/backend"
	"github.com/wgslgo/wgslgo/compiler/ir/transform"
	"github.com/wgslgo/wgslgo/internal/oracle"
	"github.com/wgslgo/wgslgo/internal/vulkan"
)

// Vertex and fragment IO as a rasterizer sees it: the harness draws each multisampled
// image with a vertex and fragment shader of the test (vulkan.Binding.Fill), one fragment
// shader invocation per sample, and a compute shader reads every sample back.

// ioVertex is the vertex shader of every fill: the triangle (-1, -1), (3, -1), (-1, 3) in
// normalized device coordinates, which covers the viewport, with clip w 1, 2 and 4 and depth
// 0, 0.5 and 0.25; each vertex's corner of the barycentric triangle, (0, 0), (1, 0) and
// (0, 1), interpolated with perspective; and 10 plus the vertex index, flat.
//
// No linear (NoPerspective) input: lavapipe (Mesa 22.3) reads NaN for it in samples 2 and 3
// when shading per sample, with naga's SPIR-V as with ours.
const ioVertex = `
struct V {
  @builtin(position) pos: vec4f,
  @location(0) p: vec2f,
  @location(1) @interpolate(flat) f: u32,
}

@group(0) @binding(0) var<storage, read> unused: array<u32>;

@vertex
fn vs(@builtin(vertex_index) i: u32) -> V {
  let w = f32(1u << i);
  let xy = vec2f(f32((i & 1u) * 4u) - 1.0, f32((i >> 1u) * 4u) - 1.0);
  let z = array(0.0, 0.5, 0.25)[i];
  let corner = vec2f(f32(i & 1u), f32(i >> 1u));
  return V(vec4f(xy, z, 1.0) * w, corner, 10u + i);
}
`

// The fragment shaders, one per image.
var ioFragments = []struct {
	format vulkan.Format
	src    string
}{
	{vulkan.RGBA32Float, `
@fragment
fn fs(v: V) -> @location(0) vec4f { return vec4f(v.p, v.pos.xy); }
`},
	{vulkan.RGBA32Float, `
@fragment
fn fs(v: V) -> @location(0) vec4f { return vec4f(v.pos.zw, 0.0, 0.0); }
`},
	// Samples 1 and 3 are masked off: they keep the clear value, zero.
	{vulkan.RGBA32Uint, `
struct Out { @location(0) c: vec4u, @builtin(sample_mask) mask: u32 }
@fragment
fn fs(v: V, @builtin(front_facing) front: bool, @builtin(sample_index) si: u32,
      @builtin(sample_mask) mask: u32) -> Out {
  return Out(vec4u(v.f, u32(front), si, mask), mask & 5u);
}
`},
	{vulkan.Depth32Float, `
@fragment
fn fs(@builtin(sample_index) si: u32) -> @builtin(frag_depth) f32 { return 0.5 + f32(si) / 8.0; }
`},
}

const ioSize = 4 // the images are ioSize×ioSize texels

// ioRead copies sample s of texel (x, y) of image k to out[((k*4 + y)*4 + x)*4 + s].
const ioRead = `
@group(0) @binding(0) var<storage, read_write> out: array<vec4u>;
@group(0) @binding(1) var a: texture_multisampled_2d<f32>;
@group(0) @binding(2) var b: texture_multisampled_2d<f32>;
@group(0) @binding(3) var c: texture_multisampled_2d<u32>;
@group(0) @binding(4) var d: texture_depth_multisampled_2d;

@compute @workgroup_size(4)
fn main(@builtin(workgroup_id) p: vec3u, @builtin(local_invocation_index) s: u32) {
  let i = (p.y * 4u + p.x) * 4u + s;
  out[i] = bitcast<vec4u>(textureLoad(a, p.xy, s));
  out[64u + i] = bitcast<vec4u>(textureLoad(b, p.xy, s));
  out[128u + i] = textureLoad(c, p.xy, s);
  out[192u + i] = vec4u(bitcast<u32>(textureLoad(d, p.xy, s)), 0u, 0u, 0u);
}
`

func TestExecShaderIO(t *testing.T) {
	dev := vulkan.Require(t)
	for _, f := range ioFragments {
		if err := dev.Multisample(f.format, msSamples); err != nil {
			oracle.Missing(t, "the device has no %d-sample %v images: %v", msSamples, f.format, err)
		}
	}
	ours := make([][]uint32, len(ioFragments))
	for k, f := range ioFragments {
		ours[k] = compileWGSL(t, ioVertex+f.src, backend.Vulkan1_0, backend.Vulkan1_1, transform.Options{})
	}
	got := drawIO(t, dev, ours)
	checkIO(t, got)

	// naga's shaders must draw the same images. naga flips y unless told not to; we do not
	// (WGSL's y-up NDC is left to the host's viewport, as with Tint).
	naga := oracle.Naga.Optional(t)
	if naga == "" {
		return
	}
	theirs := make([][]uint32, len(ioFragments))
	dir := t.TempDir()
	for k, f := range ioFragments {
		if f.format == vulkan.RGBA32Uint {
			// naga 30 declares sample_mask a u32, not the array Vulkan wants
			// (VUID-SampleMask-SampleMask-04359).
			theirs[k] = ours[k]
			continue
		}
		in, spv := filepath.Join(dir, "in.wgsl"), filepath.Join(dir, "out.spv")
		require.NoError(t, os.WriteFile(in, []byte(ioVertex+f.src), 0o644))
		msg, err := exec.Command(naga, "--keep-coordinate-space", in, spv).CombinedOutput()
		require.NoError(t, err, "naga: %s", msg)
		data, err := os.ReadFile(spv)
		require.NoError(t, err)
		for i := 0; i+4 <= len(data); i += 4 {
			theirs[k] = append(theirs[k], binary.LittleEndian.Uint32(data[i:]))
		}
	}
	assert.Equal(t, drawIO(t, dev, theirs), got, "naga's shaders draw other images")
}

// drawIO draws the images with the given fill shaders and returns what ioRead reads.
func drawIO(t *testing.T, dev *vulkan.Device, fills [][]uint32) []uint32 {
	t.Helper()
	bindings := []vulkan.Binding{storage(0, make([]byte, 4*4*len(fills)*ioSize*ioSize*msSamples))}
	for k, f := range ioFragments {
		img := vulkan.ImageDesc{Dim: vulkan.Dim2D, Format: f.format, Width: ioSize, Height: ioSize, Samples: msSamples}
		b := sampled(uint32(k+1), img, nil)
		b.Fill = fills[k]
		bindings = append(bindings, b)
	}
	words := compileWGSL(t, ioRead, backend.Vulkan1_1, backend.Vulkan1_1, transform.Options{})
	res := dispatchWords(t, dev, words, wgslRun{groups: [3]uint32{ioSize, ioSize, 1}, bindings: bindings})
	return words32(res.Bytes(0, 0))
}

// checkIO compares the samples with what the Vulkan rules give for the triangle, whose
// vertices are at (0, 0), (8, 0) and (0, 8) in framebuffer coordinates.
func checkIO(t *testing.T, got []uint32) {
	t.Helper()
	f := func(w uint32) float64 { return float64(math.Float32frombits(w)) }
	near := func(want, got float64, what string, x, y, s int) {
		t.Helper()
		assert.InDelta(t, want, got, 1e-5, "%s at texel (%d, %d) sample %d", what, x, y, s)
	}
	for y := range ioSize {
		for x := range ioSize {
			for s := range msSamples {
				i := ((y*ioSize+x)*msSamples + s) * 4
				a, b, c := got[i:i+4], got[64*4+i:64*4+i+4], got[128*4+i:128*4+i+4]
				// position is the sample's framebuffer position: inside the texel.
				px, py := f(a[2]), f(a[3])
				assert.True(t, px > float64(x) && px < float64(x+1) && py > float64(y) && py < float64(y+1),
					"position.xy (%v, %v) at texel (%d, %d) sample %d", px, py, x, y, s)
				// Screen-space barycentrics, 1/w interpolated linearly (position.w), depth
				// interpolated linearly in [0, 1] (position.z).
				// Depth is interpolated linearly in screen space at the sample, and stays in
				// [0, 1]: no remapping.
				b1, b2 := px/8, py/8
				near(b1*0.5+b2*0.25, f(b[0]), "position.z", x, y, s)
				// 1/w (position.w) and the perspective-correct input at the texel's center,
				// where lavapipe evaluates both (inputs without Sample may be).
				b1, b2 = (float64(x)+0.5)/8, (float64(y)+0.5)/8
				q := (1 - b1 - b2) + b1/2 + b2/4
				near(q, f(b[1]), "position.w", x, y, s)
				near(b1/2/q, f(a[0]), "perspective x", x, y, s)
				near(b2/4/q, f(a[1]), "perspective y", x, y, s)
				if s%2 == 1 {
					assert.Equal(t, []uint32{0, 0, 0, 0}, c, "sample %d of texel (%d, %d) is masked off", s, x, y)
				} else {
					// flat takes the first vertex's value. The triangle, counter-clockwise in
					// WebGPU's y-up NDC, is clockwise in Vulkan's framebuffer (y down, viewport
					// of positive height): back facing. A host that wants WebGPU's orientation
					// flips the viewport (negative height); the compiler does not flip y.
					assert.Equal(t, []uint32{10, 0, uint32(s)}, c[:3], "flat, front_facing, sample_index at texel (%d, %d) sample %d", x, y, s)
					mask := c[3]
					assert.True(t, mask&(1<<s) != 0 && mask < 1<<msSamples, "sample_mask %#x at texel (%d, %d) sample %d", mask, x, y, s)
				}
				assert.Equal(t, float64(0.5+float32(s)/8), f(got[192*4+i]), "frag_depth at texel (%d, %d) sample %d", x, y, s)
			}
		}
	}
}
